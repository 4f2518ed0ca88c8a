"""The Mission ISS board's words: prompts, place names, the inspector's fields, button labels.

The phase texts are the game's own (``isslab.games.mission_iss``'s ``PHASE_TEXT``); what the board adds
is what to click next, written from the legal actions (see :mod:`.clicks`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, cast

from isslab import CHANCE, TERMINAL, Action, Game, State
from isslab.games.kit import a_or_an
from isslab.games.mission_iss import (
    COLOURS,
    FIELD_CODES,
    FIELD_NAMES,
    MODULES,
    EndShift,
    EndTurn,
    GameMissionISS,
    Phase,
    ResearchStop,
    Skip,
    StateMissionISS,
    Task,
    band_of,
)
from isslab.games.mission_iss.phases import PHASE_TEXT
from isslab_widgets.boards import SelectThenMove

Key = tuple[Any, ...]

_CARD_NAMES = ("Move", "Research", "Assemble", "Exercise", "Module card")
_BONUS_TEXT = {
    "none": "no bonus",
    "boost_move": "+2 move",
    "boost_research": "+2 research",
    "boost_assemble": "+2 assemble",
    "extra_move": "extra Move",
    "extra_research": "extra Research",
    "free_robonaut": "free robonaut",
    "free_exercise": "free exercise",
    "recover": "card back up",
}
_VIA_SHORT = (
    "Move card",
    "Research card",
    "Assemble card",
    "Exercise card",
    "wild card",
    "extra Move",
    "extra Research",
    "free robonaut",
    "free exercise",
)
#: what a chance step draws, by the task waiting in the queue
_DRAWS = {
    0: "difficulty markers are dealt",
    1: "a research tile is drawn",
    2: "an incident card is turned",
    3: "an incident marker is drawn",
    4: "the cards are dealt",
}


class BoardMissionISSWords(SelectThenMove):
    """The words of the Mission ISS board (the clicks and the drawing build on them)."""

    nothing_here = "nothing to click there: click a card, an astronaut, a field or a die"

    def __init__(self, game: Game) -> None:
        if not isinstance(game, GameMissionISS):
            raise TypeError(f"the Mission ISS board draws Mission ISS games, not {game!r}")
        self.game: GameMissionISS = game
        t = game.tables
        self.n: int = t.n
        self.solo: bool = t.solo
        self.names: tuple[str, ...] = game.info.seat_names
        self.colours: tuple[str, ...] = game.info.seat_colours

    def _prompt(
        self, st: StateMissionISS, plan: list[tuple[tuple[Key, ...], Action]], sel: Key | None, hints: bool
    ) -> str:
        cp = st.current_player
        if cp == TERMINAL:
            reason = st.end_reason
            return reason.value if reason is not None else "the game is over"
        if cp == CHANCE:
            return "a draw: the tiles, incident cards and markers come from their piles"
        name = self.names[cp]
        if not hints:
            return f"{name} ({phase_text(int(st.phase))})"
        if sel is not None and any(len(p) == 2 and p[0] == sel for p, _ in plan):
            targets = [p[1] for p, _ in plan if len(p) == 2 and p[0] == sel]
            return self._next_prompt(st, sel, targets)
        if st.queue and st.queue[0][0] == Task.ARRIVE:
            return f"{name}: click the astronaut on the Earth board (crew row) who arrives on Rassvet"
        ph = st.phase
        if ph == Phase.SELECT:
            if self.solo:
                return f"{name}: click a hand card, then a free middle-row card or a second hand card"
            return f"{name}: click your face-up card, then a fellow player's card (or the wild cards)"
        if ph == Phase.COMMAND:
            return f"{name}: click an astronaut, then its target; an exercise marker; or skip"
        if ph == Phase.RESEARCH_MORE:
            return f"{name}: points left over: click another die in the same field, or forfeit them"
        if ph == Phase.FINISH:
            return f"{name}: use a research bonus, or end the turn"
        if ph == Phase.TRAIN:
            held = st.held[cp]
            c = next((i for i in range(3) if held[i]), 0)
            return f"{name}: end of shift: click an astronaut to raise its {COLOURS[c]} value by one"
        return f"{name} to act"

    def _next_prompt(self, st: StateMissionISS, key: Key, targets: list[Key]) -> str:
        """What to click after selecting ``key``, from the legal actions that start there."""
        name = self.place_name(key)
        kinds = {t[0] for t in targets}
        if key[0] == "card":
            return f"{name} chosen: click a fellow player's highlighted card" + (
                " or the wild cards" if "wild" in kinds else ""
            )
        if key[0] == "hand":
            return f"{name} chosen: click a free middle-row card or a second hand card"
        if key[0] == "bonus":
            return f"{name}: click the face-down card to turn face up"
        if key[0] == "astro":
            a = key[1]
            f = st.astronauts[a]
            words = [
                w
                for k, w in (
                    ("field", "a field to move to"),
                    ("die", "a die to research"),
                    ("slot", "a module outline to attach"),
                    ("module", ""),
                    ("capsule", "the capsule for a robonaut"),
                    ("robonaut", "a robonaut to bring over"),
                )
                if k in kinds and w
            ]
            totals = _totals(st, f)
            return (
                f"astronaut {a + 1} on {_field(f)} (with assistance: move {totals[0]}, research "
                f"{totals[1]}, assemble {totals[2]}): click {' or '.join(words)}"
            )
        return f"{name} selected"

    def _no_action(self, st: StateMissionISS, sel: Key | None, key: Key) -> str:
        """Why a click names no action at all (a place, not a move): what to click instead."""
        who = self.names[st.seat]
        t = key[0]
        if t == "card" and key[1] != st.seat:
            return f"{who} first clicks one of its own face-up cards, then a fellow player's"
        if t == "field":
            return "click an astronaut first, then the field it moves to"
        if t in ("slot", "module"):
            return f"no astronaut stands where module {MODULES[key[1]]} attaches: move one there first"
        if t in ("capsule", "robonaut"):
            return "click the astronaut who receives the robonaut first (an Assemble command)"
        if t == "down":
            return "face-down cards are turned up by a research bonus (click the bonus first)"
        if t == "die":
            where = next((_field(g) for x, g, _ in st.tiles if x == key[1]), None)
            if where is None:
                return f"research tile #{key[1]} is not on the station"
            return f"no astronaut stands on {where} to research it: move one there first"
        return f"nothing of {who}'s to do with {self.place_name(key)} now"

    def summary(self, state: State) -> list[str]:
        """The game-over panel's lead: the team's modules and result band, then how the game ended."""
        st = cast(StateMissionISS, state)
        attached = sum(1 for p in st.station if p >= 0)
        band = band_of(attached).name.replace("_", " ").lower()
        verdict = "success" if st.success() else "failure"
        return [
            f"The team attached {attached} of {len(MODULES)} modules: {verdict}, result band '{band}'",
            f"{st.year}: the ISS marker stopped on the Earth progress tracker",
        ]

    def place_name(self, key: Hashable) -> str:
        """A place in words: ``astronaut 3``, ``die 1 of tile #7``, ``Moscow's Move card``."""
        if not isinstance(key, tuple) or not key:
            return str(key)
        t = key[0]
        if t == "astro":
            return f"astronaut {key[1] + 1}"
        if t == "field":
            return _field(key[1])
        if t == "die":
            return f"die {key[2] + 1} of tile #{key[1]}"
        if t == "slot":
            return f"module {MODULES[key[1]]} on {_field(key[2])}"
        if t == "module":
            return f"module card {MODULES[key[1]]}"
        if t == "card":
            return f"{self.names[key[1]]}'s {_CARD_NAMES[key[2]]} card"
        if t == "down":
            return f"{self.names[key[1]]}'s face-down {_CARD_NAMES[key[2]]} card"
        if t in ("hand", "middle", "bottom"):
            return (
                f"the {_CARD_NAMES[key[1]]} card {'in the hand' if t == 'hand' else 'on the ' + t + ' row'}"
            )
        if t == "wild":
            return "the wild cards"
        if t == "exercise":
            return f"{a_or_an(COLOURS[key[1]])} exercise marker"
        if t == "capsule":
            return "a robonaut in the Soyuz capsule"
        if t == "robonaut":
            return f"the robonaut on {_field(key[1])}"
        if t == "bonus":
            return f"the bonus of tile #{key[1]}"
        if t == "do":
            return self.game.describe_action(key[1], None)
        return str(key)

    def format_value(self, field: str, value: Any) -> Any:
        """Per-seat fields for the inspector: face-up cards in words, face-down as a count, markers held."""
        if field == "face_up":
            return _cards(value) or "-"
        if field == "face_down":
            return f"{sum(value)} card{'s' if sum(value) != 1 else ''}"
        if field == "held":
            return ", ".join(f"{c} {COLOURS[i]}" for i, c in enumerate(value) if c) or "-"
        return None

    def field_label(self, field: str) -> str:
        """The inspector's heading for a per-seat field."""
        return {"face_up": "cards face up", "face_down": "face down", "held": "exercise markers"}.get(
            field, field
        )


def phase_text(phase: int) -> str:
    """The game's name of a phase (``choose two command cards``)."""
    return PHASE_TEXT[phase] if 0 <= phase < len(PHASE_TEXT) else "to act"


def _field(f: int) -> str:
    return FIELD_NAMES[f] if f < 3 else f"{FIELD_NAMES[f]} ({FIELD_CODES[f]})"


def _cards(counts: Iterable[int]) -> str:
    return ", ".join(f"{c} {_CARD_NAMES[k]}" for k, c in enumerate(counts) if c)


def _totals(st: StateMissionISS, f: int) -> tuple[int, int, int]:
    """The assisted values of a field: every astronaut's values there, plus 1 per robonaut (Assistance)."""
    out = [0, 0, 0]
    for a, g in enumerate(st.astronauts):
        if g == f:
            for c in range(3):
                out[c] += st.skills[a][c]
    robots = st.robonauts.count(f)
    return out[0] + robots, out[1] + robots, out[2] + robots


def _button_label(action: Action) -> str:
    kind = type(action)
    if kind is EndShift:
        return "End shift"
    if kind is EndTurn:
        return "End turn"
    if kind is ResearchStop:
        return "Forfeit the points"
    if kind is Skip:
        return f"Skip {_VIA_SHORT[action.via]}"
    return str(action)
