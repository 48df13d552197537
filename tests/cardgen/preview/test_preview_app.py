"""`cardgen preview`'s app over HTTP: the page, cards drawn by cardgen's own PNG renderer, and a saved change
arriving on the event stream with only the changed card drawn again; problems shown at their file:line."""

from __future__ import annotations

import io
import socket
import time

import openpyxl
from PIL import Image

from cardgen.gamedata import load_game
from cardgen.layout.compose import Composer
from cardgen.preview.app import Preview
from cardgen.preview.server import PortError
from cardgen.render.png_draw import pixel_size, render
from cardgen.render.png_encode import encode_png
from tests.conftest import MINIMAL_CSV, MINIMAL_TOML

OWN_LAYOUT = """\
[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#35577d"

[boxes.name]
kind = "text"
x = 4
y = 4
w = "W - 8"
h = 12
text = "{{ card.name }}"
size = 14
colour = "#ffffff"
"""


def card(state: dict, name: str) -> dict:
    return next(card for deck in state["decks"] for card in deck["cards"] if card["name"] == name)


def faces(state: dict) -> set[str]:
    return {face for deck in state["decks"] for card in deck["cards"] for face in (card["front"], card["back"])}


def test_serves_the_page_its_script_and_style(make_game, run_preview):
    running = run_preview(make_game())
    status, kind, body = running.get("/")
    assert status == 200 and kind == "text/html; charset=utf-8"
    assert b'<script src="/static/preview.js"' in body and b'href="/static/preview.css"' in body
    assert running.get("/static/preview.js")[:2] == (200, "text/javascript; charset=utf-8")
    assert running.get("/static/preview.css")[:2] == (200, "text/css; charset=utf-8")
    for path in ("/static/../app.py", "/static/index.html/x", "/nothing", "/card/0123456789abcdef0123.png"):
        assert running.get(path)[0] == 404, path


def test_state_has_the_decks_and_cards_as_printed(make_game, run_preview):
    state = run_preview(make_game()).state()
    assert state["title"] == "Tiny" and state["problems"] == [] and state["warnings"] == []
    [deck] = state["decks"]
    assert (deck["title"], deck["total"], deck["distinct"]) == ("Heroes", 3, 2)
    assert (deck["width"], deck["height"]) == (63.5, 88.9)
    ada = card(state, "Ada")
    assert ada["copies"] == 2 and ada["place"] == "heroes.csv:2"
    assert {"Ada", "Bold", "move", "Heroes"} <= set(ada["words"].split())  # what its faces print, for the search
    assert ada["back"] == card(state, "Grace")["back"]  # the deck's back, the same for every card


def test_a_card_image_is_cardgens_png_of_the_trimmed_face(make_game, run_preview):
    folder = make_game()
    running = run_preview(folder)
    ada = card(running.state(), "Ada")
    status, kind, front = running.get(f"/card/{ada['front']}.png")
    assert status == 200 and kind == "image/png"
    game = load_game(folder)
    deck = game.decks[0]
    face = Composer(game, 3.0).front(deck, deck.cards[0], 1)
    assert front == encode_png(render(face, 200, bleed=0), 200)  # the build's own PNG drawing, at 200 dpi
    with Image.open(io.BytesIO(front)) as image:
        assert image.size == pixel_size(63.5, 88.9, 200) == (500, 700)
    back = running.get(f"/card/{ada['back']}.png")[2]
    with Image.open(io.BytesIO(back)) as image:
        assert image.size == (500, 700) and back != front


def test_a_saved_cell_arrives_and_only_that_card_is_drawn_again(make_game, run_preview, event_stream):
    folder = make_game()
    running = run_preview(folder)
    stream = event_stream(running.url)
    _, first = stream.next()
    before = {key: running.get(f"/card/{key}.png")[2] for key in faces(first)}
    drawn = running.preview.images.drawn
    assert drawn == 3  # Ada's front, Grace's front, the deck's back

    saved = time.perf_counter()
    (folder / "heroes.csv").write_text(MINIMAL_CSV.replace("h-2,Grace,5,", "h-2,Grace,9,"), encoding="utf-8")
    arrived, state = stream.next(lambda state: card(state, "Grace")["front"] != card(first, "Grace")["front"])
    status, _, grace = running.get(f"/card/{card(state, 'Grace')['front']}.png")
    fetched = time.perf_counter()
    print(f"\npreview update: the new state {arrived - saved:.3f} s after the save, the new image "
          f"{fetched - saved:.3f} s after it")

    assert status == 200 and grace != before[card(first, "Grace")["front"]]
    assert card(state, "Ada") == card(first, "Ada")  # same fingerprints: same images
    assert state["changed"] == ["Grace"] and state["fresh"] == ["heroes/h-2"] and state["saved"] == ["heroes.csv"]
    for key in faces(state):  # every image the page shows, fetched again: only Grace's new front was drawn
        assert running.get(f"/card/{key}.png")[2] == (grace if key == card(state, "Grace")["front"] else before[key])
    assert running.preview.images.drawn == drawn + 1


def test_a_broken_cell_shows_where_and_keeps_the_last_cards_until_fixed(make_game, run_preview, event_stream, cli):
    folder = make_game()
    running = run_preview(folder)
    stream = event_stream(running.url)
    _, good = stream.next()

    (folder / "heroes.csv").write_text(MINIMAL_CSV.replace("h-2,Grace,5,", "h-2,Grace,lots,"), encoding="utf-8")
    _, broken = stream.next(lambda state: state["problems"])
    [problem] = broken["problems"]
    assert problem["level"] == "error" and problem["place"].startswith("heroes.csv:3")
    checked = cli("check", folder)
    assert checked.exit_code == 2 and problem["message"] in checked.stderr  # what `cardgen check` says
    assert broken["decks"] == good["decks"]  # the last good cards, still served
    assert all(running.get(f"/card/{key}.png")[0] == 200 for key in faces(broken))

    (folder / "heroes.csv").write_text(MINIMAL_CSV, encoding="utf-8")
    _, fixed = stream.next(lambda state: not state["problems"])
    assert fixed["decks"] == good["decks"] and fixed["changed"] == []


def test_a_broken_layout_shows_its_file_and_line(make_game, run_preview, event_stream):
    folder = make_game()
    (folder / "layouts").mkdir()
    layout = folder / "layouts" / "standard.toml"  # the game's own, in place of the shared one
    layout.write_text(OWN_LAYOUT, encoding="utf-8")
    running = run_preview(folder)
    stream = event_stream(running.url)
    _, good = stream.next()
    assert good["problems"] == [] and len(good["decks"][0]["cards"]) == 2

    layout.write_text(OWN_LAYOUT.replace("{{ card.name }}", "{{ card.strength }}"), encoding="utf-8")
    _, broken = stream.next(lambda state: state["problems"])
    assert any(line["place"] == "layouts/standard.toml:15" and "'strength'" in line["message"]
               for line in broken["problems"]), broken["problems"]
    assert broken["decks"] == good["decks"]

    layout.write_text(OWN_LAYOUT.replace("#35577d", "#7d3535"), encoding="utf-8")
    _, fixed = stream.next(lambda state: not state["problems"])
    assert fixed["changed"] == ["Ada", "Grace"]  # a new colour: both print differently
    assert card(fixed, "Ada")["back"] == card(good, "Ada")["back"]  # the back is another layout


def test_a_changed_art_file_redraws_the_cards_that_show_it(art_game, run_preview, event_stream):
    folder = art_game()
    running = run_preview(folder)
    stream = event_stream(running.url)
    _, first = stream.next()
    Image.new("RGB", (40, 40), (30, 100, 200)).save(folder / "art" / "corner.png")
    _, state = stream.next(lambda state: state["changed"])
    assert state["changed"] == ["PNG card"] and state["saved"] == ["art/corner.png"]
    assert card(state, "SVG card") == card(first, "SVG card")
    with Image.open(io.BytesIO(running.get(f"/card/{card(state, 'PNG card')['front']}.png")[2])) as image:
        assert image.getpixel((image.width // 3, image.height // 3)) == (30, 100, 200)  # the new art, in its box


def test_a_game_that_starts_broken_shows_its_problems_then_its_cards(make_game, run_preview, event_stream):
    folder = make_game(heroes_csv=MINIMAL_CSV.replace("h-1,Ada,3,light", "h-1,Ada,3,grey"))
    running = run_preview(folder)
    stream = event_stream(running.url)
    _, broken = stream.next()
    assert broken["decks"] == [] and broken["problems"][0]["place"].startswith("heroes.csv:2")
    (folder / "heroes.csv").write_text(MINIMAL_CSV, encoding="utf-8")
    _, fixed = stream.next(lambda state: state["decks"])
    assert fixed["problems"] == [] and [c["name"] for c in fixed["decks"][0]["cards"]] == ["Ada", "Grace"]


def test_a_port_in_use_is_refused_with_a_sentence(make_game):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        preview = Preview(make_game())
        try:
            preview.bind("127.0.0.1", port)
        except PortError as error:
            message = str(error)
        finally:
            preview.close()
    assert message.startswith(f"port {port} is in use on 127.0.0.1") and "--port" in message


def test_cards_kept_from_before_a_csv_save_are_the_cards_laid_out_afresh(make_game, run_preview, event_stream):
    folder = make_game()
    running = run_preview(folder)
    stream = event_stream(running.url)
    stream.next()
    header, ada, grace = MINIMAL_CSV.splitlines()
    edits = [  # only the CSV saved: the faces of cards that are as they were are kept, not laid out again
        (f"{header}\n{ada}\n{grace.replace(',5,', ',6,')}\n", ["Grace"]),  # one card's cell
        (f"{header}\n{ada.replace(',2,', ',3,')}\n{grace.replace(',6,', ',7,')}\n", ["Grace"]),  # a count, a cell
        (f"{header}\nh-0,Alan,1,dark,1,\n{ada}\n{grace}\n", ["Alan", "Ada", "Grace"]),  # a row above: "1/3"...
    ]
    for text, changed in edits:
        (folder / "heroes.csv").write_text(text, encoding="utf-8")
        _, state = stream.next(lambda state: state["saved"] == ["heroes.csv"])
        fresh = Preview(folder)  # the same game with nothing kept from before
        try:
            assert [deck["cards"] for deck in state["decks"]] == \
                [[vars(card) for card in deck.cards] for deck in fresh.cards.decks]
        finally:
            fresh.close()
        assert state["changed"] == changed


def write_xlsx(path, rows: list[list]) -> None:
    """A one-sheet .xlsx file named Heroes, written as a spreadsheet program saves it (openpyxl)."""
    book = openpyxl.Workbook()
    book.active.title = "Heroes"
    for row in rows:
        book.active.append(row)
    book.save(path)


def test_a_saved_spreadsheet_cell_arrives_and_its_error_names_the_cell(make_game, run_preview, event_stream):
    toml = MINIMAL_TOML.replace('title = "Heroes"\n', 'title = "Heroes"\nfile = "cards.xlsx"\n')
    folder = make_game(toml=toml)
    (folder / "heroes.csv").unlink()
    rows = [["id", "name", "power", "side", "count", "text"], ["h-1", "Ada", 3, "light", 2, "**Bold** move"],
            ["h-2", "Grace", 5, "dark", 1, None]]
    write_xlsx(folder / "cards.xlsx", rows)
    running = run_preview(folder)
    stream = event_stream(running.url)
    _, first = stream.next()
    assert card(first, "Grace")["place"] == "cards.xlsx, sheet Heroes, row 3"

    rows[2][2] = 8
    write_xlsx(folder / "cards.xlsx", rows)
    _, state = stream.next(lambda state: state["saved"] == ["cards.xlsx"])
    assert state["changed"] == ["Grace"] and card(state, "Ada") == card(first, "Ada")

    rows[2][2] = "lots"
    write_xlsx(folder / "cards.xlsx", rows)
    _, broken = stream.next(lambda state: state["problems"])
    assert broken["problems"][0]["place"] == "cards.xlsx, sheet Heroes, cell C3"
    assert broken["decks"] == state["decks"]


def test_boards_are_shown_at_their_own_size_beside_the_decks(board_game, run_preview):
    running = run_preview(board_game)
    state = running.state()
    boards = {deck["key"]: deck for deck in state["decks"] if deck["key"].startswith("board:")}
    assert sorted(boards) == ["board:aid", "board:main", "board:square"]
    main = boards["board:main"]
    assert (main["title"], main["width"], main["height"], main["kind"]) == ("Score board", 420.0, 297.0, "board")
    assert (boards["board:aid"]["kind"], boards["board:aid"]["total"]) == ("aid", 4)
    [view] = main["cards"]
    assert {"30", "Draw", "pile"} <= set(view["words"].split())  # the track to the constant, the slot's label
    with Image.open(io.BytesIO(running.get(f"/card/{view['front']}.png")[2])) as image:
        assert image.size == pixel_size(420, 297, 200)
