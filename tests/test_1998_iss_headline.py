"""1998 ISS, the game view's headline: the most recent launch, each participant's cargo (FEDOR's
apart), the module it took and the next shuttle, or "no shuttle left" once a deck is exhausted.

The engine's own launches are the reference: ``steps.launch`` (its call into the launch module) is
watched while a seeded game is replayed, and every position's headline must tell the last launch
completed so far.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

import isslab
from isslab.games.iss_1998 import Game1998, State1998, steps
from isslab.games.iss_1998.components import FEDOR_NAME, NATION_NAMES, SEAT_NAMES, SHUTTLE_NAMES
from isslab.games.iss_1998.phases import Phase
from isslab.games.iss_1998.view import _amounts as amounts  # a cargo's words: checked on their own below

#: short countdowns, so that a deck's last shuttle often launches before the final round
FAST: dict[str, Any] = {
    "countdown_start": ((2, 1, 2, 2, 3), (3, 2, 3, 3, 4)),
    "action_countdown": (3, 2, 2, 3, 2, 2, 3, 2),
}


class Seen(NamedTuple):
    """A launch as the engine did it (at launch step 1)."""

    shuttle: int
    nation: int
    launcher: int
    astronauts: tuple[int, ...]
    materials: tuple[int, ...]
    slot: int  # the index in ``station`` of the module it takes up, or -1


@pytest.fixture
def launches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Seen]]:
    """The launches the engine performs while the test runs, in order."""
    seen: list[Seen] = []
    real = steps.launch

    def spy(st: State1998) -> bool:
        if st.lstep == 0:
            n = st.launch_pad
            t = st.pad[n]
            takes = st.game.tables.sh_mod[t] and any(m >= 0 for m in st.column)
            seen.append(
                Seen(t, n, st.turn, st.cargo_astro[n], st.cargo_mat[n], len(st.station) if takes else -1)
            )
        return real(st)

    monkeypatch.setattr(steps, "launch", spy)
    yield seen


def walk(game: Game1998, bots: str, seed: int, seen: list[Seen]) -> list[tuple[State1998, Seen | None]]:
    """Each position of a seeded game with the last launch completed in it (None before the first)."""
    record = isslab.play(game, bots, seed=seed)
    states = record.states()
    seen.clear()
    st: State1998 = states[0]  # type: ignore[assignment]
    out: list[tuple[State1998, Seen | None]] = [(st, None)]
    done: list[Seen] = []
    for i, action in enumerate(record.actions):
        before = len(seen)
        st = st.apply(action)  # type: ignore[assignment]
        assert st == states[i + 1]
        done += seen[before:]
        last = done[-1] if done else None
        # a launch is told once complete: its module drawn, the next shuttle on its pad
        pending = st.lstep < 3 or st.phase == Phase.SHUTTLE_DRAW
        if last is not None and st.launch_pad == last.nation and pending:
            last = done[-2] if len(done) > 1 else None
        out.append((st, last))
    return out


def test_a_cargo_is_told_in_words() -> None:
    assert amounts(1, 2) == "1 astronaut, 2 materials"
    assert (amounts(3, 0), amounts(0, 1), amounts(0, 0)) == ("3 astronauts", "1 material", "")


def expected(st: State1998, launch: Seen, following: str) -> str:
    """The headline of ``launch``; ``following`` is the text after "next on the pad: "."""
    g = st.game
    who = FEDOR_NAME if launch.launcher == g.tables.fedor else SEAT_NAMES[launch.launcher]
    cargo = [
        f"{SEAT_NAMES[p]} {amounts(launch.astronauts[p], launch.materials[p])}"
        for p in range(g.tables.P)
        if p != g.tables.fedor and (launch.astronauts[p] or launch.materials[p])
    ]
    parts = [
        f"{SHUTTLE_NAMES[launch.shuttle]} launched by {who} ({NATION_NAMES[launch.nation]} pad)",
        f"players' cargo: {'; '.join(cargo) if cargo else 'none'}",
    ]
    if g.tables.solo:
        f = g.tables.fedor
        parts.append(f"FEDOR's cargo: {amounts(launch.astronauts[f], launch.materials[f]) or 'none'}")
    if launch.slot >= 0:
        parts.append(f"module to the station: {g.tables.mod_name[st.station[launch.slot]]}")
    parts.append(f"next on the pad: {following}")
    return "; ".join(parts)


def check_game(game: Game1998, bots: str, seed: int, seen: list[Seen]) -> tuple[int, int]:
    """Every position's headline tells its last launch; (launches, deck-ending launches) seen."""
    told = set()
    finals = 0
    prev: Seen | None = None
    for st, last in walk(game, bots, seed, seen):
        line = st.headline(0)
        if last is None:
            assert line == ""
            continue
        assert {st.headline(s) for s in range(game.num_players)} == {line}  # public: one line for all
        assert line.startswith(f"{SHUTTLE_NAMES[last.shuttle]} launched by ")
        if "no shuttle left" in line:
            following = "none (no shuttle left)"
            assert st.pad[last.nation] < 0 and st.shuttle_left[last.nation] == 0
            if last is not prev:
                finals += 1
        else:
            following = line.rsplit("next on the pad: ", 1)[1]
        assert line == expected(st, last, following)
        told.add(id(last))
        prev = last
    return len(told), finals


def test_a_multiplayer_headline_tells_each_launch_in_turn(launches: list[Seen]) -> None:
    for players, seed in ((3, 0), (4, 1)):
        count, _ = check_game(Game1998(players=players), "greedy", seed, launches)
        assert count >= 5


def test_the_next_shuttle_is_the_one_drawn_after_the_launch(launches: list[Seen]) -> None:
    states = walk(Game1998(players=2), "greedy", 3, launches)
    changed = [st for (st, last), (_, before) in zip(states[1:], states, strict=False) if last is not before]
    assert changed
    for st in changed:
        line = st.headline(1)
        if "no shuttle left" not in line:
            shuttle = line.rsplit("next on the pad: ", 1)[1].removesuffix(" (the deck's last card)")
            assert shuttle in SHUTTLE_NAMES
            n = NATION_NAMES.index(line.split("(", 1)[1].split(" pad)", 1)[0])
            assert SHUTTLE_NAMES[st.pad[n]] == shuttle  # drawn this very step


def test_the_last_launch_of_an_exhausted_deck_is_told_at_once(launches: list[Seen]) -> None:
    game = Game1998(players=2, **FAST)
    states = walk(game, "greedy", 1, launches)
    finals = [i for i, (st, last) in enumerate(states) if last and "no shuttle left" in st.headline(0)]
    assert finals, "the seed no longer empties a deck with a launch"
    st, last = states[finals[0]]
    assert last is not None and st.shuttle_left[last.nation] == 0 and st.pad[last.nation] < 0
    before, earlier = states[finals[0] - 1]
    assert earlier is not last and "no shuttle left" not in before.headline(0)  # the step of the launch
    end = states[-1][0]
    assert end.is_terminal() and "no shuttle left" in end.headline(0)
    assert end.headline(0).endswith("next on the pad: none (no shuttle left)")


def test_a_launch_after_the_deck_ending_one_is_told_after_it(launches: list[Seen]) -> None:
    # the emptied pad's launch leaves no draw, yet it comes before the other pad's next launch
    game = Game1998(players=3, **FAST)
    check_game(game, "greedy", 1, launches)
    lines = [st.headline(0) for st, _ in walk(game, "greedy", 1, launches)]
    ended = next(i for i, line in enumerate(lines) if "no shuttle left" in line)
    assert any(line != lines[ended] and line for line in lines[ended:])


def test_deck_ending_launches_over_many_games(launches: list[Seen]) -> None:
    total = finals = 0
    for players in (1, 2, 3, 4):
        for seed in range(4):
            count, ended = check_game(Game1998(players=players, **FAST), "random", seed, launches)
            total += count
            finals += ended
    assert total > 100 and finals >= 3


def test_solo_fedor_cargo_is_told_apart(launches: list[Seen]) -> None:
    game = Game1998(players=1)
    check_game(game, "greedy", 0, launches)
    lines = {st.headline(0) for st, _ in walk(game, "greedy", 0, launches)}
    fedor = [line for line in lines if "FEDOR's cargo: " in line and "FEDOR's cargo: none" not in line]
    assert fedor, "FEDOR loaded nothing that launched"
    assert any("3 materials" in line.split("FEDOR's cargo: ", 1)[1] for line in fedor)
    for options in ({"fedor_cargo": 0, "fedor_astronauts": 1}, {"fedor_cargo": 10}, {"solo_start": "fedor"}):
        check_game(Game1998(players=1, **FAST, **options), "random", 1, launches)


def test_the_headline_hides_nothing_and_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game1998(players=3)
    states: list[State1998] = isslab.play(game, "greedy", seed=2).states()  # type: ignore[assignment]
    rng = random.Random(0)
    for st in states[:: max(1, len(states) // 15)]:
        for seat in range(3):
            other = st.resample_hidden(seat, rng)
            assert other.headline(seat) == st.headline(seat)

    def no_replay(*args: Any) -> Any:
        raise AssertionError("the headline replayed the rules")

    monkeypatch.setattr(steps, "apply", no_replay)
    monkeypatch.setattr(State1998, "_apply", no_replay)
    assert states[-1].headline(0).startswith(tuple(SHUTTLE_NAMES))


def test_a_position_built_by_hand_has_no_headline() -> None:
    game = Game1998(players=2)
    assert game.new_state().headline(0) == ""
    assert game.position().headline(1) == ""
