"""`cardgen preview` on the command line: it says where the page is, stops cleanly on Ctrl-C and SIGTERM, and
says in a sentence why it cannot start."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest


def test_help_says_what_it_shows_and_watches(cli):
    result = cli("preview", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for words in ("as they will print", "search box", "front and back", "game.toml, a layout, an icon or an art file",
                  "--port INTEGER RANGE", "--open / --no-open", "Ctrl-C stops the preview"):
        assert words in text, words


def test_a_port_in_use_is_named_with_the_option_to_change_it(make_game, cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("preview", make_game(), "--port", port, "--no-open")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: port {port} is in use on 127.0.0.1 (another preview, or another "
                                     f"program); choose another with --port, e.g. --port {port + 1}")
    assert "Traceback" not in result.output


def test_an_unknown_game_is_named(cli, tmp_path):
    result = cli("preview", tmp_path / "nowhere", "--no-open")
    assert result.exit_code == 2 and "no bundled game or folder named" in result.stderr


# `python -m cardgen` with SIGINT as a terminal gives it (Python's handler: KeyboardInterrupt), whatever the suite
# inherited: run in the background (`make test &`, nohup, CI), the shell starts it with SIGINT ignored, and a child
# started with SIGINT ignored keeps ignoring it.
AS_IN_A_TERMINAL = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
                    "runpy.run_module('cardgen', run_name='__main__', alter_sys=True)")


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_it_stops_cleanly_with_a_page_open(make_game, stop):
    # The suite's own SIGINT is ignored while the preview starts, as in a background run, wherever the test runs.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        process = subprocess.Popen([sys.executable, "-c", AS_IN_A_TERMINAL, "preview", str(make_game()), "--port",
                                    "0", "--no-open"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        first = process.stdout.readline()
        assert first.startswith("Previewing Tiny at http://127.0.0.1:"), first
        url = first.split(" at ", 1)[1].strip()
        with urllib.request.urlopen(url + "state", timeout=10) as response:
            assert json.load(response)["decks"][0]["title"] == "Heroes"
        with urllib.request.urlopen(url + "events", timeout=10) as stream:  # a page's live channel, left open
            assert stream.readline() == b"retry: 1000\n"
            process.send_signal(stop)
            out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "Traceback" not in err and err == ""
    assert out.rstrip().endswith("Preview stopped.")
