"""Flowchart diagrams: rows by depth, ordered so arrows cross less, one diagram per group; inline code in prose."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.gamedata import load_game
from cardgen.impose import paper
from cardgen.rulebook import write_rulebook
from cardgen.rulebook.blocks import Para, parse
from cardgen.rulebook.flowchart import diagrams, groups_of, rows_of
from tests.cardgen.rulebook.test_pdf import problems

CHART = """\
[flow]
title = "Bot"
start = "top"

[nodes.top]
kind = "question"
text = "Left or right?"
group = "First"
answers = { left = "a", right = "b" }

[nodes.a]
kind = "question"
text = "A?"
group = "First"
answers = { yes = "d", no = "d" }

[nodes.b]
kind = "question"
text = "B?"
group = "First"
answers = { yes = "c", no = "c" }

[nodes.c]
kind = "action"
text = "Under B."
group = "Second"

[nodes.d]
kind = "action"
text = "Under A."
group = "Second"
"""


def test_rows_put_each_box_under_the_boxes_that_lead_to_it(make_game):
    folder = make_game()
    (folder / "bot.flow.toml").write_text(CHART)
    (flow,) = load_game(folder).flows
    assert rows_of(flow) == [["top"], ["a", "b"], ["d", "c"]]  # c comes first in the file, but stands under b
    assert groups_of(flow) == [("First", ["top", "a", "b"]), ("Second", ["c", "d"])]
    first, second = diagrams(flow, {})
    assert (first.title, first.members, second.members) == ("First", ["top", "a", "b"], ["c", "d"])


def test_inline_code_prints_in_italics():
    assert parse("Run `companion simulate --bots 1,2` here.") == [Para("Run *companion simulate --bots 1,2* here.")]


FAN = """\
[flow]
title = "Bot"
start = "lost"

[nodes.lost]
kind = "question"
text = "Which kind of Resource card did the bot lose?"
group = "Hand"
answers = { time = "time", cash = "cash", influence = "influence", document = "document", none = "none", other = "other", more = "more" }
""" + "".join(f"""
[nodes.{name}]
kind = "action"
text = "A {name} card is no longer in the bot's hand."
group = "Hand"
""" for name in ("time", "cash", "influence", "document", "none", "other")) + """
[nodes.more]
kind = "question"
text = "Does the bot hold Resource cards the app has not been told about?"
group = "Hand"
answers = { yes = "setup", no = "none" }
[nodes.setup]
kind = "action"
text = "Deal the bot a new hand."
group = "Setup"
"""


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_a_wide_fan_keeps_its_labels_apart_and_its_stubs_inside_the_margins(make_game, tmp_path, paper_name):
    folder = make_game()
    (folder / "bot.flow.toml").write_text(FAN)
    (folder / "rulebook.md.j2").write_text("# Solo\n\nThe bot plays by its chart.\n")
    game = load_game(folder)
    (flow,) = game.flows
    assert rows_of(flow, groups_of(flow)[0][1])[1][-1] == "more"  # the box with the stub ends its row
    pdf = tmp_path / "r.pdf"
    write_rulebook(game, paper(paper_name), pdf)
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert all(answer in text for answer in ("influence", "document", "none", "yes: to Setup"))
    assert problems(pdf, game.title) == []
