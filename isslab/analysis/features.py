"""What the win-chance model reads of a position: named features from what one seat may see.

The fitted evaluator (:mod:`isslab.analysis.winprob`) predicts each seat's result from features
*an observer* may know: built from ``state.view(observer)`` and the public hooks every game has
(``standing``, ``lead_scores``, ``current_player``, ``move_number``, ``rounds``), never from a
hidden value. So a model evaluation leaks nothing, and the leak test of the analysis layer holds
for every game by construction.

A game may offer better features through an optional state method::

    def win_features(self, observer: int) -> Sequence[Mapping[str, float]]:
        '''One feature mapping per seat, from what ``observer`` may know.'''

:func:`seat_features` calls it when the state has it, else :func:`generic_features`. A game with
the hook also sets ``WIN_FEATURES_VERSION`` (an int) on its state class: it is part of a model file's
key, so a model fitted on other features is refitted, never misread; with
``WIN_FEATURES_EXTEND = True`` the hook's features are added to the generic ones instead of
replacing them (a game package never imports this module), and with ``WIN_FEATURES_VIEW = False``
as well the generic ones come without the flattened view (the standing, place and turn features
only). Features a hook names ``game.*`` enter the fit as large as the standing
(``winprob.GAME_PREFIX``). Space: 1999 has one (``isslab/games/space_1999/features.py``: the race,
beside the generic features), and so have 1998 ISS (``isslab/games/iss_1998/features.py``: what is
secured and reachable, beside the standing, in place of the view) and 1969
(``isslab/games/game_1969/features.py``: the score now, the prestige a test under way may bring, the
chance to end the round ahead; beside the standing, in place of the view). The generic features give
every new game a model for free:

* the view is flattened into named numbers like the interop encoder does (numbers by path, bools as
  0/1, strings one-hot, lists of names as bags), **relative to the seat judged**: a list with one
  entry per seat (``money``, ``players``, ``seats``) is rotated so that entry ``@0`` is that seat's,
  ``@1`` the next seat's and so on, and each number of such a list also gives ``...@lead``: the seat's
  value minus the best rival's;
* the seat's ``standing`` (each component, and its gap to the best rival's), its place by
  ``lead_scores`` scaled to [0, 1], whether it leads alone, whether it is to move;
* the seat's index, the table size and whether the observer is the seat judged.

The model multiplies every feature by the game's progress as well (see ``winprob``), so a lead can
weigh more late than early.

**Who plays** (:func:`lineup_features`): a win chance depends on the players as much as on the
position (a ``random`` seat with a lead still loses), so every seat's features also name the bot the
chance assumes for it (``bot=<name>``) and the share of its rivals each bot plays
(``rivals bot=<name>``); a model fitted on games of many line-ups learns what each one is worth.

**A seat's own hand.** A game's ``win_features(observer)`` gives the observer's own entry what the
observer may see of its own hand (1969's Intelligence Cards, 1998 ISS's experiment cards), and the
others' entries public facts only; the generic features read the observer's view, own hand included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from isslab.core import State

__all__ = ["add_lineup", "generic_features", "lineup_features", "progress_features", "seat_features"]

#: the features that a seat's own bot bends (``add_lineup``): the standing, place and turn, and a
#: game's own measures of the race
BENT: Final = ("standing", "place", "leads alone", "to move", "game.")

#: most levels of nesting followed in a view (views are a few levels deep)
_MAX_DEPTH: Final = 16

_Item = tuple[str, int, float]  # (path, owner seat or -1, value)


def _walk(
    view: Any, n: int, prefix: str, owner: int, depth: int, out: list[_Item] | None = None
) -> list[_Item]:
    """Flatten ``view`` into ``out``; the entries of the outermost list with one entry per seat get their
    owner. (A list filled in place, not a generator: a view has a few hundred leaves, and a generator
    per level costs as much as the rest of the features.)"""
    if out is None:
        out = []
    if depth <= 0:
        raise ValueError(f"a view nested more than {_MAX_DEPTH} levels deep at {prefix or 'the top'}")
    if isinstance(view, dict):
        for key, value in view.items():
            _walk(value, n, f"{prefix}.{key}" if prefix else str(key), owner, depth - 1, out)
    elif isinstance(view, list | tuple):
        per_seat = (
            owner < 0 and n > 1 and len(view) == n and not any(isinstance(v, str) or v is None for v in view)
        )
        for i, value in enumerate(view):
            if isinstance(value, str) or value is None:
                out.append((f"{prefix}[]={value}", owner, 1.0))
            elif per_seat:
                _walk(value, n, prefix, i, depth - 1, out)
            else:
                _walk(value, n, f"{prefix}.{i}", owner, depth - 1, out)
    elif isinstance(view, bool):
        out.append((prefix, owner, 1.0 if view else 0.0))
    elif isinstance(view, int | float):
        out.append((prefix, owner, float(view)))
    elif view is None or isinstance(view, str):
        out.append((f"{prefix}={view}", owner, 1.0))
    else:
        raise ValueError(f"a view holds JSON data only; {prefix or 'the top'} is a {type(view).__name__}")
    return out


def generic_features(state: State, observer: int, view: bool = True) -> list[dict[str, float]]:
    """The default features of every seat as ``observer`` may know them (module docstring).

    ``view=False``: without the flattened view (the standing, place and turn features only).
    """
    n = state.game.num_players
    items = _walk(state.view(observer), n, "", -1, _MAX_DEPTH) if view else []
    shared: dict[str, float] = {}
    owned: list[list[tuple[str, float]]] = [[] for _ in range(n)]
    by_path: dict[str, list[float]] = {}
    for path, owner, value in items:
        if owner < 0:
            shared[path] = shared.get(path, 0.0) + value
            continue
        owned[owner].append((path, value))
        if "=" not in path:  # a number, not a one-hot name: compare the seats on it
            by_path.setdefault(path, [0.0] * n)[owner] = value
    stand = [state.standing(s) for s in range(n)]
    places = state.lead_scores()
    top = max(places)
    alone = sum(1 for p in places if p == top) == 1
    to_move = state.current_player
    # each seat's entries summed once (a bag of names repeats a path), in the order they came
    sums: list[list[tuple[str, float]]] = []
    for other in range(n):
        d: dict[str, float] = {}
        for path, value in owned[other]:
            d[path] = d.get(path, 0.0) + value
        sums.append(list(d.items()))
    # per compared path: the best seat, and the best and second-best values (the best rival of the
    # best seat is the second); n > 1 here whenever a path has owners
    tops: list[tuple[str, list[float], int, float, float]] = []
    for path, values in by_path.items():
        first = max(range(n), key=values.__getitem__)
        second = max(v for i, v in enumerate(values) if i != first)
        tops.append((f"{path}@lead", values, first, values[first], second))
    out: list[dict[str, float]] = []
    for seat in range(n):
        f = dict(shared)
        for other in range(n):
            tag = f"@{(other - seat) % n}."
            f.update({tag + path: value for path, value in sums[other]})
        for key, values, first, best, second in tops:
            f[key] = values[seat] - (second if seat == first else best)
        mine = stand[seat]
        for k, x in enumerate(mine):
            f[f"standing.{k}"] = float(x)
            rivals_k = [float(stand[o][k]) for o in range(n) if o != seat and len(stand[o]) > k]
            if rivals_k:
                gap = float(x) - max(rivals_k)
                f[f"standing.{k}@lead"] = gap
                # a lead and a deficit weigh differently: the two halves let a linear model bend
                f[f"standing.{k}@ahead"] = max(gap, 0.0)
                f[f"standing.{k}@behind"] = min(gap, 0.0)
            for other in range(1, n):
                o = (seat + other) % n
                if len(stand[o]) > k:
                    f[f"standing.{k}@{other}"] = float(stand[o][k])
        f["place"] = places[seat] / top if top > 0 else 0.0
        f["leads alone"] = 1.0 if alone and places[seat] == top and top > 0 else 0.0
        f["to move"] = 1.0 if to_move == seat else 0.0
        if to_move >= 0:  # who moves next, counted from the seat judged (turn order matters in a race)
            f[f"to move@{(to_move - seat) % n}"] = 1.0
        f[f"seat={seat}"] = 1.0
        f["observer is seat"] = 1.0 if observer == seat else 0.0
        out.append(f)
    return out


def seat_features(state: State, observer: int) -> list[dict[str, float]]:
    """Every seat's features as ``observer`` may know them: the game's ``win_features`` hook (beside the
    generic ones when the state sets ``WIN_FEATURES_EXTEND``, without the flattened view when it also
    sets ``WIN_FEATURES_VIEW = False``), else the generic ones."""
    hook = getattr(state, "win_features", None)
    if hook is None:
        return generic_features(state, observer)
    got: Sequence[Mapping[str, float]] = hook(observer)
    if len(got) != state.game.num_players:
        raise ValueError(
            f"{state.game.id}: win_features({observer}) gave {len(got)} mappings, one per seat "
            f"({state.game.num_players}) expected"
        )
    own = [{str(k): float(v) for k, v in m.items()} for m in got]
    if not getattr(state, "WIN_FEATURES_EXTEND", False):
        return own
    out = generic_features(state, observer, view=getattr(state, "WIN_FEATURES_VIEW", True))
    for f, extra in zip(out, own, strict=True):
        f.update(extra)
    return out


def lineup_features(lineup: Sequence[str], seat: int) -> dict[str, float]:
    """Who plays, as the features of ``seat``: its own bot, the share of its rivals each bot plays, and
    the same shares by its own bot (``bot=<mine> vs <theirs>``: a bot may do well against one bot only)."""
    mine = lineup[seat]
    out = {f"bot={mine}": 1.0}
    rivals = len(lineup) - 1
    for other, name in enumerate(lineup):
        if other != seat:
            for key in (f"rivals bot={name}", f"bot={mine} vs {name}"):
                out[key] = out.get(key, 0.0) + 1.0 / rivals
    return out


def add_lineup(feats: list[dict[str, float]], lineup: Sequence[str], default: str) -> None:
    """Add who plays to every seat's features in place: :func:`lineup_features`, and for a seat whose bot
    is not ``default`` its standing and race features again, named ``<bot>|<feature>``."""
    for seat, f in enumerate(feats):
        mine = lineup[seat]
        if mine != default:
            f.update({f"{mine}|{k}": v for k, v in f.items() if k.startswith(BENT)})
        f.update(lineup_features(lineup, seat))


def progress_features(state: State) -> dict[str, float]:
    """How far the game has gone, from public counters: steps taken and rounds played."""
    return {"steps": float(state.move_number), "rounds": float(state.rounds)}
