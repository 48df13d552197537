"""A character the rulebook font has no glyph for is warned about, by `cardgen rulebook` and `cardgen check`."""

from __future__ import annotations

from tests.conftest import MINIMAL_CSV

TEMPLATE = "# Rules\n\nFine.\n\nRoll the 🎲 and move.\n"
DIE = "has no glyph for 🎲 (U+1F3B2 GAME DIE): it would print as an empty box"


def test_rulebook_warns_at_the_templates_line_with_the_character_and_its_name(make_game, cli, tmp_path):
    folder = make_game()
    (folder / "rulebook.md.j2").write_text(TEMPLATE, encoding="utf-8")
    result = cli("rulebook", folder, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert f"warning: tiny: {folder / 'rulebook.md.j2'}:5: the rulebook font (DejaVu Sans) {DIE}" in result.stderr
    assert "Traceback" not in result.output
    assert (tmp_path / "out" / "tiny" / "tiny-rulebook-a4.pdf").is_file()


def test_a_character_from_the_card_data_is_warned_at_its_csv_line(make_game, cli, tmp_path):
    folder = make_game(heroes_csv=MINIMAL_CSV.replace("h-2,Grace,", "h-2,Grace \N{DRAGON},"))
    (folder / "rulebook.md.j2").write_text("# Rules\n\nPlain words.\n", encoding="utf-8")
    result = cli("rulebook", folder, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert f"{folder / 'heroes.csv'}:3: the rulebook font (DejaVu Sans) has no glyph for \N{DRAGON} (U+1F409 DRAGON)" \
        in result.stderr


def test_check_warns_and_strict_fails(make_game, cli):
    folder = make_game()
    (folder / "rulebook.md.j2").write_text(TEMPLATE, encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    assert f"{folder / 'rulebook.md.j2'}:5: warning: rulebook: the rulebook font (DejaVu Sans) {DIE}" in result.stderr
    strict = cli("check", folder, "--strict")
    assert strict.exit_code == 2
    assert f"{folder / 'rulebook.md.j2'}:5: error: rulebook:" in strict.stderr
    assert "1 problem in the rulebook" in strict.stderr


def test_a_rulebook_the_font_covers_has_no_warning(make_game, cli, tmp_path):
    folder = make_game()
    (folder / "rulebook.md.j2").write_text("# Rules\n\nRoll the die (or two) and move: café, naïve, 3–4 × 2.\n",
                                           encoding="utf-8")
    result = cli("rulebook", folder, "--out", tmp_path / "out")
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
