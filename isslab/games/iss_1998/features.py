"""1998 ISS win-chance features: what predicts a seat's final score, per seat (``State.win_features``).

The generic features of :mod:`isslab.analysis.features` read the view and the standing (the points as
if the game ended now). The flattened view of 1998 ISS is several hundred numbers (every compartment,
card and cube), which a few thousand games cannot weigh: early in a game they cost the model more
variance than they tell. This module says instead what each participant has already secured or can
still reach, from public facts only: every field read here is on the board, on a track or counted
in the view (a hand is read by the levels of its cards, which every seat sees, never by its cards),
so a seat's public features are the same from every view and do not change when only another seat's
hidden cards do; the observer's own entry adds its own hand, which it sees. The state class keeps
the generic standing, place and turn features beside them and leaves out the flattened view
(``WIN_FEATURES_EXTEND``, ``WIN_FEATURES_VIEW = False``).

Per participant (seats, and FEDOR in the solo game):

* ``game.points`` and ``game.pts.<source>``: the points as if the game ended now, by source
  (installation tokens, external material, long stay, goals, shuttle set, experiments, the penalty
  of the cards in hand);
* ``game.hand.<level>`` and ``game.hand value``: the cards in hand by level, and the points they
  bring if performed (each level's mean points in the deck, the hand penalty lifted);
  ``game.reach``: the points plus that value;
* what the next step of a track brings: ``game.next set`` (a new shuttle type), ``game.next stay``
  (one more long-stay step);
* ``game.material``, ``game.iss material``, ``game.astronauts`` (on the station and on their way),
  ``game.crew free`` (in Unity, free to act), ``game.cargo`` (astronauts and materials on the pads),
  ``game.cubes`` (in reserve), ``game.goal progress`` (the open goals' requirements met, each
  counted up to 1) and ``game.goals ready`` (open goals met in full);
* the state of the game: ``game.rounds left`` (shuttle cards still in the decks; 0 once the end is
  triggered), ``game.covered`` (compartments still to install, the installation points on offer),
  ``game.modules`` (modules on the station);
* ``game.<x>@lead`` for the points, the reach, the hand value, the material and the astronauts: the
  seat's minus the best rival's (FEDOR is the rival in the solo game), with the points' and the
  reach's lead split into ``@ahead`` and ``@behind`` parts so a linear model can bend.

**The observer's own hand** (its own entry only; every other entry stays public): the cards' exact
points, the points of those it can do now (``game.own hand points``, ``game.own doable points``), the
materials they need beyond what it holds (``game.own short``) and its long tasks
(``game.own long``). The other seats' hands are read by their levels, as above.

Every one is weighed by the square of the game's :func:`clock` (the largest share of a shuttle deck
launched: 0 at the start, 1 once the end is triggered), so they say nothing at the start, where the
final score is still open and the standing alone predicts as well as anything (measured: unweighed,
they cost the early third of the games 0.0004 of Brier score against the standing alone; weighed,
they gain). The model multiplies each by the game's progress as well.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from isslab.games.kit import add_leads, remember_last, with_own_entry

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998, State1998

__all__ = ["VERSION", "clock", "level_values", "own_hand", "participant_facts", "win_features"]

#: the version of these features: a model file records it (``WIN_FEATURES_VERSION`` of the state),
#: so a model fitted on other features is refitted, not misread
VERSION: Final = 2

_SOURCES: Final = ("installation", "external", "long_stay", "goals", "shuttles", "experiments", "unplayed")
#: the facts whose lead over the best rival is given
_LEADS: Final = ("points", "reach", "hand value", "material", "astronauts")
#: the leads also split into a lead and a deficit part
_SPLIT: Final = ("points", "reach")

#: per goal card: the amount its requirement counts for participant ``p`` (legal_goals' tests)
_GOAL_AMOUNTS: Final[tuple[Any, ...]] = (
    lambda st, p: len(st.played[p]),
    lambda st, p: sum(1 for c in st.played[p] if st.game.tables.exp_level[c] == 3),
    lambda st, p: st.cargo_astro[0][p] + st.cargo_astro[1][p],
    lambda st, p: st.cargo_mat[0][p] + st.cargo_mat[1][p],
    lambda st, p: max(row[p] for row in st.ccubes),
    lambda st, p: st.tokens[p],
    lambda st, p: st.long_stay[p],
    lambda st, p: st.ext_mat[p],
    lambda st, p: sum(st.won[p]),
    None,  # a token, a long stay and a shuttle of each nation: counted part by part
)


@lru_cache(maxsize=16)
def level_values(game: Game1998) -> tuple[float, float, float]:
    """The mean points of an experiment card of each level (1, 2, 3) in the game's deck."""
    tb = game.tables
    out = []
    for v in (1, 2, 3):
        pts = [p for p, lv in zip(tb.exp_points, tb.exp_level, strict=True) if lv == v]
        out.append(sum(pts) / len(pts) if pts else 0.0)
    return out[0], out[1], out[2]


def clock(st: State1998) -> float:
    """The game's clock: the largest share of a shuttle deck launched (1 once a deck has run out, which
    triggers the end)."""
    tb = st.game.tables
    if st.ending:
        return 1.0
    return max(
        ((d - left) / d for d, left in zip(tb.deck_cards, st.shuttle_left, strict=True) if d > 0), default=1.0
    )


def _goal_progress(st: State1998, p: int) -> tuple[float, float]:
    """The open goals' requirements met by ``p`` (each up to 1), and how many are met in full."""
    tb = st.game.tables
    progress = 0.0
    ready = 0.0
    for i, goal in enumerate(st.goals):
        if st.goal_owner[i] >= 0:
            continue
        amount = _GOAL_AMOUNTS[goal]
        if amount is None:
            won = st.won[p]
            ru = won[0] + won[1]
            parts = (st.tokens[p] >= 1) + (st.long_stay[p] >= 1) + (ru >= 1) + (sum(won) - ru >= 1)
            share = parts / 4
        else:
            th = tb.goal_threshold[goal]
            share = min(1.0, amount(st, p) / th) if th > 0 else 1.0
        progress += share
        ready += 1.0 if share >= 1.0 else 0.0
    return progress, ready


def participant_facts(st: State1998, p: int) -> dict[str, float]:
    """Participant ``p``'s own facts (module docstring), from public fields only."""
    from isslab.games.iss_1998.scoring import points

    tb = st.game.tables
    pts = points(st, p)
    f: dict[str, float] = {"game.points": float(pts.total)}
    for name, value in zip(_SOURCES, pts, strict=True):
        f[f"game.pts.{name}"] = float(value)
    levels = tb.exp_level
    counts = [0, 0, 0]
    for c in st.hands[p]:  # the levels only: public (the view shows them for every hand)
        counts[levels[c] - 1] += 1
    means = level_values(st.game)
    hand_value = 0.0
    for k, m in zip(counts, means, strict=True):
        hand_value += k * (m + tb.unplayed_penalty)
    for v in range(3):
        f[f"game.hand.{v + 1}"] = float(counts[v])
    f["game.hand value"] = hand_value
    f["game.reach"] = pts.total + hand_value
    kinds = sum(1 for c in st.won[p] if c)
    sp = tb.set_points
    f["game.next set"] = float(sp[kinds] - (sp[kinds - 1] if kinds else 0)) if kinds < len(sp) else 0.0
    ls = st.long_stay[p]
    f["game.next stay"] = float(tb.ls_points[min(ls + 1, tb.ls_max)] - tb.ls_points[min(ls, tb.ls_max)])
    f["game.iss material"] = float(st.iss_mat[p])
    f["game.material"] = float(st.iss_mat[p] + st.ext_mat[p])
    on_station = st.unity[p] + st.occ[p].bit_count()
    cargo_astro = st.cargo_astro[0][p] + st.cargo_astro[1][p]
    f["game.astronauts"] = float(on_station + cargo_astro)
    f["game.crew free"] = float(st.unity[p])
    f["game.cargo"] = float(cargo_astro + st.cargo_mat[0][p] + st.cargo_mat[1][p])
    f["game.cubes"] = float(st.cubes[p])
    progress, ready = _goal_progress(st, p)
    f["game.goal progress"] = progress
    f["game.goals ready"] = ready
    return f


@remember_last
def _all_features(st: State1998) -> list[dict[str, float]]:
    """Every seat's features: the same from every view (nothing hidden is read)."""
    tb = st.game.tables
    facts = [participant_facts(st, p) for p in range(tb.P)]
    shared = {
        "game.rounds left": 0.0 if st.ending else float(sum(st.shuttle_left)),
        "game.covered": float(st.covered.bit_count()),
        "game.modules": float(len(st.station)),
    }
    out: list[dict[str, float]] = []
    for s in range(tb.n):
        f = dict(facts[s])
        f.update(shared)
        rivals = [facts[o] for o in range(tb.P) if o != s]
        if rivals:
            add_leads(f, rivals, _LEADS, _SPLIT)
        out.append(f)
    w = clock(st) ** 2
    out = [{k: v * w for k, v in f.items()} for f in out]
    return out


def own_hand(st: State1998, p: int) -> dict[str, float]:
    """What seat ``p`` knows of its own hand (module docstring), unweighed: for ``p``'s own eyes only."""
    from isslab.games.iss_1998.legal_conduct import doable_experiments

    tb = st.game.tables
    hand = st.hands[p]
    doable = doable_experiments(st, p) if hand else []
    iss = sum(tb.exp_iss[c] for c in hand)
    ext = sum(tb.exp_ext[c] for c in hand)
    return {
        "game.own hand points": float(sum(tb.exp_points[c] + tb.unplayed_penalty for c in hand)),
        "game.own doable points": float(sum(tb.exp_points[c] for c in doable)),
        "game.own short": float(max(0, iss - st.iss_mat[p]) + max(0, ext - st.ext_mat[p])),
        "game.own long": float(sum(1 for c in hand if tb.exp_long[c])),
    }


def win_features(st: State1998, observer: int) -> list[dict[str, float]]:
    """Every seat's features (module docstring), with the observer's own hand in its entry only.

    The state class sets ``WIN_FEATURES_EXTEND``: the model reads them beside the generic features.
    """
    return with_own_entry(_all_features(st), observer, clock(st) ** 2, lambda: own_hand(st, observer))
