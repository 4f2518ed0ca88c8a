"""Save files: ``state.to_json()``, ``isslab.load(text)`` and ``restore(game, snapshot)``.

A save is JSON: the game id (a variant's id names the variant), its options, the history of actions
and the position. ``load`` replays the history through the rules and checks that it reproduces the
saved position, so an edited or corrupt file is refused with the reason; sizes and depths are
bounded so that a hostile file costs an error message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from isslab.core.game import Game, State
from isslab.core.registry import make, undefined_variant
from isslab.core.values import IllegalActionError, _freeze, _names, _short, _thaw, parse_json

__all__ = ["load", "restore", "save_text"]

_FORMAT: Final = "isslab.state"
_VERSION: Final = 1


def save_text(state: State) -> str:
    """The save-file text of ``state`` (``State.to_json``): game, options, history and position."""
    game = state.game
    doc = {
        "format": _FORMAT,
        "version": _VERSION,
        "game": game.id,
        "options": _thaw_options(game.options),
        "history": [game.encode_action(a) for a in state.history],
        "state": state.snapshot(),
    }
    return json.dumps(doc, separators=(",", ":"))


def _unpickle_state(game: Game, text: str) -> State:
    """A pickled state rebuilt: ``game`` has been unpickled first (so a variant is defined here)."""
    return _from_doc(game, json.loads(text), verify=False)


def _thaw_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _thaw(v) for k, v in options.items()}


def load(text: str | bytes, verify: bool = True) -> State:
    """Rebuild a state from ``State.to_json()`` text.

    With ``verify`` (the default) the history is replayed through the rules and must reproduce the
    saved position, so a corrupt or edited file is rejected with ``ValueError`` naming the reason.
    Without it the saved position is trusted (fast, used for undo stacks and worker hand-off).
    """
    if not isinstance(text, str | bytes | bytearray):
        raise ValueError(f"not an isslab save file: expected JSON text, got {type(text).__name__}")
    if type(verify) is not bool and not isinstance(verify, np.bool_):
        # 'no' is truthy: a text must not switch the check on or off by accident
        raise ValueError(f"verify must be True or False, got {_short(verify, 40)}")
    doc = parse_json(text, "not an isslab save file")
    if not isinstance(doc, dict) or doc.get("format") != _FORMAT:
        raise ValueError(f"not an isslab save file: the 'format' field must be {_FORMAT!r}")
    # exactly the int 1: True and 1.0 compare equal to 1 but were never written by to_json
    if type(doc.get("version")) is not int or doc["version"] != _VERSION:
        raise ValueError(
            f"unsupported save-file version {_short(doc.get('version'), 40)}; this isslab reads {_VERSION}"
        )
    for key, kind in (("game", str), ("options", dict), ("history", list), ("state", dict)):
        if not isinstance(doc.get(key), kind):
            raise ValueError(f"corrupt save file: field {key!r} is missing or not a {kind.__name__}")
    missing = undefined_variant(doc["game"])
    if missing is not None:  # a real game, but not in this process: no corruption
        raise ValueError(f"cannot load this save file: {missing}")
    try:
        game = make(doc["game"], **doc["options"])
    except ValueError as exc:
        raise ValueError(f"corrupt save file: {exc}") from None
    return _from_doc(game, doc, verify)


def _from_doc(game: Game, doc: dict[str, Any], verify: bool) -> State:
    """The state a parsed save file ``doc`` of ``game`` describes (replayed and checked with ``verify``)."""
    try:
        history = [game.decode_action(a) for a in doc["history"]]
    except ValueError as exc:
        raise ValueError(f"corrupt save file: {exc}") from None
    saved = doc["state"]
    fields = game.STATE.FIELDS
    unknown = [k for k in saved if k not in fields]
    if unknown:
        raise ValueError(
            f"corrupt save file: the state has unknown field{'s' if len(unknown) > 1 else ''} "
            f"{_names(unknown)}; the fields are: {', '.join(fields)}"
        )
    if verify:
        state = game.new_state()
        for i, action in enumerate(history):
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise ValueError(f"corrupt save file: step {i} of the history is not legal: {exc}") from None
        snap = state.snapshot()
        if snap != saved:
            missing = [k for k in fields if k not in saved]
            diff = [k for k in fields if k in saved and saved[k] != snap[k]]
            what = []
            if missing:
                what.append(f"missing {', '.join(missing)}")
            if diff:
                what.append(f"fields {', '.join(diff)}")
            raise ValueError(
                f"corrupt save file: the saved position does not match its history ({'; '.join(what)})"
            )
        return state
    node: tuple[Any, Any] | None = None
    for a in history:
        node = (a, node)
    state = restore(game, doc["state"])
    state._hist = node
    state._nhist = len(history)
    return state


def restore(game: Game, snapshot: Mapping[str, Any]) -> State:
    """A state of ``game`` with the position given by ``State.snapshot()`` (and an empty history).

    The snapshot is trusted: only its shape is checked. Use ``load`` to verify a position by replay.
    """
    cls = game.STATE
    if not isinstance(snapshot, Mapping):
        raise ValueError(
            f"corrupt save file: the state must be a mapping of fields, got {_short(snapshot, 60)}"
        )
    missing = [f for f in cls.FIELDS if f not in snapshot]
    if missing:
        raise ValueError(f"corrupt save file: state fields missing: {', '.join(missing)}")
    unknown = [k for k in snapshot if k not in cls.FIELDS]
    if unknown:
        raise ValueError(f"corrupt save file: unknown state fields: {_names(unknown)}")
    state = object.__new__(cls)
    state._init_base(game)
    try:
        for f in cls.FIELDS:
            setattr(state, f, _freeze(snapshot[f]))
    except ValueError as exc:
        raise ValueError(f"corrupt save file: state field {f}: {exc}") from None
    return state
