"""The 1969 board's words: the action bar's prompt and buttons, place names, the inspector's fields.

Prompts are written from the legal actions, so they never ask for what the nation cannot pay for;
the game-over panel's lead adds up every nation's prestige by source (see :mod:`.draw` for the
picture and :mod:`.clicks` for what a click means).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from isslab import Game, State

# the 1969 package re-exports every name a board needs (its modules may move)
from isslab.games.game_1969 import (
    BOX_LABELS,
    BOXES,
    BUY,
    COMMIT,
    INCOME_DISCARD,
    INCOME_SPEND,
    KINDS,
    LAUNCH,
    PHASE_TEXT,
    REROLL,
    BuyCards,
    Commit,
    Discard,
    EndPurchases,
    Game1969,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
    State1969,
    cards_text,
)


class Board1969Words:
    """The 1969 board's words: what the action bar asks, how places and per-seat fields are named."""

    def __init__(self, game: Game) -> None:
        self.game = game
        g = cast(Game1969, game)
        #: seat names and screen colours, as the game declares them
        self.names: tuple[str, ...] = game.info.seat_names
        self.colours: tuple[str, ...] = game.info.seat_colours
        self.n: int = g.n
        self.missions: int = g.moon + 1

    def _buttons(
        self, st: State1969, legal: Sequence[Any], selected: Hashable | None
    ) -> tuple[str, list[tuple[Hashable, str]]]:
        """The prompt of the action bar and its buttons (key, label), both from the legal actions.

        A prompt only asks for what the legal actions offer, so it never asks for something the
        nation cannot pay for.
        """
        o = self.game.options
        cp = st.current_player
        name = self.names[cp]
        buttons: list[tuple[Hashable, str]] = []
        prompt = f"{name}: {PHASE_TEXT[st.phase]}"
        for a in legal:
            t = type(a)
            if t is SpendPrestige:
                label = (
                    "keep prestige" if not a.points else f"sell {a.points} PP (+{a.points * o['pp_money']}M)"
                )
                buttons.append((("do", a), label))
            elif t is Discard:
                buttons.append((("do", a), f"discard a {a.value}"))
            elif t is BuyCards:
                cards = f"{a.number} card{'s' if a.number > 1 else ''}"
                buttons.append((("do", a), f"buy {cards} ({a.number * o['intel_cost']}M)"))
            elif t is EndPurchases:
                buttons.append((("do", a), "end purchases"))
            elif t is Pass:
                buttons.append((("do", a), "launch nothing"))
            elif t is Reroll:
                parts = [f"{n} {c}" for n, c in ((a.red, "red"), (a.blue, "blue"), (a.green, "green")) if n]
                label = "re-roll " + ", ".join(parts) if parts else "keep the dice"
                buttons.append((("do", a), label))
        money = st.money[cp]
        if st.phase == INCOME_SPEND:
            prompt = f"{name} ({money}M): sell prestige for money?"
        elif st.phase == BUY:
            hires = [a for a in legal if type(a) is Hire]
            buys = any(type(a) is BuyCards for a in legal)
            if hires:
                prompt = f"{name} ({money}M): click a highlighted box to hire" + (
                    ", or buy cards" if buys else ""
                )
            elif buys:
                prompt = f"{name} ({money}M): no scientist to hire; buy cards or end purchases"
            else:
                prompt = f"{name} ({money}M): nothing more to buy: end purchases"
            if isinstance(selected, tuple) and selected[:1] == ("box",):
                _, sheet, b = selected
                kinds = [a for a in hires if a.sheet == sheet and a.box == BOXES[b]]
                prompt = f"hire into {self.place_name(selected)}: choose, or cancel"
                buttons = [
                    (("do", a), f"hire {a.kind} ({st.hire_cost(cp, KINDS.index(a.kind))}M)") for a in kinds
                ]
                buttons.append((("box", sheet, b), "cancel"))
        elif st.phase == LAUNCH:
            prompt = f"{name} ({money}M): click a highlighted mission to launch it"
        elif st.phase == COMMIT:
            picked = selected[1] if isinstance(selected, tuple) and selected[:1] == ("commit",) else None
            chosen = picked or (0,) * len(st.hands[cp])
            g = cast(Game1969, self.game)
            launcher = _last_launcher(st)
            m = st.test[0] if st.test else 0
            ic = int(g.m_ic[m])
            total = sum((v + 1) * c for v, c in enumerate(chosen))
            own = launcher == cp
            way = "up" if own else "down"
            whose = "its own" if own else f"{self.names[launcher]}'s" if launcher is not None else "the"
            prompt = (
                f"{name}: click cards to play face down on {whose} {g.m_name[m]}\n"
                f"every {ic} points of cards move the rocket one space {way}"
            )
            if total:
                steps = total // ic
                prompt += f"; chosen {total} points: {steps} space{'s' if steps != 1 else ''} {way}"
            buttons = [(("do", Commit(cp, (0,) * len(chosen))), "play nothing")]
            if sum(chosen):
                buttons.insert(0, (("do", Commit(cp, tuple(chosen))), f"play {cards_text(tuple(chosen))}"))
                buttons.append((("clear",), "clear"))
        elif st.phase == INCOME_DISCARD:
            prompt = f"{name}: too many cards: click a card (or a button) to discard"
        elif st.phase == REROLL:
            prompt = f"{name}: re-roll dice with Simulation?"
        return prompt, buttons

    def summary(self, state: State) -> list[str]:
        """The game-over panel's lead: every nation's prestige by source, so both totals add up.

        The Scoring Track shows the prestige won in play; the final score adds the scientists'
        end-of-game points: ``USA 57 PP = 52 on the track (2 at the start, 38 from missions, 16 from
        the Moon, 4 sold) + 5 from its scientists``.
        """
        st = cast(State1969, state)
        stats = st.seat_stats()
        ranks = st.ranks()
        start = int(self.game.options["start_prestige"])
        out = []
        for s in sorted(range(self.n), key=lambda s: (ranks[s], s)):
            row = stats[s]
            track, sci = int(row["pp_track"]), int(row["pp_scientists"])
            parts = [f"{start} at the start", f"{int(row['pp_missions'])} from missions"]
            if row.get("pp_moon"):
                parts.append(f"{int(row['pp_moon'])} from the Moon")
            other = (
                track
                - start
                - int(row["pp_missions"])
                - int(row.get("pp_moon", 0))
                + int(row.get("pp_sold", 0))
            )
            if other:
                parts.append(f"{other} from other rules")
            if row.get("pp_sold"):
                parts.append(f"minus {int(row['pp_sold'])} sold for money")
            out.append(
                f"{self.names[s]} {int(row['prestige'])} PP = {track} on the track ({', '.join(parts)}) "
                f"+ {sci} from its scientists at the end; {int(row['money'])}M left"
            )
        return out

    def place_name(self, key: Hashable) -> str:
        """A box as ``USSR's Robotics``, a mission by name, a card by value, a button by its action."""
        g = cast(Game1969, self.game)
        if not isinstance(key, tuple) or not key:
            return str(key)
        if key[0] == "box":
            return f"{self.names[key[1]]}'s {BOX_LABELS[key[2]]}"
        if key[0] == "mission":
            return str(g.m_name[key[1]])
        if key[0] == "card":
            return f"a {key[1]} card"
        if key[0] == "do":  # a button: an action of the seat it belongs to, as that seat knows it
            return self.game.describe_action(key[1], getattr(key[1], "seat", None))
        return str(key[0])

    def format_value(self, field: str, value: Any) -> Any:
        """Per-seat fields in words for the inspector; None for those the seat table shows already
        (money, prestige) and internal ones (researcher sums, statistics, this round's flags)."""
        g = cast(Game1969, self.game)
        if field == "cubes":
            text = "; ".join(
                f"{BOX_LABELS[b]}: {'+'.join(KINDS[k] for k in c)}" for b, c in enumerate(value) if c
            )
            return text or "-"
        if field == "tokens":
            return ", ".join(BOX_LABELS[b] for b, v in enumerate(value) if v) or "-"
        if field == "hands":
            return cards_text(tuple(value))
        if field == "attempted":
            return ", ".join(g.m_name[m] for m in range(self.missions) if value >> m & 1) or "-"
        if field == "launched":
            return g.m_name[value] if value >= 0 else "-"
        if field == "moon_flag":
            return "launched" if value < 0 else f"space {value + 1}"
        if field == "spies_hired":
            return value
        return None

    def field_label(self, field: str) -> str:
        """The inspector's heading for a per-seat field."""
        return {
            "cubes": "scientists",
            "tokens": "bonus tokens",
            "hands": "cards in hand",
            "attempted": "missions tried",
            "launched": "launched this year",
            "moon_flag": "Moon flag",
            "spies_hired": "spies hired",
        }.get(field, field)


def _last_launcher(st: State1969) -> int | None:
    """The nation that launched the mission test in ``st.test`` (the last Launch in the history)."""
    for a in reversed(st.history):
        if type(a) is Launch:
            return int(a.seat)
    return None
