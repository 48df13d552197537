"""The table pages through Flask's test client: every page of every game renders, unknown games get a page
that says so, the spectator view has no controls, the history and the summary tell the game as it went."""

from __future__ import annotations

import re

import pytest

from companion.web.chart import Scale
from tests.conftest import BUNDLED, ApiTable

MARKERS = {"unyielding_universe": "Cards dealt to Ann", "unsettled_survival": "Time: space 1 of",
           "unfair_chko": "Draw packs for us", "emigration": "The app shuffles and deals",
           "unsettled_immigration": "Starting Milestone for Ann", "sheet": "Add the points"}
CONTROLS = re.compile(r"<(button|input|select|textarea|form)\b")
pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def test_home_offers_every_game_its_options_and_joining(client, new_game):
    new_game("sheet", ("Ann", "Bo"))
    page = client.get("/").get_data(as_text=True)
    for title in ("Unyielding Universe", "Unfair: CHKO Expansion", "Emigration", "Score Sheet"):
        assert title in page
    assert 'data-game="unfair_chko"' in page and "option-unfair_chko-game_changers" in page
    assert 'id="code"' in page and "Recent games" in page and "Ann, Bo" in page


def test_join_opens_a_game_from_its_code_or_any_link(client, new_game):
    game_id, _, _ = new_game("sheet")
    for code in (game_id, f"http://table.local/games/{game_id}#key=abc", f"https://x/games/{game_id}/watch"):
        response = client.get("/join", query_string={"code": code})
        assert response.status_code == 302 and response.headers["Location"].endswith(f"/games/{game_id}")
    unknown = client.get("/join", query_string={"code": "nosuchgame"})
    assert unknown.status_code == 404 and "No game with id" in unknown.get_data(as_text=True)
    assert client.get("/join", query_string={"code": "a b"}).status_code == 400


@pytest.mark.parametrize("slug", BUNDLED + ("sheet",))
def test_each_game_has_its_own_page_a_panel_and_a_watch_view(client, new_game, slug):
    game_id, _, _ = new_game(slug, ("Ann", "Bo"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert MARKERS[slug] in page and "More actions" in page and 'id="connection"' in page
    assert 'id="watch-qr-box"' in page and f'id="watch-link" href="/games/{game_id}/watch"' in page
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert panel.strip().startswith('<div id="panel" data-seq="0"') and MARKERS[slug] in panel
    watch = client.get(f"/games/{game_id}/watch").get_data(as_text=True)
    assert 'id="scores"' in watch and not CONTROLS.search(watch)
    assert not CONTROLS.search(client.get(f"/games/{game_id}/panel?mode=watch").get_data(as_text=True))


@pytest.mark.parametrize("path", ["", "/watch", "/panel", "/history", "/summary"])
def test_an_unknown_game_is_a_page_that_says_so(client, path):
    response = client.get(f"/games/nosuchgame{path}")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "No game with id &#39;nosuchgame&#39;." in response.get_data(as_text=True)


def test_history_names_who_did_what_and_what_was_undone(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    client.post(f"/api/games/{game_id}/events", headers=headers, json={
        "based_on": 0, "type": "add_points", "author": "Bo", "payload": {"player": 1, "category": "Points", "points": 7}})
    table.seq = 1
    table.undo()
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Bo scores 7 points (Points)." in page and "Bo, <time" in page
    assert "Undid: Bo scores 7 points (Points)." in page and '<span class="badge">undone</span>' in page
    assert "add_points" not in page.split("<main")[1] and "#1" not in page
    assert 'id="redo" data-action="redo">' in page  # redo is possible, undo is not
    assert 'id="undo" data-action="undo" disabled' in page


def test_summary_charts_each_players_score_round_by_round(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    for player, points in ((0, 5), (1, 3), (0, 4)):
        table.do("add_points", player=player, category="Points", points=points)
    table.undo()  # Ann's 4 is taken back: the chart follows the events in effect
    table.do("next_round")
    table.do("add_points", player=1, category="Universe", points=-2)
    table.do("add_points", player=0, category="Points", points=1)
    table.do("finish")
    page = client.get(f"/games/{game_id}/summary").get_data(as_text=True)
    assert "final scores" in page and "Winner: <strong>Ann</strong>" in page
    assert "Scores round by round" in page and ">rounds</text>" in page and "changes to the game" not in page
    ann, bo = [0, 5, 6], [0, 3, 1]  # the start, the end of round 1, the end of round 2
    scale = Scale(3, -0.0 + min(0, *ann, *bo), max(*ann, *bo))
    for player, totals in enumerate((ann, bo)):
        found = re.search(rf'<polyline data-player="{player}"[^>]* points="([^"]+)"', page).group(1)
        assert found == " ".join(f"{scale.x(i)},{scale.y(v)}" for i, v in enumerate(totals))
    ys = [float(p.split(",")[1]) for p in re.search(r'data-player="0"[^>]* points="([^"]+)"', page).group(1).split()]
    assert ys[0] > ys[1] > ys[2]  # higher on the chart is more points
    assert 'class="swatch seat-0"' in page and 'class="seat-1"' in page  # each seat's colour on the legend and board


def test_summary_of_a_game_in_progress_says_so(client, new_game):
    game_id, _, _ = new_game("unfair_chko", ("Ann", "Bo"))
    page = client.get(f"/games/{game_id}/summary").get_data(as_text=True)
    assert "The game is not over yet" in page and page.count("<polyline") == 2


def test_the_rulebook_page_is_rendered_from_the_games_data(client, load_bundled):
    game = load_bundled("emigration")
    page = client.get("/library/emigration/rulebook").get_data(as_text=True)
    assert '<article class="rulebook">' in page and game.title in page
    assert "<style" not in page.split('<article class="rulebook">')[1]   # the companion's own styles apply
    unfair = client.get("/library/unfair_chko/rulebook").get_data(as_text=True)
    assert "Quinn&#39;s score sheet" in unfair or "Quinn's score sheet" in unfair
    assert client.get("/library/nosuchgame/rulebook").status_code == 404


def test_a_game_without_a_rulebook_template_says_how_to_write_one(client):
    page = client.get("/library/sheet/rulebook").get_data(as_text=True)
    assert "has no rulebook yet" in page and "templates/rulebooks/sheet/rulebook.md.j2" in page


def test_the_gallery_shows_card_text_or_the_pictures_cardgen_built(app, client, tmp_path, load_bundled):
    app.config["OUTPUT_DIR"] = str(tmp_path)
    game = load_bundled("unfair_chko")
    deck, card = game.decks[0], game.decks[0].cards[0]
    page = client.get("/library/unfair_chko/cards").get_data(as_text=True)
    assert card.name.replace("'", "&#39;") in page and "<img" not in page
    assert "cardgen" not in page.split("<main")[1] and "no pictures of the cards" in page
    folder = tmp_path / "unfair_chko" / "png" / deck.id
    folder.mkdir(parents=True)
    (folder / f"{card.id}.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 32)
    page = client.get("/library/unfair_chko/cards").get_data(as_text=True)
    src = f"/library/unfair_chko/png/{deck.id}/{card.id}.png"
    assert f'src="{src}"' in page
    with client.get(src) as image:  # the answer holds the picture's file open until closed
        assert image.status_code == 200 and image.mimetype == "image/png"
    assert client.get(f"/library/unfair_chko/png/{deck.id}/nope.png").status_code == 404
    missing = client.get("/library/nosuchgame/cards")
    assert missing.status_code == 404 and "No game called &#39;nosuchgame&#39;" in missing.get_data(as_text=True)


def test_the_gallery_shows_the_boards_with_the_pictures_cardgen_drew(app, client, tmp_path, load_bundled):
    app.config["OUTPUT_DIR"] = str(tmp_path)
    boards = load_bundled("unfair_chko").boards
    page = client.get("/library/unfair_chko/cards").get_data(as_text=True)
    assert "Boards, mats and aids" in page and all(board.title in page for board in boards)
    assert "Player aid, 5 copies; this server has no picture of it." in page
    folder = tmp_path / "unfair_chko" / "boards"
    folder.mkdir(parents=True)
    (folder / f"{boards[0].id}.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 32)
    page = client.get("/library/unfair_chko/cards").get_data(as_text=True)
    src = f"/library/unfair_chko/boards/{boards[0].id}.png"
    assert f'src="{src}"' in page
    with client.get(src) as image:
        assert image.status_code == 200 and image.mimetype == "image/png"
    assert client.get("/library/unfair_chko/boards/heroes.png").status_code == 404  # not a board of the game
    assert client.get(f"/library/unfair_chko/boards/{boards[1].id}.png").status_code == 404  # not drawn


def test_a_qr_code_of_the_play_link_is_svg_and_only_for_links(client):
    response = client.post("/qr", data="http://127.0.0.1:5000/games/abc#key=secret")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True).startswith("<svg") and "QR code of the play link" in response.get_data(as_text=True)
    assert client.post("/qr", data="javascript:alert(1)").status_code == 400
    assert client.post("/qr", data="http://x/" + "a" * 2000).status_code == 400


def test_unfair_solo_page_is_quinns_turn_assistant(client, new_game):
    game_id, headers, _ = new_game("unfair_chko", ("Ann",), options={"solo": True}, seed=3)
    table = ApiTable(client, game_id, headers)
    for kind, payload in (("draw_packs", {"packs": ["Ocean", "Kaiju"]}), ("start_game", {}), ("advance", {}),
                          ("reveal_city", {})):
        table.do(kind, **payload)
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert 'id="quinn-title"' in panel and 'data-event="quinn_turn"' in panel and "Play Quinn&#39;s turn" in panel
    quinn = table.do("quinn_turn")["state"]["quinn"]
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert quinn["turn"] and all(step["text"].replace("'", "&#39;") in panel for step in quinn["turn"])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert '<option value="quinn_level">' in page  # the difficulty is changed among the corrections
    watch = client.get(f"/games/{game_id}/panel?mode=watch").get_data(as_text=True)
    assert quinn["turn"][0]["text"].replace("'", "&#39;") in watch and "Play Quinn" not in watch


def history_page(client, game_id, query=""):
    """The history page's changes (their numbers, newest first), its page links and the log it was drawn with."""
    from flask import template_rendered

    drawn = []

    def record(sender, template, context, **extra):
        if template.name == "pages/history.html":
            drawn.append(context["log"])

    with template_rendered.connected_to(record, client.application):
        response = client.get(f"/games/{game_id}/history{query}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    seqs = [int(s) for s in re.findall(r'<li value="(\d+)"', page)]
    links = dict(re.findall(r'<a class="button" id="(newer|older)" href="([^"]+)"', page))
    return page, seqs, links, drawn[0]


def test_history_is_paged_newest_first_and_words_undos_of_changes_on_other_pages(app, client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    sessions = app.extensions["companion"].sessions
    secret = headers["Authorization"].split()[1]
    for seq in range(450):
        sessions.write(game_id, secret, seq, "add_points", {"player": seq % 2, "category": "Points", "points": seq + 1})
    undo = client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 450, "target": 3})
    assert undo.status_code == 201
    page, seqs, links, log = history_page(client, game_id)
    assert seqs == list(range(451, 251, -1)) and "451 changes (here 252 to 451)" in page
    assert links == {"older": f"/games/{game_id}/history?before=252"}
    assert "Undid: Ann scores 3 points (Points)." in page  # #3 is two pages away
    page, seqs, links, log = history_page(client, game_id, "?before=252")
    assert seqs == list(range(251, 51, -1))
    assert links == {"newer": f"/games/{game_id}/history", "older": f"/games/{game_id}/history?before=52"}
    page, seqs, links, log = history_page(client, game_id, "?before=52")
    assert seqs == list(range(51, 0, -1)) and links == {"newer": f"/games/{game_id}/history?before=252"}
    third = next(e for e in log if e["seq"] == 3)
    assert not third["in_effect"] and third["undone_by"].seq == 451  # the undo is on the newest page
    assert all(e["undone_by"] is None for e in log if e["seq"] != 3)
    assert re.search(r'<li value="3" class="undone">(?:(?!</li>).)*<span class="badge">undone</span>', page, re.S)
    _, seqs, links, _ = history_page(client, game_id, "?before=9999")  # past the newest: the newest page
    assert seqs[0] == 451 and len(seqs) == 200 and "newer" not in links


@pytest.mark.parametrize("before", ["abc", "0", "-3", "1.5", "٣"])
def test_history_names_a_page_number_that_is_not_one(client, new_game, before):
    game_id, _, _ = new_game("sheet", ("Ann", "Bo"))
    response = client.get(f"/games/{game_id}/history", query_string={"before": before})
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert "?before= must be a change&#39;s number (a whole number from 1), found &#39;" in response.get_data(as_text=True)


def test_a_panel_is_drawn_once_per_change_for_all_the_tables_phones(client, new_game, monkeypatch):
    from companion.web import pages

    drawn = []
    original = pages.render_template

    def counted(name, **context):
        drawn.append(name)
        return original(name, **context)

    monkeypatch.setattr(pages, "render_template", counted)
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    first = [client.get(f"/games/{game_id}/panel").get_data(as_text=True) for _ in range(4)]
    assert len(set(first)) == 1 and drawn.count("pages/_panel.html") == 1
    client.get(f"/games/{game_id}/panel?mode=watch")
    assert drawn.count("pages/_panel.html") == 2  # the watch view is drawn on its own
    ApiTable(client, game_id, headers).do("note", text="next")
    after = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert 'data-seq="1"' in after and drawn.count("pages/_panel.html") == 3  # a change draws it anew
