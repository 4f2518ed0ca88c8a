"""The conformance suite every game must pass: ``isslab.testing.check_game(game)``.

It plays seeded games with the given bots (random by default) and checks the contract of
``isslab.core`` at every step. Failures raise ``ConformanceError`` naming the game, the seed and
the move, so a rule change that breaks the contract is found at once.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from isslab.core import CHANCE, TERMINAL, Game, IllegalActionError, State, load, make, restore
from isslab.play import BotSpec, derive_seeds, play, resolve_bots

__all__ = ["ConformanceError", "ConformanceReport", "check_game"]


class ConformanceError(AssertionError):
    """A game broke the isslab contract."""


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
) -> ConformanceReport:
    """Play ``games`` seeded games and check the contract at every step; raise on the first breach.

    Checked: play terminates; there are legal actions until the end; ``apply`` never mutates its
    input; chance probabilities are positive and sum to 1; actions are hashable, readable and survive
    JSON; the JSON round trip of the position is exact at every step, and that of the whole save
    file (history included) every ``verify_every`` steps and at the end, where the saved history is
    also replayed through the rules; the same seed gives the same game; illegal actions are
    rejected with ``IllegalActionError`` and the state unchanged; views are JSON-able and wrong seats
    are refused; returns, winners and ranks agree.
    """
    if isinstance(game, str):
        game = make(game)
    fns, _ = resolve_bots(game, bots)
    report = ConformanceReport(game=game.id, options=game.options)
    n = game.num_players
    for gi, gseed in enumerate(derive_seeds(seed, games)):
        rng = random.Random(gseed)
        state = game.new_state()
        prev_legal: list[Any] = []
        step = 0
        while True:
            _check_state(game, state, gseed, step)
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


def _check_state(game: Game, state: State, seed: int, step: int) -> None:
    text = json.dumps(state.snapshot())
    back = restore(game, json.loads(text))
    if back != state or json.dumps(back.snapshot()) != text or hash(back) != hash(state):
        raise _fail(game, seed, step, "JSON round trip of the position is not exact")
    if back.current_player != state.current_player or back.legal_actions() != state.legal_actions():
        raise _fail(game, seed, step, "a loaded state offers different actions")
    if step % 7 and not state.is_terminal():
        return  # rendering and views are pure functions of the position: sampling them is enough
    if not isinstance(str(state), str) or not str(state):
        raise _fail(game, seed, step, "str(state) is empty")
    for seat in range(game.num_players):
        json.dumps(state.view(seat))
    for bad in (-1, game.num_players, "0"):
        try:
            state.view(bad)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise _fail(game, seed, step, f"view({bad!r}) was accepted")


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
    candidates += [a for a in prev_legal if a not in legal][:2]
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
