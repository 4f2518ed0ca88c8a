"""What a player sees of a Mission ISS position, and the texts of positions and actions.

Nothing is hidden from one player and shown to another: command cards are picked up face up, so
everybody saw each card that lies face down in front of someone (the rulebook's Discard pile tip
lets the owner look again; the others remember). The piles whose order nobody knows (incidents,
research tiles, incident markers) are drawn at chance nodes when their top card is turned, so the
position holds only their contents, which every player may count. ``view(seat)`` is therefore the
same for every seat but its ``seat`` key, and ``describe(action, seat)`` is ``str(action)``.

The view is laid out for drawing: the station field by field, module cards, astronauts,
robonauts, research tiles with their dice, the tracker, each player's cards, the turn in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import Action
from isslab.games.mission_iss.actions import (
    GOOD_JOB,
    Arrive,
    Assemble,
    DrawIncident,
    DrawMarker,
    DrawTile,
    cards_text,
    field_name,
)
from isslab.games.mission_iss.components import (
    BONUS_NAMES,
    CARD_NAMES,
    COLOURS,
    FIELD_CODES,
    FIELD_NAMES,
    MODULES,
    NUM_FIELDS,
    SEAT_NAMES,
)
from isslab.games.mission_iss.legal import difficulty, red_on_station
from isslab.games.mission_iss.phases import OVER, PHASE_TEXT, TASKS, VIA_NAMES
from isslab.games.mission_iss.scoring import SeatTally, Tally, band, end_reason, modules_attached, success
from isslab.games.mission_iss.tables import INCIDENT_CARDS

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import GameMissionISS, StateMissionISS

__all__ = ["describe", "goal", "headline", "key_numbers", "render", "round_label", "standing", "view"]

_DIE_COLOURS = ("blue", "red", "waiting")
_KINDS = tuple(k.lower() for k in CARD_NAMES[:4])


def describe(action: Action, seat: int | None) -> str:
    """The text of ``action`` for any seat: nothing in Mission ISS is hidden between players."""
    return str(action)


def _cards(counts: tuple[int, ...]) -> dict[str, int]:
    names = (*_KINDS, "wild")
    return {names[k]: c for k, c in enumerate(counts)}


def _code(field: int) -> str | None:
    return FIELD_CODES[field] if field >= 0 else None


def view(st: StateMissionISS, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: everything on the table (see the module)."""
    g = st.game
    t = g.tables
    n = t.n
    fields = []
    for f in range(NUM_FIELDS):
        parent = -1 if f < 3 else st.station[f - 3]
        fields.append(
            {
                "code": FIELD_CODES[f],
                "name": FIELD_NAMES[f],
                "module": "A" if f < 3 else FIELD_CODES[f],
                "attached": f < 3 or parent >= 0,
                "attached_to": _code(parent),
                "robonauts": st.robonauts.count(f),
            }
        )
    modules = {
        MODULES[m]: {
            "attached_to": _code(st.station[m]),
            "may_attach_to": [FIELD_CODES[f] for f in t.parents[m]],
            "difficulty_marker": st.difficulty[m][0],
            "astronaut_symbol": bool(st.difficulty[m][1]),
            "incident_markers": list(st.incidents[m]),
            "level": difficulty(st, m) if st.difficulty[m][0] >= 0 else None,
        }
        for m in range(len(MODULES))
    }
    astronauts = [
        {
            "number": a + 1,
            "field": _code(f),
            "orange": st.skills[a][0],
            "blue": st.skills[a][1],
            "grey": st.skills[a][2],
        }
        for a, f in enumerate(st.astronauts)
    ]
    tiles = [
        {
            "tile": tile,
            "field": FIELD_CODES[f],
            "dice": [{"colour": _DIE_COLOURS[c], "value": v} for c, v in dice],
            "bonus": BONUS_NAMES[t.tile_bonus[tile]],
        }
        for tile, f, dice in st.tiles
    ]
    pile0 = t.incident_pile0
    turned = {INCIDENT_CARDS[i]: pile0[i] - c for i, c in enumerate(st.incident_pile) if pile0[i] - c > 0}
    players = [
        {
            "name": SEAT_NAMES[s],
            "face_up": _cards(st.face_up[s]) if not t.solo else None,
            "face_down": _cards(st.face_down[s]) if not t.solo else None,
            "exercise_markers": dict(zip(COLOURS, st.held[s], strict=True)),
            "stats": dict(zip(SeatTally._fields, st.seat_tally[s], strict=True)),
        }
        for s in range(n)
    ]
    solo = None
    if t.solo:
        top, free, used, bottom = st.rows
        solo = {
            "hand": _cards(st.hand),
            "top_row": _cards(top),
            "middle_row_free": _cards(free),
            "middle_row_covered": _cards(used),
            "bottom_row": _cards(bottom),
        }
    reason = end_reason(st)
    return {
        "seat": seat,
        "phase": PHASE_TEXT[st.phase],
        "to_move": st.current_player,
        "turn_of": st.seat,
        "players": players,
        "track": {
            "space": st.track,
            "year": t.years[min(st.track, t.last_space)],
            "years": list(t.years),
            "incident_years": [t.years[i] for i in sorted(t.incident_spaces)],
            "milestones": [[t.years[i], need] for i, need in sorted(t.milestones.items())],
        },
        "fields": fields,
        "modules": modules,
        "modules_attached": modules_attached(st),
        "astronauts": astronauts,
        "robonauts_in_capsule": st.robonauts.count(-1),
        "exercise_markers_in_capsule": dict(zip(COLOURS, st.exercise_supply, strict=True)),
        "research_tiles": tiles,
        "research_pile": len(st.tile_pile),
        "bonuses": [{"tile": x, "bonus": BONUS_NAMES[t.tile_bonus[x]]} for x in st.bonuses],
        "tiles_set_aside": list(st.tiles_used),
        "dice_free": {"blue": st.dice_free[0], "red": st.dice_free[1]},
        "work_stoppage": red_on_station(st) > 0,
        "incident_pile": {INCIDENT_CARDS[i]: c for i, c in enumerate(st.incident_pile) if c},
        "incident_cards_turned": turned,
        "incident_marker_supply": list(st.marker_pile),
        "incident_marker_discard": list(st.marker_discard),
        "wild_cards": st.wild,
        "solo": solo,
        "commands_left": [VIA_NAMES[v] for v in st.pool],
        "picked": _cards(st.picked),
        "boost": dict(zip(COLOURS, st.boost, strict=True)),
        "research_carry": list(st.carry),
        "waiting": [[TASKS[k], a] for k, a in st.queue],
        "end": reason.name if reason is not None else None,
        "band": band(st).name,
        "stats": dict(zip(Tally._fields, st.tally, strict=True)),
    }


def render(st: StateMissionISS) -> str:
    """The position as readable text."""
    g = st.game
    t = g.tables
    year = t.years[min(st.track, t.last_space)]
    head = f"Mission ISS - {year} (space {st.track + 1}/{len(t.years)}), {PHASE_TEXT[st.phase]}"
    if st.phase != OVER and st.current_player >= 0:
        head += f", {SEAT_NAMES[st.current_player]} to act"
    lines = [head]
    attached_text = []
    for m in range(len(MODULES)):
        if st.station[m] >= 0:
            attached_text.append(f"{MODULES[m]}@{FIELD_CODES[st.station[m]]}")
    lines.append(
        f"  station: {modules_attached(st)} modules attached: {' '.join(attached_text) or 'none'}"
        + ("; WORK STOPPAGE (red dice)" if red_on_station(st) else "")
    )
    waiting = []
    for m in range(len(MODULES)):
        if st.station[m] < 0 and st.difficulty[m][0] >= 0:
            marks = "+".join(str(v) for v in st.incidents[m])
            sym = "*" if st.difficulty[m][1] else ""
            waiting.append(f"{MODULES[m]}:{st.difficulty[m][0]}{sym}{'+' + marks if marks else ''}")
    if waiting:
        lines.append("  module cards (difficulty, * astronaut): " + " ".join(waiting))
    crew = []
    for a, f in enumerate(st.astronauts):
        where = field_name(f) if f >= 0 else "Earth"
        o, b, gr = st.skills[a]
        crew.append(f"{a + 1}:{where} {o}/{b}/{gr}")
    lines.append("  astronauts (orange/blue/grey): " + ", ".join(crew))
    robots = [field_name(f) if f >= 0 else "capsule" for f in st.robonauts]
    lines.append("  robonauts: " + (", ".join(robots) if robots else "none"))
    tiles = []
    for tile, f, dice in st.tiles:
        ds = " ".join(f"{_DIE_COLOURS[c][0]}{v}" for c, v in dice)
        tiles.append(f"#{tile}@{FIELD_CODES[f]}[{ds}]")
    lines.append("  research: " + (", ".join(tiles) if tiles else "none"))
    lines.append(
        f"  dice free: blue {st.dice_free[0]}, red {st.dice_free[1]}; tile pile {len(st.tile_pile)}; "
        f"bonuses {' '.join(f'#{x}:{BONUS_NAMES[t.tile_bonus[x]]}' for x in st.bonuses) or 'none'}"
    )
    pile = st.incident_pile
    lines.append(
        f"  incident pile: {sum(pile)} cards ({pile[-1]} {GOOD_JOB}); exercise markers in capsule "
        f"{'/'.join(str(c) for c in st.exercise_supply)}"
    )
    if t.solo:
        top, free, used, bottom = st.rows
        lines.append(f"  hand: {cards_text(st.hand)}")
        lines.append(
            f"  rows: top {cards_text(top)} | middle free {cards_text(free)}, covered {cards_text(used)}"
            f" | bottom {cards_text(bottom)}"
        )
    else:
        for s in range(t.n):
            lines.append(
                f"  {SEAT_NAMES[s]:8} up: {cards_text(st.face_up[s])}; down: {cards_text(st.face_down[s])};"
                f" markers {'/'.join(str(c) for c in st.held[s])}"
            )
        lines.append(f"  wild cards: {st.wild}")
    if st.pool:
        lines.append("  commands left: " + ", ".join(VIA_NAMES[v] for v in st.pool))
    if st.phase == OVER:
        reason = end_reason(st)
        lines.append(
            f"  over: {reason.name if reason else '?'}, {modules_attached(st)} modules, band {band(st).name}"
        )
    return "\n".join(lines)


# --- the game view's hooks (public facts only: nothing in Mission ISS is hidden between players) ---


def key_numbers(st: StateMissionISS, seat: int) -> list[tuple[str, int | float | str]]:
    """A player's command cards and exercise markers: face up, face down (counts), markers held.

    Single player: the cards in the hand, on the rows, and the markers held. Counts only, so the
    player panel never spells out a face-down card (the board shows them to their owner).
    """
    st._check_seat(seat)
    held = sum(st.held[seat])
    if st.game.tables.solo:
        return [("hand", sum(st.hand)), ("on rows", sum(sum(r) for r in st.rows)), ("exercise", held)]
    return [("face up", sum(st.face_up[seat])), ("face down", sum(st.face_down[seat])), ("exercise", held)]


def goal(st: StateMissionISS, seat: int) -> str:
    """The team's next milestone: ``6 modules by 2005 (3 now)``; after the last one, all twelve modules."""
    st._check_seat(seat)
    t = st.game.tables
    now = modules_attached(st)
    if st.phase == OVER:
        word = "succeeded" if success(st) else "failed"
        return f"the mission {word} with {now} modules"
    for space, need in sorted(t.milestones.items()):
        if space > st.track and need > now:
            return f"team: {need} modules by {t.years[space]} ({now} now)"
    return f"team: all {len(MODULES)} modules by {t.years[t.last_space]} ({now} now)"


def standing(st: StateMissionISS, seat: int) -> tuple[float, ...]:
    """The team's progress, the same for every seat (a cooperative game has no leader): modules attached."""
    st._check_seat(seat)
    return (float(modules_attached(st)),)


_HEADLINE_STEPS = (Arrive, DrawTile, DrawIncident, DrawMarker)


def headline(st: StateMissionISS, seat: int) -> str:
    """The last module attached and what followed it (astronaut, research tile, incident cards).

    Read from the history, which every seat saw; a position built by hand has none, and says "".
    While an attachment's draws are still pending the previous one is shown, so the headline
    changes once per module (recaps list each headline that appeared).
    """
    st._check_seat(seat)
    # walk the history back from its end (a linked list): only as far as the last attachment
    after: list[Action] = []
    node = st._hist
    skip = 1 if st.queue else 0  # the newest attachment is not complete yet
    while node is not None:
        if type(node[0]) is Assemble:
            if not skip:
                break
            skip -= 1
            after = []
        else:
            after.append(node[0])
        node = node[1]
    if node is None:
        return ""
    a = node[0]
    after.reverse()
    field = st.station[a.module]
    where = f" to {field_name(field)}" if field >= 0 else ""
    module = f"module {MODULES[a.module]} ({FIELD_NAMES[3 + a.module]})"
    parts = [f"{SEAT_NAMES[a.seat]}: {module} attached{where}"]
    incidents: list[str] = []
    for b in after:
        kind = type(b)
        if kind not in _HEADLINE_STEPS:
            break
        if kind is Arrive:
            parts.append(f"astronaut {b.astronaut + 1} arrives")
        elif kind is DrawTile and incidents:  # an incident card of an attached module: a new tile
            incidents[-1] += f" (tile #{b.tile} on {FIELD_CODES[b.field]})"
        elif kind is DrawTile:
            parts.append(f"research tile #{b.tile}")
        elif kind is DrawIncident:
            incidents.append("Good Job" if b.card == GOOD_JOB else b.card)
        elif kind is DrawMarker and incidents:
            incidents[-1] += f" (marker +{b.value})"
    if incidents:
        parts.append("incidents: " + ", ".join(incidents))
    return "; ".join(parts)


def round_label(game: GameMissionISS, index: int) -> str:
    """Round ``index`` is the shift that ends with the ISS marker's move from its ``index``-th space."""
    years = game.tables.years
    return f"the {years[index]} shift" if 0 <= index < len(years) else f"shift {index + 1}"
