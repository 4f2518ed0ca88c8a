"""The fitted win-chance model itself: :class:`WinModel`, what it was fitted on, and whose play it assumes.

A model evaluates positions of one game and table (its options, the player count among them) for a
**line-up**: the bot each seat is assumed to play like from here on (``WinModel.lineup``; its words,
``WinModel.assumes``: "if every seat played greedy from here"). A model fitted on games of many
line-ups (a *table model*, ``FitSpec.pool``: the bots it knows) is bound to any line-up of those bots
with :meth:`WinModel.for_lineup`; a model fitted on one line-up (``FitSpec.bots``) knows that one only.

In a win/lose game of two or more seats the number is each seat's **share of the win** (1 for a win
alone, ``1/k`` for a win shared by ``k`` seats): the seats' chances of one position, from one seat's
view, add up to 1 (the per-seat predictions are divided by their sum). In a cooperative game it is
the team's expected return (Mission ISS: modules attached), the same for every seat; in a solo game
against an automaton (1998 ISS against FEDOR) the chance of beating it.

Fitting, the data and the cache are in :mod:`.winfit` and :mod:`.winprob`.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import math
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

import isslab.checks as checks
from isslab.analysis import modelfile
from isslab.analysis.features import add_lineup, progress_features, seat_features
from isslab.core import TERMINAL, VERSION, Game, ReturnsKind, State, parse_json, short_repr

if TYPE_CHECKING:
    from isslab.analysis.winfit import Rows

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "FitSpec",
    "WinModel",
    "chance_kind",
    "lineup_key",
    "lineup_words",
    "result_shares",
]

#: the file format of a saved model (changed when the layout changes)
FORMAT: Final = "isslab.winprob"
FORMAT_VERSION: Final = 2
#: games simulated for a model fitted on first use
DEFAULT_GAMES: Final = 3000
#: positions taken from each simulated game
DEFAULT_POSITIONS: Final = 8


def _options_json(game: Game) -> Any:
    return json.loads(json.dumps(game.options, default=list))


@dataclass(frozen=True)
class FitSpec:
    """How a model was fitted: simulated games, positions per game, who played, and the seed.

    ``bots``: the one line-up every training game had (a bot name per seat); or, with ``pool``, the
    bots the line-ups of the training games were drawn from (a table model; ``bots`` is empty).
    """

    games: int = DEFAULT_GAMES
    positions: int = DEFAULT_POSITIONS
    bots: tuple[str, ...] = ()
    seed: int = 0
    pool: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The spec as JSON data."""
        out: dict[str, Any] = {
            "games": self.games,
            "positions": self.positions,
            "bots": list(self.bots),
            "seed": self.seed,
        }
        if self.pool:
            out["pool"] = list(self.pool)
        return out


def _features_version(game: Game) -> int | None:
    """The version of a game's own ``win_features`` (its state's ``WIN_FEATURES_VERSION``; None: none)."""
    got = getattr(game.STATE, "WIN_FEATURES_VERSION", None)
    return int(got) if got is not None else None


def model_key(game: Game, spec: FitSpec) -> dict[str, Any]:
    """What a model file is keyed by: game, options, isslab version, fit, and the game's feature version."""
    key: dict[str, Any] = {
        "game": game.id,
        "options": _options_json(game),
        "version": VERSION,
        "spec": spec.as_json(),
    }
    features = _features_version(game)
    if features is not None:  # a game with its own features: a model of other features is stale
        key["features"] = features
    return key


def digest(key: dict[str, Any]) -> str:
    """A short hash of a model key (cache file names)."""
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def chance_kind(game: Game) -> str:
    """``"win chance"`` for a win/lose game, ``"expected return"`` for a cooperative game."""
    return "expected return" if game.info.returns is ReturnsKind.COOPERATIVE else "win chance"


def result_shares(returns: Sequence[float], shares: bool) -> list[float]:
    """Each seat's share of the result: with ``shares``, a win shared by k seats is 1/k to each."""
    out = [float(r) for r in returns]
    total = sum(out)
    if shares and total > 0:
        return [r / total for r in out]
    return out


def lineup_key(lineup: Sequence[str]) -> str:
    """A line-up as a key that does not depend on the seats' order (its bots, sorted)."""
    return ",".join(sorted(lineup))


def lineup_words(game: Game, lineup: Sequence[str], people: Sequence[int] = ()) -> str:
    """Whose play a number assumes, in words: "if every seat played greedy from here".

    ``people``: the seats a person plays, named as such ("... (USA is a person, taken to play so)").
    """
    n = len(lineup)
    name = game.seat_name
    coop = game.info.returns is ReturnsKind.COOPERATIVE
    if n == 1:
        text = f"if {name(0)} played {lineup[0]} from here"
    elif len(set(lineup)) == 1:
        text = f"if {'the whole team' if coop else 'every seat'} played {lineup[0]} from here"
    else:
        common = max(set(lineup), key=lambda b: (lineup.count(b), b == lineup[0]))
        odd = [s for s in range(n) if lineup[s] != common]
        if lineup.count(common) >= 2:
            parts = [f"{name(s)} played {lineup[s]}" for s in odd]
            text = f"if {', '.join(parts)} and every other seat {common} from here"
        else:
            text = "if " + ", ".join(f"{name(s)} played {lineup[s]}" for s in range(n)) + " from here"
    if people:
        who = ", ".join(name(s) for s in people)
        text += f" ({who} {'is a person' if len(people) == 1 else 'are people'}, taken to play so)"
    return text


class WinModel:
    """A fitted evaluator of one game and table: each seat's expected result from what a seat may see,
    for the line-up it is bound to (:attr:`lineup`)."""

    def __init__(
        self,
        game: Game,
        spec: FitSpec,
        names: Sequence[str],
        scale: npt.ArrayLike,
        coef: npt.ArrayLike,
        intercept: npt.ArrayLike,
        bounds: Sequence[float],
        length: float,
        shares: bool = False,
        lineup: Sequence[str] | None = None,
        lengths: dict[str, float] | None = None,
    ) -> None:
        self.game = game
        self.spec = spec
        self.names = list(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError("a model's feature names must be distinct")
        v = len(self.names)
        self.scale = modelfile.floats("scales", scale).reshape(-1)
        coef_a = modelfile.floats("coefficients", coef)
        self.intercept = modelfile.floats("intercepts", intercept).reshape(-1)
        if self.scale.shape != (v,) or coef_a.shape != (1, 2 * v) or self.intercept.shape != (1,):
            raise ValueError(
                f"a model's arrays do not fit together: {v} features, scales {self.scale.shape}, "
                f"coefficients {coef_a.shape}, intercepts {self.intercept.shape}"
            )
        # every number finite and of a size a fit gives: a denormal scale or a weight of 1e308 makes
        # the chances infinite or NaN, which the strip would draw
        modelfile.within("scales", self.scale, modelfile.MIN_SCALE, modelfile.MAX_MAGNITUDE)
        modelfile.within("coefficients", coef_a, -modelfile.MAX_WEIGHT, modelfile.MAX_WEIGHT)
        modelfile.within("intercepts", self.intercept, -modelfile.MAX_WEIGHT, modelfile.MAX_WEIGHT)
        pair = modelfile.floats("bounds", bounds).reshape(-1)
        lo, hi = (float(pair[0]), float(pair[1])) if pair.shape == (2,) else (math.nan, math.nan)
        low, high = modelfile.result_range(game)
        if not (low <= lo < hi <= high):
            raise ValueError(
                f"a model's bounds must be two numbers, low < high, within {low:g} to {high:g} (the "
                f"{chance_kind(game)} of {game.id}), got {short_repr(bounds)}"
            )
        #: the lowest and highest result (0 and 1 in a win/lose game)
        self.lo, self.hi = lo, hi
        if not 0 < checks.real(length) <= modelfile.MAX_MAGNITUDE:
            raise ValueError(
                "a model's mean game length must be a number above 0 and at most "
                f"{modelfile.MAX_MAGNITUDE:g}, got {short_repr(length, 40)}"
            )
        #: the mean length (steps) of the training games, and per line-up (:func:`lineup_key`): the
        #: game's progress is the steps taken over the length of games of the bound line-up
        self.mean_length = checks.real(length)
        self.lengths: dict[str, float] = modelfile.lengths(lengths or {})
        self.length = self.mean_length
        #: a win/lose game of two or more seats: chances are shares of the win, adding up to 1
        self.shares = checks.flag("shares", shares)
        if spec.pool:
            known = spec.pool
        elif len(spec.bots) == game.num_players:
            known = tuple(spec.bots)
        else:
            raise ValueError(
                f"a model's fit names a bot per seat ({game.num_players}) or a pool of bots, got "
                f"{short_repr(spec.bots)}"
            )
        #: the bots this model knows (a table model: its pool; else its one line-up's)
        self.known: tuple[str, ...] = known
        # the scale folded into the weights: one dot product per half
        self._w = coef_a[:, :v] / self.scale
        self._wp = coef_a[:, v:] / self.scale
        default = (spec.pool[0],) * game.num_players if spec.pool else spec.bots
        self.lineup: tuple[str, ...] = ()
        self._bind(default if lineup is None else tuple(lineup))

    def __repr__(self) -> str:
        return (
            f"<WinModel of {self.game.id} ({self.game.num_players} seats), {len(self.names)} features, "
            f"{self.spec.games} games; {self.assumes}>"
        )

    # --- who plays -----------------------------------------------------------------------------

    def covers(self, lineup: Sequence[str]) -> bool:
        """Whether this model can evaluate for ``lineup`` (a bot name per seat)."""
        if len(lineup) != self.game.num_players:
            return False
        if self.spec.pool:
            return all(b in self.spec.pool for b in lineup)
        return tuple(lineup) == self.spec.bots

    def _bind(self, lineup: tuple[str, ...]) -> None:
        if not self.covers(lineup):
            what = (
                f"line-ups of {', '.join(self.spec.pool)}"
                if self.spec.pool
                else f"the line-up {', '.join(self.spec.bots)} only"
            )
            raise ValueError(
                f"this model of {self.game.id} knows {what}; {short_repr(list(lineup), 120)} needs a fit of "
                "its own (isslab.winprob.model(game, bots=...))"
            )
        self.lineup = lineup
        self.length = self.length_of(lineup)

    def length_of(self, lineup: Sequence[str]) -> float:
        """The mean length of the training games of ``lineup`` (of all of them if it was not played)."""
        return self.lengths.get(lineup_key(lineup), self.mean_length)

    def for_lineup(self, lineup: Sequence[str]) -> WinModel:
        """This model bound to another line-up (a bot name per seat); ``ValueError`` if it knows it not."""
        if isinstance(lineup, str) or not all(isinstance(b, str) for b in lineup):
            raise ValueError(f"a line-up is a bot name per seat, got {short_repr(lineup, 80)}")
        if tuple(lineup) == self.lineup:
            return self
        other = object.__new__(WinModel)
        other.__dict__.update(self.__dict__)
        other._bind(tuple(lineup))
        return other

    @property
    def assumes(self) -> str:
        """Whose play the model's numbers assume, in words ("if every seat played greedy from here")."""
        return lineup_words(self.game, self.lineup)

    # --- evaluation ----------------------------------------------------------------------------

    def progress(self, state: State) -> float:
        """How far the game has gone: steps over the mean length of the training games (capped at 2)."""
        return min(2.0, state.move_number / self.length)

    def _matrix(self, feats: Sequence[dict[str, float]]) -> npt.NDArray[np.float64]:
        index = self.index
        x = np.zeros((len(feats), len(self.names)))
        for r, f in enumerate(feats):
            row = x[r]
            for name, value in f.items():
                i = index.get(name)
                if i is not None:
                    row[i] = value
        return x

    def _link(self, z: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        p1 = 1.0 / (1.0 + np.exp(-np.clip(z, -50, 50)))
        return np.asarray(self.lo + (self.hi - self.lo) * p1, dtype=float)

    def predict(self, feats: Sequence[dict[str, float]], progress: float | Sequence[float]) -> list[float]:
        """Each feature mapping's own expected result (not yet shares); one progress or one per row."""
        x = self._matrix(feats)
        prog = (
            np.asarray(progress, dtype=float).reshape(-1, 1) if not isinstance(progress, float) else progress
        )
        z = x @ self._w.T + prog * (x @ self._wp.T) + self.intercept
        return [float(v) for v in self._link(z[:, 0])]

    def _share(self, raw: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """One group's predictions (every seat from one view) as shares of the win, when they are."""
        if not self.shares:
            return raw
        total = float(raw.sum())
        return raw / total if total > 0 else np.full_like(raw, 1.0 / len(raw))

    def predict_rows(self, rows: Rows) -> npt.NDArray[np.float64]:
        """The expected result of every collected row (a held-out set of ``winfit.collect``), as shares
        of the win within each group of rows (one position, one view) where the model gives shares."""
        from scipy import sparse

        where = {name: i for i, name in enumerate(rows.names)}
        pairs = [(where[name], k) for k, name in enumerate(self.names) if name in where]
        pick = sparse.csr_matrix(
            (np.ones(len(pairs)), ([p for p, _ in pairs], [k for _, k in pairs])),
            shape=(len(rows.names), len(self.names)),
        )
        x = rows.x @ pick
        per_game = np.array([self.length_of(lu) for lu in rows.lineups] or [1.0])
        prog = np.minimum(2.0, rows.steps / per_game[rows.games])
        z = x @ self._w[0] + prog * (x @ self._wp[0]) + self.intercept[0]
        raw = self._link(np.asarray(z, dtype=float).ravel())
        if not self.shares:
            return raw
        sums = np.bincount(rows.group, weights=raw)
        return np.asarray(raw / np.where(sums[rows.group] > 0, sums[rows.group], 1.0), dtype=float)

    def features(self, state: State, observer: int) -> list[dict[str, float]]:
        """Every seat's features as ``observer`` may know them, with who plays and the progress counters."""
        extra = progress_features(state)
        feats = seat_features(state, observer)
        add_lineup(feats, self.lineup, self.game.info.default_bot)
        for f in feats:
            f.update(extra)
        return feats

    def values(self, state: State, observer: int | None = None) -> list[float]:
        """Each seat's expected result from what ``observer`` may see (None: each seat from its own view).

        In a win/lose game, shares of the win that add up to 1 (from one view); in a cooperative game
        the team's expected return, the same for every seat (from one view). A finished game gives
        its results (as shares). The state must be of this model's game.
        """
        self.check(state)
        return self.values_many([state], observer)[0]

    def _from_view(self, block: npt.NDArray[np.float64], observer: int) -> list[float]:
        """Every seat's value from one view, given the predictions of its rows."""
        if self.shares:
            return [float(v) for v in self._share(block)]
        if self.game.info.returns is ReturnsKind.COOPERATIVE:  # the team's: as the observer reads it
            return [float(block[observer])] * len(block)
        return [float(v) for v in block]

    def values_many(self, states: Sequence[State], observer: int | None = None) -> list[list[float]]:
        """:meth:`values` of many states in one batch (a review's line): the same numbers, faster."""
        n = self.game.num_players
        observer = checks.optional_seat("observer", observer, n)
        out: list[list[float] | None] = [None] * len(states)
        feats: list[dict[str, float]] = []
        prog: list[float] = []
        live: list[int] = []
        for i, s in enumerate(states):
            self.check(s)
            if s.current_player == TERMINAL:
                out[i] = self.result(s.returns())
                continue
            live.append(i)
            if observer is not None:
                feats += self.features(s, observer)
            elif self.shares:  # each seat's share from its own view: every seat from every view
                feats += [f for o in range(n) for f in self.features(s, o)]
            else:
                feats += [self.features(s, o)[o] for o in range(n)]
            prog += [self.progress(s)] * (len(feats) - len(prog))
        if live:
            raw = np.asarray(self.predict(feats, prog))
            per = len(raw) // len(live)
            for k, i in enumerate(live):
                block = raw[k * per : (k + 1) * per]
                if observer is not None:
                    out[i] = self._from_view(block, observer)
                elif self.shares:
                    views = block.reshape(n, n)
                    out[i] = [self._from_view(views[o], o)[o] for o in range(n)]
                else:
                    out[i] = [float(v) for v in block]
        return [v for v in out if v is not None]

    def value_for(self, states: Sequence[State], seat: int) -> list[float]:
        """``seat``'s value of each state from its own view, in one batch."""
        seat = checks.seat("seat", seat, self.game.num_players)
        return [v[seat] for v in self.values_many(states, seat)]

    def result(self, returns: Sequence[float]) -> list[float]:
        """A finished game's results on this model's scale (shares of the win where chances are shares)."""
        return result_shares(returns, self.shares)

    def for_table(self, game: Game) -> WinModel:
        """This model's weights valuing the positions of ``game``, another table of the same game and
        player count (a changed rule): for the luck of its draws, whose mean stays zero whatever values
        them. What it gives are not ``game``'s win chances: those need a model fitted on its games."""
        if not isinstance(game, Game):
            raise ValueError(f"game must be an isslab Game (isslab.make(...)), got {short_repr(game, 60)}")
        if game.id != self.game.id or game.num_players != self.game.num_players:
            raise ValueError(
                f"this model of {self.game.id} at {self.game.num_players} seats values tables of that game "
                f"and size only, not {game.id} at {game.num_players}"
            )
        other = copy.copy(self)
        other.game = game
        return other

    def check(self, state: State) -> None:
        """``ValueError`` unless ``state`` is a position of this model's game and options."""
        if not isinstance(state, State):
            raise ValueError(f"expected an isslab State, got {short_repr(state, 60)}")
        if state.game != self.game:
            raise ValueError(
                f"this model was fitted for {self.game!r}; the state is of {state.game!r} "
                "(use isslab.winprob.model(state.game))"
            )

    def scaled(self, value: float) -> float:
        """A result on [0, 1]: 0 the lowest result, 1 the highest."""
        return (value - self.lo) / (self.hi - self.lo)

    def scaled_array(self, values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Results on [0, 1] (see :meth:`scaled`)."""
        return np.asarray((values - self.lo) / (self.hi - self.lo), dtype=float)

    # --- files ---------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The model as JSON text: the key it is cached by, and plain arrays."""
        doc = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            **model_key(self.game, self.spec),
            "length": self.mean_length,
            "lengths": self.lengths,
            "shares": self.shares,
            "names": self.names,
            "scale": [float(f"{x:.7g}") for x in self.scale],
            "coef": [
                [float(f"{x:.7g}") for x in row]
                for row in np.hstack([self._w * self.scale, self._wp * self.scale])
            ],
            "intercept": [float(f"{x:.9g}") for x in self.intercept],
            "bounds": [self.lo, self.hi],
        }
        return json.dumps(doc, separators=(",", ":"))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the model to ``path`` (atomically: a reader never sees half a file)."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # a temporary name no other file has (mkstemp creates it): nothing is overwritten on the way
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(self.to_json())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    @classmethod
    def from_json(cls, text: str | bytes, game: Game, spec: FitSpec | None = None) -> WinModel:
        """Read a model of ``game`` (and ``spec``, when given); ``ValueError`` saying what does not match.

        Only JSON is parsed: numbers, strings and lists. Nothing in the file is run.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise ValueError(f"a model file is JSON text, got {short_repr(text, 60)}")
        if len(text) > modelfile.MAX_FILE:
            raise ValueError(
                f"a model file is at most {modelfile.MAX_FILE:,} bytes; this one has {len(text):,}"
            )
        # bounded depth: deeply nested JSON is an error message, not a RecursionError
        doc = parse_json(text, "not a model file", modelfile.MAX_FILE)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a model file of isslab.winprob")
        if doc.get("format_version") != FORMAT_VERSION:
            raise ValueError(
                f"model file format {short_repr(doc.get('format_version'))}, not {FORMAT_VERSION}"
            )
        if doc.get("game") != game.id:
            raise ValueError(f"the model file is of {short_repr(doc.get('game'))}, not {game.id}")
        if doc.get("options") != _options_json(game):
            raise ValueError(f"the model file is of other options of {game.id} than {game!r}")
        if doc.get("version") != VERSION:
            raise ValueError(
                f"the model file was fitted by isslab {short_repr(doc.get('version'))}, this is {VERSION}"
            )
        if doc.get("features") != _features_version(game):
            raise ValueError(
                f"the model file was fitted on {game.id}'s features version "
                f"{short_repr(doc.get('features'))}, these are version {_features_version(game)}"
            )
        got = FitSpec(*modelfile.spec_fields(doc.get("spec"), game))
        if spec is not None and got != spec:
            raise ValueError(f"the model file was fitted with {got}, not {spec}")
        names = modelfile.names(doc.get("names"))
        missing = [
            k for k in ("scale", "coef", "intercept", "bounds", "length", "lengths", "shares") if k not in doc
        ]
        if missing:
            raise ValueError(f"the model file is malformed: it has no {', '.join(missing)}")
        try:
            found = cls(
                game, got, names, doc["scale"], doc["coef"], doc["intercept"], doc["bounds"], doc["length"],
                doc["shares"], None, doc["lengths"],
            )  # fmt: skip
        except ValueError as exc:
            raise ValueError(f"the model file is malformed: {exc}") from None  # a message of bounded length
        found._probe()
        return found

    def _probe(self) -> None:
        """``ValueError`` unless the values of the game's first position are finite and within the bounds."""
        start = self.game.new_state()
        if start.current_player == TERMINAL:
            return
        p = self.progress(start)
        values = [
            v for seat in range(self.game.num_players) for v in self.predict(self.features(start, seat), p)
        ]
        bad = [v for v in values if not self.lo <= v <= self.hi]  # NaN fails both comparisons
        if bad:
            raise ValueError(
                f"the model file gives the value {short_repr(bad[0])} at the start of {self.game.id}, "
                f"outside {self.lo:g} to {self.hi:g}"
            )

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Game, spec: FitSpec | None = None) -> WinModel:
        """Read a model file of ``game`` (see :meth:`from_json`)."""
        return cls.from_json(modelfile.read_bounded(Path(path)), game, spec)
