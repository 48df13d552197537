"""Flowchart diagrams: rows by depth, ordered so arrows cross less, one diagram per group; inline code in prose."""

from __future__ import annotations

from cardgen.gamedata import load_game
from cardgen.rulebook.blocks import Para, parse
from cardgen.rulebook.flowchart import diagrams, groups_of, rows_of

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
