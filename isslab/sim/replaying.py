"""``replay``: the exact game of one row of ``simulate`` or ``sweep`` (or of a file they wrote), again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import pandas as pd

import isslab.checks as checks
from isslab.core import State, bot, load, make, short_repr
from isslab.frames.frame import rotated
from isslab.play import BotSpec, GameRecord, expand_bots, play, start_under

__all__ = ["Replay", "replay"]


class Replay(NamedTuple):
    """A game rebuilt from its row: the record (actions, result) and the final state."""

    record: GameRecord
    state: State


def _row_dict(row: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The row's values and the attrs of the frame it came from."""
    attrs: dict[str, Any] = dict(getattr(row, "attrs", {}) or {})
    if isinstance(row, pd.DataFrame):
        if len(row) != 1:
            raise ValueError(f"replay takes one row; this frame has {len(row)} (use df.iloc[k])")
        raw: Mapping[Any, Any] = row.iloc[0].to_dict()
    elif isinstance(row, pd.Series):
        raw = row.to_dict()
    elif isinstance(row, Mapping):
        raw = row
    elif hasattr(row, "_asdict"):  # a row of df.itertuples()
        raw = row._asdict()
    else:
        raise ValueError(
            f"replay takes a row of a simulate or sweep frame (df.iloc[k]), got {type(row).__name__}"
        )
    return {str(k): v for k, v in raw.items()}, attrs


def _registered(game_id: str, names: list[Any]) -> None:
    """Every stored bot name must build a bot (a registered name, with parameters for a search bot)."""
    unknown = []
    for name in names:
        if not isinstance(name, str):
            unknown.append(name)
            continue
        try:
            bot(game_id, name)
        except ValueError:
            unknown.append(name)
    if unknown:
        raise ValueError(
            f"bots {', '.join(short_repr(b, 60) for b in unknown)} are not registered bots of {game_id} "
            "(functions cannot be stored with the rows): pass them, isslab.replay(row, bots=[...])"
        )


def _attrs_value(attrs: Mapping[str, Any], key: str, kind: Any) -> Any:
    value = attrs[key]
    if not isinstance(value, kind):
        raise ValueError(f"the frame's attrs hold a {key!r} of the wrong kind ({short_repr(value, 40)})")
    return value


def _grid_names(grid: Any) -> list[str]:
    """The swept options a frame's attrs name (a sweep writes ``{option: values}``; None: not a sweep).

    A list of option names is read too (as :func:`isslab.frames.frame.swept` reads it).

    Anything else is refused: a grid that is not read would replay every row with the fixed options,
    a game the row never played.
    """
    if grid is None:
        return []
    if not isinstance(grid, Mapping | list | tuple) or not all(isinstance(k, str) for k in grid):
        raise ValueError(
            "the frame's attrs hold a 'grid' that is not a sweep's grid (a dict of option name -> values, "
            f"or a list of option names), got {short_repr(grid, 60)}: was it edited? Pass the frame as "
            "isslab.sweep returned it"
        )
    return list(grid)


def replay(row: Any, frame: pd.DataFrame | None = None, *, bots: BotSpec | None = None) -> Replay:
    """Rebuild the exact game of one row of ``simulate`` or ``sweep`` (or of a file they wrote).

    The row's ``seed`` and ``game`` number and its frame's attrs (game id, options, bots, seat
    rotation, start position; a sweep's options are the row's own columns) are all it takes:
    ``isslab.play`` is run again with them. Pass ``frame`` when the row has lost its frame's
    attrs (a dict, a row of ``itertuples``), and ``bots`` for bots that were functions. Bots named
    with parameters (``"mcts(simulations=50)"``) are rebuilt from their names. The replayed game is
    checked against the row (moves and steps): a mismatch raises ``ValueError``.
    """
    values, attrs = _row_dict(row)
    if frame is not None:
        if not isinstance(frame, pd.DataFrame):
            raise ValueError(f"frame must be the DataFrame the row came from, got {type(frame).__name__}")
        attrs = {**{str(k): v for k, v in frame.attrs.items()}, **attrs}
    missing = [k for k in ("game", "options", "bots") if k not in attrs]
    if missing:
        raise ValueError(
            f"this row has no {', '.join(missing)} (its frame's attrs were lost); pass the frame it came "
            "from: isslab.replay(row, df)"
        )
    for k in ("seed", "game"):
        if k not in values:
            raise ValueError(f"this row has no {k!r} column: is it a row of isslab.simulate or sweep?")
    game_id = _attrs_value(attrs, "game", str)
    options = {k: checks.frozen(v) for k, v in dict(_attrs_value(attrs, "options", Mapping)).items()}
    for name in _grid_names(attrs.get("grid")):
        if name not in values:
            raise ValueError(f"this sweep row has no column {short_repr(name, 40)} (a swept option)")
        options[name] = checks.frozen(values[name])
    g = make(game_id, **options)
    i = checks.integer("the row's game number", values["game"], 0, 2**63)
    seed = checks.seed("the row's seed", values["seed"])
    stored = list(_attrs_value(attrs, "bots", list | tuple))
    if bots is None:
        _registered(g.id, stored)
        names: list[Any] = stored
    else:
        names = list(expand_bots(g, bots))
    # a sweep over the number of players stores one bot for all seats
    names = names * g.num_players if len(names) == 1 else names
    if len(names) != g.num_players:
        raise ValueError(
            f"the frame names {len(names)} bots for a game of {g.num_players} seats: pass bots=[...] for "
            "this row"
        )
    seat_bots = rotated(names, i, checks.flag("rotate_seats", attrs.get("rotate_seats", False)))
    start_json = attrs.get("start")
    start = start_under(g, load(start_json)) if start_json else None  # verified: the attrs may be edited
    rec = play(g, seat_bots, seed=seed, state=start)
    for k, got in (("length", rec.length), ("steps", rec.steps)):
        if k not in values or values[k] is None:
            continue
        want = checks.as_count(values[k])
        if want is None and isinstance(values[k], float) and values[k].is_integer():
            want = int(values[k])  # a CSV read back may hold whole numbers as floats
        if want != got:
            raise ValueError(
                f"the replay of game {i} (seed {seed}) does not match its row: {k} {got} instead of "
                f"{short_repr(values[k], 30)}; were the bots, the options or the rules changed since?"
            )
    return Replay(rec, rec.final_state())
