"""A game reviewed step by step: ``isslab.review``, luck against skill, and rated decisions.

For every step of a game, :func:`review` gives each seat's chance (its win chance; in a cooperative
game its expected return) before and after the step, judged with the fitted model of the game from
what the reviewing seat may see (``seat=None``: each seat from its own view, after the game):

* **the value of a position** ``V``: at a seat's turn the model's value; at the end the returns; at
  a chance node the probability-weighted mean of the model's values of its outcomes (GNU
  Backgammon's reading of a roll). Outcomes are enumerated up to ``MAX_OUTCOMES``; a larger chance
  node (a shuffle) is averaged over that many outcomes drawn by their odds, seeded. In a review for
  one seat of a game with hidden information, the outcomes and their odds are those of a position
  drawn with ``resample_hidden(seat, ...)`` at that step (the real odds would reveal hidden cards).
* **luck** at a chance node: ``V`` after the outcome minus ``V`` before it (the mean over all
  outcomes), for every seat;
* **a decision's change**: ``V`` after minus ``V`` before, for every seat; for the decider also the
  best alternative, its value and the **loss** (the best alternative's value minus the value of the
  move played, both the model's value of the position each move leads to, from the decider's view),
  rated like lichess rates moves: an *inaccuracy* from a loss of 0.05, a *mistake* from 0.10, a
  *blunder* from 0.15 of the result's range (a win chance: 5, 10 and 15 points; lichess's 0.1,
  0.2 and 0.3 on its [-1, 1] scale). In a review for one seat, only that seat's decisions get
  alternatives (a rival's legal moves may depend on its hidden cards).

By construction, for each seat: its value at the end minus its value at the start equals its total
luck plus the change its own decisions made plus the change its rivals' decisions made
(:meth:`Review.summary` has the four columns; the tests check the identity on every game).

``method="rollout"`` values positions by rollouts instead (``games`` per position; a chance node by
rollouts from it, which sample its outcomes): slow, for checking the model.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.analysis.evaluate import evaluate
from isslab.analysis.winprob import WinModel, chance_kind, given_model, model
from isslab.core import CHANCE, Action, Game, IllegalActionError, State, short_repr
from isslab.play import GameRecord, derive_seeds

__all__ = ["MAX_OUTCOMES", "RATINGS", "Review", "hints", "rate", "review"]

#: the outcomes of a chance node averaged at most (a larger node is sampled)
MAX_OUTCOMES: Final = 48
#: decision ratings by loss (on the result's [0, 1] range), worst first
RATINGS: Final = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
#: the methods ``review`` offers
METHODS: Final = ("model", "rollout")
#: rollouts per position of ``method="rollout"`` at most (each position plays that many games)
MAX_GAMES: Final = 100_000
#: the most rows ``luckiest`` and moves ``hints`` list
MAX_COUNT: Final = 10_000


def rate(loss: float) -> str:
    """A decision's rating by its loss on the [0, 1] scale: blunder, mistake, inaccuracy or ""."""
    for name, threshold in RATINGS:
        if loss >= threshold - 1e-12:
            return name
    return ""


class _Valuer:
    """Values of positions for every seat, from one observer's view (None: each seat's own)."""

    def __init__(
        self, game: Game, method: str, observer: int | None, fitted: WinModel | None, games: int, seed: int
    ):
        self.game = game
        self.method = method
        self.observer = observer
        self.model = fitted
        self.games = games
        self.seed = seed
        self.n = game.num_players

    def values(self, states: Sequence[State]) -> list[list[float]]:
        """Every seat's value of each state (terminal states: their results)."""
        if self.method == "model":
            assert self.model is not None
            return self.model.values_many(states, self.observer)
        return [
            list(evaluate(s, self.observer, "rollout", self.games, seed=self.seed + s.move_number).chances)
            for s in states
        ]

    def value_for(self, states: Sequence[State], seat: int) -> list[float]:
        """``seat``'s value of each state, from its own view in a review for every seat."""
        if self.method == "rollout" or self.observer is not None:
            return [v[seat] for v in self.values(states)]
        assert self.model is not None
        return self.model.value_for(states, seat)


def _outcomes(state: State, rng: random.Random) -> list[tuple[Action, float]]:
    """The outcomes of a chance node with their weights; a large node is sampled by its odds."""
    outcomes = state.chance_outcomes()
    if len(outcomes) <= MAX_OUTCOMES:
        return outcomes
    drawn = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes], k=MAX_OUTCOMES)
    return [(a, 1.0 / MAX_OUTCOMES) for a in drawn]


@dataclass(frozen=True)
class Review:
    """A reviewed game: one row per step (:func:`review`), with the summaries built on them."""

    game: Game
    seat: int | None
    method: str
    kind: str
    rows: pd.DataFrame
    #: every seat's value before the first step and at the end
    start: tuple[float, ...]
    end: tuple[float, ...]
    #: the lowest and highest result (for ratings and plots on [0, 1])
    bounds: tuple[float, float]

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The names of the seats."""
        return tuple(self.game.seat_name(s) for s in range(self.game.num_players))

    def curve(self) -> np.ndarray:
        """Steps + 1 rows by seats: every seat's value before each step, and at the end."""
        n = self.game.num_players
        before = self.rows[[f"before_{j}" for j in range(n)]].to_numpy(dtype=float)
        return np.vstack([before, np.asarray(self.end, dtype=float)[None, :]])

    def summary(self) -> pd.DataFrame:
        """One row per seat: start, end, luck, own and rivals' decisions, loss, and decisions by rating."""
        r = self.rows
        out = []
        for j, name in enumerate(self.seat_names):
            change = r[f"after_{j}"] - r[f"before_{j}"]
            own = r["actor"] == j
            rival = (r["actor"] >= 0) & ~own
            mine = r[own & r["loss"].notna()]
            row: dict[str, Any] = {
                "seat": j,
                "name": name,
                "start": self.start[j],
                "end": self.end[j],
                "luck": float(r[f"luck_{j}"].sum()),
                "own_decisions": float(change[own].sum()),
                "rivals_decisions": float(change[rival].sum()),
                "loss": float(mine["loss"].sum()) if len(mine) else math.nan,
                "decisions": int(own.sum()),
            }
            for rating, _ in RATINGS:
                row[rating] = int((mine["rating"] == rating).sum())
            out.append(row)
        return pd.DataFrame(out)

    def _seat(self, seat: Any) -> int:
        """A seat of this game (``ValueError`` naming the range: -1 is not the last seat)."""
        return checks.seat("seat", seat, self.game.num_players)

    def decisions(self, seat: int | None = None) -> pd.DataFrame:
        """The rated decisions (of ``seat``, or all), with the best alternative and the loss."""
        r = self.rows[self.rows["loss"].notna()]
        seat = checks.optional_seat("seat", seat, self.game.num_players)
        if seat is not None:
            r = r[r["actor"] == seat]
        return r[["step", "who", "action", "chance", "best", "best_chance", "loss", "rating"]]

    def luckiest(self, seat: int, count: int = 3, worst: bool = False) -> pd.DataFrame:
        """``seat``'s ``count`` luckiest chance steps (``worst=True``: unluckiest)."""
        seat = self._seat(seat)
        count = checks.integer("count", count, 0, MAX_COUNT)
        worst = checks.flag("worst", worst)
        r = self.rows[self.rows["kind"] == "chance"]
        col = f"luck_{seat}"
        r = r.sort_values(col, ascending=worst, kind="stable").head(count)
        r = r[r[col] < 0] if worst else r[r[col] > 0]
        return r[["step", "action", col]].rename(columns={col: "luck"})

    def in_words(self, seat: int) -> str:
        """Luck against skill of ``seat`` in a sentence a player understands."""
        s = self.summary().iloc[self._seat(seat)]
        span = self.bounds[1] - self.bounds[0]
        unit = "points of win chance" if self.kind == "win chance" else "points of the result's range"

        def pts(x: float) -> str:
            return f"{abs(x) / span * 100:.0f}"

        luck = "the dice and draws gave" if s["luck"] >= 0 else "the dice and draws cost"
        own = "its own decisions gained" if s["own_decisions"] >= 0 else "its own decisions cost"
        riv = (
            "its rivals' decisions gave it" if s["rivals_decisions"] >= 0 else "its rivals' decisions cost it"
        )
        text = (
            f"{s['name']} went from {s['start']:.2f} to {s['end']:.2f}: {luck} {pts(s['luck'])} {unit}, "
            f"{own} {pts(s['own_decisions'])} and {riv} {pts(s['rivals_decisions'])}."
        )
        if not math.isnan(s["loss"]) and s["decisions"]:
            plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
            bad = ", ".join(f"{int(s[r])} {r if s[r] == 1 else plural[r]}" for r, _ in RATINGS if s[r])
            text += (
                f" Against the best move each time it gave away {pts(s['loss'])} {unit} over "
                f"{int(s['decisions'])} decisions" + (f" ({bad})." if bad else ", with no move rated worse.")
            )
        return text


def _path(data: GameRecord | State) -> tuple[Game, list[State], list[Action]]:
    """The states and actions of a record (checked against its replay) or of a state's history."""
    if isinstance(data, State):
        game = data.game
        actions = list(data.history)
        start = game.new_state()
    elif isinstance(data, GameRecord):
        game = data.game
        actions = list(data.actions)
        start = data.start if data.start is not None else game.new_state()
    else:
        raise ValueError(f"review takes a GameRecord or a State, got {short_repr(data, 60)}")
    states = [start]
    for i, a in enumerate(actions):
        try:
            states.append(states[-1].apply(a))
        except IllegalActionError as exc:
            raise ValueError(f"the record was edited or is of another game: step {i}: {exc}") from None
    if isinstance(data, GameRecord):
        final = states[-1]
        if data.steps != len(actions) or (
            final.is_terminal() and tuple(final.returns()) != tuple(data.returns)
        ):
            raise ValueError(
                "the record was edited: its result or length does not match the replay of its actions "
                f"(record returns {short_repr(data.returns)}, replayed {short_repr(final.returns())})"
            )
    return game, states, actions


def review(
    data: GameRecord | State,
    seat: int | None = None,
    method: str = "model",
    *,
    seed: int = 0,
    games: int = 50,
    model_: WinModel | None = None,
    alternatives: bool = True,
) -> Review:
    """Review a game step by step (module docstring): a record, or a state and its history.

    ``seat`` reviews as that seat may know the game (its views and the action texts it was shown);
    None reviews with each seat's own view. The same seed gives the same rows. ``games`` is the
    rollouts per position of ``method="rollout"``; ``alternatives=False`` skips the best
    alternatives (the designer metrics need only the values and the luck).
    """
    method = checks.choice("method", method, METHODS)
    seed = checks.seed("seed", seed)
    games = checks.integer("games", games, 1, MAX_GAMES)
    alternatives = checks.flag("alternatives", alternatives)
    game, states, actions = _path(data)
    seat = checks.optional_seat("seat", seat, game.num_players)
    fitted = given_model(model_, game)
    if method == "model":
        fitted = fitted if fitted is not None else model(game)
        fitted.check(states[0])
        bounds = (fitted.lo, fitted.hi)
    else:
        bounds = (0.0, 1.0)
    valuer = _Valuer(game, method, seat, fitted, games, seed)
    n = game.num_players
    hidden = seat is not None and game.info.hidden_information
    step_seeds = derive_seeds(seed, max(1, len(states)))
    # V of every state: the model at a turn, the returns at the end, the mean over outcomes at chance
    values = [list(v) for v in valuer.values(states)]
    for t, s in enumerate(states):
        if s.current_player != CHANCE or method == "rollout":
            continue
        rng = random.Random(step_seeds[t])
        world = s.resample_hidden(seat, rng) if hidden and seat is not None else s
        outs = _outcomes(world, rng)
        kids = valuer.values([world.apply(a) for a, _ in outs])
        total = sum(p for _, p in outs)
        values[t] = [sum(p * v[j] for (_, p), v in zip(outs, kids, strict=True)) / total for j in range(n)]
    span = bounds[1] - bounds[0]
    rows: list[dict[str, Any]] = []
    for t, (s, a) in enumerate(zip(states, actions, strict=False)):
        actor = s.current_player
        before, after = values[t], values[t + 1]
        row: dict[str, Any] = {
            "step": t,
            "actor": actor,
            "who": "chance" if actor == CHANCE else game.seat_name(actor),
            "kind": "chance" if actor == CHANCE else "decision",
            "action": s.describe(a, seat),
        }
        for j in range(n):
            row[f"before_{j}"] = before[j]
            row[f"after_{j}"] = after[j]
            row[f"luck_{j}"] = after[j] - before[j] if actor == CHANCE else math.nan
        row.update(chance=math.nan, best=None, best_chance=math.nan, loss=math.nan, rating="")
        if actor >= 0 and alternatives and (seat is None or seat == actor):
            legal = s.legal_actions()
            if len(legal) > 1:
                vals = valuer.value_for([s.apply(x) for x in legal], actor)
                played = legal.index(s.resolve(a))
                best = max(range(len(legal)), key=lambda i: (vals[i], -i))
                loss = max(0.0, vals[best] - vals[played])
                row.update(
                    chance=vals[played],
                    best=s.describe(legal[best], seat),
                    best_chance=vals[best],
                    loss=loss,
                    rating=rate(loss / span),
                )
        rows.append(row)
    cols = ["step", "actor", "who", "kind", "action"]
    for j in range(n):
        cols += [f"before_{j}", f"after_{j}", f"luck_{j}"]
    cols += ["chance", "best", "best_chance", "loss", "rating"]
    frame = pd.DataFrame(rows, columns=cols)
    frame.attrs.update(game=game.id, seat=seat, seat_names=[game.seat_name(j) for j in range(n)])
    return Review(game, seat, method, chance_kind(game), frame, tuple(values[0]), tuple(values[-1]), bounds)


def hints(
    state: State, seat: int | None = None, count: int = 3, simulations: int = 60, seed: int = 0
) -> list[tuple[str, float, int]]:
    """The search bot's ``count`` best moves for the seat to move: ``(text, chance, visits)``, best first.

    The search is the game's ``mcts`` (``ismcts`` with hidden information), which never looks at what
    the seat may not see; ``chance`` is the search's mean result of the move.
    """
    from isslab.core import bot

    if not isinstance(state, State):
        raise ValueError(f"hints take an isslab State, got {short_repr(state, 60)}")
    seat = checks.optional_seat("seat", seat, state.game.num_players)
    count = checks.integer("count", count, 1, MAX_COUNT)
    seed = checks.seed("seed", seed)
    mover = state.current_player
    if mover < 0:
        raise ValueError(f"hints need a seat to move; {state!r} is not a seat's turn")
    name = "ismcts" if state.game.info.hidden_information else "mcts"
    search = bot(state.game.id, name, simulations=simulations)  # the bot checks the budget
    result = search.search(state, random.Random(seed))  # type: ignore[attr-defined]
    order = sorted(range(len(result.actions)), key=lambda i: (-result.visits[i], i))[:count]
    return [
        (
            state.describe(result.actions[i], mover if seat is None else seat),
            float(result.values[i]),
            int(result.visits[i]),
        )
        for i in order
    ]
