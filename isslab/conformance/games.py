"""The conformance suite every game must pass: ``check_game(game)`` and ``check_hidden_information(game)``.

``check_game`` plays seeded games with the given bots (random by default) and checks the contract of
``isslab.core`` at every step, ``game.info`` and ``describe`` included. ``check_hidden_information``
checks that no seat learns a hidden value through ``view`` or ``describe`` (lesson 12 of the design).
Failures raise ``ConformanceError`` naming the game, the seed and the move, so a rule change that
breaks the contract is found at once.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from isslab.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    IllegalActionError,
    ReturnsKind,
    State,
    bot_names,
    load,
    make,
    restore,
    short_repr,
)
from isslab.play import BotSpec, derive_seeds, play, resolve_bots

__all__ = [
    "ConformanceError",
    "HugeSequence",
    "ConformanceReport",
    "LeakReport",
    "check_game",
    "check_hidden_information",
    "check_info",
    "panel",
]

#: keys of a view that only say whose view it is; without hidden information the rest is shared
SEAT_KEYS: tuple[str, ...] = ("you", "seat")
#: wrong seats that ``describe`` must refuse (besides -1 and num_players)
_BAD_SEATS: tuple[Any, ...] = ("0", True, 1.0)


class ConformanceError(AssertionError):
    """A game broke the isslab contract."""


@dataclass
class LeakReport:
    """What ``check_hidden_information`` covered."""

    game: str
    options: dict[str, Any]
    games: int = 0
    #: positions resampled for every seat
    positions: int = 0
    #: positions whose children were compared (every pair of successive kinds of decision met)
    compared: int = 0
    #: ``resample_hidden`` calls, and how many gave a state other than the real one
    resampled: int = 0
    differing: int = 0
    #: children of sampled positions grouped by a seat's view, and the groups of distinct
    #: positions that a seat could not tell apart (where describe had to hide something)
    children: int = 0
    indistinguishable: int = 0


@dataclass
class ConformanceReport:
    """What ``check_game`` covered."""

    game: str
    options: dict[str, Any]
    games: int = 0
    steps: int = 0
    chance_nodes: int = 0
    illegal_tried: int = 0
    longest: int = 0
    end_reasons: dict[str, int] = field(default_factory=dict)
    #: ``describe`` calls checked (legal actions at sampled steps, every past action at the end)
    described: int = 0
    #: the sum of the returns of the first game (every game must match it for constant-sum games)
    returns_sum: float | None = None


class HugeSequence(Sequence[int]):
    """A sequence that says it holds ``length`` ints (``range(10**9)`` by default) and raises
    ``ConformanceError`` once more than ``limit`` of them are read.

    Bad-input tests hand it to position builders and option parsers: a bounded check refuses it
    by its length without expanding it, and one that iterates it fails at once instead of
    exhausting the machine.
    """

    def __init__(self, length: int = 10**9, limit: int = 20_000) -> None:
        self.length = length
        self.limit = limit
        #: how many items have been read so far
        self.read = 0

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            raise ConformanceError("a HugeSequence was sliced: a bounded check reads its length first")
        if not -self.length <= index < self.length:
            raise IndexError(index)
        self.read += 1
        if self.read > self.limit:
            raise ConformanceError(f"more than {self.limit:,} items of a HugeSequence were read")
        return 0

    def __repr__(self) -> str:
        return f"HugeSequence({self.length:,})"


class _NotAnAction:
    def __str__(self) -> str:
        return "<not an action>"


def _fail(game: Game, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game!r}, game seed {seed}, step {step}: {what}")


def check_game(
    game: Game | str,
    games: int = 200,
    seed: int = 0,
    bots: BotSpec = "random",
    max_steps: int = 200_000,
    verify_every: int = 100,
    step_budget: int | None = None,
) -> ConformanceReport:
    """Play ``games`` seeded games and check the contract at every step; raise on the first breach.

    ``step_budget`` bounds the work of games that run long (random Space: 1999 games take 1,500
    steps): no further game starts once the games played hold that many steps, so ``report.games``
    may be fewer than ``games`` (at least one game is always played whole). None plays them all.

    Checked: play terminates; there are legal actions until the end; ``apply`` never mutates its
    input; chance probabilities are positive and sum to 1; actions are hashable, readable and survive
    JSON; the JSON round trip of the position is exact at every step, and that of the whole save
    file (history included) every ``verify_every`` steps and at the end, where the saved history is
    also replayed through the rules; the same seed gives the same game; illegal actions are
    rejected with ``IllegalActionError`` and the state unchanged; views are JSON-able and wrong seats
    are refused; returns, winners and ranks agree.

    And what ``game.info`` declares (see :func:`check_info`): a game without chance meets no chance
    node; without hidden information every seat gets the same view (up to the ``SEAT_KEYS``);
    zero-sum returns sum to 0, constant-sum ones to the same number in every game, cooperative ones
    are equal. ``describe(a, seat)`` is a non-empty string for every seat and ``None``, for every
    legal action at sampled steps and every action of each finished game, the same text at the end
    as when the action was played; wrong seats are refused with ``ValueError``.
    """
    if isinstance(game, str):
        game = make(game)
    if step_budget is not None and (isinstance(step_budget, bool) or not isinstance(step_budget, int)):
        raise ValueError(f"step_budget must be an int or None, got {short_repr(step_budget)}")
    fns, _ = resolve_bots(game, bots)
    report = ConformanceReport(game=game.id, options=game.options)
    n = game.num_players
    info = check_info(game)
    _check_action_types(game)
    for gi, gseed in enumerate(derive_seeds(seed, games)):
        if step_budget is not None and report.games and report.steps >= step_budget:
            break
        rng = random.Random(gseed)
        state = game.new_state()
        prev_legal: list[Any] = []
        # (step, seat, text) of the action played at sampled steps, checked again from the final state
        told: list[tuple[int, int | None, str]] = []
        step = 0
        while True:
            if _check_state(game, state, gseed, step):
                report.described += _check_describe_legal(game, state, gseed, step)
            cp = state.current_player
            if cp == TERMINAL:
                break
            legal = state.legal_actions()
            if not legal:
                raise _fail(game, gseed, step, "no legal actions at a non-terminal state")
            if state.legal_actions() != legal:
                raise _fail(game, gseed, step, "legal_actions() is not deterministic")
            if len(set(legal)) != len(legal):
                raise _fail(game, gseed, step, "legal_actions() has duplicates")
            # every action must hash and print; a sample must survive JSON (all of them is O(actions))
            for k, a in enumerate(legal):
                hash(a)
                text = str(a)
                if not text or text.startswith("<"):
                    raise _fail(game, gseed, step, f"action {a!r} has no readable str()")
                if k > 2 and k != len(legal) - 1:
                    continue
                back = game.decode_action(json.loads(json.dumps(game.encode_action(a))))
                if back != a:
                    raise _fail(game, gseed, step, f"action {a!r} does not survive JSON: {back!r}")
            if cp == CHANCE:
                if not info.chance:
                    raise _fail(game, gseed, step, "a chance node, but game.info.chance is False")
                report.chance_nodes += 1
                outcomes = state.chance_outcomes()
                total = math.fsum(p for _, p in outcomes)
                if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
                    raise _fail(game, gseed, step, f"chance probabilities sum to {total}, or one is <= 0")
                if [a for a, _ in outcomes] != legal:
                    raise _fail(game, gseed, step, "chance_outcomes() actions differ from legal_actions()")
                action = state.sample_chance(rng)
            else:
                if not 0 <= cp < n:
                    raise _fail(game, gseed, step, f"current_player {cp} is not a seat, CHANCE or TERMINAL")
                action = fns[cp](state, rng)
            report.illegal_tried += _check_illegal(game, state, legal, prev_legal, gseed, step)
            before, hist = state._values(), state._hist
            nxt = state.apply(action)
            if state._values() != before or state._hist is not hist:
                raise _fail(game, gseed, step, f"apply({action}) mutated its input state")
            if nxt._hist is None or nxt._hist[1] is not hist or nxt._hist[0] != action:
                raise _fail(game, gseed, step, "history was not extended by exactly the applied action")
            if step % 7 == 0:  # the text of the action as played (a bot may answer with its str form)
                told += [(step, s, state.describe(nxt._hist[0], s)) for s in (None, *range(n))]
            prev_legal = legal
            state = nxt
            step += 1
            if step % verify_every == 0:
                _check_file_round_trip(game, state, gseed, step)
            if step > max_steps:
                raise _fail(game, gseed, step, f"game did not end within {max_steps} steps")
        _check_file_round_trip(game, state, gseed, step)
        _check_verified_load(game, state, gseed, step)
        _check_result(game, state, gseed, step)
        report.described += _check_describe_history(game, state, told, gseed, step)
        total = math.fsum(state.returns())
        if report.returns_sum is None:
            report.returns_sum = total
        _check_returns_kind(game, info, state, report.returns_sum, gseed, step)
        if gi < 5:
            a = play(game, fns, seed=gseed)
            b = play(game, fns, seed=gseed)
            if a.actions != b.actions or a.returns != b.returns:
                raise _fail(game, gseed, 0, "the same seed gave two different games")
        report.games += 1
        report.steps += step
        report.longest = max(report.longest, step)
        reason = state.end_reason.name if state.end_reason is not None else "None"
        report.end_reasons[reason] = report.end_reasons.get(reason, 0) + 1
    return report


def check_info(game: Game) -> GameInfo:
    """Check what ``game.info`` declares against the game itself; return the info.

    The info is a ``GameInfo`` with the game's title; the table size is within the declared range
    and ``players`` outside it is refused; ``seat_name`` agrees with the seat names; names and
    colours are distinct non-empty strings; the default bot is a registered bot of the game.
    """
    info = game.info
    where = f"{game!r}: game.info"
    if not isinstance(info, GameInfo):
        raise ConformanceError(f"{where} is a {type(info).__name__}, not a GameInfo")
    if info.title != game.title:
        raise ConformanceError(f"{where}.title {info.title!r} is not the game's title {game.title!r}")
    if not isinstance(info.returns, ReturnsKind):
        raise ConformanceError(f"{where}.returns {info.returns!r} is not a ReturnsKind")
    if not info.min_players <= game.num_players <= info.max_players:
        raise ConformanceError(
            f"{where} allows {info.min_players}-{info.max_players} players, the game has {game.num_players}"
        )
    if any(o.name == "players" for o in game.OPTIONS):
        for bad in (info.min_players - 1, info.max_players + 1):
            try:
                type(game)(**{**game.options, "players": bad})
            except ValueError:
                continue
            raise ConformanceError(
                f"{where} allows {info.min_players}-{info.max_players} players, "
                f"yet players={bad} was accepted"
            )
    for names, what in ((info.seat_names, "seat_names"), (info.seat_colours, "seat_colours")):
        if not all(isinstance(x, str) and x for x in names) or len(set(names)) != len(names):
            raise ConformanceError(f"{where}.{what} {names!r} are not distinct non-empty strings")
    for seat in range(game.num_players):
        if game.seat_name(seat) != info.seat_names[seat]:
            raise ConformanceError(
                f"{game!r}: seat_name({seat}) is {game.seat_name(seat)!r}, "
                f"but game.info.seat_names[{seat}] is {info.seat_names[seat]!r}"
            )
    if info.default_bot not in bot_names(game.id):
        raise ConformanceError(
            f"{where}.default_bot {info.default_bot!r} is not a bot of {game.id}: {bot_names(game.id)}"
        )
    return info


def _check_action_types(game: Game) -> None:
    """Actions of two types with the same fields never compare equal (see ``core.action_type``)."""
    kinds = [t for t in game.ACTION_TYPES if hasattr(t, "_fields")]
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            if len(a._fields) != len(b._fields):
                continue
            fields = (0,) * len(a._fields)
            if a(*fields) == b(*fields) or len({a(*fields), b(*fields)}) != 2:
                raise ConformanceError(
                    f"{game!r}: {a.__name__}{fields} equals {b.__name__}{fields}; decorate the action "
                    "types with isslab.core.action_type"
                )


def _check_state(game: Game, state: State, seed: int, step: int) -> bool:
    """Check the position; True at the steps where views and text were checked too (sampled)."""
    text = json.dumps(state.snapshot())
    back = restore(game, json.loads(text))
    if back != state or json.dumps(back.snapshot()) != text or hash(back) != hash(state):
        raise _fail(game, seed, step, "JSON round trip of the position is not exact")
    if back.current_player != state.current_player or back.legal_actions() != state.legal_actions():
        raise _fail(game, seed, step, "a loaded state offers different actions")
    if step % 7 and not state.is_terminal():
        return False  # rendering and views are pure functions of the position: sampling them is enough
    if not isinstance(str(state), str) or not str(state):
        raise _fail(game, seed, step, "str(state) is empty")
    views = [state.view(seat) for seat in range(game.num_players)]
    for view in views:
        json.dumps(view)
    for bad in (-1, game.num_players, "0"):
        try:
            state.view(bad)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise _fail(game, seed, step, f"view({bad!r}) was accepted")
    _check_panel(game, state, seed, step)
    if not game.info.hidden_information:
        shared = [{k: v for k, v in view.items() if k not in SEAT_KEYS} for view in views]
        for seat, view in enumerate(shared):
            if view != shared[0]:
                keys = sorted(k for k in view.keys() | shared[0].keys() if view.get(k) != shared[0].get(k))
                raise _fail(
                    game,
                    seed,
                    step,
                    f"game.info.hidden_information is False, yet view({seat}) differs from view(0) "
                    f"in {', '.join(keys)} (only {', '.join(SEAT_KEYS)} may differ)",
                )
    return True


def panel(state: State, eyes: int | None = None) -> list[tuple[Any, ...]]:
    """What the game view's panel hooks say of every seat: key numbers, goal, standing, headline.

    The player panel shows every seat's numbers to whoever watches; the headline is shown to one
    seat, so with ``eyes`` every row holds that seat's headline.
    """
    return [
        (state.key_numbers(s), state.goal(s), state.standing(s), state.headline(s if eyes is None else eyes))
        for s in range(state.game.num_players)
    ]


def _check_panel(game: Game, state: State, seed: int, step: int) -> None:
    """The panel hooks answer in their declared shapes (the game view shows them as they are)."""
    for s, (numbers, goal, standing, headline) in enumerate(panel(state)):
        pairs = isinstance(numbers, list) and all(
            isinstance(p, tuple)
            and len(p) == 2
            and isinstance(p[0], str)
            and isinstance(p[1], int | float | str)
            and not isinstance(p[1], bool)
            for p in numbers
        )
        if not pairs:
            raise _fail(game, seed, step, f"key_numbers({s}) is {numbers!r}, not a list of (label, value)")
        if not isinstance(goal, str) or not isinstance(headline, str):
            raise _fail(game, seed, step, f"goal({s}) and headline({s}) must be strings")
        if not isinstance(standing, tuple) or not all(isinstance(x, int | float) for x in standing):
            raise _fail(game, seed, step, f"standing({s}) is {standing!r}, not a tuple of numbers")
    for bad in (-1, game.num_players):
        try:
            state.key_numbers(bad)
        except ValueError:
            continue
        raise _fail(game, seed, step, f"key_numbers({bad!r}) was accepted")


def _check_text(game: Game, state: State, action: Any, seat: int | None, seed: int, step: int) -> str:
    text = state.describe(action, seat)
    if not isinstance(text, str) or not text.strip():
        raise _fail(game, seed, step, f"describe({action}, {seat}) is {text!r}, not a non-empty string")
    return text


def _check_describe_legal(game: Game, state: State, seed: int, step: int) -> int:
    """``describe`` of every legal action for every seat and None; wrong seats refused."""
    legal = state.legal_actions()
    seats: tuple[int | None, ...] = (None, *range(game.num_players))
    for action in legal:
        for seat in seats:
            _check_text(game, state, action, seat, seed, step)
    for action in legal[:1]:
        for bad in (-1, game.num_players, *_BAD_SEATS):
            try:
                state.describe(action, bad)
            except ValueError:
                continue
            raise _fail(game, seed, step, f"describe({action}, {bad!r}) was accepted: a seat or None")
    return len(legal) * len(seats)


def _check_describe_history(
    game: Game, state: State, told: Sequence[tuple[int, int | None, str]], seed: int, step: int
) -> int:
    """``describe`` of every past action for every seat; the same text as when it was played."""
    history = state.history
    for action in history:
        for seat in (None, *range(game.num_players)):
            _check_text(game, state, action, seat, seed, step)
    for i, seat, text in told:
        now = state.describe(history[i], seat)
        if now != text:
            raise _fail(
                game,
                seed,
                step,
                f"describe({history[i]}, {seat}) of step {i} reads {text!r} when played and {now!r} at "
                "the end: the text must depend only on the action and the seat",
            )
    return len(history) * (game.num_players + 1)


def _check_returns_kind(
    game: Game, info: GameInfo, state: State, first_sum: float, seed: int, step: int
) -> None:
    """The returns of a finished game add up as ``game.info.returns`` declares."""
    returns = state.returns()
    total = math.fsum(returns)
    kind = info.returns
    if kind is ReturnsKind.ZERO_SUM and abs(total) > 1e-9:
        raise _fail(game, seed, step, f"zero-sum game, yet the returns {returns} sum to {total}")
    if kind is ReturnsKind.CONSTANT_SUM and abs(total - first_sum) > 1e-9:
        raise _fail(
            game, seed, step, f"constant-sum game, yet the returns {returns} sum to {total}, not {first_sum}"
        )
    if kind is ReturnsKind.COOPERATIVE and len(set(returns)) > 1:
        raise _fail(game, seed, step, f"cooperative game, yet the returns {returns} differ between seats")


def _check_file_round_trip(game: Game, state: State, seed: int, step: int) -> None:
    text = state.to_json()
    back = load(text, verify=False)
    if back != state or back.to_json() != text or back.history != state.history:
        raise _fail(game, seed, step, "JSON round trip of the save file is not exact")


def _check_verified_load(game: Game, state: State, seed: int, step: int) -> None:
    back = load(state.to_json(), verify=True)
    if back != state:
        raise _fail(game, seed, step, "replaying the saved history gives a different state")


def _check_illegal(
    game: Game, state: State, legal: Sequence[Any], prev_legal: Sequence[Any], seed: int, step: int
) -> int:
    before = state._values()
    candidates: list[Any] = [_NotAnAction(), "no such action", ["NoSuchType"]]
    now = set(legal)  # a set: a list lookup compares actions one by one (typed __eq__ in Python)
    candidates += [a for a in prev_legal if a not in now][:2]
    for bad in candidates:
        try:
            state.apply(bad)
        except IllegalActionError as exc:
            if not str(exc):
                raise _fail(game, seed, step, "IllegalActionError without a message") from None
        else:
            raise _fail(game, seed, step, f"illegal action {bad!r} was accepted")
        if state._values() != before:
            raise _fail(game, seed, step, f"a rejected action {bad!r} changed the state")
    return len(candidates)


def _check_result(game: Game, state: State, seed: int, step: int) -> None:
    n = game.num_players
    returns, winners, ranks = state.returns(), state.winners(), state.ranks()
    if len(returns) != n or len(ranks) != n:
        raise _fail(game, seed, step, "returns() or ranks() do not have one entry per seat")
    if not all(0 <= w < n for w in winners) or len(set(winners)) != len(winners):
        raise _fail(game, seed, step, f"winners() {winners} are not distinct seats")
    best = max(returns)
    if winners and set(winners) != {i for i in range(n) if returns[i] == best}:
        raise _fail(game, seed, step, f"winners {winners} are not the seats with the best return {returns}")
    if any(ranks[w] != 1 for w in winners) or any(ranks[i] == 1 for i in range(n) if i not in winners):
        raise _fail(game, seed, step, f"ranks {ranks} disagree with winners {winners}")
    if state.end_reason is None:
        raise _fail(game, seed, step, "a terminal state has no end_reason")
    if len(state.seat_stats()) != n:
        raise _fail(game, seed, step, "seat_stats() does not have one dict per seat")


def check_hidden_information(
    game: Game | str,
    games: int = 12,
    seed: int = 0,
    bots: BotSpec = "random",
    samples: int = 3,
    horizon: int = 600,
    max_children: int = 40,
) -> LeakReport:
    """Check that no seat learns a hidden value through ``view``, ``describe`` or its legal actions.

    Along ``games`` seeded games (cut after ``horizon`` steps: replays cost the length of the
    history), at ``samples`` random positions, one of every kind of decision met (who decides and
    the types of the actions on offer) and the last one, for every seat:

    * ``resample_hidden(seat, rng)`` gives a position with the same ``view(seat)``, the same
      ``describe(a, seat)`` of every past action and, on the seat's turn, the same legal actions
      (as text); a ``ValueError`` from it means the seat's legal actions depend on hidden values.
      A game with ``info.hidden_information`` must sometimes give a different position (else
      nothing is hidden, or describe pins every hidden draw); a game without it the same one.
    * the dual check, which catches a leaking describe at once: the children of the position
      (up to ``max_children`` legal actions or chance outcomes) that the seat cannot tell apart
      by its view, but which are different positions, must have the same ``describe(action,
      seat)``, unless only the actor's own view tells them apart (its action announced); and,
      in a game that resamples by the texts (the core's ``resample_hidden``), children described
      the same way must look the same (see ``_check_children``).
    """
    if isinstance(game, str):
        game = make(game)
    fns, _ = resolve_bots(game, bots)
    report = LeakReport(game=game.id, options=game.options)
    hidden = game.info.hidden_information
    for gseed in derive_seeds(seed, games):
        rng = random.Random(gseed)
        states = [game.new_state()]
        while not states[-1].is_terminal() and len(states) <= horizon:
            state = states[-1]
            cp = state.current_player
            action = state.sample_chance(rng) if cp == CHANCE else fns[cp](state, rng)
            states.append(state.apply(action))
        told, resampled = _leak_positions(states, rng, samples)
        for step in told:
            _check_children(game, states[step], rng, max_children, report, gseed, step)
            report.compared += 1
        for step in resampled:
            for seat in range(game.num_players):
                _check_resample(game, states[step], seat, rng, report, gseed, step)
            report.positions += 1
        report.games += 1
    if hidden and not report.differing:
        raise ConformanceError(
            f"{game!r}: game.info.hidden_information is True, yet resample_hidden never gave a position "
            f"other than the real one in {report.resampled} tries: either nothing is hidden, or "
            "describe_action shows every hidden value to every seat (which pins every draw)"
        )
    return report


def _leak_positions(states: Sequence[State], rng: random.Random, samples: int) -> tuple[list[int], list[int]]:
    """The steps ``check_hidden_information`` examines: where it compares the children of a
    position, and where it resamples; both hold ``samples`` random steps and the last.

    A leak often hides in a rare decision (a Construct Modules waiting for cubes, an extra action
    offered only to a hand that can use it), which a few random positions of a long game miss. So
    the children are compared at one step of every pair of successive kinds of decision met (who
    decides and the types of the actions on offer, now and next: a Construct followed by a
    Retrieve is a kind of its own), and the resample, which replays the history and costs the most,
    runs at one step of every kind: the cost grows with the kinds met, not the length of the game.
    """
    last = len(states) - 1
    kinds = [_decision_kind(state) for state in states]
    moves: dict[tuple[Any, ...], list[int]] = {}
    for step in range(last):
        moves.setdefault((kinds[step], kinds[step + 1]), []).append(step)
    random_steps = set(rng.sample(range(last), min(samples, last))) | {last}
    told = random_steps | {rng.choice(steps) for steps in moves.values()}
    by_kind: dict[tuple[str, ...], list[int]] = {}
    for step in range(last):
        by_kind.setdefault(kinds[step], []).append(step)
    resampled = random_steps | {rng.choice(steps) for steps in by_kind.values()}
    return sorted(told), sorted(resampled)


def _decision_kind(state: State) -> tuple[str, ...]:
    """Who decides at ``state`` (chance, a seat, nobody) and the types of the actions on offer."""
    cp = state.current_player
    if cp == TERMINAL:
        return ("over",)
    return ("chance" if cp == CHANCE else "seat", *sorted({type(a).__name__ for a in state.legal_actions()}))


def _check_resample(
    game: Game, state: State, seat: int, rng: random.Random, report: LeakReport, seed: int, step: int
) -> None:
    """A resampled position looks the same to ``seat`` as the real one."""
    name = f"{game.seat_name(seat)} (seat {seat})"
    try:
        other = state.resample_hidden(seat, rng)
    except ValueError as exc:
        raise _fail(game, seed, step, f"resample_hidden for {name} failed: {exc}") from None
    report.resampled += 1
    if other != state:
        report.differing += 1
        if not game.info.hidden_information:
            raise _fail(
                game,
                seed,
                step,
                f"game.info.hidden_information is False, yet resample_hidden for {name} gave another "
                "position: describe_action hides something",
            )
    mine, theirs = state.view(seat), other.view(seat)
    if mine != theirs:
        keys = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
        raise _fail(
            game,
            seed,
            step,
            f"a position that {name} cannot tell from the real one by the descriptions of its history "
            f"shows it a different view (keys {', '.join(keys)}): either the view shows a hidden value "
            "or describe_action hides a value the seat may see",
        )
    if panel(state, seat) != panel(other, seat):
        raise _fail(
            game,
            seed,
            step,
            f"a position that {name} cannot tell from the real one gives other key_numbers, goal, "
            "standing or headline: the game view's player panel would show a hidden value",
        )
    texts = [game.describe_action(a, seat) for a in state.history]
    other_texts = [game.describe_action(a, seat) for a in other.history]
    if texts != other_texts:
        pairs = enumerate(zip(texts, other_texts, strict=False))
        i = next((i for i, (a, b) in pairs if a != b), min(len(texts), len(other_texts)))
        raise _fail(
            game,
            seed,
            step,
            f"resample_hidden for {name} changed what the seat was told at step {i}: "
            f"{texts[i : i + 1]} -> {other_texts[i : i + 1]}",
        )
    if state.is_terminal() and other.returns() != state.returns():
        raise _fail(
            game,
            seed,
            step,
            f"the result {state.returns()} of a finished game differs in a position {name} cannot tell "
            f"from it ({other.returns()}): a hidden value decided it but was never revealed in a description",
        )
    mine_to_move, theirs_to_move = state.current_player == seat, other.current_player == seat
    if mine_to_move != theirs_to_move:
        raise _fail(
            game,
            seed,
            step,
            f"whether {name} is to move depends on hidden information (resampled: "
            f"{'to move' if theirs_to_move else 'not to move'})",
        )
    if mine_to_move:
        legal = [str(a) for a in state.legal_actions()]
        other_legal = [str(a) for a in other.legal_actions()]
        if legal != other_legal:
            only = sorted(set(legal) ^ set(other_legal))[:4]
            raise _fail(
                game,
                seed,
                step,
                f"{name}'s legal actions depend on hidden information: a position it cannot tell from "
                f"the real one offers other actions ({'; '.join(only) or 'another order'})",
            )


def _check_children(
    game: Game, state: State, rng: random.Random, cap: int, report: LeakReport, seed: int, step: int
) -> None:
    """``describe`` and ``view`` agree on the children of ``state`` for every seat (see below).

    Children that a seat cannot tell apart by its view, but which are different positions, must be
    described to it the same way, unless the one thing that tells them apart is the actor's own
    view: a seat's own action may be announced (what it shows of the actor's hand is a rule of the
    game, which the resample check holds the texts to). So a text may not tell a seat what only a
    third seat sees (a leak), nor what no view shows at all (the view hides a public value), and
    the acting seat's view must tell apart its own choices. Conversely, in a game whose
    ``resample_hidden`` is the core's (it learns only from texts), children described the same way
    must look the same: a view that tells them apart shows what the text hides.
    """
    legal = state.legal_actions()
    if len(legal) > cap:
        legal = [legal[i] for i in sorted(rng.sample(range(len(legal)), cap))]
    n = game.num_players
    # each child with its values and every seat's view, serialised once (the pairs compare them)
    children = []
    for a in legal:
        child = state.apply(a)
        views = [json.dumps(child.view(s), sort_keys=True) for s in range(n)]
        children.append((a, child, child._values(), views))
    report.children += len(children)
    by_text = type(state).resample_hidden is State.resample_hidden
    for seat in range(n):
        texts = [state.describe(a, seat) for a in legal]
        groups: dict[str, list[int]] = {}
        for i, (_, _, _, views) in enumerate(children):
            groups.setdefault(views[seat], []).append(i)
        for group in groups.values():
            if len({children[i][2] for i in group}) < 2:
                continue
            report.indistinguishable += 1
            if len({texts[i] for i in group}) > 1:
                _check_told_apart(game, state, children, texts, group, seat, seed, step)
        if by_text:
            _check_same_text_same_view(game, state, children, texts, seat, seed, step)


def _check_told_apart(
    game: Game,
    state: State,
    children: Sequence[tuple[Any, State, tuple[Any, ...], list[str]]],
    texts: Sequence[str],
    group: Sequence[int],
    seat: int,
    seed: int,
    step: int,
) -> None:
    """Children in ``group`` look the same to ``seat`` yet read differently: fail unless the actor's
    own view alone tells them apart (its own action announced)."""
    actor = state.current_player
    who = "chance" if actor == CHANCE else game.seat_name(actor)
    name = f"{game.seat_name(seat)} (seat {seat})"
    for k, i in enumerate(group):
        a, _, values_a, views_a = children[i]
        for j in group[k + 1 :]:
            b, _, values_b, views_b = children[j]
            if values_a == values_b or texts[i] == texts[j]:
                continue
            apart = [s for s in range(game.num_players) if views_a[s] != views_b[s]]
            pair = (
                f"{who} playing {state.describe(a)!r} or {state.describe(b)!r} gives different positions "
                f"that look the same in view({seat}), yet describe(action, {seat}) tells them apart: "
                f"{texts[i]!r} vs {texts[j]!r}"
            )
            if seat == actor:
                raise _fail(game, seed, step, f"{name}'s view does not show its own choice: {pair}")
            if not apart:
                raise _fail(
                    game,
                    seed,
                    step,
                    f"describe tells {name} what no seat's view shows: {pair}; either the view hides "
                    "a public value or the text tells a hidden one",
                )
            others = [s for s in apart if s != actor]
            if others:
                raise _fail(
                    game,
                    seed,
                    step,
                    f"describe leaks a hidden value to {name}: {pair}; only view({others[0]}) shows it",
                )


def _check_same_text_same_view(
    game: Game,
    state: State,
    children: Sequence[tuple[Any, State, tuple[Any, ...], list[str]]],
    texts: Sequence[str],
    seat: int,
    seed: int,
    step: int,
) -> None:
    """Children described the same way to ``seat`` look the same to it (core resampler games)."""
    first: dict[str, int] = {}
    for i, text in enumerate(texts):
        k = first.setdefault(text, i)
        if children[k][3][seat] != children[i][3][seat]:
            a, b = children[k][0], children[i][0]
            raise _fail(
                game,
                seed,
                step,
                f"{state.describe(a)!r} and {state.describe(b)!r} read {text!r} to "
                f"{game.seat_name(seat)} (seat {seat}), yet its views of the positions they give "
                "differ: the view shows what the text hides (the core's resample_hidden, which learns "
                "from the texts alone, would draw a position the seat can tell from the real one)",
            )
