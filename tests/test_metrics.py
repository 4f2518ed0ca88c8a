"""Designer metrics (``isslab.metrics``, ``isslab.frames.trace``) checked against values worked out by hand.

The records are games of a tiny race built here (not registered: the shared suites never see it).
Two seats; a chance step picks who moves first; then four moves, each adding points to the mover's
score: the first and third moves offer three choices (+0, +1, +2), the second and fourth one (+1).
After the second move a die adds 0 or 1 to the second mover, or a storm ends the game unfinished
(the convention of a safety cap: an end reason named UNFINISHED). The lead is the score.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
import pytest
from helpers_toys import toy_info

import isslab
from isslab.core import (
    CHANCE,
    TERMINAL,
    EndReason,
    Game,
    GameInfo,
    Option,
    ReturnsKind,
    State,
    action_type,
)
from isslab.frames.trace import TRACE_COLUMNS, GameTrace, declares_lead, leaders, summary, trace
from isslab.play import GameRecord


@action_type
class Start(NamedTuple):
    seat: int


@action_type
class Gain(NamedTuple):
    seat: int
    points: int


@action_type
class Die(NamedTuple):
    points: int  # -1: the storm


class RaceEnd(EndReason):
    DONE = "four moves made"
    UNFINISHED = "a storm stopped the game"


class Race(Game):
    id = "test-race"
    title = "Race"
    OPTIONS = (Option("players", 2, "seats", min=2, max=2),)
    ACTION_TYPES = (Start, Gain, Die)
    INFO = toy_info("Race", ("A", "B"), chance=True)

    def new_state(self) -> RaceState:
        st = object.__new__(RaceState)
        st._init_base(self)
        st.scores, st.ply, st.first, st.rolled, st.storm = (0, 0), 0, -1, False, False
        return st


class RaceState(State):
    FIELDS = ("scores", "ply", "first", "rolled", "storm")
    __slots__ = FIELDS
    scores: tuple[int, int]
    ply: int
    first: int
    rolled: bool
    storm: bool

    @property
    def current_player(self) -> int:
        if self.storm or self.ply == 4:
            return TERMINAL
        if self.first < 0 or (self.ply == 2 and not self.rolled):
            return CHANCE
        return (self.first + self.ply) % 2

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.first < 0:
            return [(Start(0), 0.5), (Start(1), 0.5)]
        return [(Die(-1), 0.2), (Die(0), 0.4), (Die(1), 0.4)]

    def _legal_actions(self) -> list[Any]:
        cp = self.current_player
        if cp == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return [Gain(cp, k) for k in ((0, 1, 2) if self.ply % 2 == 0 else (1,))]

    def _apply(self, action: Any) -> RaceState:
        new = self._copy()
        if isinstance(action, Start):
            new.first = action.seat
        elif isinstance(action, Die):
            new.rolled = True
            second = (self.first + 1) % 2
            if action.points < 0:
                new.storm = True
            else:
                new.scores = tuple(
                    v + (action.points if s == second else 0) for s, v in enumerate(self.scores)
                )
        else:
            new.scores = tuple(
                v + (action.points if s == action.seat else 0) for s, v in enumerate(self.scores)
            )
            new.ply = self.ply + 1
        return new

    def winners(self) -> tuple[int, ...]:
        if self.current_player != TERMINAL or self.storm:
            return ()
        return tuple(leaders(self.scores))

    def returns(self) -> tuple[float, ...]:
        return tuple(1.0 if s in self.winners() else 0.0 for s in range(2))

    def lead_scores(self) -> tuple[float, ...]:
        return tuple(float(v) for v in self.scores)

    @property
    def end_reason(self) -> RaceEnd | None:
        if self.current_player != TERMINAL:
            return None
        return RaceEnd.UNFINISHED if self.storm else RaceEnd.DONE

    @property
    def rounds(self) -> int:
        return self.ply // 2

    def _view(self, seat: int) -> dict[str, Any]:
        return {"scores": list(self.scores)}

    def __str__(self) -> str:
        return f"scores {self.scores}"


Race.STATE = RaceState
RACE = Race()


def record(actions: list[Any], bots: tuple[str, str] = ("a", "b")) -> GameRecord:
    """A GameRecord built by hand from an action list (as isslab.play would have recorded it)."""
    state = RACE.new_state()
    for a in actions:
        state = state.apply(a)
    assert state.is_terminal()
    moves = sum(1 for a in actions if isinstance(a, Gain))
    return GameRecord.ended(RACE, actions, state, length=moves, bots=bots, seed=None)


# the five games, with the lead scores at each point (the start, then after each step)
G1 = record([Start(0), Gain(0, 2), Gain(1, 1), Die(1), Gain(0, 0), Gain(1, 1)], ("weak", "strong"))
# points (0,0) (0,0) (2,0) (2,1) (2,2) (2,2) (2,3): B wins after trailing at two points
G2 = record([Start(1), Gain(1, 2), Gain(0, 1), Die(0), Gain(1, 1), Gain(0, 1)], ("strong", "weak"))
# points (0,0) (0,0) (0,2) (1,2) (1,2) (1,3) (2,3): B leads alone from point 2 and wins
G3 = record([Start(0), Gain(0, 1), Gain(1, 1), Die(0), Gain(0, 1), Gain(1, 1)], ("strong", "weak"))
# points (0,0) (0,0) (1,0) (1,1) (1,1) (2,1) (2,2): a shared win
G4 = record([Start(1), Gain(1, 2), Gain(0, 1), Die(-1)], ("weak", "strong"))
# points (0,0) (0,0) (0,2) (1,2) (1,2): the storm: unfinished, nobody wins
G5 = record([Start(0), Gain(0, 2), Gain(1, 1), Die(0), Gain(0, 2), Gain(1, 1)], ("strong", "weak"))
# points (0,0) (0,0) (2,0) (2,1) (2,1) (4,1) (4,2): A leads alone from point 2 and wins
GAMES = [G1, G2, G3, G4, G5]

# per game, by hand: first mover, decision moves, branching, lead changes, drama, decisiveness
BY_HAND = [
    (0, 2, 2.0, 1.0, 2 / 7, 0.0),  # B trails at 2 of 7 points; only the last point is B's alone
    (1, 2, 2.0, 0.0, 0.0, 1 - 2 / 6),  # settled at point 2 of 6 steps
    (0, 2, 2.0, 0.0, math.nan, math.nan),  # everybody won: nothing to trail, nothing to settle
    (1, 1, 2.0, 0.0, math.nan, math.nan),  # nobody won
    (0, 2, 2.0, 0.0, 0.0, 1 - 2 / 6),
]


def test_the_toy_race_is_a_game() -> None:
    assert [g.winners for g in GAMES] == [(1,), (1,), (0, 1), (), (0,)]
    assert [g.end_reason.name for g in GAMES] == ["DONE", "DONE", "DONE", "UNFINISHED", "DONE"]
    assert declares_lead(RACE.new_state()) and "test-race" not in isslab.games()


@pytest.mark.parametrize(("rec", "expected"), list(zip(GAMES, BY_HAND, strict=True)))
def test_per_game_numbers_match_the_hand_count(rec: GameRecord, expected: tuple[Any, ...]) -> None:
    got = summary(trace(rec))
    np.testing.assert_allclose(np.array(got, dtype=float), np.array(expected, dtype=float), equal_nan=True)


def test_a_trace_holds_actors_choices_and_every_point() -> None:
    t = trace(G1)
    assert t.actors == (CHANCE, 0, 1, CHANCE, 0, 1)
    assert t.choices == (0, 3, 1, 0, 3, 1)
    assert t.leads == ((0, 0), (0, 0), (2, 0), (2, 1), (2, 2), (2, 2), (2, 3))


def test_ties_neither_count_nor_reset_a_lead_change() -> None:
    from isslab.frames.trace import lead_changes

    leads = ((1, 0), (1, 1), (1, 2), (3, 3), (4, 3), (4, 4), (4, 5))  # A, tie, B, tie, A, tie, B
    t = GameTrace(2, (0,) * 6, (2,) * 6, leads, (1,))
    assert lead_changes(t) == 3
    assert lead_changes(GameTrace(2, (0,), (2,), None, (0,))) != lead_changes(t)  # NaN: no lead


def metric_table(**kw: Any) -> pd.DataFrame:
    return isslab.metrics(GAMES, skill=("strong", "weak"), **kw).set_index("metric")


def test_every_metric_matches_the_hand_count() -> None:
    m = metric_table()["value"]
    expected = {
        "completion": 4 / 5,  # the storm game was stopped
        "has_winner": 4 / 5,
        "shared_wins": 1 / 5,  # G3
        "win_rate[A]": 2 / 5,  # G3, G5
        "win_rate[B]": 3 / 5,  # G1, G2, G3
        "balance": 1 - (3 / 5 - 2 / 5),
        # won(first mover) - winners/2 per game: -1/2, +1/2, 1 - 1, 0 - 0, +1/2
        "first_player_advantage": (-0.5 + 0.5 + 0 + 0 + 0.5) / 5,
        "duration_moves": (4 + 4 + 4 + 2 + 4) / 5,
        "duration_rounds": (2 + 2 + 2 + 1 + 2) / 5,
        "branching_factor": 2.0,  # (3 + 1 + 3 + 1) / 4 in every game, (3 + 1) / 2 in G4
        "decision_moves": 0.5,  # 2 of 4 moves, 1 of 2 in G4
        "lead_changes": 1 / 5,
        "drama": (2 / 7 + 0 + 0) / 3,  # over G1, G2, G5 (some won, some lost)
        "decisiveness": (0 + 2 / 3 + 2 / 3) / 3,
        # strong minus weak per game: +1 (G1: B strong won), -1, 0 (both won), 0, +1
        "skill_trace": (1 - 1 + 0 + 0 + 1) / 5,
    }
    assert set(m.index) == set(expected)
    for name, value in expected.items():
        assert m[name] == pytest.approx(value), name


def test_intervals_use_the_documented_methods() -> None:
    t = metric_table()
    # Wilson for 4 of 5: [0.3755, 0.9638] (as in the tables)
    assert t.loc["completion", ["low", "high"]].tolist() == pytest.approx([0.3755, 0.9638], abs=1e-4)
    assert t.loc["completion", "method"] == "Wilson"
    # normal: moves 4, 4, 4, 2, 4 have sd 0.894, so 3.6 +- 1.96 * 0.4
    assert t.loc["duration_moves", ["low", "high"]].tolist() == pytest.approx(
        [2.816, 4.384], abs=1e-4
    )  # z = 1.95996
    assert t.loc["balance", "method"] == "bootstrap"
    low, high = t.loc["balance", ["low", "high"]]
    assert low <= t.loc["balance", "value"] <= high
    assert t.loc["drama", "games"] == 3 and t.loc["decisiveness", "games"] == 3
    assert set(t["method"]) == {"Wilson", "normal", "bootstrap"}


def test_a_frame_from_simulate_gives_the_same_numbers_as_its_records() -> None:
    game = isslab.make("space-1999", players=2, eagles=2)
    df = isslab.simulate(game, ["greedy", "random"], games=12, seed=3, progress=False, trace=True)
    recs = [isslab.play(game, ["greedy", "random"], seed=int(s)) for s in df.drop_duplicates("game")["seed"]]
    a = isslab.metrics(df).set_index("metric")["value"]
    b = isslab.metrics(recs).set_index("metric")["value"]
    pd.testing.assert_series_equal(a, b)
    assert set(TRACE_COLUMNS) <= set(df.columns)


def test_without_a_trace_the_step_metrics_say_what_they_need() -> None:
    df = isslab.simulate("space-1999", "greedy", games=6, progress=False, players=2, eagles=2)
    t = isslab.metrics(df).set_index("metric")
    assert math.isnan(t.loc["branching_factor", "value"])
    assert "trace=True" in t.loc["branching_factor", "note"]
    assert t.loc["duration_moves", "value"] == df["length"].mean()
    assert "greedy meets random" in t.loc["skill_trace", "note"]


def test_metrics_by_variant_and_refusals() -> None:
    df = isslab.sweep(
        "space-1999", {"eagles": [1, 2]}, "greedy", games=5, progress=False, players=2, trace=True
    )
    t = isslab.metrics(df, by="eagles")
    assert list(t["eagles"].unique()) == [1, 2]
    moves = t[t.metric == "duration_moves"].set_index("eagles")["value"]
    assert moves[1] < moves[2]
    with pytest.raises(ValueError, match="by: the frame has no column 'colour'"):
        isslab.metrics(df, by="colour")
    with pytest.raises(ValueError, match="records of one game|record 1 is a game of"):
        isslab.metrics([G1, isslab.play("space-1999", "greedy", seed=0)])
    with pytest.raises(ValueError, match="skill must be a \\(strong, weak\\) pair"):
        isslab.metrics(GAMES, skill="greedy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"a sweep over 'eagles'.*pool them into one\. Give by='eagles'"):
        isslab.metrics(df)  # a sweep's points are never pooled silently
    one = df[df["eagles"] == 1]  # one point of the sweep: nothing to pool
    assert len(isslab.metrics(one)) == len(t) // 2
    bare = pd.DataFrame(df.to_dict("list"))  # a frame rebuilt from its values has no attrs
    with pytest.raises(ValueError, match="attrs were lost.*: pass game="):
        isslab.metrics(bare)
    assert len(isslab.metrics(bare, by="eagles", game="space-1999")) == len(t)


def test_a_cooperative_game_has_no_seat_metrics() -> None:
    coop = GameInfo(
        "Team", 2, 2, ReturnsKind.COOPERATIVE, False, True, ("A", "B"), ("#000", "#111"), "random"
    )
    from isslab.analysis import designer

    frame = designer._records_frame(GAMES)
    table = designer._table(frame, coop, ("strong", "weak"), 0.95, ["game", "seed"])
    assert math.isnan(designer.balance(table).value)
    assert designer.seat_win_rates(table) == []
    assert "cooperative" in designer.lead_changes(table).note


@pytest.mark.parametrize("game_id", isslab.games())
def test_every_game_declares_a_lead_that_names_its_winners(game_id: str) -> None:
    """The hook's contract (``State.lead_scores``): at the end the winners lead, level on a shared win."""
    game = isslab.make(game_id)
    for seed in range(4):
        bots = game.info.default_bot if seed % 2 else "random"
        rec = isslab.play(game, bots, seed=seed)
        state = rec.final_state()
        scores = state.lead_scores()
        assert len(scores) == game.num_players
        if rec.winners and declares_lead(state):
            assert leaders(scores) == set(rec.winners), (seed, scores, rec.winners)


def test_the_lab_plots_work_in_scripts(tmp_path) -> None:
    """``isslab.analysis.plots`` takes the frames and draws with plain matplotlib (no widgets, no pyplot)."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from isslab.analysis import plots

    df = isslab.sweep(
        "space-1999",
        {"eagles": [1, 2]},
        ["greedy", "random"],
        games=20,
        progress=False,
        players=2,
        rotate_seats=True,
        trace=True,
    )
    table = plots.outcome_table(df, "eagles")
    assert table["variant"].tolist() == ["eagles=1", "eagles=2"] and (table["games"] == 20).all()
    assert table[["red", "blue", "shared", "nobody"]].sum(axis=1).round(9).eq(1).all()
    pts = plots.game_points(df, "eagles")
    assert len(pts) == 40 and pts["x"].between(-0.5, 1.5).all()
    fig = Figure()
    a, b, c, d = fig.subplots(1, 4)
    plots.plot_outcomes(df, "eagles", a)
    plots.plot_games(df, "eagles", ax=b)
    plots.plot_compare(isslab.compare(df, "eagles", "length"), c)
    plots.plot_metric(isslab.metrics(df, "eagles"), "decisiveness", "eagles", d)
    fig.savefig(tmp_path / "lab.png")
    assert (tmp_path / "lab.png").stat().st_size > 1000
    with pytest.raises(ValueError, match="no metric 'fun'"):
        plots.plot_metric(isslab.metrics(df, "eagles"), "fun", "eagles", d)
