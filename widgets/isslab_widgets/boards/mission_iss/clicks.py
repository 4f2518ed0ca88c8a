"""The Mission ISS board's clicks: every legal action with the clicks that give it, and refusals.

Every click is matched against the legal actions of the state (never a rule of the board's own);
a refused click is explained by ``state.why_illegal`` of the action the click would have meant.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

from isslab import Action, State
from isslab.games.mission_iss import (
    MODULES,
    VIA_COMMANDS,
    Arrive,
    Assemble,
    Deploy,
    DrawIncident,
    DrawMarker,
    DrawTile,
    Exercise,
    Move,
    Phase,
    Play,
    Research,
    ResearchOn,
    Select,
    StateMissionISS,
    Task,
    Train,
    UseBonus,
    Via,
)
from isslab_widgets.boards import Click, no_click_now
from isslab_widgets.boards.mission_iss.words import _VIA_SHORT, BoardMissionISSWords, Key


class BoardMissionISSClicks(BoardMissionISSWords):
    """What a click on the Mission ISS board means (the drawing builds on it)."""

    def _plan(self, st: StateMissionISS) -> list[tuple[tuple[Key, ...], Action]]:
        """Every legal action of the seat to act with the clicks that give it (one or two places)."""
        if st.current_player < 0:
            return []
        out: list[tuple[tuple[Key, ...], Action]] = []
        field_of = st.astronauts
        crew: dict[int, list[int]] = {}
        for a, f in enumerate(field_of):
            if f >= 0:
                crew.setdefault(f, []).append(a)
        for action in st.legal_actions():
            kind = type(action)
            second: Key
            if kind is Select:
                second = ("wild",) if action.partner < 0 else ("card", action.partner, action.kind)
                out.append(((("card", action.seat, action.own), second), action))
            elif kind is Play:
                second = ("hand", action.under) if action.from_hand else ("middle", action.under)
                out.append(((("hand", action.top), second), action))
            elif kind is Move:
                out.append(((("astro", action.astronaut), ("field", action.dest)), action))
            elif kind in (Research, Assemble, Deploy):
                f = field_of[action.astronaut]
                if kind is Research:
                    targets: list[Key] = [("die", action.tile, action.die)]
                elif kind is Assemble:
                    targets = [("slot", action.module, f), ("module", action.module)]
                else:
                    targets = [("capsule",) if action.source < 0 else ("robonaut", action.source)]
                for a in crew.get(f, []):  # the same effect whoever in the field receives it
                    out += [((("astro", a), target), action) for target in targets]
                if kind is not Deploy:  # a die or an outline names the field by itself
                    out.append(((targets[0],), action))
            elif kind is Exercise:
                out.append(((("exercise", action.colour),), action))
            elif kind in (Arrive, Train):
                out.append(((("astro", action.astronaut),), action))
            elif kind is ResearchOn:
                out.append(((("die", action.tile, action.die),), action))
            elif kind is UseBonus:
                if action.choice < 0:
                    out.append(((("bonus", action.tile),), action))
                else:
                    where = ("bottom", action.choice) if self.solo else ("down", action.seat, action.choice)
                    out.append(((("bonus", action.tile), where), action))
            else:  # EndShift, EndTurn, Skip, ResearchStop: buttons
                out.append(((("do", action),), action))
        return out

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """A click on a card, an astronaut, a field, a die, an outline, a marker or a button."""
        st = cast(StateMissionISS, state)
        if (refused := no_click_now(st, selected, "a draw comes first: the next step is chance")) is not None:
            return refused
        sel = selected if isinstance(selected, tuple) else None
        if not isinstance(key, tuple) or not key:
            if sel is not None:
                return Click(selected=None, message=f"{self.place_name(sel)} deselected")
            return Click(selected=None, message=self.nothing_here, ok=False)
        if key[0] == "do":
            action = key[1]
            if action in st.legal_actions():
                return Click(action=action)
            return self._refused(st, sel, action)
        plan = self._plan(st)
        if sel is not None:
            chosen = [a for path, a in plan if path == (sel, key)]
            if chosen:
                return self._play(chosen)
            if key == sel:
                return Click(selected=None, message=f"{self.place_name(sel)} deselected")
        singles = [a for path, a in plan if path == (key,)]
        starts = [path[1] for path, _ in plan if len(path) == 2 and path[0] == key]
        targets_of_sel = (
            sel is not None
            and sel[0] in ("astro", "card", "hand", "bonus")
            and key[0]
            not in (
                "astro",
                "card",
                "hand",
                "bonus",
                "exercise",
            )
        )
        if singles and not targets_of_sel:
            return self._play(singles)
        if starts:
            return Click(selected=key, message=self._next_prompt(st, key, starts))
        meant = self.candidate(st, sel, key) if sel is not None else self._meant(st, key)
        if meant is None:
            return Click(
                selected=sel, message=f"not a legal click: {self._no_action(st, sel, key)}", ok=False
            )
        return self._refused(st, sel, meant)

    def _play(self, chosen: list[Action]) -> Click:
        """The action of a click: a command card before a wild card (the list of moves has the others)."""
        ordered = sorted(chosen, key=_via_order)
        best = ordered[0]
        others = sorted({_VIA_SHORT[a.via] for a in ordered[1:] if hasattr(a, "via") and a.via != best.via})
        if others:
            return Click(
                action=best, message=f"the list of moves can give it with the {', '.join(others)} instead"
            )
        return Click(action=best)

    def _refused(self, st: StateMissionISS, sel: Key | None, action: Action) -> Click:
        why = st.why_illegal(action) or "not a legal action now"
        return Click(selected=sel, message=f"not a legal click: {why}", ok=False)

    def _via_for(self, st: StateMissionISS, flag: int, default: int) -> int:
        """A source in the pool that can give command ``flag``, else ``default`` (to name a refusal)."""
        return next(
            (v for v in sorted(st.pool, key=lambda v: (v == Via.WILD_CARD, v)) if VIA_COMMANDS[v][flag]),
            default,
        )

    def _canon(self, st: StateMissionISS, a: int) -> int:
        """The lowest-numbered astronaut in ``a``'s field (the engine lists field commands for it)."""
        f = st.astronauts[a]
        return next((b for b, g in enumerate(st.astronauts) if g == f), a) if f >= 0 else a

    def candidate(self, state: State, origin: Hashable, target: Hashable) -> Action | None:
        """The action a click on ``target`` after ``origin`` would be, for the engine to judge."""
        st = cast(StateMissionISS, state)
        seat = st.seat
        if not isinstance(origin, tuple) or not isinstance(target, tuple) or not origin or not target:
            return None
        o, t = origin[0], target[0]
        if o == "astro":
            a = origin[1]
            c = self._canon(st, a)
            if t == "field":
                return Move(seat, self._via_for(st, 0, Via.MOVE_CARD), a, target[1])
            if t == "die":
                return Research(seat, self._via_for(st, 1, Via.RESEARCH_CARD), c, target[1], target[2])
            if t in ("slot", "module"):
                return Assemble(seat, self._via_for(st, 2, Via.ASSEMBLE_CARD), c, target[1])
            if t == "capsule":
                return Deploy(seat, self._via_for(st, 3, Via.ASSEMBLE_CARD), c, -1)
            if t == "robonaut":
                return Deploy(seat, self._via_for(st, 3, Via.ASSEMBLE_CARD), c, target[1])
        if o == "card" and origin[1] == seat:
            if t == "card":
                return Select(seat, origin[2], target[1], target[2])
            if t == "wild":
                return Select(seat, origin[2], -1, 4)
        if o == "hand":
            if t == "middle":
                return Play(seat, origin[1], target[1], False)
            if t == "hand":
                return Play(seat, origin[1], target[1], True)
        if o == "bonus" and t in ("down", "bottom"):
            tile = origin[1]
            return UseBonus(seat, tile, int(self.game.tables.tile_bonus[tile]), target[-1])
        return self._meant(st, target)

    def _meant(self, st: StateMissionISS, key: Key) -> Action | None:
        """The action a click on ``key`` alone would mean, for the engine to say why it is refused."""
        seat = st.seat
        t = key[0]
        if t == "card" and key[1] == seat:
            partner = next((p for p in range(self.n) if p != seat), -1)
            return Select(seat, key[2], partner, next((k for k in range(4) if st.face_up[partner][k]), 0))
        if t == "wild":
            own = next((k for k in range(4) if st.face_up[seat][k]), 0) if not self.solo else 0
            return Select(seat, own, -1, 4)
        if t == "hand":
            return Play(seat, key[1], key[1], True)
        if t == "astro":
            a = key[1]
            if st.queue and st.queue[0][0] == Task.ARRIVE or st.astronauts[a] < 0:
                return Arrive(seat, a)
            if st.phase == Phase.TRAIN:
                held = st.held[seat]
                return Train(seat, next((c for c in range(3) if held[c]), 0), a)
            return Move(seat, self._via_for(st, 0, Via.MOVE_CARD), a, st.astronauts[a])
        if t == "die":
            tile = key[1]
            if st.phase == Phase.RESEARCH_MORE:
                return ResearchOn(seat, tile, key[2])
            f = next((g for x, g, _ in st.tiles if x == tile), -1)
            a = next((b for b, g in enumerate(st.astronauts) if g == f and f >= 0), None)
            if a is None:  # no tile there, or nobody in its field: the board says so
                return None
            return Research(seat, self._via_for(st, 1, Via.RESEARCH_CARD), a, tile, key[2])
        if t in ("slot", "module"):
            m = key[1]
            f = key[2] if t == "slot" else st.station[m]
            a = next((b for b, g in enumerate(st.astronauts) if g == f and f >= 0), None)
            if a is None:
                return None
            return Assemble(seat, self._via_for(st, 2, Via.ASSEMBLE_CARD), a, m)
        if t == "exercise":
            return Exercise(seat, self._via_for(st, 4, Via.EXERCISE_CARD), key[1])
        if t == "bonus":
            tile = key[1]
            return UseBonus(seat, tile, int(self.game.tables.tile_bonus[tile]), -1)
        return None

    def origin(self, action: Action) -> Hashable | None:
        """Where an action starts: the astronaut commanded, the own card picked, the bonus used."""
        kind = type(action)
        if kind in (Move, Research, Assemble, Deploy, Arrive, Train):
            return ("astro", action.astronaut)
        if kind is Select:
            return ("card", action.seat, action.own)
        if kind is UseBonus:
            return ("bonus", action.tile)
        if kind is Exercise:
            return ("exercise", action.colour)
        return None

    def target(self, action: Action) -> Hashable | None:
        """Where an action lands on the board (the animation rings it): a field, a module card."""
        kind = type(action)
        if kind is Move:
            return ("field", action.dest)
        if kind is Assemble:
            return ("field", 3 + action.module)
        if kind is DrawTile:
            return ("field", action.field)
        if kind is DrawMarker:
            return ("module", action.module)
        if kind is DrawIncident:
            card = action.card
            return (
                ("module", MODULES.index(card)) if card in MODULES else ("field", 0) if card == "A" else None
            )
        return self.origin(action)


def _via_order(action: Action) -> tuple[int, int]:
    via = getattr(action, "via", 0)
    return (int(via == Via.WILD_CARD), int(via))
