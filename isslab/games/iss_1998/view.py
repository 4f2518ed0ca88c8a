"""What a seat may see of a 1998 ISS position, and the texts of positions and actions.

Hidden information: the experiment cards in another player's hand (and those it has just drawn),
the order of every deck, and, in the solo game, the face of the top FEDOR card (its back, which
decides FEDOR's countdown, is public). Public: everything on the board and the tracks, the cards
performed, how many cards each hand holds and from which decks they came (the draws are made from
the decks in view, and cards go back under their deck face down), the sizes of the decks.

:func:`view` is the only road from a state to a seat and :func:`describe` the only road from an
action (``Game1998.describe_action``); what one shows must not tell apart two positions the other
cannot (``State1998.resample_hidden`` relies on it, and the conformance suite checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import Action
from isslab.games.iss_1998.actions import Cargo, ExperimentDraw, FedorTop, Keep, Load, ShuttleDraw, Train
from isslab.games.iss_1998.components import (
    ACTION_NAMES,
    ACTION_SHORT,
    FEDOR_NAME,
    GOALS,
    NATION_NAMES,
    SEAT_NAMES,
    SHUTTLE_NAMES,
    SHUTTLE_NATION,
    TYPE_CODES,
)
from isslab.games.iss_1998.legal import goal_met
from isslab.games.iss_1998.phases import NOBODY, PHASE_TEXT, Phase
from isslab.games.iss_1998.scoring import points, scores, winners

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998, State1998

__all__ = ["describe", "goal", "headline", "key_numbers", "name", "render", "round_label", "standing", "view"]


def describe(action: Action, seat: int | None) -> str:
    """The text of ``action`` as ``seat`` may know it: another seat's cards, a FEDOR card's face masked."""
    kind = type(action)
    if seat is None:
        return str(action)
    if kind is ExperimentDraw or kind is Keep:
        if seat != action.seat:
            text: str = action.masked_text()
            return text
    elif kind is FedorTop:
        text = action.masked_text()
        return text
    return str(action)


def name(st: State1998, p: int) -> str:
    """The name of participant ``p``: a colour, or FEDOR."""
    return FEDOR_NAME if p == st.game.fedor else SEAT_NAMES[p]


def _card(st: State1998, c: int) -> dict[str, Any]:
    g = st.game
    return {
        "name": g.exp_name[c],
        "level": g.exp_level[c],
        "points": g.exp_points[c],
        "iss": g.exp_iss[c],
        "external": g.exp_ext[c],
        "compartments": [TYPE_CODES[t] for t in g.exp_needs[c]],
        "task": "long" if g.exp_long[c] else "short",
    }


def _compartments(st: State1998) -> list[dict[str, Any]]:
    g = st.game
    owner = {}
    for p, mask in enumerate(st.occ):
        c = 0
        while mask:
            if mask & 1:
                owner[c] = p
            mask >>= 1
            c += 1
    out = []
    for m in st.station:
        for c in g.mod_comps[m]:
            out.append(
                {
                    "label": g.comp_label[c],
                    "module": g.mod_name[m],
                    "type": TYPE_CODES[g.comp_type[c]],
                    "covered": bool(st.covered >> c & 1),
                    "astronaut": name(st, owner[c]) if c in owner else None,
                }
            )
    return out


def view(st: State1998, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as JSON-able data (see the module for what is hidden)."""
    g = st.game
    P = g.P
    names = [name(st, p) for p in range(P)]
    levels = g.exp_level
    players = []
    for p in range(P):
        pts = points(st, p)
        hand = st.hands[p]
        entry: dict[str, Any] = {
            "name": names[p],
            "astronauts_on_earth": st.reserve[p],
            "astronauts_in_unity": st.unity[p],
            "astronauts_in": [g.comp_label[c] for c in range(g.n_comps) if st.occ[p] >> c & 1],
            "cubes": st.cubes[p],
            "iss_material": st.iss_mat[p],
            "external_material": st.ext_mat[p],
            "long_stay": st.long_stay[p],
            "installation_tokens": st.tokens[p],
            "shuttles": {SHUTTLE_NAMES[t]: k for t, k in enumerate(st.won[p]) if k},
            "goals": [GOALS[goal][0] for i, goal in enumerate(st.goals) if st.goal_owner[i] == p],
            "experiments_done": [g.exp_name[c] for c in st.played[p]],
            "hand_size": len(hand),
            "hand_levels": [sum(1 for c in hand if levels[c] == v) for v in (1, 2, 3)],
            "points": dict(zip(pts._fields, pts, strict=True)),
        }
        if p == seat:
            entry["hand"] = [_card(st, c) for c in hand]
        players.append(entry)
    pads = []
    for n in (0, 1):
        t = st.pad[n]
        pads.append(
            {
                "nation": NATION_NAMES[n],
                "shuttle": SHUTTLE_NAMES[t] if t >= 0 else None,
                "countdown": st.countdown[n] if t >= 0 else None,
                "seats": g.sh_seats[t] if t >= 0 else 0,
                "astronauts": dict(zip(names, st.cargo_astro[n], strict=True)),
                "materials": dict(zip(names, st.cargo_mat[n], strict=True)),
                "cards_left": st.shuttle_left[n],
            }
        )
    column = []
    for slot in range(4):
        m = st.column[slot]
        column.append(
            {
                "module": g.mod_name[m] if m >= 0 else None,
                "compartments": [TYPE_CODES[g.comp_type[c]] for c in g.mod_comps[m]] if m >= 0 else [],
                "cubes": dict(zip(names, st.ccubes[slot], strict=True)),
                "earth_action": ACTION_NAMES[st.earth[slot]] if st.earth else None,
                "iss_action": ACTION_NAMES[st.iss[slot]] if st.iss else None,
            }
        )
    drawn: Any = None
    if st.drawn or st.phase == Phase.KEEP:
        drawn = [_card(st, c) for c in st.drawn] if seat == st.turn else [levels[c] for c in st.drawn]
    fedor: dict[str, Any] | None = None
    if g.solo:
        top = st.fedor_top
        fedor = {
            "deck_size": len(st.fedor_pool) + (1 if top >= 0 else 0),
            "next_back": ("RU", "US")[g.f_back[top]] if top >= 0 else None,
            "discard": [g.f_label[c] for c in st.fedor_discard],
            "card": g.f_label[st.fedor_card] if st.fedor_card >= 0 else None,
        }
    out: dict[str, Any] = {
        "seat": seat,
        "you": names[seat],
        "phase": PHASE_TEXT[st.phase],
        "to_move": st.current_player,
        "turn": names[st.turn] if st.turn >= 0 else None,
        "start_player": names[st.start] if st.start >= 0 else None,
        "final_round": st.ending == 2,
        # the action card played this turn (its normal action, or the extra action being done)
        "card_in_play": ACTION_NAMES[st.doing] if st.doing >= 0 else None,
        "card_in_play_is_extra": st.in_extra,
        "game_end_triggered": st.ending >= 1,
        "players": players,
        "action_cards": [
            {
                "card": ACTION_NAMES[a],
                "key": ACTION_SHORT[a],
                "countdown": g.countdown_values[a],
                "row": st.rows[a] if st.rows else None,
                "extra_space": names[st.extra[a]] if st.extra[a] >= 0 else None,
            }
            for a in range(8)
        ],
        "column": column,
        "module_deck_size": len(st.module_pool),
        "station": [g.mod_name[m] for m in st.station],
        "compartments": _compartments(st),
        "installation_pool": st.token_pool,
        "pads": pads,
        "goals": [
            {
                "goal": GOALS[goal][0],
                "requirement": GOALS[goal][2].format(g.goal_threshold[goal]),
                "owner": names[st.goal_owner[i]] if st.goal_owner[i] >= 0 else None,
            }
            for i, goal in enumerate(st.goals)
        ],
        "experiment_decks": [len(st.exp_pool[i]) + len(st.exp_bottom[i]) for i in range(3)],
        "drawn": drawn,
        "fedor": fedor,
        "scores": list(scores(st)) if st.phase == Phase.OVER else None,
    }
    return out


def render(st: State1998) -> str:
    """The position as readable text (omniscient, but hands only by size)."""
    g = st.game
    P = g.P
    head = f"1998 ISS - {PHASE_TEXT[st.phase]}"
    if st.turn >= 0:
        head += f", {name(st, st.turn)}'s turn"
    if st.actor != NOBODY and st.phase != Phase.OVER and st.current_player >= 0:
        head += f", {name(st, st.current_player)} to act"
    if st.ending == 1:
        head += ", end triggered"
    elif st.ending == 2:
        head += ", final round"
    lines = [head]
    if st.rows:
        cards = []
        for slot in range(4):
            m = st.column[slot]
            module = g.mod_name[m] if m >= 0 else "-"
            cubes = ",".join(f"{name(st, p)[0]}{k}" for p, k in enumerate(st.ccubes[slot]) if k)
            earth, iss = ACTION_NAMES[st.earth[slot]], ACTION_NAMES[st.iss[slot]]
            cards.append(f"    {earth:<20} | {module:<12} {cubes:<10} | {iss}")
        lines.append("  column (Earth action | module, cubes | ISS action):")
        lines += cards
        spaces = [f"{ACTION_SHORT[a]}={name(st, st.extra[a])}" for a in range(8) if st.extra[a] >= 0]
        if spaces:
            lines.append("  extra-action cubes: " + ", ".join(spaces))
    for n in (0, 1):
        t = st.pad[n]
        if t < 0:
            lines.append(f"  {NATION_NAMES[n]} pad: empty ({st.shuttle_left[n]} cards left)")
            continue
        load = [
            f"{name(st, p)} {a}a {m}m"
            for p, (a, m) in enumerate(zip(st.cargo_astro[n], st.cargo_mat[n], strict=True))
            if a or m
        ]
        lines.append(
            f"  {NATION_NAMES[n]} pad: {SHUTTLE_NAMES[t]} countdown {st.countdown[n]}, "
            f"{st.shuttle_left[n]} cards left; cargo: {', '.join(load) if load else 'none'}"
        )
    occupied = []
    for p in range(P):
        for c in range(g.n_comps):
            if st.occ[p] >> c & 1:
                occupied.append(f"{g.comp_label[c]}={name(st, p)}")
    covered = [g.comp_label[c] for c in range(g.n_comps) if st.covered >> c & 1]
    lines.append(f"  station: {', '.join(g.mod_name[m] for m in st.station)}")
    lines.append(f"    covered: {', '.join(covered) if covered else 'none'}; tokens in pool {st.token_pool}")
    if occupied:
        lines.append(f"    astronauts: {', '.join(occupied)}")
    for p in range(P):
        won = ",".join(f"{SHUTTLE_NAMES[t]}x{k}" for t, k in enumerate(st.won[p]) if k)
        lines.append(
            f"  {name(st, p):7} ISS {st.iss_mat[p]} ext {st.ext_mat[p]} stay {st.long_stay[p]} "
            f"tokens {st.tokens[p]} cubes {st.cubes[p]} earth {st.reserve[p]} unity {st.unity[p]} "
            f"hand {len(st.hands[p])} done {len(st.played[p])} shuttles {won or '-'}"
        )
    if st.goals:
        owned = [
            f"{GOALS[goal][0]}" + (f" ({name(st, st.goal_owner[i])})" if st.goal_owner[i] >= 0 else "")
            for i, goal in enumerate(st.goals)
        ]
        lines.append("  goals: " + ", ".join(owned))
    if g.solo and st.fedor_top >= 0:
        lines.append(
            f"  FEDOR deck: {len(st.fedor_pool) + 1} cards, next back {('RU', 'US')[g.f_back[st.fedor_top]]}"
        )
    if st.phase == Phase.OVER:
        final = scores(st)
        win = winners(st)
        lines.append(
            "  final: "
            + ", ".join(f"{name(st, p)} {final[p]}" for p in range(P))
            + " - winner: "
            + (", ".join(name(st, p) for p in win) if win else FEDOR_NAME)
        )
    return "\n".join(lines)


# --- the game view's hooks (public facts only: a hand is a count, never its cards) -----------------


def key_numbers(st: State1998, seat: int) -> list[tuple[str, int | float | str]]:
    """Points so far (public), materials ISS/external, action cubes in reserve, experiments in hand."""
    st._check_seat(seat)
    return [
        ("points", points(st, seat).total),
        ("material ISS/ext", f"{st.iss_mat[seat]}/{st.ext_mat[seat]}"),
        ("cubes", st.cubes[seat]),
        ("experiments", len(st.hands[seat])),
    ]


def goal(st: State1998, seat: int) -> str:
    """The goals ``seat`` may claim now (or those still open); solo: beat FEDOR's points."""
    st._check_seat(seat)
    g = st.game
    if st.phase == Phase.OVER:
        return "most points (ties: most experiments)"
    if g.solo:
        return f"beat {FEDOR_NAME} on points ({FEDOR_NAME} has {points(st, g.fedor).total})"
    open_goals = [k for i, k in enumerate(st.goals) if st.goal_owner[i] < 0]
    if not open_goals:
        return "most points (no goals left)"
    met = [GOALS[k][0] for k in open_goals if goal_met(st, seat, k)]
    if met:
        return "goal ready: " + ", ".join(met)
    return f"most points; {len(open_goals)} goals open"


def standing(st: State1998, seat: int) -> tuple[float, ...]:
    """The public score (as if the game ended now), then experiments performed (the tie-break)."""
    st._check_seat(seat)
    return (float(points(st, seat).total), float(len(st.played[seat])))


def headline(st: State1998, seat: int) -> str:
    """The last launch: the shuttle, the players' cargo it carried, the module it took, the next card.

    Read from the public history (shuttle draws, Train/Load/cargo-check actions) and the station;
    a position built by hand has no history and says "". FEDOR's own loads are not actions and
    are not counted.
    """
    st._check_seat(seat)
    g = st.game
    on_pad: list[int] = [-1, -1]
    cargo: list[list[int]] = [[0, 0], [0, 0]]  # per nation: astronauts, materials of the players
    last: tuple[int, int, int, int, int] | None = None  # launched, nation, astronauts, materials, next
    for a in st.history:
        kind = type(a)
        if kind is ShuttleDraw:
            t = SHUTTLE_NAMES.index(a.shuttle)
            nation = SHUTTLE_NATION[t]
            if on_pad[nation] >= 0:
                astro, mat = cargo[nation]
                last = (on_pad[nation], nation, astro, mat, t)
            on_pad[nation] = t
            cargo[nation] = [0, 0]
        elif kind is Train:
            cargo[SHUTTLE_NATION[SHUTTLE_NAMES.index(a.shuttle)]][0] += 1
        elif kind is Cargo:
            cargo[SHUTTLE_NATION[SHUTTLE_NAMES.index(a.shuttle)]][1] += 1
        elif kind is Load:
            for k, name_ in zip(a.amounts, a.shuttles, strict=True):
                if k and name_ in SHUTTLE_NAMES:
                    cargo[SHUTTLE_NATION[SHUTTLE_NAMES.index(name_)]][1] += k
    if last is None:
        return ""
    t, nation, astro, mat, nxt = last
    parts = [f"{SHUTTLE_NAMES[t]} launched ({NATION_NAMES[nation]} pad)"]
    if astro or mat:
        parts.append(f"players' cargo: {astro} astronauts, {mat} materials")
    if g.sh_mod[t] and len(st.station) > g.n_initial:
        parts.append(f"last module to the station: {g.mod_name[st.station[-1]]}")
    parts.append(f"next on the pad: {SHUTTLE_NAMES[nxt]}")
    return "; ".join(parts)


def round_label(game: Game1998, index: int) -> str:
    """Round ``index`` is one turn of every participant (FEDOR included): ``round 1`` ..."""
    return f"round {index + 1}"
