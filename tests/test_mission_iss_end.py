"""Mission ISS, End of the game: the three endings, the result bands, returns and statistics."""

from __future__ import annotations

import pytest
from helpers_mission_iss import act, game

import isslab
from isslab.games.mission_iss import EndMissionISS, EndShift, ResultBand, Tally, band_of

NINE = {"B": "T", "C": "T", "D": "R", "E": "B", "F": "C", "G": "D", "H": "C", "I": "B", "J": "E"}


@pytest.mark.parametrize(
    ("modules", "band"),
    [
        (0, ResultBand.EARTH),
        (2, ResultBand.EARTH),
        (3, ResultBand.SOMEWHERE_OUT_THERE),
        (5, ResultBand.SOMEWHERE_OUT_THERE),
        (6, ResultBand.GIANT_LEAP),
        (7, ResultBand.GIANT_LEAP),
        (8, ResultBand.REACH_FOR_THE_STARS),
        (9, ResultBand.REACH_FOR_THE_STARS),
        (10, ResultBand.NEW_WORLDS),
        (11, ResultBand.NEW_WORLDS),
        (12, ResultBand.SPACE_AND_TIME),
    ],
)
def test_result_bands_by_modules_attached(modules: int, band: ResultBand) -> None:
    assert band_of(modules) is band


def test_the_three_endings() -> None:
    # a missed ISS symbol: failure; the last space: success (the twelfth module: see the
    # Assemble tests)
    missed = act(game(2).position(year=2002, attached={"B": "T"}), EndShift)
    assert missed.end_reason is EndMissionISS.MILESTONE_MISSED and not missed.success()
    done = act(game(2).position(year=2010, attached=NINE), EndShift)
    assert done.end_reason is EndMissionISS.TRACK_END and done.success()
    assert {e.name for e in EndMissionISS} == {"ALL_MODULES", "TRACK_END", "MILESTONE_MISSED"}
    assert isinstance(EndMissionISS.TRACK_END, isslab.EndReason) and EndMissionISS.TRACK_END.code == 2
    # the game view and the CLI show the reason's value: a sentence, as for every game
    assert all(isinstance(e.value, str) and e.value.startswith(("success", "failure")) for e in EndMissionISS)
    assert EndMissionISS.of(done.end) is EndMissionISS.TRACK_END and done.game_stats()["ending"] == 2


def test_everyone_shares_one_result_the_modules_attached() -> None:
    st = act(game(4).position(year=2010, attached=NINE), EndShift)
    assert st.returns() == (9.0,) * 4 and st.winners() == (0, 1, 2, 3) and st.ranks() == (1, 1, 1, 1)
    assert st.band() is ResultBand.REACH_FOR_THE_STARS
    lost = act(game(4).position(year=2008, attached=dict(list(NINE.items())[:8])), EndShift)
    assert lost.returns() == (8.0,) * 4 and lost.winners() == () and lost.ranks() == (2, 2, 2, 2)
    # before the end the returns are zero
    assert game(4).position().returns() == (0.0,) * 4


def test_statistics_name_the_result_and_the_commands_by_kind() -> None:
    rec = isslab.play(isslab.make("mission-iss", players=3), "planner", seed=4)
    stats = rec.game_stats
    for key in ("modules", "year", "ending", "band", "success", *Tally._fields):
        assert key in stats
    assert rec.end_reason is not None and stats["ending"] == rec.end_reason.code
    assert stats["modules"] == rec.returns[0] and stats["band"] == int(band_of(int(stats["modules"])))
    assert stats["attaches"] == stats["modules"]
    assert stats["turns"] == sum(s["seat_turns"] for s in rec.seat_stats)
    assert stats["shifts"] == sum(s["seat_shifts"] for s in rec.seat_stats) == rec.rounds


def test_simulate_reports_the_team_result_per_seat() -> None:
    df = isslab.simulate("mission-iss", bots="planner", games=6, seed=1, progress=False, players=2)
    assert len(df) == 12
    per_game = df.groupby("game")
    assert (per_game["returns"].nunique() == 1).all() and (per_game["win"].nunique() == 1).all()
    assert set(df["end_reason"]) <= {e.name for e in EndMissionISS}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_game_ends(players: int) -> None:
    for seed in range(3):
        for bot in ("random", "greedy", "planner"):
            rec = isslab.play(isslab.make("mission-iss", players=players), bot, seed=seed)
            assert rec.end_reason in set(EndMissionISS)
