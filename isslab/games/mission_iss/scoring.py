"""Results and statistics of Mission ISS: returns, winners, result bands, and the game's counters.

Mission ISS is cooperative: every seat gets the same return, the number of modules attached
(End of the game counts them for the result band). The team wins when the mission succeeds: the
twelfth module is attached, or the ISS marker reaches the tracker's last space; a missed ISS
symbol is a failure and names no winner.

The counters a game keeps for analysis are one :class:`Tally` (state field ``tally``) and one
:class:`SeatTally` per seat (``seat_tally``); the steps add to them by index. No rule reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from isslab.games.mission_iss.phases import OVER, EndCode, EndMissionISS, ResultBand, band_of

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import StateMissionISS

__all__ = [
    "NO_SEAT_TALLY",
    "NO_TALLY",
    "SeatTally",
    "Tally",
    "band",
    "end_reason",
    "game_stats",
    "modules_attached",
    "returns",
    "seat_stats",
    "success",
    "winners",
]


class Tally(NamedTuple):
    """What the team did over a game (statistics only: no rule reads them)."""

    #: shifts ended (each moved the ISS marker one space)
    shifts: int = 0
    #: times a red die came onto a station that had none (a work stoppage began)
    stoppages: int = 0
    #: commands executed, by kind (robonauts: Assemble commands used to deploy one)
    moves: int = 0
    researches: int = 0
    attaches: int = 0
    robonauts: int = 0
    exercises: int = 0
    #: commands left unexecuted
    skipped: int = 0
    #: command wild cards used
    wild_used: int = 0
    #: research bonuses used
    bonuses: int = 0
    #: research tiles completed
    tiles_done: int = 0
    #: astronauts that arrived on Rassvet
    arrivals: int = 0
    #: dice tiles placed because no die was left
    dice_tiles: int = 0
    #: incident markers drawn onto module cards
    incident_markers: int = 0
    #: turns in which commands were given
    turns: int = 0
    #: shifts ended because no command could be given
    forced_shifts: int = 0


class SeatTally(NamedTuple):
    """What one seat did over a game (statistics only)."""

    #: turns in which the seat gave commands
    seat_turns: int = 0
    #: shifts the seat ended
    seat_shifts: int = 0
    #: cards the seat took from fellow players
    cards_taken: int = 0


NO_TALLY: tuple[int, ...] = tuple(Tally())
NO_SEAT_TALLY: tuple[int, ...] = tuple(SeatTally())
(
    SHIFTS,
    STOPPAGES,
    MOVES,
    RESEARCHES,
    ATTACHES,
    ROBONAUTS,
    EXERCISES,
    SKIPPED,
    WILD_USED,
    BONUSES,
    TILES_DONE,
    ARRIVALS,
    DICE_TILES,
    INCIDENT_MARKERS,
    TURNS,
    FORCED_SHIFTS,
) = range(len(Tally._fields))
SEAT_TURNS, SEAT_SHIFTS, CARDS_TAKEN = range(len(SeatTally._fields))


def modules_attached(st: StateMissionISS) -> int:
    """How many modules (B..M) are attached to the station."""
    return sum(1 for p in st.station if p >= 0)


def end_reason(st: StateMissionISS) -> EndMissionISS | None:
    """Why the game ended, or None while it goes on."""
    return EndMissionISS.of(st.end) if st.phase == OVER else None


def success(st: StateMissionISS) -> bool:
    """True once the mission has succeeded (all modules, or the last space of the tracker)."""
    return st.phase == OVER and st.end != EndCode.MILESTONE_MISSED


def band(st: StateMissionISS) -> ResultBand:
    """The result band of the modules attached so far (End of the game)."""
    return band_of(modules_attached(st))


def returns(st: StateMissionISS) -> tuple[float, ...]:
    """Every seat: the number of modules attached, once the game is over (zeros before)."""
    n = st.game.num_players
    if st.phase != OVER:
        return (0.0,) * n
    return (float(modules_attached(st)),) * n


def winners(st: StateMissionISS) -> tuple[int, ...]:
    """Every seat when the mission succeeded; none when it failed or goes on."""
    return tuple(range(st.game.num_players)) if success(st) else ()


def game_stats(st: StateMissionISS) -> dict[str, float]:
    """The team's result (modules, year, ``ending``: the EndCode, band) and its counters."""
    t = st.game.tables
    reason = end_reason(st)
    out: dict[str, float] = {
        "modules": modules_attached(st),
        "year": t.years[min(st.track, t.last_space)],
        "ending": reason.code if reason is not None else 0,
        "band": int(band(st)),
        "success": int(success(st)),
    }
    out.update(zip(Tally._fields, st.tally, strict=True))
    return out


def seat_stats(st: StateMissionISS) -> list[dict[str, float]]:
    """Per seat: turns with commands, shifts ended, cards taken from fellow players."""
    return [dict(zip(SeatTally._fields, row, strict=True)) for row in st.seat_tally]
