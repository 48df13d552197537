"""Flowcharts on paper: `{name}` printed as a setting, per-level values, a game constant or the chart's words."""

from __future__ import annotations

import pytest

from cardgen.gamedata.flows.expressions import ExpressionError, compile_expression
from cardgen.gamedata.flows.text import card_text, printed


def test_expressions_compute_and_refuse_what_is_not_arithmetic():
    assert compile_expression("min(a, 3) + (2 if b else 0) - a // 2", {"a", "b"})({"a": 5, "b": True}) == 3
    assert compile_expression('step == "Park" and not done', {"step", "done"})({"step": "Park", "done": 0}) is True
    assert compile_expression("a // 0", {"a"})({"a": 1}) == 0
    for source, message in [("a.b", "attribute"), ("[a]", "list"), ("a[0]", "subscript"), ("1.5", "whole numbers"),
                            ("__import__('os')", "only functions"), ("lambda: 1", "lambda")]:
        with pytest.raises(ExpressionError, match=message):
            compile_expression(source, {"a"})


def test_printed_text_names_each_level_a_setting_a_constant_and_the_charts_own_words(load_bundled):
    game = load_bundled("unfair_chko")
    (quinn,) = game.flows
    assert printed(quinn, "Is the die {hunter} or less?", game.constants) == "Is the die 3 / 2 / 4 or less?"
    assert printed(quinn, "for {price} coins", game.constants) == "for 20 coins"
    assert printed(quinn, "Exchange {silver_per_gold} silver", game.constants) == "Exchange 5 silver"
    assert printed(quinn, "Market space {space}", game.constants) == "Market space (die)"


def test_a_flowchart_card_numbers_its_rows_and_points_across_groups(load_bundled):
    game = load_bundled("unfair_chko")
    (quinn,) = game.flows
    number = {node_id: n for n, node_id in enumerate(quinn.nodes, start=1)}
    text = card_text(quinn, ["Events step"], game.constants)
    assert text.startswith("**Events step**\n**1** Is it the Events step? *(the app knows)*")
    assert f"*no* » {number['park']} (Park step)" in text and "**End.**" in text
    levels = card_text(quinn, ["levels", "score"], game.constants)
    assert "**Level 3: Tycoon.**" in levels and "Medals: silver × 10 + gold × 50" in levels
    with pytest.raises(KeyError, match="no group 'Lunch'"):
        card_text(quinn, ["Lunch"], game.constants)


def test_quinns_printed_cards_carry_every_row_of_the_flowchart_the_app_runs(load_bundled):
    from cardgen.layout.compose import Composer
    from cardgen.layout.ops import Text

    game = load_bundled("unfair_chko")
    (quinn,) = game.flows
    deck = game.deck("quinn")
    composer = Composer(game, bleed=3)
    words = " ".join(op.text for i, card in enumerate(deck.cards, 1) for op in composer.front(deck, card, i).ops
                     if isinstance(op, Text))
    words = " ".join(words.split())
    for node_id, node in quinn.nodes.items():  # each row's opening words are on some card
        opening = " ".join(printed(quinn, node.text, game.constants).split()[:3])
        assert opening in words, (node_id, opening)
    assert "Level 2: Collector." in words and (deck.size.width, deck.size.height) == (69.9, 120.7)
