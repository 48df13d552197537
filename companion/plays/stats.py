"""Statistics a player reads at a glance, as pure functions over plays: per game, by seat, by level, streaks,
head-to-head and the longest and shortest games, for a group (`group_stats`) or one person (`player_stats`).

Who is who is companion.plays.stats_people's (a linked player, else the name compared case-insensitively and
trimmed; a bot by its name); what counts is companion.plays.stats_outcomes' (a play stopped early counts as a play
but never for wins, streaks, win rates, placing, scores or lengths; tied winners have each won, and the win is
counted as shared; a co-op crew's win is a win for every seat, and co-op plays count for plays and wins but not for
win rate by seat, opponent levels or placing). Streaks run over the counted plays in date order: the longest run of
wins in a row in all games (a loss in any game breaks it) and per game (over that game's plays only, so a play of
another game in between does not break it); the current streak is the run at the end. Records held by more than
one play go to the earliest; every list is in a fixed order, ties broken by name, so the same plays give the same
statistics.

Sources: issue #32 and the TABLE.md request "statistics must not miscount tied winners"; what BG Stats users read
there, per game best and average scores kept by the app (https://gokurakism.com/bgstats/) and a player's own win
percentage that leaves out a co-op game "you don't win, so much as do your best as a team"
(http://oneterrificday.blogspot.ca/2015/05/); BoardGameLeague's game types, where co-op games against the game
have one winning or losing side (https://github.com/fnordoglargh/BoardGameLeague, ABOUT.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.plays.records import Play, Seat
from companion.plays.stats_outcomes import counts, placing, people_won, tied, won
from companion.plays.stats_people import in_date_order, names_of, person_of, seat_of
from companion.plays.stats_records import (GameStats, GroupStats, HeadToHead, PersonStats, PlayerStats, PlayRef,
                                           Rate, Streak, Tally)

Scored = tuple[Play, Seat]


def _won_by(play: Play, person: str) -> bool:
    found = seat_of(play, person)
    return found is not None and won(play, found[1])


def _ref(play: Play, value: float, person: str = "") -> PlayRef:
    return PlayRef(play.id, play.slug, play.title, play.played_on, value, person)


def _extreme(plays: Sequence[Play], measure: Callable[[Play], int | None], most: bool) -> PlayRef | None:
    """The play (oldest first among equals) with the most or the least of `measure`, among counted plays that have
    a positive one."""
    found: PlayRef | None = None
    for play in plays:
        value = measure(play)
        if not counts(play) or value is None or value <= 0:
            continue
        if found is None or (value > found.value if most else value < found.value):
            found = _ref(play, value)
    return found


def _best(scored: Sequence[Scored]) -> PlayRef | None:
    found: PlayRef | None = None
    for play, seat in scored:
        if seat.score is not None and (found is None or seat.score > found.value):
            found = _ref(play, seat.score, person_of(seat))
    return found


def _by_name(names: dict[str, str]) -> Callable[[str], tuple[str, str, str]]:
    return lambda key: (names.get(key, "").casefold(), names.get(key, ""), key)


def _game(plays: list[Play], person: str | None, names: dict[str, str]) -> GameStats:
    """One game's statistics from its plays (in date order), for `person`, or for everyone when None."""
    counted = [p for p in plays if counts(p)]
    tallies: dict[str, int] = {}
    if person is None:
        wins = sum(people_won(p) for p in counted)
        shared = sum(people_won(p) and tied(p) for p in counted)
        scored = [(p, s) for p in counted for s in p.seats if not s.bot and s.score is not None]
        for play in counted:
            for key in {person_of(s) for s in play.seats if won(play, s)}:
                tallies[key] = tallies.get(key, 0) + 1
    else:
        seats = [(p, found[1]) for p in counted if (found := seat_of(p, person))]
        wins = sum(won(p, s) for p, s in seats)
        shared = sum(won(p, s) and tied(p) for p, s in seats)
        scored = [(p, s) for p, s in seats if s.score is not None]
    order = _by_name(names)
    values = [s.score for _, s in scored if s.score is not None]
    return GameStats(
        slug=plays[-1].slug, title=plays[-1].title, plays=len(plays), counted=len(counted), wins=wins, shared=shared,
        best=_best(scored), average=sum(values) / len(values) if values else None, scores=len(values),
        longest=_extreme(plays, lambda p: p.minutes, True), shortest=_extreme(plays, lambda p: p.minutes, False),
        most_rounds=_extreme(plays, lambda p: p.rounds, True), fewest_rounds=_extreme(plays, lambda p: p.rounds, False),
        winners=tuple(Tally(k, n) for k, n in sorted(tallies.items(), key=lambda kv: (-kv[1], order(kv[0])))))


def _games(plays: Sequence[Play], person: str | None, names: dict[str, str]) -> tuple[GameStats, ...]:
    by_slug: dict[str, list[Play]] = {}
    for play in in_date_order(plays):
        by_slug.setdefault(play.slug, []).append(play)
    lines = [_game(group, person, names) for group in by_slug.values()]
    return tuple(sorted(lines, key=lambda g: (-g.plays, g.title.casefold(), g.slug)))


def _rates(pairs: Sequence[tuple[int, bool]]) -> tuple[Rate, ...]:
    plays: dict[int, int] = {}
    wins: dict[int, int] = {}
    for value, win in pairs:
        plays[value] = plays.get(value, 0) + 1
        wins[value] = wins.get(value, 0) + win
    return tuple(Rate(value, plays[value], wins[value]) for value in sorted(plays))


def seat_rates(plays: Sequence[Play], person: str | None = None) -> tuple[Rate, ...]:
    """Win rate by seat number (1 is the first seat) in counted plays of games played against each other: every
    seat, or the seats `person` sat in."""
    pairs: list[tuple[int, bool]] = []
    for play in plays:
        if not counts(play) or play.cooperative:
            continue
        for number, seat in enumerate(play.seats, start=1):
            if person is None or person_of(seat) == person:
                pairs.append((number, won(play, seat)))
                if person is not None:
                    break
    return _rates(pairs)


def level_rates(plays: Sequence[Play], person: str | None = None) -> tuple[Rate, ...]:
    """Win rate against an automated opponent of each level, in counted plays of games played against each other:
    `person`'s wins, or (for everyone) the plays a person at the table won. A play with two bots of one level counts
    once for that level."""
    pairs: list[tuple[int, bool]] = []
    for play in plays:
        if not counts(play) or play.cooperative:
            continue
        found = seat_of(play, person) if person is not None else None
        if person is not None and (found is None or found[1].bot):
            continue
        levels = sorted({s.level for s in play.seats if s.bot and s.level is not None})
        win = won(play, found[1]) if found else people_won(play)
        pairs.extend((level, win) for level in levels)
    return _rates(pairs)


def streak_of(plays: Sequence[Play], person: str, slug: str = "") -> Streak:
    """`person`'s longest and current runs of wins in a row over the counted plays they sat in (of game `slug`, or
    of every game when "")."""
    longest = run = 0
    title = ""
    for play in in_date_order(plays):
        found = seat_of(play, person)
        if found is None or not counts(play) or (slug and play.slug != slug):
            continue
        title = play.title if slug else ""
        run = run + 1 if won(play, found[1]) else 0
        longest = max(longest, run)
    return Streak(person, slug, title, longest, run)


def head_to_head(plays: Sequence[Play], first: str, second: str) -> HeadToHead:
    """How `first` and `second` fared in the plays they sat in together."""
    together = wins_a = wins_b = above_a = above_b = ties = 0
    for play in plays:
        a, b = seat_of(play, first), seat_of(play, second)
        if a is None or b is None or first == second:
            continue
        together += 1
        if not counts(play):
            continue
        wins_a += won(play, a[1])
        wins_b += won(play, b[1])
        if not play.cooperative:
            placed = placing(a[1], b[1])
            above_a += placed == 1
            above_b += placed == -1
            ties += placed == 0
    return HeadToHead(first, second, together, wins_a, wins_b, above_a, above_b, ties)


def _pairs(plays: Sequence[Play], names: dict[str, str]) -> list[tuple[str, str]]:
    order = _by_name(names)
    found: set[tuple[str, str]] = set()
    for play in plays:
        keys = sorted({person_of(s) for s in play.seats}, key=order)
        found.update((a, b) for i, a in enumerate(keys) for b in keys[i + 1:])
    return sorted(found, key=lambda ab: (order(ab[0]), order(ab[1])))


def _overall_best(games: Sequence[GameStats]) -> PlayRef | None:
    found: PlayRef | None = None
    for game in sorted(games, key=lambda g: (g.best.played_on, g.best.play) if g.best else ("", "")):
        if game.best and (found is None or game.best.value > found.value):
            found = game.best
    return found


def _keep(refs: Sequence[PlayRef | None], most: bool) -> PlayRef | None:
    found: PlayRef | None = None
    for ref in sorted((r for r in refs if r), key=lambda r: (r.played_on, r.play)):
        if found is None or (ref.value > found.value if most else ref.value < found.value):
            found = ref
    return found


def group_stats(plays: Sequence[Play]) -> GroupStats:
    """The statistics of a set of plays: per game (wins are plays a person at the table won, rather than an
    automated opponent, a crew's win included; best and average scores are the people's, not a bot's), per person,
    by seat and level, streaks, every pair's head-to-head and the longest, shortest and best."""
    names = names_of(plays)
    order = _by_name(names)
    games = _games(plays, None, names)
    people = []
    for key in names:
        mine = [p for p in plays if seat_of(p, key)]
        counted = [p for p in mine if counts(p)]
        wins = [p for p in counted if _won_by(p, key)]
        people.append(PersonStats(key, len(mine), len(counted), len(wins), sum(tied(p) for p in wins)))
    streaks = [streak_of(plays, key) for key in names]
    game_streaks = []
    for game in sorted(games, key=lambda g: (g.title.casefold(), g.slug)):
        runs = [streak_of(plays, key, game.slug) for key in names]
        runs = [r for r in runs if r.longest]
        if runs:
            game_streaks.append(min(runs, key=lambda r: (-r.longest, -r.current, order(r.person))))
    pairs = [head_to_head(plays, a, b) for a, b in _pairs(plays, names)]
    return GroupStats(
        plays=len(plays), counted=sum(counts(p) for p in plays), stopped=sum(not counts(p) for p in plays),
        wins=sum(people_won(p) for p in plays), games=games,
        people=tuple(sorted(people, key=lambda s: (-s.wins, -s.plays, order(s.person)))),
        seats=seat_rates(plays), levels=level_rates(plays),
        streaks=tuple(sorted((s for s in streaks if s.longest), key=lambda s: (-s.longest, -s.current,
                                                                               order(s.person)))),
        game_streaks=tuple(game_streaks),
        pairs=tuple(sorted(pairs, key=lambda h: -h.plays)),  # stable: pairs already by name
        longest=_keep([g.longest for g in games], True), shortest=_keep([g.shortest for g in games], False),
        best=_overall_best(games))


def player_stats(plays: Sequence[Play], person: str, name: str = "") -> PlayerStats:
    """The statistics of `person` (a key of companion.plays.stats_people) in the plays they sat in among `plays`;
    `name` is the name to show (a known player's), else their most recent spelling in the plays. A key of no known kind is a
    ValueError that names it."""
    if not person.startswith(("player:", "name:", "bot:")) or person.endswith(":"):
        raise ValueError(f"statistics of a player: {person!r} is not a person's key (player:ID, name:NAME or bot:NAME)")
    mine = [p for p in plays if seat_of(p, person)]
    names = names_of(plays)
    order = _by_name(names)
    counted = [p for p in mine if counts(p)]
    wins = [p for p in counted if _won_by(p, person)]
    games = _games(mine, person, names)
    others = {key for p in mine for key in (person_of(s) for s in p.seats) if key != person}
    opponents = [head_to_head(mine, person, key) for key in sorted(others, key=order)]
    return PlayerStats(
        person=person, name=name or names.get(person, ""), plays=len(mine), counted=len(counted),
        stopped=len(mine) - len(counted), wins=len(wins), shared=sum(tied(p) for p in wins), games=games,
        seats=seat_rates(mine, person), levels=level_rates(mine, person), streak=streak_of(mine, person),
        game_streaks=tuple(s for s in (streak_of(mine, person, g.slug) for g in
                                       sorted(games, key=lambda g: (g.title.casefold(), g.slug))) if s.longest),
        opponents=tuple(sorted(opponents, key=lambda h: -h.plays)),
        longest=_keep([g.longest for g in games], True), shortest=_keep([g.shortest for g in games], False),
        best=_overall_best(games))
