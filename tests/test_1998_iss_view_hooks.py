"""1998 ISS, what the game view shows: key numbers (a hand as a count), goals, the public score as
standing, the last launch as headline, round names (the conformance suite checks shapes and secrecy)."""

from __future__ import annotations

import pytest

import isslab
from isslab.games.iss_1998 import Game1998, ShuttleDraw, State1998


def played(players: int, seed: int = 3) -> list[State1998]:
    game = Game1998(players=players)
    return isslab.play(game, "greedy", seed=seed).states()  # type: ignore[return-value]


def test_key_numbers_are_public_counts() -> None:
    states = played(2)
    for st in states[:: max(1, len(states) // 20)]:
        for seat in (0, 1):
            numbers = dict(st.key_numbers(seat))
            assert numbers["experiments"] == len(st.hands[seat])
            assert numbers["points"] == st.points(seat).total
            assert numbers["material ISS/ext"] == f"{st.iss_mat[seat]}/{st.ext_mat[seat]}"
            assert numbers["cubes"] == st.cubes[seat]
    for bad in (-1, 2):
        with pytest.raises(ValueError):
            states[-1].key_numbers(bad)


def test_goal_names_goals_or_fedor() -> None:
    solo = played(1)
    assert "FEDOR" in solo[len(solo) // 2].goal(0)
    assert solo[-1].goal(0).startswith("most points")
    duo = played(2)
    texts = {st.goal(0) for st in duo}
    assert any("goals open" in t or "goal ready" in t for t in texts)


def test_standing_is_score_then_experiments_and_winners_lead() -> None:
    for players in (1, 2, 4):
        end = played(players)[-1]
        for seat in range(players):
            assert end.standing(seat) == (float(end.scores()[seat]), float(len(end.played[seat])))
        if players > 1:
            best = max(end.standing(s) for s in range(players))
            assert set(end.winners()) == {s for s in range(players) if end.standing(s) == best}


def test_headline_tells_the_last_launch() -> None:
    states = played(4)
    assert states[0].headline(0) == ""
    launched = [st for st in states if "launched" in st.headline(0)]
    assert launched, "a whole game without a launch"
    last = launched[-1].headline(2)
    assert "next on the pad" in last
    draws = [a for a in states[-1].history if type(a) is ShuttleDraw]
    assert len(draws) > 2


def test_round_label() -> None:
    g = Game1998(players=2)
    assert g.round_label(0) == "round 1" and g.round_label(4) == "round 5"
