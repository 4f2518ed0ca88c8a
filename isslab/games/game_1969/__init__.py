"""1969 (Cranio Creations, 2012): 2-5 nations race to the Moon over seven yearly rounds.

``isslab.make("1969", players=4)`` builds the game; the rulebook is ``rules/1969.rulebook.txt``
and the component data ``rules/1969.components.md`` (A1-A7). Modules:

* :mod:`.components` - nations, research boxes, scientists, the default board and every option;
* :mod:`.actions` - the action NamedTuples (player moves and chance outcomes);
* :mod:`.rules` - :class:`Game1969` and the immutable :class:`State1969`;
* :mod:`.exact` - the exact law of a mission test score and of the Insurance payout;
* :mod:`.bots` - the ``greedy``, ``spy`` and ``moonshot`` bots.

Turn structure (Playing the Game). A round is: §1 Income (everyone is paid; then, in turn order
from the First Player, each nation draws its free Intelligence Cards, discards down to the hand
limit and may sell Prestige Points); §2 Purchases (each nation in turn order hires scientists, buys
and discards cards, then ends its purchases); §3 Missions (each nation in turn order launches one
mission or passes; the roll, the re-rolls, the face-down Intelligence of the opponents from its left
and then its own, the reveal and the prestige all finish before the next nation); §4 flags are
placed, the year advances and the First Player marker passes to the left (seat + 1). The game ends
after the 1969 round; the score adds the scientists' end-of-game points; ties go to money, then are
shared.

Chance nodes. The First Player (uniform; option ``first_player`` fixes it); a roll of k dice is ONE
node whose outcomes are the (green, blue, red) counts with multinomial probabilities (the re-roll is
another); drawing k Intelligence Cards is ONE node whose outcomes are the counts per value with the
multivariate hypergeometric law of the deck composition (the deck's order is never state). When the
deck holds no more cards than are drawn, they are all taken without a chance node and the discards
become the new deck (§2.2 reshuffle); with every card in hands nothing more is drawn.

Decisions are kept few: a purchase is one scientist or ``BuyCards(k)``; a re-roll declares how many
failures and neutrals at once; a commitment is one multiset of card values (§3.2: the simultaneous
secret play is sequential hidden commitments, revealed together; ``view`` shows other nations'
committed cards only as ``"hidden"``). Steps with a single possible choice are skipped: a nation
without cards does not commit, a nation that can launch nothing passes silently, a nation without
Prestige to sell is not asked, Ground Control conversions are automatic (they never hurt).

Rule readings (ambiguities) and where an option offers the alternative:

1. Spy penalty (Scientists): "You lose 1 PP ... for each spy on your Research Sheets", yet a spy may
   never be placed on one's own sheets, every other bullet describes the hirer's cube, and End of
   the Game says "add or subtract any Prestige Points from your Scientist Cubes". Default: the nation
   that hired the spy loses the point (``spy_penalty_to="hirer"``); ``"sheet_owner"`` is the literal
   alternative.
2. Intelligence resolution (A7.1): down by the opponents' steps, then up by one's own, clamping
   after each; ``intel_resolution="net"`` moves by the difference once.
3. Flag penalty (A7.2): only flags of previous rounds count (flags are placed at the end of the
   round); ``flag_penalty="all_attempts"`` also counts earlier attempts of the same round. For the
   Moon only the flags on the Moon Mission's flag space count, not the head-start flags.
4. Moon head start: the Moon flag advances one space for each mission that ends on its last space
   (never past the last Moon space) while the Moon Mission has not been launched; launching the Moon
   starts the rocket on the flag's space and moves the flag to the flag space. Ending the Moon
   Mission itself on its last space advances nothing.
5. Hand limit (A7.6): also after the free draws, the nation discards down to it (it chooses which);
   ``hand_limit_after_draws=False`` lets the free draws exceed it (buying still may not). §2.2
   "If your hand is full, you may discard": discards in the Purchase Phase are offered only with a
   full hand.
6. Spies (A7.7): only on an empty space of a rival's box, obeying the two-types rule of that box
   (``spy_box_rule=False`` allows two spies in one box); the Bonus Token goes to the same box of the
   hirer's sheet only if that space is empty and a token is left (A7.5, ``bonus_tokens``).
7. Robotics: the discount applies to the first scientist hired each round, a spy included; costs
   never go below 0. Investors: never the Moon Mission; costs never below 0.
8. Re-rolls (Simulation): each die is re-rolled at most once, all re-rolls declared together after
   the first roll; successes are never re-rolled (it can only hurt, except for Insurance money, or
   when the rocket is past the last space anyway); ``reroll_successes=True`` offers them too, as the
   rule names no colour. Insurance pays for the failures after the re-rolls (A7.4).
9. Prestige may be sold only down to 0 (A7.8); the final score may be negative.
10. Free Intelligence draws happen during each nation's Income turn, before its Prestige sale.
11. Card values are 1..V where ``intel_deck`` gives the count of each value.
12. The flag budget (A7.3) never binds in 7 rounds, so flags are not counted as a resource.
13. The discard pile is public (``view`` shows its counts per value): played cards are revealed
    before they are discarded (§3.2), and the rulebook does not say that hand-limit discards go face
    down, so their values are public too. Hand sizes are public (§2.2), values in hand are not.

Options (``isslab.make("1969", name=value)``; *assumption* marks unsourced defaults): ``players``,
``first_player``, ``income``, ``pp_limits`` (assumption), ``pp_money``, ``start_prestige``,
``missions`` (assumption: rows of name, symbols, cost, intelligence cost, space values),
``moon_cost``, ``moon_ic``, ``moon_values`` (assumptions), ``dice``, ``die_faces`` (assumption),
``intel_deck`` (assumption), ``intel_cost``, ``hand_limit``, ``hand_limit_after_draws``,
``scientist_costs``, ``scientist_supply``, ``end_bonus``, ``spy_penalty_to``, ``spy_box_rule``,
``bonus_tokens``, ``robotics_discount``, ``investors_discount``, ``insurance_pay``,
``reroll_successes``, ``intel_resolution``, ``flag_penalty``.

Nothing of the rulebook is left out. The open table talk of §3.2 ("players may discuss the cards")
needs no rule.
"""

from __future__ import annotations

from isslab.games.game_1969 import bots as bots
from isslab.games.game_1969 import exact as exact
from isslab.games.game_1969.actions import ACTION_TYPES as ACTION_TYPES
from isslab.games.game_1969.rules import End1969, Game1969, State1969

__all__ = ["ACTION_TYPES", "End1969", "Game1969", "State1969", "bots", "exact"]
