"""`cardgen check` lists every layout error in one run (every setting of every box of every layout of every
deck, each at its file:line), and renders the rulebook as the build does, reporting its error at the
template's file:line instead of saying OK for a game whose build then fails."""

from __future__ import annotations

import re


def a_new_game(cli, folder):
    assert cli("new", folder).exit_code == 0, "cardgen new failed"
    return folder


def replace_in(path, *pairs):
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def line_of(path, text):
    return next(number for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                if line.startswith(text))


def test_three_typos_in_two_layouts_come_in_one_run(tmp_path, cli, monkeypatch):
    folder = a_new_game(cli, tmp_path / "g")
    card, back = folder / "layouts" / "card.toml", folder / "layouts" / "card-back.toml"
    replace_in(card, ('valign = "middle"', 'valign = "midle"'), ("stroke_width = 0.6", "stroke_widht = 0.6"),
               ("size = 13", 'size = "13pt"'))
    replace_in(back, ("radius = 3", 'radius = 3\nfil = "frame"'),
               ('text = "{{ game.title }}"', 'text = "{{ game.title }"'))
    monkeypatch.chdir(folder)
    checked = cli("check", ".")
    assert checked.exit_code == 2
    errors = [line for line in checked.output.splitlines() if ": error: " in line]
    midle, pt = line_of(card, 'valign = "midle"'), line_of(card, 'size = "13pt"')
    expected = [
        f"layouts/card.toml:{midle}: error: box 'title': valign must be one of top, "
        "middle, bottom, found 'midle'",
        f"layouts/card.toml:{line_of(card, 'stroke_widht')}: error: box 'badge': 'stroke_widht' is not a setting "
        "of a ellipse box",
        f"layouts/card.toml:{pt}: error: box 'points': size must be a number of 0 or more, found '13pt'",
        f"layouts/card-back.toml:{line_of(back, 'fil = ')}: error: box 'frame': 'fil' is not a setting of a rect box",
        f"layouts/card-back.toml:{line_of(back, 'text = ')}: error: box 'title': text: template error on its "
        "line 1: unexpected '}'",
    ]
    assert len(errors) == len(expected), checked.output
    for line, start in zip(errors, expected):
        assert line.startswith(start), (line, start)
    assert "error: g: 5 problems in the layouts" in checked.output
    assert "rulebook" not in checked.output  # its card gallery fails on the same layouts: said once, above


def test_several_settings_of_one_box_and_a_bad_style_colour(tmp_path, cli, monkeypatch):
    folder = a_new_game(cli, tmp_path / "g")
    card = folder / "layouts" / "card.toml"
    replace_in(card, ('muted = "#6b6b6b"', 'muted = "grey"'), ("bold = true", 'bold = "yes"'),
               ("min_size = 7", "min_size = -1"), ('valign = "middle"', 'valign = "center"'))
    monkeypatch.chdir(folder)
    checked = cli("check", ".")
    assert checked.exit_code == 2
    places = re.findall(r"^(layouts/card\.toml:\d+): error: ", checked.output, re.M)
    in_file_order = ('muted = "grey"', "min_size = -1", 'bold = "yes"', 'valign = "center"')
    assert places == [f"layouts/card.toml:{line_of(card, text)}" for text in in_file_order], checked.output


def test_a_rulebook_that_fails_is_reported_at_its_line(tmp_path, cli, monkeypatch):
    """README: `cardgen new my_game --from emigration`, then step 1 writes its own game.toml and heroes.csv into
    the same folder: the copied rulebook reads emigration's decks. check said OK and build failed."""
    folder = tmp_path / "my_game"
    assert cli("new", folder, "--from", "emigration").exit_code == 0
    (folder / "game.toml").write_text('[game]\ntitle = "My Game"\nplayers = [2, 4]\n\n[decks.heroes]\ntitle = '
                                      '"Heroes"\n\n[decks.heroes.columns.power]\ntype = "int"\nmin = 0\n',
                                      encoding="utf-8")
    (folder / "heroes.csv").write_text("id,name,power,count\nh-1,Ada,3,2\nh-2,Grace,5,1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    checked = cli("check", "my_game")
    assert checked.exit_code == 2, checked.output
    line = next(number for number, text in enumerate(
        (folder / "rulebook.md.j2").read_text(encoding="utf-8").splitlines(), start=1) if 'deck("life")' in text)
    assert f"my_game/rulebook.md.j2:{line}: error: rulebook: KeyError: \"no deck 'life'; decks: heroes\"" \
        in checked.output, checked.output
    assert "error: my_game: 1 problem in the rulebook" in checked.output
    assert not list(folder.glob("*.pdf")) and not (tmp_path / "output").exists()  # nothing written
    built = cli("build", "my_game", "--out", tmp_path / "out")
    assert built.exit_code == 2 and f"my_game/rulebook.md.j2:{line}" in built.output  # the same error, the same line


def test_a_sound_rulebook_passes_and_writes_nothing(tmp_path, cli, monkeypatch):
    folder = a_new_game(cli, tmp_path / "g")
    monkeypatch.chdir(folder)
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    checked = cli("check", ".")
    assert checked.exit_code == 0, checked.output
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before
