"""Companion load: a game night against a real `companion serve` on loopback, the load client in its own process.

Night (the default): N tables of four phones and a watch page. Every page holds its live stream open from the
start; each table makes a move at table pace (one every 5 to 20 s, and now and then a burst of three a second
apart), by each phone in turn, and after each change every phone of the table fetches its panel, as a page
does. Prints the open streams held, writes/s, and p50/p99 of the panel GET, the write, and change-to-other-
phone (from sending a write to another page of the table hearing of it), plus requests that timed out.
Targets on the 2-core machine: 100 tables (500 streams) with write p99 <= 50 ms and change-to-other-phone
p99 <= 250 ms; 200 tables (1,000 streams) held with no request timing out.

Open pages (--streams N): the same night with N open pages (N / 5 tables, each at the same table pace), on a
server started with a cap fitting them (--connections, the open-files limit, this client's own); prints the
streams held, write p99, change-to-page p50/p99 and the server's memory (RSS of all its processes, at the
start, with every page open, and at its peak). Half-open connections are benchmarks/half_open.py's.

Closed loop (--closed): C clients with no think time over G games, 80% reads and 20% writes (a write based on
the clients' last read, so some come back 409), next to the raw insert rate of the same database in the same
run (one transaction per row, as each event is).

    .venv/bin/python benchmarks/companion_load.py [--database sqlite|postgresql|both] [--tables 100] [--seconds 60]
    .venv/bin/python benchmarks/companion_load.py --streams 10000 [--database both] [--seconds 60]
    .venv/bin/python benchmarks/companion_load.py --closed [--clients 64] [--games 16] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from databases import each_database
from server_usage import (cpu_pressure, open_files_for, own_cpu, sample_memory, server_cpu,
                                     server_rss)
from tests.live_server import LiveServer

TIMEOUT = 10.0  # a request not answered by then counts as timed out
SHEET = '[game]\ntitle = "Score Sheet"\nplayers = [1, 6]\n\n[scoring]\ncategories = ["Points"]\n\n' \
        '[decks.cards]\ntitle = "Cards"\n'


class Closed(ConnectionError):
    """The server closed a kept connection before any answer (its keep-alive timeout): nothing was done."""


class Phone:
    """One keep-alive HTTP/1.1 connection, as a phone's browser keeps to the server."""

    def __init__(self, port: int):
        self.port, self.reader, self.writer = port, None, None

    async def request(self, method: str, path: str, body: dict | None = None, secret: str | None = None):
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: table\r\nContent-Length: {len(data)}\r\n"
        head += "Content-Type: application/json\r\n" if body is not None else ""
        head += f"Authorization: Bearer {secret}\r\n" if secret else ""
        for reused in (self.writer is not None, False):  # as browsers do, once more if the kept one was closed
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(head.encode() + b"\r\n" + data)
            try:
                return await asyncio.wait_for(self._answer(), TIMEOUT)
            except (TimeoutError, ConnectionError, asyncio.IncompleteReadError) as error:
                self.writer.close()
                self.reader = self.writer = None
                if not (reused and isinstance(error, Closed)):
                    raise
        raise AssertionError("unreachable")

    async def _answer(self) -> tuple[int, bytes]:
        line = await self.reader.readline()
        if not line:
            raise Closed("the server closed the connection before answering")
        status = int(line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)


class Page:
    """An open live page: its stream, and when each change reached it."""

    def __init__(self, port: int, game_id: str, heard: list):
        self.port, self.game_id, self.heard, self.open = port, game_id, heard, False

    async def follow(self, until: float) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET /api/games/{self.game_id}/stream HTTP/1.1\r\nHost: table\r\n\r\n".encode())
        buffer = b""
        try:
            while time.monotonic() < until:
                chunk = await asyncio.wait_for(reader.read(65536), until - time.monotonic() + 1)
                if not chunk:
                    break
                at, buffer = time.perf_counter(), buffer + chunk
                self.open = self.open or b"event: beat" in buffer
                *lines, buffer = buffer.split(b"\n")  # the last one may be incomplete: kept for the next read
                for line in lines:  # whole lines only, cheap to skip: 10,000 pages beat 5,000 times a second
                    if line.startswith(b"data: ") and b'"seq"' in line:
                        self.heard.append((self.game_id, json.loads(line[6:])["seq"], self, at))
        except (TimeoutError, ConnectionError):
            pass
        finally:
            self.open = self.open and time.monotonic() >= until  # held to the end
            writer.close()


class Night:
    """The figures of one game night."""

    def __init__(self):
        self.gets, self.writes, self.sent, self.heard = [], [], {}, []
        self.timeouts = self.stale = self.opened = 0
        self.cpu = (0.0, 0.0)  # cores busy during the moves: the server's processes, this client
        self.idle_cpu: float | None = None  # the server's, with every page open before the first move

    async def timed(self, into: list, call) -> tuple[int, bytes] | None:
        start = time.perf_counter()
        try:
            answer = await call
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            self.timeouts += 1
            return None
        into.append(time.perf_counter() - start)
        return answer


async def table(port: int, game: dict, night: Night, start: float, until: float, rng: random.Random) -> None:
    phones = [Phone(port) for _ in range(4)]
    game_id, secret, seq, turn = game["id"], game["edit_secret"], 0, 0
    await asyncio.sleep(max(0.0, start - time.monotonic()) + rng.uniform(0, 5))
    while time.monotonic() < until:
        phone, turn = phones[turn % 4], turn + 1
        body = {"type": "add_points", "based_on": seq, "payload": {"player": turn % 4, "category": "Points",
                                                                  "points": rng.randint(1, 6)}}
        sent = time.perf_counter()
        answer = await night.timed(night.writes, phone.request("POST", f"/api/games/{game_id}/events", body, secret))
        if answer and answer[0] == 201:
            seq = json.loads(answer[1])["seq"]
            night.sent[(game_id, seq)] = (sent, phone)
        elif answer and answer[0] == 409:
            night.stale += 1
            seq = json.loads(answer[1])["current"]["seq"]
        await asyncio.gather(*(night.timed(night.gets, p.request("GET", f"/games/{game_id}/panel")) for p in phones))
        pause = 1.0 if rng.random() < 0.15 else rng.uniform(5, 20)  # now and then a quick exchange
        await asyncio.sleep(min(pause, max(0.0, until - time.monotonic())))


async def game_night(server: LiveServer, games: list[dict], seconds: float, seed: int,
                     memory: list[float]) -> tuple[Night, int, int]:
    """`memory` gets the server's RSS before, then every 2 s; its second item is taken once every page is open."""
    port, night, rng = server.port, Night(), random.Random(seed)
    pages = [Page(port, g["id"], night.heard) for g in games for _ in range(5)]
    ramp = 2 + len(pages) / 200  # every page opens before the first move
    until = time.monotonic() + ramp + seconds
    followers = []
    for index, page in enumerate(pages):  # a few hundred a second, as pages open at the start of a night
        followers.append(asyncio.create_task(page.follow(until)))
        if index % 100 == 99:
            await asyncio.sleep(0.2)
    start = time.monotonic() + ramp
    while time.monotonic() < start and sum(p.open for p in pages) < len(pages):
        await asyncio.sleep(0.5)
    night.opened = sum(p.open for p in pages)
    memory.append(server_rss(server))
    quiet = min(5.0, start - time.monotonic())  # every page open, no move yet: what the beats alone cost
    if quiet >= 2:
        cpu, began = server_cpu(server), time.monotonic()
        await asyncio.sleep(quiet)
        night.idle_cpu = (server_cpu(server) - cpu) / (time.monotonic() - began)
    sampler = asyncio.create_task(sample_memory(server, memory, until))
    cpu, client_cpu, began = server_cpu(server), own_cpu(), time.monotonic()
    await asyncio.gather(*(table(port, g, night, start, until, random.Random(rng.random())) for g in games))
    night.cpu = ((server_cpu(server) - cpu) / (time.monotonic() - began),
                 (own_cpu() - client_cpu) / (time.monotonic() - began))
    await asyncio.gather(*followers, sampler)
    return night, sum(p.open for p in pages), len(pages)


def change_to_other_phone(night: Night) -> list[float]:
    """From sending each write to each of its table's five open pages hearing of it (the writer's own page among
    them: it too learns of the change only through its stream)."""
    return [at - night.sent[(game, seq)][0] for game, seq, _, at in night.heard if (game, seq) in night.sent]


async def closed_loop(port: int, games: list[dict], clients: int, seconds: float, seed: int) -> dict:
    rng, until = random.Random(seed), time.monotonic() + seconds
    figures = {"reads": [], "writes": [], "acknowledged": 0, "stale": 0, "timeouts": 0}
    seqs = {g["id"]: 0 for g in games}

    async def client(index: int) -> None:
        phone, local = Phone(port), random.Random(rng.random())
        while time.monotonic() < until:
            game = games[local.randrange(len(games))]
            write = local.random() < 0.2
            start = time.perf_counter()
            try:
                if write:
                    body = {"type": "note", "based_on": seqs[game["id"]], "payload": {"text": f"client {index}"}}
                    status, data = await phone.request("POST", f"/api/games/{game['id']}/events", body,
                                                       game["edit_secret"])
                else:
                    status, data = await phone.request("GET", f"/api/games/{game['id']}")
            except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
                figures["timeouts"] += 1
                continue
            figures["writes" if write else "reads"].append(time.perf_counter() - start)
            if status in (200, 201):
                seqs[game["id"]] = max(seqs[game["id"]], json.loads(data)["seq"])
                figures["acknowledged"] += write
            elif status == 409:
                figures["stale"] += 1
                seqs[game["id"]] = json.loads(data)["current"]["seq"]

    await asyncio.gather(*(client(i) for i in range(clients)))
    return figures


def raw_insert_rate(url: str, seconds: float = 3.0) -> float:
    """Rows per second, one transaction each, into a scratch table of the same database (same engine settings)."""
    from sqlalchemy import text

    from companion.storage.engine import make_engine

    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE IF NOT EXISTS bench_raw (n INTEGER, payload TEXT)"))
    count, until = 0, time.monotonic() + seconds
    while time.monotonic() < until:
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO bench_raw VALUES (:n, :p)"), {"n": count, "p": '{"text": "raw"}'})
        count += 1
    engine.dispose()
    return count / seconds


def ms(values: list[float], q: int) -> str:
    if len(values) < 2:
        return "n/a"
    return f"{statistics.quantiles(values, n=100, method='inclusive')[q - 1] * 1000:.1f} ms"


def sheet_folder(folder: Path) -> Path:
    """The score sheet, a game of data alone whose events cost little, written into `folder`."""
    sheet = folder / "sheet"
    sheet.mkdir(exist_ok=True)
    (sheet / "game.toml").write_text(SHEET)
    (sheet / "cards.csv").write_text("id,name\nc-1,One\n")
    return sheet


def run(kind: str, url: str, folder: Path, args) -> None:
    sheet = sheet_folder(folder)
    workers = args.workers or (2 if kind == "postgresql" else 1)
    serve_args = []
    if args.streams:  # every page and every phone's request fit in one process, however the accepts fall
        cap = str(args.streams + 4 * args.tables + 1000)
        serve_args = ["--quiet", "--connections", cap, "--waiting", cap]
    server = LiveServer(url, folder / f"instance-{kind}", workers=workers, args=serve_args,
                        games=[sheet], env={"COMPANION_STREAM_MAX_SECONDS": str(args.seconds + 120 + args.streams / 50),
                                            "COMPANION_STREAM_POLL_SECONDS": "0.25"})
    server.start()
    memory = [server_rss(server)]
    try:
        count = args.games if args.closed else args.tables
        games = [server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo", "Cy", "Di"]})[1]
                 for _ in range(count)]
        if args.closed:
            started = time.monotonic()
            figures = asyncio.run(closed_loop(server.port, games, args.clients, args.seconds, args.seed))
            took = time.monotonic() - started
        else:
            night, held, pages = asyncio.run(game_night(server, games, args.seconds, args.seed, memory))
    finally:
        server.stop()
    if args.closed:
        raw = raw_insert_rate(url)
        done = len(figures["reads"]) + len(figures["writes"])
        print(f"{kind}: closed loop, {args.clients} clients over {args.games} games for {args.seconds:g} s "
              f"({workers} worker{'s' if workers > 1 else ''})")
        print(f"  requests: {done / took:.0f}/s ({len(figures['reads'])} reads, {len(figures['writes'])} writes: "
              f"{figures['acknowledged']} acknowledged, {figures['stale']} stale), {figures['timeouts']} timed out")
        print(f"  read p50 {ms(figures['reads'], 50)}, p99 {ms(figures['reads'], 99)}; "
              f"write p50 {ms(figures['writes'], 50)}, p99 {ms(figures['writes'], 99)}, "
              f"max {max(figures['writes'], default=0) * 1000:.0f} ms")
        print(f"  acknowledged writes {figures['acknowledged'] / took:.0f}/s; raw insert rate of the same database "
              f"{raw:.0f} rows/s")
        return
    spread = change_to_other_phone(night)
    print(f"{kind}: {args.tables} tables, {pages} pages with open streams, {args.seconds:g} s "
          f"({workers} worker{'s' if workers > 1 else ''})")
    print(f"  open streams held to the end: {held} of {pages}; requests timed out: {night.timeouts}")
    print(f"  writes: {len(night.writes) / args.seconds:.1f}/s ({night.stale} stale); panel GETs: "
          f"{len(night.gets) / args.seconds:.1f}/s")
    print(f"  GET p50 {ms(night.gets, 50)}, p99 {ms(night.gets, 99)}; write p50 {ms(night.writes, 50)}, "
          f"p99 {ms(night.writes, 99)} (target <= 50 ms), max {max(night.writes, default=0) * 1000:.0f} ms")
    print(f"  change to other phone p50 {ms(spread, 50)}, p99 {ms(spread, 99)} (target <= 250 ms), "
          f"{len(spread)} deliveries")
    if len(memory) > 1:
        print(f"  server memory (RSS, all processes): {memory[0]:.0f} MB at the start, {memory[1]:.0f} MB with "
              f"{night.opened} pages open, {max(memory):.0f} MB at the peak "
              f"({(memory[1] - memory[0]) * 1024 / max(night.opened, 1):.0f} kB per open page)")
        print(f"  CPU during the moves: server {night.cpu[0] * 100:.0f}% of a core (all its processes), "
              f"this load client {night.cpu[1] * 100:.0f}%; {os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f}{cpu_pressure()}")
        if night.idle_cpu is not None:
            print(f"  CPU with every page open before the first move (beats only): server "
                  f"{night.idle_cpu * 100:.0f}% of a core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--tables", type=int, default=100, help="Tables of four phones and a watch page.")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, help="Server processes (default: companion serve's own choice).")
    parser.add_argument("--streams", type=int, default=0,
                        help="Open pages: a night of streams / 5 tables, on a server whose caps fit them.")
    parser.add_argument("--closed", action="store_true", help="Closed loop instead of a game night.")
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.streams:
        args.tables = -(-args.streams // 5)
        open_files_for(args.tables * 9)  # five pages and four phones a table
    with tempfile.TemporaryDirectory() as tmp:
        each_database(args.database, Path(tmp), lambda kind, url: run(kind, url, Path(tmp), args))
    print("(loopback, this machine; PostgreSQL as the tests run it: fsync off)")


if __name__ == "__main__":
    main()
