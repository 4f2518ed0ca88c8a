"""Mission ISS (Schmidt Spiele, 2021): 1-4 players build the International Space Station together.

The players are mission control. They give commands to a shared crew of astronauts on the ISS and
attach the twelve modules B..M to the starting module A before time on the Earth progress tracker
runs out. Everyone wins or loses together.

Set-up. Module A (three fields: Tranquility, Rassvet, Soyuz-1) starts the station; three astronauts
stand on Tranquility, three more wait on the Earth board. Each module card B..M gets a random
difficulty marker, some of which show an astronaut. Research tiles go on Tranquility and Rassvet
with blue dice. The incident pile holds one card per module A..M and the Good Job cards (6 at the
standard difficulty: option ``good_job_cards``). The ISS marker starts on 1998; seat 0 begins.
Research dice are never rolled: each shows the value printed on its dice field.

A turn. Pick one of your face-up command cards and one of a fellow player's (or a module card from
the wild-card supply, which can give any command and is then removed), give both commands to any
astronauts, in any order, each completely or not at all; then put the two cards face down in front
of you. The commands:

- Move: an astronaut crosses up to its orange value of lines between fields.
- Research: an astronaut reduces a die of a research tile in its field by its blue value; points
  left after clearing a die may go to other dice in the same field. A tile without dice is done:
  its bonus can be used once, on any later turn.
- Assemble: an astronaut attaches a module to its field, if its grey value reaches the module's
  difficulty (marker plus incident markers) and no red die is on the station. Then: a new astronaut
  arrives on Rassvet if the marker shows one; the top research tile goes on the new module with
  blue dice (red when no blue is left: a work stoppage until every red die is cleared; a dice tile
  when no die is left); two incident cards are turned (an unattached module's card gains an
  incident marker, at most 3; an attached module gets a new research tile; Good Job does nothing);
  the module card becomes a wild card. Instead of attaching, any astronaut may deploy a robonaut.
- Exercise: take an exercise marker from the Soyuz capsule.

Assistance: a commanded astronaut adds the values of every other astronaut in its field, and 1 per
robonaut there.

End your shift (instead of commands; forced with no face-up card, or none to pair it with): the
ISS marker moves one space. An incident symbol reshuffles all incident cards; an ISS symbol ends
the game in failure unless enough modules are attached (6 by 2005, 9 by 2009); the last space
(2011) ends it in success. Then your exercise markers each raise one astronaut's skill of their
colour by one (4 at most), and your face-down cards turn face up. Attaching the twelfth module also
ends the game in success. The result band counts the modules attached: 0-2, 3-5, 6-7, 8-9, 10-11, 12.

Single player. Eleven cards (5 Move, 2 Research, 2 Assemble, 2 Exercise): 4 face up in the bottom
row, 3 in the middle row, 4 in the hand. A turn plays a hand card onto the top row over a middle
card with nothing above it, or two hand cards (top and middle row) at once, and gives both
commands. Module cards go to the hand and play like any card. Ending the shift (with a card on the
top row) also removes the module cards played, takes the bottom row into the hand and moves every
row down one. Research tiles #13 and #24 then return a bottom-row card to the hand (never the last).

Hidden information. None between players: command cards are picked up face up, so everyone saw
every face-down card; the piles' orders are unknown to all (they are drawn at chance nodes).

Readings. Where the rulebook is silent or ambiguous, the engine reads it as follows; an option
offers another reading where one is plausible.

1. Module A has three fields in a line, Tranquility - Rassvet - Soyuz-1, and a move between two
   of them crosses a line (the set-up text says three fields; one sentence of Move says two).
2. The Soyuz capsule is the supply of robonauts and exercise markers, off the station: robonauts
   waiting there assist nobody.
3. Both cards picked in a turn go face down in front of the player who picked them, so cards move
   between players; they turn face up at that player's next shift end.
4. A shift must end when the player has no face-up card, or no fellow player has one and no wild
   card is left; it may end instead of any turn of commands. Bonuses may be used before ending it.
5. Research works field by field (module A's fields count as modules). Points left after clearing
   a die go to further dice in the same field one die at a time, and may be forfeited.
6. Dice tiles: a dice field without a die waits; it cannot be researched and is no red die. When a
   die is cleared while a field waits, that die goes at once onto the oldest waiting field.
7. Research bonuses are used on one's own turn while no command is running: before picking the
   cards, between the commands or after the last (then only bonuses that give a command or a
   card). A "+2" bonus adds 2 to the next command of its colour that turn. A tile without a bonus
   is set aside at once, so reshuffles of the research pile use it again.
8. At most ``incident_marker_cap`` incident markers on a module card; an incident card for a full
   card does nothing. An empty marker supply is reshuffled from the markers laid aside.
9. The incident card of module A puts its new research tile on Tranquility (the rulebook's
   example).
10. An incident pile that runs out between incident symbols is reshuffled at once from all
    incident cards (option ``reshuffle_empty_incident_pile=False``: the draw does nothing).
11. Exercise markers are used at the end of the shift of the player who took them, each on an
    astronaut on the ISS of that player's choice; a marker nobody can use returns to the capsule.
12. A robonaut from the station (when the capsule is empty) comes from another field.
13. The new astronaut arrives at once, and the player who attached the module chooses who (the
    rulebook's remark that a forgotten astronaut may still be added later needs no rule in an
    engine that never forgets).
14. An ISS symbol counts every module attached so far.
15. Single player: a middle-row card may be played over while no card lies above it. The shift may
    end with a card on the top row, or when no card can be played at all.
16. Research tiles #13 and #24 in the game with several players turn one of the player's
    face-down cards face up (an assumption mirroring their single-player text).
17. An extra Move or Research bonus is a free command of that kind (with assistance); a free
    robonaut is deployed as by an Assemble command; a free exercise takes a marker.
18. Research, Assemble and robonaut commands have the same effect for every astronaut in a field
    (assistance adds everyone there), so the engine lists them once per field.

Options (``isslab.make("mission-iss", name=value)``; ``isslab rules mission-iss`` lists them with
their defaults). The rulebook prints few component values; these are assumptions, each an option:
the tracker (``track_years``, ``incident_years``, ``milestones``), the station
(``module_parents``), the markers (``difficulty_values``, ``astronaut_markers``,
``incident_markers``), the tiles (``research_dice``, ``research_bonuses``, ``setup_tile_fields``),
the cards (``cards_2p``, ``cards_3p``, ``cards_4p``), the crew (``astronaut_skills``,
``starting_astronauts``, ``robonauts``, ``exercise_markers``) and ``red_dice``. A 14-space
tracker is ``track_years=range(1998, 2012)``; the second milestone at 2008 is
``milestones=((2005, 6), (2008, 9))``. The other options vary printed values (``players``,
``good_job_cards``, ``incident_marker_cap``, ``blue_dice``, ``solo_cards``) or choose a reading
(``reshuffle_empty_incident_pile``).

Bots: ``planner`` plays the whole team: it plans module attachments with assistance, moves the
crew towards them, clears red dice first, and keeps the command cards spread over the players;
``greedy`` takes the best single command it sees, card by card (a weaker baseline).

``isslab.make("mission-iss", players=4)`` builds the game; ``docs/rules/mission-iss.md`` explains it
at length.
"""

from __future__ import annotations

from isslab.games.mission_iss import bots as bots
from isslab.games.mission_iss.actions import (
    ACTION_TYPES,
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
from isslab.games.mission_iss.components import (
    BONUS_NAMES,
    CARD_NAMES,
    COLOURS,
    FIELD_CODES,
    FIELD_NAMES,
    MODULES,
    SEAT_NAMES,
    TRACK_14,
    Bonus,
)
from isslab.games.mission_iss.phases import (
    PHASE_TEXT,
    VIA_COMMANDS,
    VIA_NAMES,
    EndCode,
    EndMissionISS,
    Phase,
    ResultBand,
    Task,
    Via,
    band_label,
    band_of,
)
from isslab.games.mission_iss.positions import cards_letters, parse_cards
from isslab.games.mission_iss.rules import GameMissionISS, StateMissionISS
from isslab.games.mission_iss.scoring import SeatTally, Tally

__all__ = [
    "ACTION_TYPES",
    "BONUS_NAMES",
    "CARD_NAMES",
    "COLOURS",
    "FIELD_CODES",
    "FIELD_NAMES",
    "MODULES",
    "PHASE_TEXT",
    "SEAT_NAMES",
    "TRACK_14",
    "VIA_COMMANDS",
    "VIA_NAMES",
    "Arrive",
    "Assemble",
    "Bonus",
    "DealMarkers",
    "Deploy",
    "DrawIncident",
    "DrawMarker",
    "DrawTile",
    "EndShift",
    "EndCode",
    "EndTurn",
    "Exercise",
    "EndMissionISS",
    "GameMissionISS",
    "Move",
    "Phase",
    "Play",
    "Research",
    "ResearchOn",
    "ResearchStop",
    "ResultBand",
    "SeatTally",
    "Select",
    "Skip",
    "SoloDeal",
    "StateMissionISS",
    "Tally",
    "Task",
    "Train",
    "UseBonus",
    "Via",
    "band_label",
    "band_of",
    "bots",
    "cards_letters",
    "parse_cards",
]
