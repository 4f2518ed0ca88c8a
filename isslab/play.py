"""Play one game to the end with bots and seeded chance: ``isslab.play``."""

from __future__ import annotations

import hashlib
import html
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np

from isslab.core import (
    CHANCE,
    TERMINAL,
    Action,
    Bot,
    EndReason,
    Game,
    IllegalActionError,
    State,
    _short,
    as_int,
    bot,
    make,
    short_repr,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GameRecord", "derive_seed", "derive_seeds", "expand_bots", "play", "resolve_bots", "start_under"]

#: seeds are ints below this (128 bits, as ``numpy.random.SeedSequence`` takes them)
MAX_SEED: Final = 2**128

#: what a caller may pass for bots: one bot or name for every seat, or one per seat
BotSpec = str | Bot | Sequence[str | Bot]


@dataclass(frozen=True, repr=False)
class GameRecord:
    """One finished (or stopped) game: what was played and how it ended.

    Its ``repr`` is a one-line summary (game, players, winners, length, end reason, bots, seed); the
    details are its attributes (``actions``, ``returns``, ``ranks``, ``seat_stats``, ``game_stats``)
    and methods: :meth:`table` (one row per seat), :meth:`states`, :meth:`final_state`. A notebook
    shows the summary and the table.
    """

    game: Game
    actions: tuple[Action, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    length: int
    steps: int
    rounds: int
    end_reason: EndReason | None
    bots: tuple[str, ...]
    seed: int | None
    seat_stats: list[dict[str, float]] = field(default_factory=list)
    game_stats: dict[str, float] = field(default_factory=dict)
    start: State | None = None

    @classmethod
    def ended(
        cls,
        game: Game,
        actions: Sequence[Action],
        end: State,
        *,
        length: int,
        bots: tuple[str, ...],
        seed: int | None,
        start: State | None = None,
    ) -> GameRecord:
        """The record of the game that ``actions`` played to ``end`` (from ``start``, or the new state).

        ``length`` counts the players' moves (not the chance outcomes); the results and statistics
        are ``end``'s.
        """
        return cls(
            game=game,
            actions=tuple(actions),
            returns=end.returns(),
            winners=end.winners(),
            ranks=end.ranks(),
            length=length,
            steps=len(actions),
            rounds=end.rounds,
            end_reason=end.end_reason,
            bots=bots,
            seed=seed,
            seat_stats=end.seat_stats(),
            game_stats=end.game_stats(),
            start=start,
        )

    def final_state(self) -> State:
        """Replay the actions from the start and return the last state."""
        state = self.start if self.start is not None else self.game.new_state()
        for a in self.actions:
            state = state.apply(a)
        return state

    def states(self) -> list[State]:
        """Every state of the game, start and end included."""
        state = self.start if self.start is not None else self.game.new_state()
        out = [state]
        for a in self.actions:
            state = state.apply(a)
            out.append(state)
        return out

    def table(self) -> pd.DataFrame:
        """One row per seat: its name, bot, return, rank, whether it won, and its statistics."""
        import pandas as pd  # the engines need no pandas; a table for a notebook does

        game = self.game
        winners = set(self.winners)
        rows = []
        for seat in range(game.num_players):
            stats = self.seat_stats[seat] if seat < len(self.seat_stats) else {}
            rows.append(
                {
                    "seat": seat,
                    "name": game.seat_name(seat),
                    "bot": self.bots[seat] if seat < len(self.bots) else "",
                    "returns": self.returns[seat],
                    "rank": self.ranks[seat],
                    "win": seat in winners,
                    **stats,
                }
            )
        return pd.DataFrame(rows).set_index("seat")

    def __repr__(self) -> str:
        game = self.game
        n = game.num_players
        if not self.winners:
            result = "nobody won"
        elif len(self.winners) == n and n > 1:
            result = "everyone won"
        else:
            result = "won by " + ", ".join(game.seat_name(s) for s in self.winners)
        end = self.end_reason.name if self.end_reason is not None else "stopped"
        return (
            f"<GameRecord {game.id}, {n} player{'s' if n != 1 else ''}: {result} after {self.length} "
            f"moves ({self.steps} steps, {self.rounds} rounds), {end}; bots {_bots_text(self.bots)}; "
            f"seed {_short(self.seed, 24)}>"
        )

    def _repr_html_(self) -> str:
        """The summary and the table of seats, for a notebook."""
        return f"<p><code>{html.escape(repr(self))}</code></p>" + self.table().to_html()


def _bots_text(bots: Sequence[str]) -> str:
    """``greedy x4`` for one bot in every seat, else the names in seat order (each cut short)."""
    names = [_short(b, 40) if not isinstance(b, str) or len(b) > 40 else b for b in bots]
    if len(set(names)) == 1 and len(names) > 1:
        return f"{names[0]} x{len(names)}"
    return ", ".join(names)


def _bot_name(b: str | Bot) -> str:
    return b if isinstance(b, str) else getattr(b, "__name__", type(b).__name__)


def expand_bots(game: Game, bots: BotSpec) -> list[str | Bot]:
    """One bot spec (a name or a callable) per seat, from one for all seats or one per seat."""
    n = game.num_players
    if isinstance(bots, str) or callable(bots):
        seq: list[str | Bot] = [bots] * n
    elif isinstance(bots, Sequence):
        if len(bots) not in (1, n):
            raise ValueError(
                f"{game.id} with {n} players needs {n} bots (or one for all seats), got {len(bots)}"
            )
        seq = list(bots) * (n if len(bots) == 1 else 1)
    else:
        raise ValueError(
            "bots must be a bot name, a callable (state, rng) -> action, or a list of them (one per seat); "
            f"got {_short(bots, 60)}"
        )
    return seq


def resolve_bots(game: Game, bots: BotSpec) -> tuple[list[Bot], tuple[str, ...]]:
    """Turn a bot spec (names and/or callables, one or one per seat) into callables and names."""
    seq = expand_bots(game, bots)
    fns: list[Bot] = []
    for b in seq:
        if isinstance(b, str):
            fns.append(bot(game.id, b))
        elif callable(b):
            fns.append(b)
        else:
            raise ValueError(
                f"a bot must be a name or a callable (state, rng) -> action, got {_short(b, 60)}"
            )
    return fns, tuple(_bot_name(b) for b in seq)


def derive_seeds(seed: int, count: int) -> list[int]:
    """``count`` independent 64-bit seeds derived from one seed (same seed, same list).

    ``seed`` is an int from 0 to 2**128 - 1; anything else raises ``ValueError`` naming it.
    """
    try:  # numpy ints are ints too; bools and floats are not seeds
        value = -1 if isinstance(seed, bool) else operator.index(seed)
    except TypeError:
        value = -1
    if not 0 <= value < MAX_SEED:
        raise ValueError(f"seed must be an int from 0 to 2**128 - 1, got {_short(seed, 40)}")
    words = np.random.SeedSequence(value).generate_state(max(count, 1) * 2, dtype=np.uint32)
    return [int(words[2 * i]) << 32 | int(words[2 * i + 1]) for i in range(count)]


def derive_seed(seed: int, key: str) -> int:
    """One 64-bit seed derived from ``seed`` and a text ``key`` (same pair, same seed; another key, another).

    The game view draws the dice of a position from ``derive_seed(seed, the position's save text)``,
    so the same position of the same game meets the same dice (an undo cannot re-roll them).
    ``seed`` is checked as in :func:`derive_seeds`.
    """
    if not isinstance(key, str):
        raise ValueError(f"a seed's key is a text, got {_short(key, 40)}")
    value = derive_seeds(seed, 1)[0]  # checks the seed; the key then spreads through SeedSequence
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest()
    words = tuple(int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4))
    state = np.random.SeedSequence(value, spawn_key=words).generate_state(2, dtype=np.uint32)
    return int(state[0]) << 32 | int(state[1])


def play(
    game: Game | str,
    bots: BotSpec = "random",
    seed: int | None = 0,
    state: State | None = None,
    max_steps: int = 1_000_000,
    on_step: Callable[[State, Action], None] | None = None,
) -> GameRecord:
    """Play one game to the end: bots act for the seats, chance is drawn from the seeded RNG.

    Chance and the bots use separate random streams derived from ``seed``, so swapping a bot
    leaves the dice sequence as it was (common random numbers for what-if comparisons).
    """
    if isinstance(game, str):
        game = make(game)
    if not isinstance(game, Game):
        raise ValueError(f"game must be a game id or a Game, got {_short(game, 60)}")
    if state is not None and (not isinstance(state, State) or state.game != game):
        raise ValueError(f"the start state belongs to {getattr(state, 'game', None)!r}, not {game!r}")
    max_steps = as_int(max_steps, "max_steps", 1)
    fns, names = resolve_bots(game, bots)
    s_chance, s_bots = derive_seeds(0 if seed is None else seed, 2)
    chance_rng = random.Random(s_chance)
    bot_rng = random.Random(s_bots)
    start = state if state is not None else game.new_state()
    current = start
    actions: list[Action] = []
    moves = 0
    while True:
        cp = current.current_player
        if cp == TERMINAL:
            break
        if cp == CHANCE:
            action = current.sample_chance(chance_rng)
        else:
            action = fns[cp](current, bot_rng)
            moves += 1
        try:
            nxt = current.apply(action)
        except IllegalActionError as exc:
            if cp == CHANCE:
                raise
            raise IllegalActionError(
                f"bot {names[cp]!r} playing seat {cp} ({game.seat_name(cp)}) "
                f"returned an illegal action: {exc}"
            ) from None
        # the record keeps the resolved action, not the string or JSON form a bot may answer with
        assert nxt._hist is not None
        action = nxt._hist[0]
        if on_step is not None:
            on_step(current, action)
        current = nxt
        actions.append(action)
        if len(actions) > max_steps:
            raise RuntimeError(f"{game.id} did not end within {max_steps} steps; the game may not terminate")
    return GameRecord.ended(game, actions, current, length=moves, bots=names, seed=seed, start=state)


def start_under(game: Game, state: State) -> State:
    """``state``'s moves replayed in ``game`` (a sweep's point: the same position under other options).

    The position itself when ``game`` is its game; a move the point's rules refuse is a ``ValueError``.
    """
    if state.game == game:
        return state
    s = game.new_state()
    source = state.game
    for i, action in enumerate(state.history):
        try:
            s = s.apply(game.decode_action(source.encode_action(action)))
        except ValueError as exc:
            raise ValueError(
                f"the start position cannot be played under {_options_text(game, source)}: its move {i} "
                f"({short_repr(str(action), 60)}) is not legal there ({exc})"
            ) from None
    return s


def _options_text(game: Game, base: Game) -> str:
    changed = {k: v for k, v in game.options.items() if base.options.get(k) != v}
    return ", ".join(f"{k}={short_repr(v, 30)}" for k, v in changed.items()) or "these options"
