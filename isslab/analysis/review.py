"""A game reviewed step by step: ``isslab.review``, luck against skill, and a judge of every decision.

For every step of a game, :func:`review` gives each seat's value (its win chance; in a cooperative
game its expected return) before and after the step, with **one valuation** that the review names
(:mod:`isslab.analysis.valuation`):

* ``valuation="rollouts"`` (the default), the judge's: every position played to the end by the
  line-up, ``rollouts`` times (the bots that played the record, when it names them; else the
  game's default bot at every seat; ``bots=`` says otherwise). A value says "if these bots played
  from here", and it has a standard error;
* ``valuation="model"``: the fitted model of the same line-up (the table model where it knows the
  line-up's bots), fast, no error bars, and weaker than the bots it judges (the designer metrics of
  many games use it);
* any :class:`~isslab.analysis.valuation.Valuation` (the expert's search values, when they land).

What the rows hold:

* **the value of a position** ``V``: the valuation's, as the reviewing seat may know it; at a chance
  node the expectation over its outcomes (the rollouts meet them in the proportions of the law and
  weigh them by it; the model averages up to 48 of them). ``se_j`` is the standard error of seat
  ``j``'s value after the step;
* **luck** at a chance node: ``V`` after the outcome minus ``V`` before it, for every seat, with a
  rating (*lucky*, *very unlucky*, ...: :mod:`isslab.analysis.ratings`) where it is larger than
  its noise;
* **a decision's change**: ``V`` after minus ``V`` before, for every seat; for the decider also the
  judge's verdict (:mod:`isslab.analysis.judge`): the moves compared, the best of them, and the
  **loss** (the best move's value minus the move played's, on the same random numbers, with its
  standard error), rated like lichess rates moves. ``chance``, the value of the move played, *is*
  the graph's value after the step, and ``best_chance`` is it plus the loss: one valuation serves
  the table and the graph. :meth:`Review.line` gives the judge's best line from a decision.

Whose knowledge: with ``seat`` the review is that seat's (its views, the action texts it was shown,
and positions drawn from what it may know where something is hidden; only its decisions are judged,
since a rival's legal moves may depend on its hidden cards). Without, it is the review after the
game: values of the real positions (every card face up, as a broadcast of a card game shows the
hands), and every decision judged from what its maker could know (the moves compared in positions
drawn from the maker's view).

By construction, for each seat: its value at the end minus its value at the start equals its total
luck plus the change its own decisions made plus the change its rivals' decisions made
(:meth:`Review.summary` has the columns, and the luck-adjusted result: the result less the luck).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.analysis.judge import LINE_PLIES, Judge, advisers_of
from isslab.analysis.ratings import RATINGS, accuracy, label, luck_rating, rate
from isslab.analysis.valuation import (
    DEFAULT_ROLLOUTS,
    Estimate,
    ModelValuation,
    Rollouts,
    Valuation,
    paired_se,
)
from isslab.analysis.winprob import WinModel, available, chance_kind, given_model, model
from isslab.bots.mcts import SearchBot
from isslab.core import CHANCE, Action, Game, IllegalActionError, State, bot, lineage, short_repr
from isslab.frames.stats import mean_interval
from isslab.play import BotSpec, GameRecord, expand_bots

__all__ = [
    "GAME_ROLLOUTS",
    "RATINGS",
    "SEARCH_ROLLOUTS",
    "VALUATIONS",
    "Review",
    "hints",
    "rate",
    "review",
    "merge_separation",
    "separation",
]

#: the valuations ``review`` offers by name
VALUATIONS: Final = ("rollouts", "model")
#: rollouts per position where a search bot (the expert) advises the judge: four times the default
SEARCH_ROLLOUTS: Final = 4 * DEFAULT_ROLLOUTS
#: rollouts per position of the games whose moves differ by less than the default can tell: in
#: Space: 1999 at 12, the judge found no move of ``random`` clearly worse than greedy's in 15 of 100
#: games (at 48, in none of those 15; a review then costs about 2 CPU seconds)
GAME_ROLLOUTS: Final = {"space-1999": SEARCH_ROLLOUTS}
#: ``bots=LINEUP`` rolls out with the bots that played the record
LINEUP: Final = "lineup"
#: the most rows ``luckiest`` and moves ``hints`` list, and the most moves of a best line
MAX_COUNT: Final = 10_000
MAX_PLIES: Final = 100


@dataclass(frozen=True)
class Review:
    """A reviewed game: one row per step (:func:`review`), with the summaries built on them."""

    game: Game
    seat: int | None
    #: the valuation in words: whose play every value assumes
    valuation: str
    kind: str
    rows: pd.DataFrame
    #: every seat's value before the first step and at the end
    start: tuple[float, ...]
    end: tuple[float, ...]
    #: the lowest and highest result (for ratings and plots on [0, 1])
    bounds: tuple[float, float]
    #: how the judge chose the moves it compared, in words
    candidates: str = ""
    _judge: Judge | None = field(default=None, repr=False, compare=False)
    _states: tuple[State, ...] = field(default=(), repr=False, compare=False)
    _best: dict[int, Action] = field(default_factory=dict, repr=False, compare=False)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The names of the seats."""
        return tuple(self.game.seat_name(s) for s in range(self.game.num_players))

    @property
    def span(self) -> float:
        """The width of the result's range."""
        return self.bounds[1] - self.bounds[0]

    def curve(self) -> np.ndarray:
        """Steps + 1 rows by seats: every seat's value before each step, and at the end."""
        n = self.game.num_players
        before = self.rows[[f"before_{j}" for j in range(n)]].to_numpy(dtype=float)
        return np.vstack([before, np.asarray(self.end, dtype=float)[None, :]])

    def summary(self) -> pd.DataFrame:
        """One row per seat: the accounting (luck, decisions, luck-adjusted result) and its play's quality.

        ``error_rate`` is the mean loss per judged decision in thousandths of the result's range
        (``error_low``, ``error_high``: its 95% interval over the decisions), ``accuracy`` lichess's
        (0-100) and ``label`` the ladder's word (:mod:`isslab.analysis.ratings`).
        """
        r = self.rows
        out = []
        for j, name in enumerate(self.seat_names):
            change = r[f"after_{j}"] - r[f"before_{j}"]
            own = r["actor"] == j
            rival = (r["actor"] >= 0) & ~own
            mine = r[own & r["loss"].notna()]
            luck = float(r[f"luck_{j}"].sum())
            losses = mine["loss"].to_numpy(dtype=float) / self.span
            low, high = mean_interval(losses * 1000)
            rate_ = float(losses.mean() * 1000) if len(losses) else math.nan
            row: dict[str, Any] = {
                "seat": j,
                "name": name,
                "start": self.start[j],
                "end": self.end[j],
                "luck": luck,
                "own_decisions": float(change[own].sum()),
                "rivals_decisions": float(change[rival].sum()),
                "luck_adjusted": self.end[j] - luck,
                "decisions": int(own.sum()),
                "judged": len(mine),
                "loss": float(mine["loss"].sum()) if len(mine) else math.nan,
                "error_rate": rate_,
                "error_low": max(0.0, low) if not math.isnan(low) else math.nan,
                "error_high": high,
                "accuracy": accuracy(losses),
                "label": label(rate_),
            }
            for rating, _ in RATINGS:
                row[rating] = int((mine["rating"] == rating).sum())
            marks = r[f"luck_rating_{j}"]
            row["lucky"] = int(marks.str.endswith(" lucky").sum() + (marks == "lucky").sum())
            row["unlucky"] = int(marks.str.endswith("unlucky").sum())
            row["valuation"] = self.valuation
            out.append(row)
        frame = pd.DataFrame(out)
        frame.attrs["valuation"] = self.valuation
        return frame

    def _seat(self, seat: Any) -> int:
        """A seat of this game (``ValueError`` naming the range: -1 is not the last seat)."""
        return checks.seat("seat", seat, self.game.num_players)

    def decisions(self, seat: int | None = None) -> pd.DataFrame:
        """The judged decisions (of ``seat``, or all), with the best move, the loss and its standard error."""
        r = self.rows[self.rows["loss"].notna()]
        seat = checks.optional_seat("seat", seat, self.game.num_players)
        if seat is not None:
            r = r[r["actor"] == seat]
        out = r[
            [
                "step",
                "who",
                "action",
                "chance",
                "best",
                "best_chance",
                "loss",
                "loss_se",
                "rating",
                "compared",
            ]
        ]
        out.attrs["valuation"] = self.valuation
        return out

    def luckiest(self, seat: int, count: int = 3, worst: bool = False) -> pd.DataFrame:
        """``seat``'s ``count`` luckiest chance steps (``worst=True``: unluckiest), with error and rating."""
        seat = self._seat(seat)
        count = checks.integer("count", count, 0, MAX_COUNT)
        worst = checks.flag("worst", worst)
        r = self.rows[self.rows["kind"] == "chance"]
        col = f"luck_{seat}"
        r = r.sort_values(col, ascending=worst, kind="stable").head(count)
        r = r[r[col] < 0] if worst else r[r[col] > 0]
        return r[["step", "action", col, f"luck_se_{seat}", f"luck_rating_{seat}"]].rename(
            columns={col: "luck", f"luck_se_{seat}": "luck_se", f"luck_rating_{seat}": "rating"}
        )

    def line(self, step: int, plies: int = LINE_PLIES) -> list[str]:
        """The judge's best line at decision ``step``: its best move, then up to ``plies`` more moves.

        Every move as the reviewing seat may know it; the line stops at a chance node (``"(then
        chance)"``) or the end. Empty for a step that was not judged.
        """
        step = checks.integer("step", step, 0, len(self.rows) - 1)
        plies = checks.integer("plies", plies, 0, MAX_PLIES)
        best = self._best.get(step)
        if best is None or self._judge is None:
            return []
        s = self._states[step]
        if self.seat is not None and self.game.info.hidden_information:
            s = self._judge._asked(s, self.seat)  # a position drawn from the seat's knowledge
        after = s.apply(best)
        return [s.describe(best, self.seat), *self._judge.line(after, self.seat, plies)]

    def in_words(self, seat: int) -> str:
        """Luck against skill of ``seat`` in sentences a player understands, naming the valuation."""
        s = self.summary().iloc[self._seat(seat)]
        unit = "points of win chance" if self.kind == "win chance" else "points of the result's range"

        def pts(x: float) -> str:
            return f"{abs(x) / self.span * 100:.0f}"

        luck = "the dice and draws gave" if s["luck"] >= 0 else "the dice and draws cost"
        own = "its own decisions gained" if s["own_decisions"] >= 0 else "its own decisions cost"
        riv = (
            "its rivals' decisions gave it" if s["rivals_decisions"] >= 0 else "its rivals' decisions cost it"
        )
        text = (
            f"{s['name']} went from {s['start']:.2f} to {s['end']:.2f}: {luck} {pts(s['luck'])} {unit}, "
            f"{own} {pts(s['own_decisions'])} and {riv} {pts(s['rivals_decisions'])}; "
            f"its result less its luck is {s['luck_adjusted']:.2f}."
        )
        if s["judged"]:
            plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
            bad = ", ".join(f"{int(s[r])} {r if s[r] == 1 else plural[r]}" for r, _ in RATINGS if s[r])
            interval = (
                f" [{s['error_low']:.1f}, {s['error_high']:.1f}]" if not math.isnan(s["error_high"]) else ""
            )
            text += (
                f" Against the judge's best move it gave away {pts(s['loss'])} {unit} over "
                f"{int(s['judged'])} decisions"
                + (f" ({bad})" if bad else ", with no move rated worse")
                + f": an error rate of {s['error_rate']:.1f}{interval} thousandths a decision, "
                f"accuracy {s['accuracy']:.0f}, {s['label']}."
            )
        return text + f" Values: {self.valuation}."


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


def _seed_of(texts: Sequence[str]) -> int:
    """A seed from a game's moves as texts (the same game, the same seed, in any process)."""
    digest = hashlib.sha256("\x1f".join(texts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _lineup(game: Game, data: GameRecord | State, bots: BotSpec | None) -> BotSpec:
    """The bots the rollouts play: ``bots`` (``"lineup"``: the record's), else the default bot everywhere."""
    if bots is None:
        return game.info.default_bot
    if isinstance(bots, str) and bots == LINEUP:
        if not isinstance(data, GameRecord):
            raise ValueError(
                "bots='lineup' reviews a GameRecord (it names the bots that played), not a State"
            )
        return list(data.bots)
    return bots


def _bounds(game: Game, fitted: WinModel | None, values: Sequence[Estimate]) -> tuple[float, float]:
    """The result's range: [0, 1] for a win chance; else the model's, widened to what was seen."""
    if chance_kind(game) == "win chance":
        return (0.0, 1.0)
    seen = [v for e in values for v in e.mean if not math.isnan(v)]
    lo, hi = (fitted.lo, fitted.hi) if fitted is not None else (0.0, 1.0)
    return (min([lo, *seen]), max([hi, *seen]))


def _names(game: Game, lineup: BotSpec) -> tuple[str, ...] | None:
    """The line-up as bot names a model can be bound to; None when it holds a callable."""
    seq = expand_bots(game, lineup)
    return tuple(seq) if all(isinstance(b, str) for b in seq) else None  # type: ignore[arg-type]


def _first_pass(game: Game, names: tuple[str, ...] | None) -> WinModel | None:
    """A model at hand for the judge's first pass (never fitted here): the line-up's, else the default's."""
    try:
        found = available(game, names) if names is not None else None
    except ValueError:  # a bot no model names (a search bot with parameters): the default's will do
        found = None
    return found if found is not None else available(game)


def _judge_rollouts(game: Game, rollouts: int | None, advisers: Sequence[str]) -> int:
    """The rollouts per position: as given, else enough for the strongest adviser (module docstring).

    A judge must play at least as well as the players it judges: the expert's moves beat the
    heuristics' by a few hundredths, which twelve rollouts cannot tell from noise (over 100 games of
    Space: 1999 the expert's loss was the smaller in 0.61, and no loss at all was seen in a third).
    """
    if rollouts is not None:
        return rollouts  # checked by the valuation
    base = next((GAME_ROLLOUTS[g] for g in lineage(game.id) if g in GAME_ROLLOUTS), DEFAULT_ROLLOUTS)
    searching = any(isinstance(bot(game.id, name), SearchBot) for name in advisers)
    return max(base, SEARCH_ROLLOUTS) if searching else base


def _valuer(
    game: Game,
    valuation: str | Valuation,
    lineup: BotSpec,
    rollouts: int,
    compared: int | None,
    seed: int,
    model_: WinModel | None,
) -> tuple[Valuation, WinModel | None]:
    """The valuation asked for, and the model at hand (the first pass, or the valuation itself)."""
    names = _names(game, lineup)
    if isinstance(valuation, Valuation):
        return valuation, model_ if model_ is not None else _first_pass(game, names)
    if valuation == "model":
        # the model of the line-up the review assumes (a table model knows the game's own bots)
        fitted = model_ if model_ is not None else model(game, bots=names)
        return ModelValuation(fitted, seed), fitted
    if valuation == "rollouts":
        valuer = Rollouts(game, lineup, rollouts, seed, compared=compared)
        return valuer, model_ if model_ is not None else _first_pass(game, names)
    raise ValueError(
        f"valuation must be one of {', '.join(map(repr, VALUATIONS))} or a Valuation, "
        f"got {short_repr(valuation, 40)}"
    )


def review(
    data: GameRecord | State,
    seat: int | None = None,
    valuation: str | Valuation = "rollouts",
    *,
    bots: BotSpec | None = None,
    rollouts: int | None = None,
    compared: int | None = None,
    seed: int | None = None,
    model_: WinModel | None = None,
    advisers: Sequence[str] = (),
    alternatives: bool = True,
) -> Review:
    """Review a game step by step (module docstring): a record, or a state and its history.

    ``seat`` reviews as that seat may know the game; None is the review after the game. ``bots``
    are the line-up the rollouts play (default: the game's default bot at every seat; ``"lineup"``:
    the record's bots),
    ``rollouts`` the rollouts per position of the graph (None: ``DEFAULT_ROLLOUTS``, the game's
    ``GAME_ROLLOUTS``, or ``SEARCH_ROLLOUTS`` where a search bot advises: its moves differ from the
    heuristics' by less than a few rollouts can tell) and ``compared`` per move compared at a
    decision (twice as many by default). ``model_`` is the fitted model to use (the first pass, or
    the valuation with ``valuation="model"``); without one the package's or the cache's is taken
    when there is one (the review never fits one, except for ``valuation="model"``). ``advisers``
    are more bots whose moves the judge compares (``"expert"``). ``alternatives=False`` judges no
    decision (the designer metrics need only the values and the luck). The same seed gives the same
    rows; by default the seed comes from the game's moves, so that the reviews of different games
    do not share their rollouts' noise (an average over games then shrinks it).
    """
    if not isinstance(valuation, Valuation):
        valuation = checks.choice("valuation", valuation, VALUATIONS)
    seed = None if seed is None else checks.seed("seed", seed)
    alternatives = checks.flag("alternatives", alternatives)
    game, states, actions = _path(data)
    seat = checks.optional_seat("seat", seat, game.num_players)
    model_ = given_model(model_, game)
    if seed is None:  # from the moves as the reviewing seat knows them (a hidden one must not show)
        seed = _seed_of([st.describe(a, seat) for st, a in zip(states, actions, strict=False)])
    lineup = _lineup(game, data, bots)
    rollouts = _judge_rollouts(game, rollouts, advisers)
    valuer, fitted = _valuer(game, valuation, lineup, rollouts, compared, seed, model_)
    if fitted is not None and fitted is not model_:
        fitted.check(states[0])
    n = game.num_players
    hidden = game.info.hidden_information
    values = _forced_as_played(valuer.values(states, seat), states, seat, hidden)
    bounds = _bounds(game, fitted, values)
    span = bounds[1] - bounds[0]
    names = tuple(getattr(valuer, "bots", ())) or (game.info.default_bot,) * n
    first = ModelValuation(fitted, seed) if fitted is not None and not valuer.cheap else None
    judge = Judge(game, valuer, first, advisers_of(game, names, advisers), span, seed)
    rows: list[dict[str, Any]] = []
    best_moves: dict[int, Action] = {}
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
            row[f"before_{j}"] = before.mean[j]
            row[f"after_{j}"] = after.mean[j]
            row[f"se_{j}"] = after.se[j]
            luck = after.mean[j] - before.mean[j] if actor == CHANCE else math.nan
            se = paired_se(after, before, j) if actor == CHANCE else math.nan
            row[f"luck_{j}"] = luck
            row[f"luck_se_{j}"] = se
            row[f"luck_rating_{j}"] = luck_rating(luck / span, se / span) if actor == CHANCE else ""
        row.update(chance=math.nan, best=None, best_chance=math.nan, loss=math.nan, loss_se=math.nan)
        row.update(rating="", compared=0)
        if actor >= 0 and alternatives and (seat is None or seat == actor) and len(s.legal_actions()) > 1:
            view = seat if seat is not None else (actor if hidden else None)
            played = s.resolve(a)
            verdict = judge.examine(s, played, view)
            best = verdict.candidates[verdict.best]
            chance = after.mean[actor]  # the graph's value after the move: one valuation
            row.update(
                chance=chance,
                best=s.describe(best, seat),
                best_chance=chance + verdict.loss,
                loss=verdict.loss,
                loss_se=verdict.loss_se,
                rating=rate(verdict.loss / span),
                compared=len(verdict.candidates) if verdict.examined else 0,
            )
            best_moves[t] = best
        rows.append(row)
    cols = ["step", "actor", "who", "kind", "action"]
    for j in range(n):
        cols += [f"before_{j}", f"after_{j}", f"se_{j}", f"luck_{j}", f"luck_se_{j}", f"luck_rating_{j}"]
    cols += ["chance", "best", "best_chance", "loss", "loss_se", "rating", "compared"]
    frame = pd.DataFrame(rows, columns=cols)
    frame.attrs.update(
        game=game.id, seat=seat, seat_names=[game.seat_name(j) for j in range(n)], valuation=valuer.name
    )
    return Review(
        game, seat, valuer.name, chance_kind(game), frame, values[0].mean, values[-1].mean, bounds,
        judge.describe(), judge, tuple(states), best_moves,
    )  # fmt: skip


def _forced_as_played(
    values: list[Estimate], states: Sequence[State], seat: int | None, hidden: bool
) -> list[Estimate]:
    """The values with a forced move's position valued as the position after it (one valuation).

    A seat with one legal move makes no decision, so the value cannot change there: a valuation that
    values the two positions apart (a model, rollouts) would charge its own noise to the mover as a
    decision (a pure-luck race read as 8% decisions). Where the reviewing seat could not know that a
    rival's move was forced (hidden information, a rival's turn), the values stay as they are.
    """
    out = list(values)
    for t in range(len(states) - 2, -1, -1):  # backwards: a chain of forced moves takes the last value
        actor = states[t].current_player
        knows = not hidden or seat is None or seat == actor
        if actor >= 0 and knows and len(states[t].legal_actions()) == 1:
            out[t] = out[t + 1]
    return out


def hints(
    state: State,
    seat: int | None = None,
    count: int = 3,
    *,
    bots: BotSpec | None = None,
    rollouts: int = DEFAULT_ROLLOUTS,
    seed: int = 0,
    model_: WinModel | None = None,
) -> list[tuple[str, float, float]]:
    """The judge's ``count`` best moves for the seat to move: ``(text, chance, standard error)``, best first.

    The judge of :func:`review` with rollouts by ``bots`` (default: the game's default bot at every
    seat): the moves of the advisers and the model's best moves (with no model at hand, the first
    legal moves instead), compared by rollouts from positions drawn from what the seat to move may
    know. Texts as ``seat`` may know them (None: all).
    """
    if not isinstance(state, State):
        raise ValueError(f"hints take an isslab State, got {short_repr(state, 60)}")
    mover = state.current_player
    if mover < 0:
        raise ValueError(f"hints need a seat to move; {state!r} is not a seat's turn")
    seat = checks.optional_seat("seat", seat, state.game.num_players)
    count = checks.integer("count", count, 1, MAX_COUNT)
    seed = checks.seed("seed", seed)
    model_ = given_model(model_, state.game)
    game = state.game
    valuer = Rollouts(game, bots, rollouts, seed)
    fitted = model_ if model_ is not None else _first_pass(game, _names(game, valuer.bots))
    first = ModelValuation(fitted, seed) if fitted is not None else None
    span = 1.0 if fitted is None else fitted.hi - fitted.lo
    judge = Judge(
        game, valuer, first, advisers_of(game, valuer.bots), span, seed, top=max(2, count), fill=True
    )
    view = mover if game.info.hidden_information else None
    moves, ests = judge.best(state, view)
    if not ests:
        return [(state.describe(moves[0], seat), math.nan, math.nan)]
    return [
        (state.describe(m, seat), e.mean[mover], e.se[mover])
        for m, e in zip(moves[:count], ests, strict=False)
    ]


def separation(
    game_id: str,
    weak: str = "random",
    strong: str | None = None,
    games: int = 20,
    *,
    players: int = 2,
    bots: BotSpec | None = None,
    advisers: Sequence[str] = (),
    seed: int = 0,
    start: int = 0,
) -> dict[str, Any]:
    """Does the review charge the weaker bot more? ``games`` games of ``weak`` against ``strong``.

    At a table of ``players`` (one seat ``weak``, the others ``strong``: the game's default bot
    unless named; the weak seat rotating), each game reviewed at the defaults (``bots``: the
    rollouts' line-up). Returns the share of games in which the weak seat's total loss is larger
    than every strong seat's, with its Wilson interval, each side's mean error rate, every game's
    losses (the weak seat's first) and how many games charged no seat anything. Game *i*
    has the seed ``seed + i`` and the weak seat ``i % players``, for *i* from ``start``: a run from
    ``start = n`` is the continuation of a run of ``n`` games (:func:`merge_separation` joins them).
    """
    from isslab.core import make
    from isslab.frames.stats import wilson_interval
    from isslab.play import play

    game = make(game_id, players=players)
    strong = game.info.default_bot if strong is None else strong
    games = checks.integer("games", games, 1, 100_000)
    start = checks.integer("start", start, 0, 100_000)
    larger = 0
    weak_rates: list[float] = []
    strong_rates: list[float] = []
    losses: list[list[float]] = []
    for i in range(start, start + games):
        w = i % players
        seats = [strong] * players
        seats[w] = weak
        s = review(play(game, seats, seed=seed + i), bots=bots, advisers=advisers).summary()
        loss, rate_ = s["loss"].to_numpy(dtype=float), s["error_rate"].to_numpy(dtype=float)
        others = [j for j in range(players) if j != w]
        larger += int(all(loss[w] > loss[j] for j in others))
        losses.append([float(loss[w]), *(float(loss[j]) for j in others)])
        weak_rates.append(float(rate_[w]))
        strong_rates += [float(rate_[j]) for j in others]
    low, high = wilson_interval(larger, games)
    return {
        "game": game_id,
        "players": players,
        "lineup": [weak, strong],
        "games": games,
        "start": start,
        "share": larger / games,
        "low": low,
        "high": high,
        "error_rate": {weak: float(np.nanmean(weak_rates)), strong: float(np.nanmean(strong_rates))},
        # the rates' counts (a seat with no decision in a game has no rate), for merge_separation
        "rated": {weak: int(np.isfinite(weak_rates).sum()), strong: int(np.isfinite(strong_rates).sum())},
        # per game: the weak seat's total loss, then the strong seats'; and the games where no seat lost
        "losses": losses,
        "no_loss": sum(1 for row in losses if not any(row)),
    }


def merge_separation(first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """One result of :func:`separation` from a run and its continuation, which starts where it ends.

    The share and its Wilson interval are of the games of both; each error rate is the mean over
    the rated games of both. Keys other than the counts are ``first``'s. Raises ``ValueError`` when
    ``then`` is not the continuation of ``first`` (another game, line-up or table, or a gap or an
    overlap in the games).
    """
    from isslab.frames.stats import wilson_interval

    for key in ("game", "players", "lineup"):
        if first[key] != then[key]:
            raise ValueError(f"cannot merge runs of another {key}: {first[key]!r} and {then[key]!r}")
    end = first.get("start", 0) + first["games"]
    if then.get("start", 0) != end:
        raise ValueError(f"the second run starts at game {then.get('start', 0)}, not at game {end}")
    weak = first["lineup"][0]
    games = first["games"] + then["games"]
    larger = round(first["share"] * first["games"]) + round(then["share"] * then["games"])
    low, high = wilson_interval(larger, games)
    rates: dict[str, float] = {}
    rated: dict[str, int] = {}
    for name, mean in first["error_rate"].items():
        # a run from before the counts were kept rated the weak seat once a game, the others each
        seats = 1 if name == weak else first["players"] - 1
        n1 = first.get("rated", {}).get(name, first["games"] * seats)
        n2 = then["rated"][name]
        rated[name] = n1 + n2
        rates[name] = (mean * n1 + then["error_rate"][name] * n2) / (n1 + n2)
    if "losses" in first:
        extra = {"losses": first["losses"] + then["losses"], "no_loss": first["no_loss"] + then["no_loss"]}
    else:  # a run stored before the losses were kept: the continuation's alone would mislead
        extra = {}
    return {
        **{k: v for k, v in first.items() if k not in ("losses", "no_loss")},
        **extra,
        "start": first.get("start", 0),
        "games": games,
        "share": larger / games,
        "low": low,
        "high": high,
        "error_rate": rates,
        "rated": rated,
    }
