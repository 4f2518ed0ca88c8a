"""Mission ISS action numbers: the fixed numbering that PettingZoo and OpenSpiel see.

The core contract (``Game.num_distinct_actions``, ``max_chance_outcomes``, ``action_index``) asks
for a number per action that reads the action alone and never gives two legal actions of one state
the same number. The acting seat is the state's, so it takes no number (a ``Select`` keeps the
fellow player whose card it takes: ``partner`` is a seat, not an offset). Player actions take
consecutive blocks, in this order, with ``n`` players, ``A`` astronauts (``astronaut_skills``) and
``T`` research tiles (``research_dice``):

================  =======================================================  =====================
block             numbers                                                  size
================  =======================================================  =====================
``Select``        ``own * (4n + 1) + partner * 4 + kind``; a wild card     ``4 * (4n + 1)``
                  ``own * (4n + 1) + 4n``                                  (0 with 1 player)
``Play``          ``(top * 5 + under) * 2 + from_hand``                    50 (1 player only)
``EndShift``      ``0``                                                    1
``EndTurn``       ``0``                                                    1
``Move``          ``(v * A + astronaut) * 15 + dest``                      ``3 * A * 15``
``Research``      ``((v * A + astronaut) * T + tile - 1) * 2 + die``       ``3 * A * T * 2``
``ResearchOn``    ``(tile - 1) * 2 + die``                                 ``T * 2``
``ResearchStop``  ``0``                                                    1
``Assemble``      ``(v * A + astronaut) * 12 + module``                    ``2 * A * 12``
``Deploy``        ``(v * A + astronaut) * 16 + source + 1``                ``3 * A * 16``
``Exercise``      ``v * 3 + colour``                                       9
``Skip``          ``via``                                                  9
``UseBonus``      ``(tile - 1) * 5 + choice + 1``                          ``T * 5``
``Arrive``        ``astronaut``                                            ``A``
``Train``         ``colour * A + astronaut``                               ``3 * A``
================  =======================================================  =====================

``v`` is the position of the command's ``via`` among the sources that can give that command, in
:class:`~.phases.Via` order: Move card, wild card, extra Move bonus for ``Move``; Research card,
wild card, extra Research bonus for ``Research``; Assemble card, wild card for ``Assemble``;
Assemble card, wild card, free robonaut bonus for ``Deploy``; Exercise card, wild card, free
exercise bonus for ``Exercise``. Two commands that differ only in their source are both legal when
the turn holds both sources, so the source is part of the number. The astronaut is part of it too,
although the legal actions give a field's Research, Assemble and robonaut commands to its
lowest-numbered astronaut only: a module that attaches to two fields is attached from either, and
the number should not depend on that listing choice. Fields, modules, card kinds and colours are
the codes of :mod:`.actions`; a ``UseBonus``'s ``bonus`` follows its tile, and its ``choice`` is -1
except for the recover bonus.

Chance outcomes share one range; each chance node draws one kind of outcome, and within it the
number tells them apart:

================  ===========================================  ===============================
outcome           number                                       size
================  ===========================================  ===============================
``DealMarkers``   the rank of its set of modules among the     ``C(12, k)`` for the largest
                  sets of that size (colex: ``sum C(m_i, i)``  kind of difficulty marker
                  over the sorted module indices ``m_1 < ..``)
``DrawTile``      ``tile - 1`` (the node fixes the field)      ``T``
``DrawIncident``  the card: module A, B..M, then Good Job      14
``DrawMarker``    ``value - 1`` (the node fixes the module)    5
``SoloDeal``      ``bottom_rank * 20 + middle_rank``           700 (1 player only)
================  ===========================================  ===============================

A ``SoloDeal`` row is ranked among the ways to split its cards over the four command kinds,
ordered by the Move count, then Research, Assemble (the order the legal outcomes are listed in):
35 ways for the bottom row's 4 cards, from all Exercise (0) to all Move (34), 20 for the middle
row's 3.
``max_chance_outcomes`` is the largest size of the game's options.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.games.kit import subset_rank
from isslab.games.mission_iss.actions import (
    GOOD_JOB,
    Arrive,
    Assemble,
    DealMarkers,
    Deploy,
    DrawIncident,
    DrawMarker,
    DrawTile,
    EndShift,
    EndTurn,
    Exercise,
    Move,
    Play,
    Research,
    ResearchOn,
    ResearchStop,
    Select,
    Skip,
    SoloDeal,
    Train,
    UseBonus,
)
from isslab.games.mission_iss.components import MODULES, NUM_FIELDS, SOLO_ROWS, Bonus
from isslab.games.mission_iss.phases import VIA_COMMANDS

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import GameMissionISS

__all__ = ["action_index", "max_chance_outcomes", "num_distinct_actions"]

_NUM_MODULES = len(MODULES)
#: command kinds (Move, Research, Assemble, Exercise) a single-player row is split over
_KINDS = 4
#: card kinds a Play names: the four command kinds and a module card (wild)
_PLAY_KINDS = 5
#: incident cards in number order: module A, B..M, Good Job
_INCIDENT = {card: i for i, card in enumerate(("A", *MODULES, GOOD_JOB))}
#: incident marker values 1..5
_MARKER_VALUES = 5
_MODULE = {m: i for i, m in enumerate(MODULES)}
#: command flag (move, research, attach, robonaut, exercise) -> {via: its position}
_VIA_POS = tuple(
    {v: i for i, v in enumerate(v for v in range(len(VIA_COMMANDS)) if VIA_COMMANDS[v][flag])}
    for flag in range(5)
)
_MOVE_VIA, _RESEARCH_VIA, _ASSEMBLE_VIA, _DEPLOY_VIA, _EXERCISE_VIA = _VIA_POS


def _compositions(total: int, parts: int) -> int:
    """Ways to write ``total`` as ``parts`` ordered counts of 0 or more."""
    return comb(total + parts - 1, parts - 1)


_SOLO_BOTTOM = _compositions(SOLO_ROWS[0], _KINDS)
_SOLO_MIDDLE = _compositions(SOLO_ROWS[1], _KINDS)


class _Layout(NamedTuple):
    """One game's block starts and sizes, and its chance size, computed once."""

    starts: dict[type, int]
    sizes: dict[type, int]
    total: int
    chance: int
    n: int
    astronauts: int
    tiles: int
    tile_bonus: tuple[int, ...]
    marker_kinds: frozenset[tuple[int, bool, int]]


@lru_cache(maxsize=64)
def _layout(game: GameMissionISS) -> _Layout:
    """The blocks of one game's options (see the module docstring)."""
    t = game.tables
    n, na, nt = t.n, t.num_astronauts, t.num_tiles
    blocks: tuple[tuple[type, int], ...] = (
        (Select, 0 if t.solo else 4 * (4 * n + 1)),
        (Play, _PLAY_KINDS * _PLAY_KINDS * 2 if t.solo else 0),
        (EndShift, 1),
        (EndTurn, 1),
        (Move, len(_MOVE_VIA) * na * NUM_FIELDS),
        (Research, len(_RESEARCH_VIA) * na * nt * 2),
        (ResearchOn, nt * 2),
        (ResearchStop, 1),
        (Assemble, len(_ASSEMBLE_VIA) * na * _NUM_MODULES),
        (Deploy, len(_DEPLOY_VIA) * na * (NUM_FIELDS + 1)),
        (Exercise, len(_EXERCISE_VIA) * 3),
        (Skip, len(VIA_COMMANDS)),
        (UseBonus, nt * 5),
        (Arrive, na),
        (Train, 3 * na),
    )
    starts: dict[type, int] = {}
    at = 0
    for kind, size in blocks:
        starts[kind] = at
        at += size
    deal = max((comb(_NUM_MODULES, count) for _, _, count in t.marker_kinds), default=0)
    solo = _SOLO_BOTTOM * _SOLO_MIDDLE if t.solo else 0
    chance = max(deal, nt, len(_INCIDENT), _MARKER_VALUES, solo)
    kinds = frozenset((int(v), bool(a), int(c)) for v, a, c in t.marker_kinds)
    bonus = tuple(int(b) for b in t.tile_bonus)
    return _Layout(starts, dict(blocks), at, chance, n, na, nt, bonus, kinds)


def num_distinct_actions(game: GameMissionISS) -> int:
    """The numbers of every block of player actions together."""
    return _layout(game).total


def max_chance_outcomes(game: GameMissionISS) -> int:
    """The largest chance block: a deal of difficulty markers, a tile, a card, a marker, a solo deal."""
    return _layout(game).chance


def _within(name: str, value: Any, size: int, first: int = 0) -> int:
    """``value - first`` for an int ``value`` from ``first`` to ``first + size - 1``; else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int, got {value!r}")
    if not first <= value < first + size:
        raise ValueError(f"{name}={value} is outside {first}..{first + size - 1}")
    return int(value) - first


def _composition_rank(counts: tuple[int, ...], total: int) -> int:
    """The rank of ``counts`` (summing to ``total``) among the compositions of ``total`` into
    ``len(counts)`` parts, ordered by the first count, then the second, ...; ValueError if not one."""
    if sum(counts) != total or any(c < 0 for c in counts):
        raise ValueError(f"{counts} is not {total} cards split over {len(counts)} kinds")
    rank = 0
    left = total
    for i, c in enumerate(counts[:-1]):
        parts = len(counts) - i - 1
        rank += sum(_compositions(left - v, parts) for v in range(c))
        left -= c
    return rank


def _seat(lay: _Layout, action: Any) -> int:
    return _within("seat", action.seat, lay.n)


def _select(lay: _Layout, a: Any) -> int:
    seat = _seat(lay, a)
    own = _within("own", a.own, 4)
    wide = 4 * lay.n + 1
    if a.partner == -1:
        if a.kind != 4:
            raise ValueError(f"a wild card has kind 4, got {a.kind!r}")
        return own * wide + 4 * lay.n
    partner = _within("partner", a.partner, lay.n)
    if partner == seat:
        raise ValueError("the second card comes from a fellow player, not from the seat that picks")
    return own * wide + partner * 4 + _within("kind", a.kind, 4)


def _play(lay: _Layout, a: Any) -> int:
    _within("seat", a.seat, 1)
    if type(a.from_hand) is not bool:
        raise ValueError(f"from_hand must be a bool, got {a.from_hand!r}")
    under = _within("under", a.under, _PLAY_KINDS)
    return (_within("top", a.top, _PLAY_KINDS) * _PLAY_KINDS + under) * 2 + int(a.from_hand)


def _by_seat(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    return 0


def _via(table: dict[int, int], a: Any) -> int:
    pos = None if isinstance(a.via, bool) or not isinstance(a.via, int) else table.get(a.via)
    if pos is None:
        raise ValueError(f"via={a.via!r} cannot give a {type(a).__name__} command (sources: {sorted(table)})")
    return pos


def _crew(lay: _Layout, table: dict[int, int], a: Any) -> int:
    """``v * A + astronaut`` of a command given to an astronaut."""
    _seat(lay, a)
    return _via(table, a) * lay.astronauts + _within("astronaut", a.astronaut, lay.astronauts)


def _tile(lay: _Layout, tile: Any) -> int:
    """A research tile's number from 0 (tiles are numbered from 1)."""
    return _within("tile", tile, lay.tiles, first=1)


def _move(lay: _Layout, a: Any) -> int:
    return _crew(lay, _MOVE_VIA, a) * NUM_FIELDS + _within("dest", a.dest, NUM_FIELDS)


def _research(lay: _Layout, a: Any) -> int:
    base = _crew(lay, _RESEARCH_VIA, a) * lay.tiles + _tile(lay, a.tile)
    return base * 2 + _within("die", a.die, 2)


def _research_on(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    return _tile(lay, a.tile) * 2 + _within("die", a.die, 2)


def _assemble(lay: _Layout, a: Any) -> int:
    return _crew(lay, _ASSEMBLE_VIA, a) * _NUM_MODULES + _within("module", a.module, _NUM_MODULES)


def _deploy(lay: _Layout, a: Any) -> int:
    source = _within("source", a.source, NUM_FIELDS + 1, first=-1)  # -1: the Soyuz capsule
    return _crew(lay, _DEPLOY_VIA, a) * (NUM_FIELDS + 1) + source


def _exercise(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    return _via(_EXERCISE_VIA, a) * 3 + _within("colour", a.colour, 3)


def _skip(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    return _within("via", a.via, len(VIA_COMMANDS))


def _use_bonus(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    tile = _tile(lay, a.tile)
    bonus = lay.tile_bonus[tile + 1]
    if a.bonus != bonus:
        raise ValueError(f"tile #{a.tile} has the bonus {bonus}, not {a.bonus!r}")
    if bonus == Bonus.RECOVER:
        choice = _within("choice (recover)", a.choice, _KINDS)
    elif a.choice != -1:
        raise ValueError(f"only the recover bonus takes a card kind; choice={a.choice!r}, want -1")
    else:
        choice = -1
    return tile * 5 + choice + 1


def _arrive(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    return _within("astronaut", a.astronaut, lay.astronauts)


def _train(lay: _Layout, a: Any) -> int:
    _seat(lay, a)
    return _within("colour", a.colour, 3) * lay.astronauts + _within("astronaut", a.astronaut, lay.astronauts)


def _deal(lay: _Layout, a: Any) -> int:
    if not isinstance(a.modules, str):
        raise ValueError(f"modules must be a string of module letters, got {a.modules!r}")
    picked = sorted(_MODULE[m] if m in _MODULE else -1 for m in a.modules)
    if -1 in picked or len(set(picked)) != len(picked):
        raise ValueError(f"modules={a.modules!r} must name distinct modules among {''.join(MODULES)}")
    if (a.value, a.astronaut, len(picked)) not in lay.marker_kinds:
        raise ValueError(
            f"no {len(picked)} difficulty markers of value {a.value!r} (astronaut symbol "
            f"{a.astronaut!r}) in this game"
        )
    return subset_rank(picked)


def _draw_tile(lay: _Layout, a: Any) -> int:
    _within("field", a.field, NUM_FIELDS)
    return _tile(lay, a.tile)


def _draw_incident(lay: _Layout, a: Any) -> int:
    found = _INCIDENT.get(a.card) if isinstance(a.card, str) else None
    if found is None:
        raise ValueError(f"card={a.card!r} is not an incident card (A..M or {GOOD_JOB!r})")
    return found


def _draw_marker(lay: _Layout, a: Any) -> int:
    _within("module", a.module, _NUM_MODULES)
    return _within("value", a.value, _MARKER_VALUES, first=1)


def _solo_deal(lay: _Layout, a: Any) -> int:
    if lay.n != 1:
        raise ValueError("the single-player deal happens only with 1 player")
    rows = (a.bottom, a.middle)
    for row in rows:
        if not isinstance(row, tuple) or len(row) != _KINDS + 1 or row[_KINDS] != 0:
            raise ValueError(f"a row is {_KINDS + 1} counts, module cards (the last) 0; got {row!r}")
    bottom = _composition_rank(a.bottom[:_KINDS], SOLO_ROWS[0])
    return bottom * _SOLO_MIDDLE + _composition_rank(a.middle[:_KINDS], SOLO_ROWS[1])


_PLAYER: dict[type, Callable[[_Layout, Any], int]] = {
    Select: _select,
    Play: _play,
    EndShift: _by_seat,
    EndTurn: _by_seat,
    Move: _move,
    Research: _research,
    ResearchOn: _research_on,
    ResearchStop: _by_seat,
    Assemble: _assemble,
    Deploy: _deploy,
    Exercise: _exercise,
    Skip: _skip,
    UseBonus: _use_bonus,
    Arrive: _arrive,
    Train: _train,
}
_CHANCE: dict[type, Callable[[_Layout, Any], int]] = {
    DealMarkers: _deal,
    DrawTile: _draw_tile,
    DrawIncident: _draw_incident,
    DrawMarker: _draw_marker,
    SoloDeal: _solo_deal,
}


def action_index(game: GameMissionISS, action: Any) -> int:
    """The number of an action or chance outcome (see the module docstring)."""
    lay = _layout(game)
    kind = type(action)
    try:
        chance = _CHANCE.get(kind)
        if chance is not None:
            return chance(lay, action)
        number = _PLAYER.get(kind)
        if number is None:
            raise ValueError(f"not a Mission ISS action type: {kind.__name__}")
        if not lay.sizes[kind]:
            raise ValueError(f"no {kind.__name__} with {lay.n} player{'s' if lay.n > 1 else ''}")
        return lay.starts[kind] + number(lay, action)
    except (TypeError, AttributeError, IndexError, ValueError) as exc:
        raise ValueError(f"no number for the Mission ISS action {action!r} in {game!r}: {exc}") from None
