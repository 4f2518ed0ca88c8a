"""1969 (Cranio Creations, 2012): 2-5 nations race to the Moon over seven yearly rounds.

Each nation runs a space programme from 1963 to 1969. It hires scientists onto its two research
sheets, buys secret Intelligence Cards, and launches missions whose dice tests move a rocket up a
track of Prestige Points (PP). The nation ahead on prestige after 1969 wins.

Set-up. Every nation has 2 PP on the Scoring Track and its Moon flag on the first space of the
Moon Mission track; the Intelligence deck is shuffled; a random nation is the First Player
(option ``first_player`` fixes it). Turn order runs from the First Player to its left.

A round (one year) has four phases; each nation finishes its turn before the next one starts.

1. Income: every nation receives the year's money (12M in 1963, one more each year). Then, in
   turn order, each nation draws one free Intelligence Card per Intelligence researcher, and may
   sell Prestige Points for 2M each, up to the year's limit.
2. Purchase: in turn order, each nation hires scientists and buys cards (2M each) as long as it
   likes and can pay. A scientist goes on an empty space of one of the nation's own research boxes
   (two spaces per box; two cubes of the same type only if both are basic). A hand holds at most
   six cards; with a full hand a nation may discard before buying more.
3. Missions: in turn order, each nation may launch one mission it has never attempted, paying its
   cost. The test rolls five dice: each success moves the rocket one space up, each failure one
   down, neutrals nothing, and every researcher in a box whose symbol the mission shows adds a
   success. Then the other nations, starting at the launcher's left, and finally the launcher,
   may play Intelligence Cards face down; they are revealed together. The rivals' total, divided
   by the mission's Intelligence Cost, moves the rocket down that many spaces, the launcher's own
   total moves it up (remainders are lost). The rocket never leaves its track. The nation gains
   the PP of its final space minus one for each flag already on that mission (never below 0).
   Ending on the last space also moves its Moon flag one space up the Moon track.
4. End of the round: each nation that launched puts a flag on that mission, the year advances
   and the First Player marker passes to the left.

The Moon Mission is launched like any other (it shows all six research symbols, and Investors do
not reduce its cost), but its rocket starts on the space of the nation's Moon flag: every perfect
mission before it is a head start.

Research boxes; each researcher in a box gives its effect once. Ground Control sheet:
Intelligence (a free card each round), Robotics (2M off the first scientist hired each round),
Investors (2M off each mission but the Moon), Insurance (3M for each failure in one's own tests),
Simulation (one die re-rolled), Ground Control (one neutral counted as a success). Rocket sheet:
Astronautics, Launchpad, Vector Rocket, Orbital Module, Lunar Module, Technology (a success on
every mission showing that symbol).

Scientists count as researchers: basic, rookie and famous 1, genius 2, spy 0. At the end a famous
scientist is worth +3 PP, a rookie -2, a spy -1. A spy is placed on an empty space of a rival's box
and gives its hirer a Bonus Token (one more researcher) in the same box of its own sheet.

End. After the 1969 round each nation adds its scientists' points to its prestige. The most
prestige wins; a tie goes to the most money, and nations still tied share the victory.

Hidden information. The number of cards in each hand is public, their values are not. A nation
sees the values of its own hand; the others see how many cards it drew, and how many it played
face down, until the reveal shows them to all.

Readings. Where the rulebook is silent or ambiguous, the engine reads it as follows; an option
offers the other reading where one is plausible.

1. Spy penalty: the point a spy costs at the end is lost by the nation that hired it (the other
   bullets of the scientist list describe the hirer's own cubes). Option
   ``spy_penalty_to="sheet_owner"`` charges the nation whose sheet the spy sits on instead.
2. Intelligence: the rocket goes down by the rivals' steps first, then up by the launcher's,
   staying on the track after each move. Option ``intel_resolution="net"`` moves it once by the
   difference.
3. Flag penalty: only flags of earlier rounds count (flags are placed at the end of a round), so
   two nations attempting one mission in the same round both score in full. For the Moon only the
   flags of nations that launched it count; the head-start markers along its track do not. Option
   ``flag_penalty="all_attempts"`` also counts attempts made earlier in the same round.
4. Moon head start: a perfect ordinary mission moves the Moon flag one space, never past the last
   space, as long as the nation has not launched the Moon; launching it moves the flag to the flag
   space. Ending the Moon Mission on its last space moves nothing.
5. Hand limit: it also holds after the free Income draws, and the nation chooses which cards to
   discard down to it (option ``hand_limit_after_draws=False`` lets the free draws exceed it).
   In the Purchase Phase discarding is offered only with a full hand.
6. Spies: only on an empty space of a rival's box, and the two-types rule of that box applies to
   them too (option ``spy_box_rule=False`` allows two spies in one box). The Bonus Token comes only
   if the hirer's same box has no token yet and the bank still has one (option ``bonus_tokens``).
7. Robotics counts the first scientist hired each round, a spy included. Discounts never make a
   price negative.
8. Re-rolls: each die is re-rolled at most once, all re-rolls are declared together after the
   first roll, and successes are not re-rolled (option ``reroll_successes=True`` offers them, as
   the rule names no colour). Insurance pays for the failures left after the re-rolls.
9. Prestige is sold only down to 0; a final score may be negative.
10. The free Intelligence draws happen in each nation's Income turn, before its sale of prestige.
11. Card values run 1, 2, 3 ...; option ``intel_deck`` gives the number of cards of each value.
12. Flags are not counted as a resource: seven rounds never use up a nation's eight flags.
13. The discard pile is public, card by card: played cards are revealed before they are
    discarded, and nothing says that cards discarded for the hand limit go face down.
14. Reshuffle: the moment the deck is empty the discards become the new deck; if there are none
    then, the next cards discarded form it. When the deck holds no more cards than are drawn, the
    nation takes them all.
15. The face-down play is a sequence of secret choices: each nation chooses without seeing the
    cards played before it, and everything is revealed together. Open table talk needs no rule.

Options (``isslab.make("1969", name=value)``; ``isslab rules 1969`` lists them with their
defaults). The rulebook prints no board values, so the mission board, the Moon track, the die
faces, the split of the deck and the prestige limits after 1965 are assumptions, each an option:
``missions``, ``moon_cost``, ``moon_ic``, ``moon_values``, ``die_faces``, ``intel_deck``,
``pp_limits``. The other options vary the published values (``players``, ``first_player``,
``income``, ``pp_money``, ``start_prestige``, ``dice``, ``intel_cost``, ``hand_limit``,
``scientist_costs``, ``scientist_supply``, ``end_bonus``, ``bonus_tokens``, ``robotics_discount``,
``investors_discount``, ``insurance_pay``) or choose a reading (``spy_penalty_to``,
``intel_resolution``, ``flag_penalty``, ``hand_limit_after_draws``, ``spy_box_rule``,
``reroll_successes``).

Bots: ``greedy`` plans research for its best missions and the Moon; ``spy`` places spies and plays
Intelligence against the leader eagerly; ``moonshot`` prizes perfect missions for a long head
start.

``isslab.make("1969", players=4)`` builds the game; ``docs/rules/1969.md`` explains it at length.
"""

from __future__ import annotations

from isslab.games.game_1969 import bots as bots
from isslab.games.game_1969 import exact as exact
from isslab.games.game_1969.actions import (
    ACTION_TYPES,
    BuyCards,
    CardDraw,
    Commit,
    DiceRoll,
    Discard,
    EndPurchases,
    FirstPlayer,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
    cards_text,
)
from isslab.games.game_1969.components import (
    BOX_LABELS,
    BOXES,
    KINDS,
    NATIONS,
    SPY,
    FlagPenalty,
    IntelResolution,
    SpyPenalty,
)
from isslab.games.game_1969.phases import (
    BUY,
    BUY_DRAW,
    COMMIT,
    FIRST,
    INCOME_DISCARD,
    INCOME_DRAW,
    INCOME_SPEND,
    LAUNCH,
    OVER,
    PHASE_TEXT,
    REROLL,
    REROLL_ROLL,
    ROLL,
    End1969,
    Phase,
)
from isslab.games.game_1969.positions import parse_sheets, sheets_text
from isslab.games.game_1969.rules import Game1969, MissionTest, State1969
from isslab.games.game_1969.scoring import STAT_NAMES, Tally
from isslab.games.game_1969.tables import Mission, Tables

__all__ = [
    "ACTION_TYPES",
    "BOXES",
    "BOX_LABELS",
    "BUY",
    "BUY_DRAW",
    "COMMIT",
    "FIRST",
    "INCOME_DISCARD",
    "INCOME_DRAW",
    "INCOME_SPEND",
    "KINDS",
    "LAUNCH",
    "NATIONS",
    "OVER",
    "PHASE_TEXT",
    "REROLL",
    "REROLL_ROLL",
    "ROLL",
    "SPY",
    "STAT_NAMES",
    "BuyCards",
    "CardDraw",
    "Commit",
    "DiceRoll",
    "Discard",
    "End1969",
    "EndPurchases",
    "FirstPlayer",
    "FlagPenalty",
    "Game1969",
    "Hire",
    "IntelResolution",
    "Launch",
    "Mission",
    "MissionTest",
    "Pass",
    "Phase",
    "Reroll",
    "SpendPrestige",
    "SpyPenalty",
    "State1969",
    "Tables",
    "Tally",
    "bots",
    "cards_text",
    "exact",
    "parse_sheets",
    "sheets_text",
]
