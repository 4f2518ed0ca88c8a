"""1998 ISS (Looping Games, 2022): build the space station, fly shuttles, run experiments.

One to four players (colours blue, orange, white and a fourth) send astronauts and materials into
orbit on Russian and US shuttles, build and install the station's modules and carry out
experiments. With one player the game is the solo game against the automaton FEDOR.

Set-up. The central piece (Zarya with the Unity common area) and three modules (Destiny, whose two
laboratories start under installation tokens, Zvezda, Canadarm 2) form the station. The four Earth
action cards and the four ISS action cards are shuffled into two columns; beside each row lies one
of four module cards drawn from the module deck. A Russian and a US shuttle card go on their launch
pads with the countdown cube on the shuttle's letter. Four goal cards are drawn; every player gets
a basic and a medium experiment card (hidden), one astronaut in Unity, four on Earth, eight action
cubes, ISS material 2 (the start player 1) and external material 1.

A turn, in order:

1. Cargo check: if neither shuttle carries an astronaut or a material, put a material on one that
   carries materials.
2. Extra action: a cube on an action card's extra-action space may go back to the reserve to play
   that card's action (no module cube, no countdown).
3. Normal action: put a cube on an action card (taking one back from the board when the reserve
   is empty) and do its action.
4. Module preparation: that cube moves to the module beside the card.
5. Countdown: count the pad of a shuttle with cargo down by the card's value.
6. Launch check: a pad at 0 launches.

Earth actions: Train Astronauts (one astronaut onto a shuttle with a free seat), Load Material (two
materials onto one or two shuttles), Construct Modules (two cubes onto the column's modules), Plan
Experiments (draw from two different experiment decks, keep none, one or both; at most four in
hand; the rest go under their decks). ISS actions: Long Stay (one ISS material, one step of the
long-stay track, an astronaut into a free long-stay compartment), Install Compartments (one or two
astronauts remove as many installation tokens, then go to Unity; the tokens score), Outside Jobs (an
astronaut onto a free crane, 1-3 ISS materials become external), Conduct Experiments (show a card,
pay its materials, serve its compartments: a long-term task leaves the astronauts there, a
short-term task sends them straight back to Unity; "?" is any compartment).

A launch: 1. astronaut replacement (a Soyuz sends everybody on the station but the long stays home;
long stays go to Unity); 2. the shuttle's astronauts go to Unity; 3. its materials raise the ISS
tracks (top 8); 4. a module shuttle takes the module with the most cubes (the higher on ties) to the
station, its cubes go home, two tokens cover its compartments, the column moves up and refills;
5. a Soyuz inspects: everybody takes one cube back from each module; 6. the launcher keeps the
shuttle card, a new one goes on the pad. The most cubes on the launched module, and the most cubes
taken back at an inspection, win an extra-action cube, placed clockwise from the launcher on a free
extra-action space. Goals: once per turn a player who meets a goal's requirement may take it.

End. When a launch puts the last card of a shuttle deck on its pad, the round is played out, then
every player has one last turn without module cubes or countdowns. Score: 2 per installation token,
1 per external material, the long-stay level's points, 5 per goal, 2/3/5/8/12 for 1-5 different
shuttle types, each experiment's points, -1 per experiment left in hand. Most points win; ties go
to the most experiments performed, then the win is shared.

Solo. FEDOR plays the second colour with four astronauts and no hand. Its turn: all its astronauts
(long stays included; the variant ``fedor_recall_long_stays=False`` keeps those) return to Unity;
it flips its top card and does that ISS action its own way (Install: a token per astronaut, lowest
module first; Outside Jobs: as many materials as it can, up to 3; Long Stay: as many astronauts as
it can; Conduct Experiments: flip an experiment of level 1/2/3 for 1/2/3+ astronauts and try it, up
to three cards); a cube goes on the module beside that action, two if it failed; the pad of the
next FEDOR card's back counts down. FEDOR keeps its astronauts at a replacement, loads every new
shuttle (an astronaut on a Soyuz, 3 materials on the others), and when it wins a majority it plays
a FEDOR card at once. No goals in the solo game.

Hidden information. Another player's experiment cards (and the cards it has just drawn) are hidden;
everybody sees how many each holds and from which decks they came, and every card performed. The
decks' orders are hidden; in the solo game the top FEDOR card shows its back only.

Readings. Where the rulebook is silent or ambiguous the engine reads it as follows; an option offers
the other reading where one is plausible and cheap.

1. Long-stay compartments: an astronaut in one, however it got there (Long Stay, or a long-term
   experiment needing one), is unavailable until an astronaut replacement. A short-term task
   through one returns at once (the experiments example).
2. The extra action: one per turn even with cubes on several spaces, offered only if that card's
   action can be done now.
3. A card can be chosen only if its action can be done; with no card possible the normal action is
   skipped (see 11).
4. Taking cubes back: with an empty reserve the player chooses the cube to take back (a module or
   an extra-action space) before placing; Construct Modules takes back what it lacks after the
   modules are chosen.
5. Experiments: each compartment is served by a different astronaut in a different compartment; a
   compartment occupied when the action starts serves only its own astronaut; the materials are
   paid in full. "?" appears only on short-term tasks (checked in the experiment deck option).
6. Compartments of one type are alike for every rule, so an astronaut sent to a free compartment
   goes to the lowest-numbered free one of its type and an astronaut leaving a compartment leaves
   the lowest of its type; the choices offered are those that change the game. Installation tokens
   are offered one per type as well, except in the solo game (FEDOR takes tokens by module number).
   This cuts no real choice: a free compartment is never covered again, and only FEDOR's Install
   tells covered compartments of one type apart, so the solo game offers every covered one.
7. The countdown must be lowered on a pad with cargo (the player chooses if both have cargo); it
   stops at 0. With no cargo anywhere nothing is counted down.
8. Majorities need at least one cube; all tied get an extra action; module and inspection winners
   place clockwise from the launcher; with every space taken the extra action is lost. A module
   shuttle with no cubes on the column takes the highest module and gives no extra action.
9. Goals: the requirement is checked at two moments of the turn, after the module preparation and at
   the end, once per turn (option ``goal_windows="end"``: only at the end). Goal thresholds are for
   2/3/4 players. A goal card, once taken, is gone.
10. Experiment decks: cards put under a deck come back in that order once its shuffled part is used
    up. Plan Experiments needs two decks with cards (one deck if only one has any); a full hand may
    still plan and keeps nothing.
11. A turn where no action card can be done places no cube and counts nothing down.
12. The final round: no cube goes on the card, to a module or back from the board, and nothing is
    counted down (so nothing launches); Construct Modules still places its two cubes (option
    ``final_round_construct=False``: it cannot be chosen then).
13. With no module beside a card (the module deck ran out) the prepared cube stays in the reserve.
14. When installation tokens run short, a new module gets what is left; uncovered compartments are
    free.
15. The end: the round ends with the turn of the player to the right of the start player, that turn
    included; then every participant has one more turn from the start player. A pad whose last card
    has launched stays empty.
16. Solo start: the player takes the start player card (option ``solo_start="fedor"``).
17. FEDOR's choices: lowest-numbered compartments, astronauts from Unity first; the astronauts it
    counts (Install, the experiment level) are those on the station outside long-stay
    compartments; its Install takes a token per astronaut with no limit of two (the Solo rule is
    specific; option ``fedor_install_limit=2`` caps it like a player's); Outside Jobs converts as
    many ISS materials as it has, up to a player's three (option ``fedor_outside_max``); a flipped
    experiment is tried like a player's; a partial action (fewer long stays or tokens than
    astronauts) is done, not failed.
18. FEDOR with no cube in reserve takes one from the lowest space of the column holding one; its
    compensation cube goes on the same module. An extra action of FEDOR (after a launch) places no
    cube, counts nothing down and earns no compensation, and comes in the clockwise order of the
    extra actions won.
19. The reshuffle card goes back into the new FEDOR deck (option ``fedor_reshuffle_returns``); if
    the deck ever runs out, the discards form a new one. The back of the next card shows as soon as
    a card is flipped.
20. At a replacement FEDOR's astronauts stay where they are, those in long-stay compartments go to
    Unity. FEDOR loads nothing on a Soyuz without a free seat or an astronaut on Earth, and only
    counts down a pad with cargo.
21. Material tokens: a player's materials on the shuttles are at most twice its tokens (a token
    turned over counts two); Load Material needs room for two. A single shuttle taking materials
    at the cargo check takes it without a choice.
22. The long-stay and external tracks have tops (options); Long Stay needs room on the track and
    Outside Jobs converts at most what fits.
23. The first-game variant (one card of each deck back to the box, unseen) is a deck one card
    shorter: the removed card is never drawn.

Data. The rulebook prints no card values. Every guessed value is an option marked as an assumption
(``isslab rules 1998-iss`` lists them): the action cards' countdowns (``action_countdown``), the
shuttle cards (``shuttle_copies``, ``shuttle_seats``, ``shuttle_materials``, ``shuttle_modules``,
``shuttle_replacement``), the launch pads (``countdown_start``), the compartments of the initial
modules and the module cards (``initial_modules``, ``module_deck``), the experiment deck
(``experiment_deck``), the FEDOR deck (``fedor_deck``), the long-stay points
(``long_stay_points``) and the external track's top (``max_external``). FEDOR's strength rests most on
``long_stay_points``: its recall frees its long stays every turn, so its track climbs fast.

Bots: ``greedy`` (the default) plans experiments it can do, claims goals and takes the points in
reach; ``builder`` builds the station (module majorities, installation, long stays); ``scientist``
plans and conducts experiments first. ``docs/rules/1998-iss.md`` tells the rules at length.
"""

from isslab.games.iss_1998 import bots as bots
from isslab.games.iss_1998.actions import (
    ACTION_TYPES,
    Cargo,
    Claim,
    ColumnOrder,
    Conduct,
    Construct,
    Countdown,
    ExperimentDraw,
    FedorExperiment,
    FedorToken,
    FedorTop,
    GoalDraw,
    Install,
    Keep,
    Load,
    LongStay,
    ModuleDraw,
    NoAction,
    NoClaim,
    OutsideJobs,
    Place,
    PlaceExtra,
    Plan,
    Retrieve,
    ShuttleDraw,
    SkipExtra,
    StartPlayer,
    Train,
)
from isslab.games.iss_1998.components import (
    ACTION_NAMES,
    FEDOR_NAME,
    GOALS,
    SEAT_NAMES,
    SHUTTLE_NAMES,
    TYPE_CODES,
    Goal,
)
from isslab.games.iss_1998.phases import End1998, Phase, Step
from isslab.games.iss_1998.rules import Game1998, State1998
from isslab.games.iss_1998.scoring import POINT_SOURCES, Points, Tally

__all__ = [
    "ACTION_NAMES",
    "ACTION_TYPES",
    "FEDOR_NAME",
    "GOALS",
    "POINT_SOURCES",
    "SEAT_NAMES",
    "SHUTTLE_NAMES",
    "TYPE_CODES",
    "Cargo",
    "Claim",
    "ColumnOrder",
    "Conduct",
    "Construct",
    "Countdown",
    "End1998",
    "ExperimentDraw",
    "FedorExperiment",
    "FedorToken",
    "FedorTop",
    "Game1998",
    "Goal",
    "GoalDraw",
    "Install",
    "Keep",
    "Load",
    "LongStay",
    "ModuleDraw",
    "NoAction",
    "NoClaim",
    "OutsideJobs",
    "Phase",
    "Place",
    "PlaceExtra",
    "Plan",
    "Points",
    "Retrieve",
    "ShuttleDraw",
    "SkipExtra",
    "StartPlayer",
    "State1998",
    "Step",
    "Tally",
    "Train",
    "bots",
]
