"""Half-open connections: N connections that send part of a request head and never the rest (re-opened as the
server closes them), against a real `companion serve` capped at --cap requests, while a probe GET /api/catalog
is timed every half second. Prints the probes answered and their p50/p99/max, the probes not answered within
10 s, and how many half-open connections the server closed.

    .venv/bin/python benchmarks/half_open.py --half-open 8000 [--cap 4000] [--database sqlite|postgresql|both]
"""

from __future__ import annotations

import argparse
import http.client
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion_load import ms, sheet_folder
from databases import each_database
from server_usage import open_files_for
from tests.live_server import LiveServer


def half_open_probes(server: LiveServer, count: int, seconds: float) -> tuple[list[float], int, int, list[int]]:
    """Holds `count` half-open connections, re-opening each the server closes, while timing a probe every half
    second; returns the probe times, the probes not answered within 10 s, the half-open connections the server
    closed, and how many were open at each probe."""
    head = b"GET /api/catalog HTTP/1.1\r\nHost: table\r\n"

    def opened() -> socket.socket | None:
        try:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(head)
        except OSError:
            return None
        sock.setblocking(False)
        return sock

    crowd = [opened() for _ in range(count)]
    times: list[float] = []
    held: list[int] = []
    missed = closed = 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        for index, sock in enumerate(crowd):  # the crowd keeps coming back
            try:
                if sock is not None and sock.recv(1) == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                continue  # still open
            except OSError:
                pass
            closed += sock is not None
            if sock is not None:
                sock.close()
            crowd[index] = opened()
        held.append(sum(sock is not None for sock in crowd))
        start = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            if server.request("GET", "/api/catalog", connection=conn)[0] == 200:
                times.append(time.monotonic() - start)
            else:
                missed += 1
        except OSError:
            missed += 1
        finally:
            conn.close()
        time.sleep(max(0.0, 0.5 - (time.monotonic() - start)))
    for sock in crowd:
        if sock is not None:
            sock.close()
    return times, missed, closed, held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half-open", type=int, default=8000, help="Half-open connections held.")
    parser.add_argument("--cap", type=int, default=4000, help="--connections of the server.")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, help="Server processes (default: companion serve's own choice).")
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    open_files_for(args.half_open)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)

        def run(kind: str, url: str) -> None:
            workers = args.workers or (2 if kind == "postgresql" else 1)
            server = LiveServer(url, folder / f"instance-{kind}", workers=workers, games=[sheet_folder(folder)],
                                args=["--quiet", "--connections", str(args.cap)])
            server.start()
            try:
                probes, missed, closed, held = half_open_probes(server, args.half_open, args.seconds)
            finally:
                server.stop()
            print(f"{kind}: {args.half_open} half-open connections held against --connections {args.cap} "
                  f"({workers} worker{'s' if workers > 1 else ''}), {args.seconds:g} s")
            print(f"  probes GET /api/catalog: {len(probes)} answered, {missed} not within 10 s; "
                  f"p50 {ms(probes, 50)}, p99 {ms(probes, 99)}, max {max(probes, default=0) * 1000:.0f} ms")
            print(f"  half-open connections open at each probe: min {min(held, default=0)}, max "
                  f"{max(held, default=0)}; closed by the server (and opened again): {closed}")

        each_database(args.database, folder, run)


if __name__ == "__main__":
    main()
