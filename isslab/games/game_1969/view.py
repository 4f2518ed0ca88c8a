"""What a nation may see of a 1969 position, and the texts of positions and actions.

Hidden information (reading 13): the values of the cards in another nation's hand, of the cards it
has played face down on the current mission until the reveal, and the order of the deck. Public:
hand sizes, the discard pile card by card, the cards each nation played once they are revealed,
everything on the board. :func:`view` is the only road from a state to a nation, and
:func:`describe` the only road from an action (``Game1969.describe_action``); what one shows must
not tell apart two positions the other cannot (``State1969.resample_hidden`` relies on it, and the
tests check it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import Action
from isslab.games.game_1969.actions import CardDraw, Commit, cards_text
from isslab.games.game_1969.components import BOX_LABELS, BOXES, KINDS, NATIONS, FlagPenalty
from isslab.games.game_1969.phases import NO_MISSION, OVER, PHASE_TEXT, TEST_PHASES
from isslab.games.game_1969.scoring import scores, winners

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import State1969

__all__ = ["describe", "goal", "headline", "key_numbers", "render", "standing", "view"]


def describe(action: Action, seat: int | None) -> str:
    """The text of ``action`` as ``seat`` may know it: another nation's drawn or face-down cards masked."""
    kind = type(action)
    if (kind is CardDraw or kind is Commit) and seat is not None and seat != action.seat:
        text: str = action.masked_text()
        return text
    return str(action)


def view(st: State1969, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as JSON-able data (reading 13)."""
    t = st.game.tables
    n = t.n
    committed: list[Any] = []
    for s, c in enumerate(st.commits):
        if c is None:
            committed.append(None)
        elif s == seat:
            committed.append(list(c))
        else:
            committed.append("hidden")  # §3.2: face down until the reveal
    research = [
        {
            BOXES[b]: {
                "cubes": [KINDS[k] for k in st.cubes[s][b]],
                "token": bool(st.tokens[s][b]),
                "researchers": st.research[s][b],
            }
            for b in range(12)
        }
        for s in range(n)
    ]
    test: dict[str, Any] | None = None
    if st.mission != NO_MISSION:
        this_round = st.launched[st.launcher] == st.mission
        test = {
            "mission": t.m_name[st.mission],
            "nation": NATIONS[st.launcher],
            # the test's own year: the current one, or the year before once its round has ended
            # (after the 1969 round too, where ``current_year`` stays 1969)
            "year": 1963 + st.year - (0 if this_round else 1),
            "green": st.green,
            "blue": st.blue,
            "red": st.red,
            "score": st.score,
            "space": st.space,
            # the dice are final and the cards revealed: the prestige is scored
            "resolved": st.phase not in TEST_PHASES,
            # §3.2: after the reveal, who played which cards (None: a nation that played none)
            "played": [None if c is None else list(c) for c in st.played],
        }
    return {
        "seat": seat,
        "nation": NATIONS[seat],
        "year": st.current_year,
        "phase": PHASE_TEXT[st.phase],
        "to_move": st.current_player,
        "first_player": st.first,
        "nations": list(NATIONS[:n]),
        "money": list(st.money),
        "prestige": list(st.pp),
        "research": research,
        "hand": list(st.hands[seat]),
        "hand_sizes": [sum(h) for h in st.hands],
        "committed": committed,
        "committed_sizes": [None if c is None else sum(c) for c in st.commits],
        "deck_size": sum(st.deck),
        "discard": list(st.discard),
        "supply": dict(zip(KINDS, st.supply, strict=True)),
        "bonus_tokens": st.bonus_left,
        "flags": dict(zip(t.m_name, st.flags, strict=True)),
        "attempted": [[t.m_name[m] for m in range(t.moon + 1) if a >> m & 1] for a in st.attempted],
        "moon_flags": list(st.moon_flag),
        "mission": test,
        "scores": list(scores(st)) if st.phase == OVER else None,
    }


def render(st: State1969) -> str:
    """The position as readable text (omniscient: every hand's size, no hand's values)."""
    t = st.game.tables
    n = t.n
    lines = [f"1969 - year {st.current_year}, {PHASE_TEXT[st.phase]}"]
    if st.first >= 0:
        lines[0] += f", first player {NATIONS[st.first]}"
    if st.phase != OVER and st.current_player >= 0:
        lines[0] += f", {NATIONS[st.current_player]} to act"
    for s in range(n):
        boxes = []
        for b in range(12):
            cubes = "".join(KINDS[k][0].upper() for k in st.cubes[s][b])
            tok = "+T" if st.tokens[s][b] else ""
            if cubes or tok:
                boxes.append(f"{BOX_LABELS[b]}[{cubes}{tok}={st.research[s][b]}]")
        done = [t.m_name[m] for m in range(t.moon + 1) if st.attempted[s] >> m & 1]
        moon = "launched" if st.moon_flag[s] < 0 else f"space {st.moon_flag[s] + 1}"
        lines.append(
            f"  {NATIONS[s]:8} {st.pp[s]:3} PP {st.money[s]:3} M  cards {sum(st.hands[s])}  moon flag {moon}"
        )
        lines.append("      research: " + (", ".join(boxes) if boxes else "none"))
        if done:
            lines.append("      missions: " + ", ".join(done))
    if st.mission != NO_MISSION:
        m = st.mission
        lines.append(
            f"  mission {t.m_name[m]} ({NATIONS[st.launcher]}): {st.green} success {st.blue} neutral "
            f"{st.red} failure, score {st.score}, rocket on space {st.space + 1}/{len(t.m_values[m])}"
        )
        played = [f"{NATIONS[s]} {cards_text(c)}" for s, c in enumerate(st.played) if c is not None]
        if played:
            lines.append("      intelligence played: " + ", ".join(played))
    flagged = [f"{t.m_name[m]} x{c}" for m, c in enumerate(st.flags) if c]
    if flagged:
        lines.append("  flags: " + ", ".join(flagged))
    lines.append(
        f"  deck {sum(st.deck)} cards, discards {cards_text(st.discard)}, bonus tokens {st.bonus_left}"
    )
    if st.phase == OVER:
        final = scores(st)
        lines.append(
            "  final: "
            + ", ".join(f"{NATIONS[s]} {final[s]}" for s in range(n))
            + " - winner: "
            + ", ".join(NATIONS[s] for s in winners(st))
        )
    return "\n".join(lines)


# --- the game view's player panel: public facts only (money, prestige, hand sizes, the board) ------


def key_numbers(st: State1969, seat: int) -> list[tuple[str, int | float | str]]:
    """Money, prestige (the final score once the game is over) and the number of cards in hand."""
    st._check_seat(seat)
    prestige = scores(st)[seat] if st.phase == OVER else st.pp[seat]
    return [("money", f"{st.money[seat]}M"), ("prestige", f"{prestige} PP"), ("cards", sum(st.hands[seat]))]


def goal(st: State1969, seat: int) -> str:
    """The same for every nation: the most prestige after the last year."""
    st._check_seat(seat)
    return f"most prestige after {1963 + st.game.tables.rounds - 1} (a tie: money)"


def standing(st: State1969, seat: int) -> tuple[float, ...]:
    """Prestige (the final score at the end), then money: the order of ``winners``."""
    st._check_seat(seat)
    prestige = scores(st)[seat] if st.phase == OVER else st.pp[seat]
    return (prestige, st.money[seat])


def headline(st: State1969, seat: int) -> str:
    """The last scored mission test, from the public facts ``view(seat)["mission"]`` shows.

    Dice, score, the rocket's space and the cards revealed; read from the state's fields
    directly (the same ones the view shows) because the game view asks at every step.
    """
    st._check_seat(seat)
    m = st.mission
    if m == NO_MISSION or st.phase in TEST_PHASES:
        return ""
    t = st.game.tables
    this_round = st.launched[st.launcher] == m
    year = 1963 + st.year - (0 if this_round else 1)
    values = t.m_values[m]
    space = st.space
    if this_round and t.flag_penalty is FlagPenalty.PREVIOUS_ROUNDS:
        # this round's test: the flags of earlier rounds are all on the board (reading 3)
        won = f"+{max(0, values[space] - st.flags[m])} PP"
    else:
        won = f"a {values[space]} PP space, less a point per earlier flag"
    played = [f"{NATIONS[s]} {cards_text(c)}" for s, c in enumerate(st.played) if c is not None and any(c)]
    cards = f"; intelligence played: {', '.join(played)}" if played else ""
    return (
        f"{NATIONS[st.launcher]}'s {t.m_name[m]} ({year}): {st.green} success, {st.blue} neutral, "
        f"{st.red} failure, score {st.score:+d}; the rocket ends on space {space + 1} of {len(values)} "
        f"({won}){cards}"
    )
