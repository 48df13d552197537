"""Layout files: extends and merging, and errors that name the file and the box."""

from __future__ import annotations

import pytest

from cardgen.layout.spec import LayoutError, load_layout

BASE = """
description = "base"
[style]
accent = "#112233"
[boxes.band]
kind = "rect"
x = "-bleed"
y = 0
w = "W + 2 * bleed"
h = 10
fill = "accent"
[boxes.title]
x = 3
y = 2
w = "W - 6"
h = 6
text = "{{ card.name }}"
"""


def layouts(tmp_path, **texts):
    files = {}
    for name, text in {"base": BASE, **texts}.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text)
        files[name] = path
    return files


def test_extends_merges_boxes_and_styles(tmp_path):
    files = layouts(tmp_path, child='extends = "base"\n[style]\naccent = "#aa0000"\n[boxes.title]\nbold = true\n'
                                     '[boxes.band]\nhidden = true\n[boxes.extra]\nkind = "ellipse"\nx = 1\ny = 1\nw = 2\nh = 2\n')
    layout = load_layout("child", files)
    assert [b.name for b in layout.boxes] == ["title", "extra"]
    title = layout.boxes[0]
    assert title.values["bold"] is True and "text" in title.templates
    assert layout.style["accent"] == "#aa0000"
    assert [g({"W": 63.5, "H": 88.9, "bleed": 3}) for g in title.geometry] == [3, 2, 57.5, 6]


def test_under_places_a_new_box_beneath_an_inherited_one(tmp_path):
    files = layouts(tmp_path, child='extends = "base"\n[boxes.shadow]\nkind = "rect"\nunder = "title"\n'
                                     'x = 1\ny = 1\nw = 2\nh = 2\n')
    assert [b.name for b in load_layout("child", files).boxes] == ["band", "shadow", "title"]


@pytest.mark.parametrize(
    ("child", "message"),
    [
        ('extends = "base"\n[boxes.title]\nx = "W - margin"\n', "box 'title': 'W - margin' names 'margin'"),
        ('extends = "base"\n[boxes.title]\nalign = "middle"\n', "box 'title': align must be one of left, center, right"),
        ('extends = "base"\n[boxes.band]\nradius = "big"\n', "box 'band': radius must be a length such as 0.5"),
        ('extends = "base"\n[boxes.band]\nfont = "serif"\n', "box 'band': 'font' is not a setting of a rect box"),
        ('extends = "base"\n[boxes.new]\nkind = "rect"\nx = 1\n', "box 'new': needs y, w, h"),
        ('extends = "base"\n[boxes.title]\ntext = "{{ card.name "\n', "box 'title': text: template error"),
        ('extends = "nowhere"\n', "unknown layout 'nowhere'"),
        ('extends = "base"\n[boxes.new]\nkind = "rect"\nunder = "nope"\nx = 1\ny = 1\nw = 1\nh = 1\n',
         "box 'new': under names 'nope'"),
        ('extends = "child"\n', "'extends' goes round in a circle"),
        ('[boxes.x\n', "child.toml: not valid TOML"),
        ('extends = "base"\n[boxes.pic]\nkind = "art"\nx = 1\ny = 1\nw = 1\nh = 1\nplaceholder = "yes"\n',
         "child.toml:8: box 'pic': placeholder must be true or false, found 'yes'"),
        ('extends = "base"\n\n[boxes.title]\nalign = "middle"\n', "child.toml:4: box 'title': align must be one of"),
    ],
)
def test_layout_errors_name_file_and_box(tmp_path, child, message):
    with pytest.raises(LayoutError) as caught:
        load_layout("child", layouts(tmp_path, child=child))
    assert message in str(caught.value)
    assert "child.toml" in str(caught.value) or "unknown layout" in message
