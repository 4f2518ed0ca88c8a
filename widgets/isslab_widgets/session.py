"""The headless game session behind :class:`~isslab_widgets.view.GameView` (no widgets here).

A :class:`Session` holds one game's tree of positions (undo, redo, branches, a cursor), who plays
each seat (a person or a named bot), the seeded random streams of the bots and of chance, the board
plug-in with its selection, the status message, and the timer that lets the bots and the dice move
by themselves. The game view only forwards widget events to it and draws what it says; tests drive
it directly.

Who looks. One method decides who is in front of the screen, :meth:`Session.sight`, and every
part of the session and of the view asks it (never the seats or the cursor on their own). Every
text the session writes for people (status line, log, action list) describes an action with
``state.describe(action, seat)`` for the seat whose eyes the screen shows (``sight().eyes``):

* one human seat: that seat, all game long (bots and chance moves included);
* several human seats in a game without hidden information: the human seat to act, or while a bot
  or chance acts, the human seat that acted last (the screen is in front of that player);
* several human seats in a game with hidden information (hot-seat play at one screen): the person
  who took the screen with *I am ...* (:meth:`Session.take_screen`), wherever the slider is;
* no human seat (bots only: a replay, an analysis): None, the omniscient description.

In a game with hidden information a seat's eyes also limit what else is shown: the action list
holds only that seat's own legal actions, the inspector and the JSON panel show
``state.view(seat)``, and a what-if run starts from the hidden cards redrawn as that seat may
imagine them (``state.resample_hidden``).

The cover. In hot-seat play of a game with hidden information, when the game (the tip of the line)
waits for a person other than the one at the screen, the screen must pass: ``sight().cover`` names
that seat, and until it presses *I am ...* nothing that depends on a hand is drawn or computed,
wherever the slider is (the log, the last result, the recaps, the choices, the board's cards, the
win chances and hints, what-if runs all wait). Stepping back shows only what the person at the
screen may know: that seat's view of each step, and no other seat's options.

Chance. The dice and cards of a session are a function of its seed and of the position
(:meth:`Session.rng_at`): an undo followed by the same decision meets the same dice, so an undo can
never re-roll a die; a different decision leads to another position and draws afresh. The bots'
random choices are seeded the same way, so the same decision meets the same replies too.

What the game view shows of the seats comes from the engine's public hooks (``key_numbers``,
``goal``, ``standing``, ``headline``, ``Game.round_label``; see ``isslab/games/README.md``):
the player panel (:meth:`Session.seat_rows`), the result of the human's last decision
(:meth:`Session.result`), the recap of a round (:meth:`Session.recap`) and the game-over panel
(:meth:`Session.game_over`), read in :mod:`isslab_widgets.session_panels`. Saving and loading are
in :mod:`isslab_widgets.session_saves`.

Chance is never a person's choice: the action list offers no chance outcome (the dice roll by
themselves, or with the Roll button) unless the teaching switch ``choose_dice`` is on.
"""

from __future__ import annotations

import random
import threading
import traceback
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

import isslab
from isslab import CHANCE, TERMINAL, Action, Game, IllegalActionError, State
from isslab.bots.levels import LEVELS
from isslab.core import short_repr
from isslab.play import derive_seed
from isslab_widgets import session_panels, session_saves
from isslab_widgets.boards import Board, board_for, text_scene
from isslab_widgets.history import GameTree
from isslab_widgets.scene import Rect, Scene, Text
from isslab_widgets.session_panels import Choices, GameOver, LogLine, Recap, Result, SeatRow, Sight

__all__ = ["HUMAN", "Session"]

#: the seat choice meaning "a person clicks for this seat"
HUMAN = "human"


def cover(scene: Scene, name: str) -> Scene:
    """``scene`` with a veil over it that asks to pass the screen to ``name`` (hot-seat hand-over)."""
    w, h = scene.width, scene.height
    veil = (
        Rect(0, 0, w, h, fill="#1b2433", alpha=0.94),
        Text(w / 2, h / 2 - 20, f"Pass the screen to {name}", size=24, fill="#ffffff", bold=True),
        Text(w / 2, h / 2 + 16, f"{name}: press 'I am {name}' to see your cards", size=15, fill="#dfe6f2"),
    )
    layers = dict(scene.layers)
    layers["pieces"] = (*scene.layer("pieces"), *veil)
    return Scene(w, h, layers, (), scene.title, scene.background)


class Session:
    """One game being played, replayed and questioned: tree, seats, random streams, board, bots' timer."""

    def __init__(
        self,
        game_or_state: Game | State | str,
        seats: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        autoplay: bool = False,
        auto_roll: bool = True,
        delay: float = 0.6,
    ) -> None:
        if isinstance(game_or_state, str):
            game_or_state = isslab.make(game_or_state)
        if isinstance(game_or_state, State):
            game, tree = game_or_state.game, GameTree.from_state(game_or_state)
        elif isinstance(game_or_state, Game):
            game, tree = game_or_state, GameTree(game_or_state.new_state())
        else:
            raise ValueError(f"a session needs a game, a state or a game id, got {game_or_state!r}")
        #: held by every change; the view holds it too while it redraws
        self.lock = threading.RLock()
        #: the dice, the cards and the bots' random choices follow from it and the position (rng_at)
        self.seed = random.randrange(2**32) if seed is None else seed
        derive_seed(self.seed, "")  # a bad seed fails here, not at the first roll
        self.tree = tree
        #: the board's selection (a place, the cards picked so far); None after every change
        self.selected: Hashable | None = None
        #: the status line: what just happened or why a request was refused
        self.message = ""
        #: False when the last request was refused
        self.ok = True
        #: tracebacks of unexpected errors (a crashing bot), oldest first
        self.errors: list[str] = []
        #: bots and dice move by themselves after ``delay`` seconds (rolls after a quarter of it)
        self.autoplay = autoplay
        self.auto_roll = auto_roll
        self.delay = delay
        #: teaching switch: the action list offers chance outcomes, so a person may choose the dice
        self.choose_dice = False
        #: the view animates moves and dice briefly (the headless session only keeps the switch)
        self.animate = True
        #: called (in the timer's thread) after each step the timer made, e.g. to redraw
        self.on_step: Callable[[], None] | None = None
        self._notes: list[str] = []
        self._tells: dict[tuple[int, int, int | None], str] = {}
        #: hot-seat play: the human seat in front of the screen (its eyes are shown)
        self.screen: int | None = None
        #: hot-seat play: the screen must pass again even to the seat that had it (after an undo
        #: under the cover, the person to decide again may not be the one at the screen)
        self._passing = False
        self._timer: threading.Timer | None = None
        self._gen = 0  # bumped on every change: a timer set before it does nothing
        self._closed = False
        #: saving (session_saves): the game id and default file of this game, the file and digest of
        #: the last text written, and the tip of the line as last saved or loaded
        self._save_path: tuple[str, Path] | None = None
        self._written: tuple[Path, str, tuple[int, int, int]] | None = None
        self._kept_tip: State = tree.tip
        self._set_game(game, seats)

    # ------------------------------------------------------------------------------------------
    # the game and its seats
    # ------------------------------------------------------------------------------------------

    def _set_game(self, game: Game, seats: Sequence[str] | None) -> None:
        n = game.num_players
        bots = isslab.bot_names(game.id)
        if seats is None:
            seats = [HUMAN] + [self.default_bot(game)] * (n - 1)
        seats = list(seats)
        if len(seats) == 1:
            seats = seats * n
        if len(seats) != n:
            raise ValueError(f"{game.id} with {n} players needs {n} seats, got {len(seats)}: {seats!r}")
        for s in seats:
            if s != HUMAN and s not in bots:
                raise ValueError(f"unknown seat player {s!r}; use {HUMAN!r} or a bot: {', '.join(bots)}")
        self.game = game
        self.seats: list[str] = seats
        self.board: Board | None = board_for(game)
        humans = [i for i, p in enumerate(seats) if p == HUMAN]
        self.screen = humans[0] if humans else None

    @staticmethod
    def default_bot(game: Game) -> str:
        """The bot that takes a seat nobody named: the game's declared default (``game.info``)."""
        bots = isslab.bot_names(game.id)
        return game.info.default_bot if game.info.default_bot in bots else bots[0]

    @staticmethod
    def seat_options(game: Game) -> list[str]:
        """A seat's menu: ``human``, the difficulty levels easiest first, then every other bot by name."""
        bots = isslab.bot_names(game.id)
        levels = [b for b in LEVELS if b in bots]
        return [HUMAN, *levels, *(b for b in bots if b not in levels)]

    def set_seat(self, seat: int, player: str) -> bool:
        """Let ``player`` (``"human"`` or a bot name) play ``seat``; the bots' timer follows."""
        with self.lock:
            if not 0 <= seat < self.game.num_players:
                raise ValueError(f"{self.game.id} has no seat {seat}")
            if player != HUMAN and player not in isslab.bot_names(self.game.id):
                raise ValueError(f"unknown seat player {player!r} for {self.game.id}")
            self.seats[seat] = player
            self.selected = None
            self.say(f"{self.game.seat_name(seat)} is now played by {player}")
            self.schedule()
            return True

    # ------------------------------------------------------------------------------------------
    # reading
    # ------------------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The position shown (the cursor's position on the current line)."""
        return self.tree.state

    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(i for i, s in enumerate(self.seats) if s == HUMAN)

    def sight(self) -> Sight:
        """Who looks at the screen now (see the module docstring): the one place that decides it.

        Every part of the session and of the game view asks it before it shows or computes anything
        that depends on a hand: while ``cover`` is set, nothing private is drawn or computed.
        """
        humans = self.humans()
        if not humans:
            return Sight(None, None)
        if len(humans) == 1:
            return Sight(humans[0], None)
        if self.game.info.hidden_information:
            # hot-seat with hidden cards: the seat that took the screen, wherever the cursor is; the
            # screen passes when the game itself (the tip of the line) waits for another person
            screen = self.screen if self.screen in humans else humans[0]
            waiting = self.tree.tip.current_player
            if waiting in humans and (waiting != screen or self._passing):
                return Sight(screen, waiting)
            return Sight(screen, None)
        cp = self.state.current_player
        if cp in humans:
            return Sight(cp, None)
        tree = self.tree
        for i in range(tree.cursor - 1, -1, -1):  # hot-seat: the last person to act keeps the screen
            mover = tree.at(i).current_player
            if mover in humans:
                return Sight(mover, None)
        return Sight(humans[0], None)

    def eyes(self) -> int | None:
        """The seat whose eyes the screen shows (``sight().eyes``); None: omniscient."""
        return self.sight().eyes

    def handover(self) -> int | None:
        """The seat the screen must pass to before anything private is shown, or None (``sight().cover``).

        Only in hot-seat play of a game with hidden information: when the game waits for a person
        other than the one in front of the screen. Until :meth:`take_screen`, the view covers every
        private part (the board's hidden cards, the texts, the lists, every tab).
        """
        return self.sight().cover

    def take_screen(self, seat: int | None = None) -> bool:
        """The person of ``seat`` (default: the one the screen is to pass to) now sits at the screen."""
        with self.lock:
            seat = self.handover() if seat is None else seat
            if seat is None or seat not in self.humans():
                return self.say("nobody to pass the screen to", error=True)
            self.screen = seat
            self._passing = False
            self.selected = None
            self.say(f"{self.game.seat_name(seat)} has the screen")
            return True

    def my_turn(self) -> bool:
        """True when the seat to move at the shown position is the person looking (its options may show)."""
        sight = self.sight()
        cp = self.state.current_player
        return not sight.covered and cp >= 0 and self.seats[cp] == HUMAN and cp == sight.eyes

    def viewers(self) -> tuple[int, ...]:
        """Seats whose hidden information the board may show: the eyes' seat, or every seat."""
        eyes = self.eyes()
        return (eyes,) if eyes is not None else tuple(range(self.game.num_players))

    def hides(self) -> bool:
        """True when some of the position is hidden from the eyes of the screen."""
        return self.game.info.hidden_information and self.eyes() is not None

    def human_to_move(self) -> bool:
        """True when the seat to move is played by a person."""
        cp = self.state.current_player
        return cp >= 0 and self.seats[cp] == HUMAN

    def describe(self, action: Action) -> str:
        """The text of ``action`` as the screen's eyes may know it."""
        return self.state.describe(action, self.eyes())

    def log(self, lo: int = 0, hi: int | None = None) -> list[LogLine]:
        """Steps ``lo`` to ``hi`` (exclusive) of the current line, described for the screen's eyes.

        Nothing while the screen passes to another person (the texts are written for one seat).
        """
        if self.sight().covered:
            return []
        tree = self.tree
        actions = tree.actions()
        hi = len(actions) if hi is None else min(hi, len(actions))
        state, eyes = self.state, self.eyes()
        return [
            LogLine(i + 1, self._told(state.describe(actions[i], eyes), i), tree.at(i).current_player)
            for i in range(max(0, lo), hi)
        ]

    def _told(self, text: str, i: int) -> str:
        """Step ``i``'s text with what an automaton did in it (the board's ``tell``, cached)."""
        tell = getattr(self.board, "tell", None)
        if not callable(tell):
            return text
        before, after = self.tree.at(i), self.tree.at(i + 1)
        key = (id(before), id(after), self.eyes())
        extra = self._tells.get(key)
        if extra is None:
            if len(self._tells) > 4096:  # states stay in the tree; a long session stays bounded
                self._tells.clear()
            extra = str(tell(before, after, self.eyes()) or "")
            self._tells[key] = extra
        return f"{text} · {extra}" if extra else text

    def choices(self) -> Choices:
        """The actions a person may pick from the list here, labelled for the screen's eyes."""
        st = self.state
        cp = st.current_player
        eyes, to = self.sight()
        if cp == TERMINAL:
            return Choices([], [], "the game is over")
        if to is not None:
            return Choices(
                [], [], f"pass the screen to {self.game.seat_name(to)}: its moves show after it takes it"
            )
        if cp == CHANCE:
            if self.hides():  # the odds of a draw tell what is left in the deck
                return Choices([], [], "a chance step: press Roll (the dice are nobody's choice)")
            if not self.choose_dice:
                return Choices(
                    [], [], "a chance step: press Roll (switch on 'choose the dice' to pick the outcome)"
                )
            probs = dict(st.chance_outcomes())
            legal = st.legal_actions()
            return Choices(legal, [f"{st.describe(a, eyes)}   (p = {probs.get(a, 0):.3g})" for a in legal])
        if self.hides() and cp != eyes:
            who = self.game.seat_name(cp)
            return Choices([], [], f"{who} ({self.seats[cp]}) is to act: its options are its own")
        if self.seats[cp] != HUMAN:
            who = self.game.seat_name(cp)
            return Choices([], [], f"{who} is played by the {self.seats[cp]} bot: wait, or press 'Bot move'")
        legal = st.legal_actions()
        return Choices(legal, [st.describe(a, eyes) for a in legal])

    def scene(self) -> Scene:
        """The picture of the shown position for the screen's eyes (the text scene without a board)."""
        st = self.state
        eyes, to = self.sight()
        if self.board is None:
            if to is not None:  # the text scene is written for one seat: the cover shows none of it
                return cover(Scene(640, 360, {}, (), self.game.title), self.game.seat_name(to))
            return text_scene(st, eyes)
        if to is not None:
            return cover(self.board.scene(st, None, hints=False, viewers=()), self.game.seat_name(to))
        # the legal moves are highlighted only for the person looking: another seat's depend on its hand
        return self.board.scene(st, self.selected, hints=self.my_turn(), viewers=self.viewers())

    def simulation_start(self, seed: int) -> tuple[State, str]:
        """Where a what-if run starts, and a note: the shown position, hidden cards redrawn if any.

        ``ValueError`` while the screen passes to another person: a run is made for one seat's eyes.
        """
        eyes, to = self.sight()
        if to is not None:
            raise ValueError(
                f"the screen is passing to {self.game.seat_name(to)}: a what-if run waits until "
                f"{self.game.seat_name(to)} has pressed 'I am {self.game.seat_name(to)}'"
            )
        if not self.hides() or eyes is None:
            return self.state, ""
        start = self.state.resample_hidden(eyes, random.Random(seed))
        return start, f"what {self.game.seat_name(eyes)} cannot see is redrawn as it may imagine it"

    # ------------------------------------------------------------------------------------------
    # what the panels show: seats, the human's last result, recaps, the end (public facts only)
    # ------------------------------------------------------------------------------------------

    def turn_text(self) -> str:
        """Whose turn it is, in words: ``your turn (red)``, ``blue (greedy bot) to move``, ``dice``."""
        return session_panels.turn_text(self)

    def seat_rows(self) -> list[SeatRow]:
        """The player panel: one row per seat, from the engine's public hooks."""
        return session_panels.seat_rows(self)

    def result(self) -> Result | None:
        """What followed the human's last decision up to the shown position, for that seat's eyes.

        It stays the same while bots and dice move, and changes with the human's next decision.
        None while the screen passes to another person.
        """
        return None if self.sight().covered else session_panels.result(self)

    def recap(self, index: int | None = None) -> Recap | None:
        """What happened in round ``index`` on the current line (default: the last round finished).

        Rounds are ``state.rounds`` as the engine counts them; every step is described for the
        screen's eyes. None when there is no such round yet, or while the screen passes.
        """
        return None if self.sight().covered else session_panels.recap(self, index)

    def game_over(self) -> GameOver | None:
        """The end of the game at the shown position (None while it goes on): winners, ranks, stats."""
        return session_panels.game_over(self)

    def play_again(self) -> bool:
        """A new game of the same game and options, with the same seats and the next seed."""
        with self.lock:
            game = self.game
            self.seed = (self.seed + 1) % 2**32
            self.tree = GameTree(game.new_state())
            self._passing = False
            self._save_path = None  # a new game: a file of its own
            self._kept_tip = self.tree.tip
            self._tells.clear()
            self.selected = None
            self._notes = []
            self.say(f"a new game of {game.title} (seed {self.seed})")
            self.schedule()
            return True

    # ------------------------------------------------------------------------------------------
    # acting
    # ------------------------------------------------------------------------------------------

    def click(self, key: Hashable | None) -> bool:
        """A click on the board's place ``key`` (None: empty space); False, changing nothing, if refused."""
        with self.lock:
            if self.board is None:
                return self.say("this game has no board to click: use the list of legal actions", error=True)
            st = self.state
            cp = st.current_player
            sight = self.sight()
            if sight.cover is not None:
                who = self.game.seat_name(sight.cover)
                return self.say(f"pass the screen to {who} first: {who} presses 'I am {who}'", error=True)
            if cp >= 0 and self.seats[cp] != HUMAN:
                return self.say(
                    f"it is {self.game.seat_name(cp)}'s turn, played by the {self.seats[cp]} bot: "
                    "wait, or press 'Bot move'",
                    error=True,
                )
            if self.hides() and cp >= 0 and cp != sight.eyes:
                # looking back at another person's turn: what the board would answer depends on its hand
                return self.say(
                    f"it is {self.game.seat_name(cp)}'s turn here: its options are its own", error=True
                )
            res = self.board.click(st, self.selected, key)
            if not res.ok:
                return self.say(res.message, error=True)
            if res.action is not None:
                return self._apply(res.action, remark=res.message)
            self.selected = res.selected
            return self.say(res.message)

    def play(self, action: Action) -> bool:
        """Play ``action`` (an action, its text or its JSON form) at the shown position.

        Code may force any legal action, a chance outcome included (a teacher's "what if the die
        shows 3"); the action list a person picks from offers chance outcomes only with
        ``choose_dice``.
        """
        with self.lock:
            return self._apply(action)

    def roll(self) -> bool:
        """Resolve the chance step at the shown position with the session's seeded dice."""
        with self.lock:
            st = self.state
            if not st.is_chance_node():
                return self.say("nothing to roll now: it is not a chance step", error=True)
            return self._apply(st.sample_chance(self.rng_at(st)))

    def advance(self) -> bool:
        """Make one automatic step: a roll at a chance step, or the bot's move; False for a human seat."""
        with self.lock:
            st = self.state
            cp = st.current_player
            if cp == TERMINAL:
                return self.say("the game is over", error=True)
            if cp == CHANCE:
                return self._apply(st.sample_chance(self.rng_at(st)), auto=True)
            name = self.seats[cp]
            if name == HUMAN:
                return self.say(f"{self.game.seat_name(cp)} is played by a human: make a move", error=True)
            action = isslab.bot(self.game.id, name)(st, self.rng_at(st, name))
            return self._apply(action, prefix=f"{name} bot: ", auto=True)

    def rng_at(self, state: State, purpose: str = "chance") -> random.Random:
        """The random stream for ``state``: its dice (``"chance"``) or a bot's choice (the bot's name).

        A function of the session's seed and the position (its save text, history included), so an
        undo followed by the same decision meets the same dice and the same bots' replies, and a
        different decision, leading elsewhere, draws afresh.
        """
        return random.Random(derive_seed(self.seed, f"{purpose}\n{state.to_json()}"))

    def step_bots(self, max_steps: int = 100_000) -> int:
        """Advance until a human seat is to move or the game ends; the number of steps made."""
        steps = 0
        with self.lock:
            while steps < max_steps:
                st = self.state
                if st.is_terminal() or (st.current_player >= 0 and self.seats[st.current_player] == HUMAN):
                    break
                if not self.advance():
                    break
                steps += 1
        return steps

    def _apply(self, action: Action, prefix: str = "", remark: str = "", auto: bool = False) -> bool:
        """Play an action at the cursor (branching if needed), describe it, let the bots go on."""
        before = self.tree.state
        try:
            self.tree.play(action)
        except IllegalActionError as exc:
            return self.say(self._refusal(before, action, exc), error=True)
        played = self.tree.actions()[self.tree.cursor - 1]
        self.selected = None
        note = self._told(self.describe(played), self.tree.cursor - 1)
        if before.current_player >= 0:
            note = prefix + note
        if remark:
            note += f" ({remark})"
        # automatic steps (bots, dice) pile up on the status line so a person sees what happened since
        self._notes = [*self._notes[-3:], note] if auto else [note]
        self.say(" · ".join(self._notes))
        self.schedule()
        return True

    def _refusal(self, state: State, action: Action, exc: IllegalActionError) -> str:
        """Why an action was refused, without the legal actions of a seat the eyes may not see."""
        cp = state.current_player
        eyes = self.eyes()
        if self.game.info.hidden_information and eyes is not None and cp != eyes:
            who = {CHANCE: "chance", TERMINAL: "nobody"}.get(cp) or self.game.seat_name(cp)
            return f"not a legal action now (it is for {who} to act)"
        return state.why_illegal(action) or str(exc)

    # ------------------------------------------------------------------------------------------
    # history
    # ------------------------------------------------------------------------------------------

    def last_decision(self, seat: int | None = None) -> int | None:
        """The index on the line of the last position before the cursor where a person decided.

        With ``seat``, the last decision of that seat only.
        """
        humans = set(self.humans()) if seat is None else {seat}
        tree = self.tree
        for i in range(tree.cursor - 1, -1, -1):
            if tree.at(i).current_player in humans:
                return i
        return None

    def undo(self) -> bool:
        """Take back the human's last decision, with the bots' moves and dice after it.

        The line ends before that decision (the positions stay in the tree), so the person decides
        again. The dice are not drawn again: they follow from the seed and the position
        (:meth:`rng_at`), so the same decision meets the same dice and bots' replies. With no human
        seat it is one step back. Under the hot-seat cover the screen must pass to the person who
        decides again before anything shows.
        """
        with self.lock:
            if not self.humans():
                return self.back()
            i = self.last_decision()
            if i is None:
                return self.say("no move of yours to take back yet", error=True)
            tree = self.tree
            covered = self.sight().covered
            decision = self.describe(tree.actions()[i])
            after = tree.cursor - i - 1
            tree.go(i)
            tree.cut()
            self.selected = None
            self._notes = []
            # under the cover the person in front of the screen is not known: it passes again
            self._passing = covered
            more = f", and the {after} step{'s' if after != 1 else ''} after it" if after else ""
            self.say(f"took back {decision}{more}: decide again (the same move meets the same dice)")
            self.schedule()
            return True

    def back(self) -> bool:
        """One step back along the line (the bots wait while you look back)."""
        with self.lock:
            if not self.tree.undo():
                return self.say("already at the start", error=True)
            return self._moved("back to step")

    def redo(self) -> bool:
        """One step forward along the current line."""
        with self.lock:
            if not self.tree.redo():
                return self.say("already at the last step of this line", error=True)
            return self._moved("forward to step")

    def go_to(self, step: int) -> bool:
        """Show step ``step`` of the current line (0 = the start; clamped to the line)."""
        if isinstance(step, bool) or not isinstance(step, int):
            last = self.tree.size - 1
            return self.say(
                f"go to: a step is a whole number from 0 to {last}, not {short_repr(step)}", error=True
            )
        with self.lock:
            self.tree.go(step)
            return self._moved("step")

    def _moved(self, what: str) -> bool:
        self.selected = None
        tip = "" if self.tree.at_tip() else " (a different move here starts a new branch)"
        self.say(f"{what} {self.tree.cursor} of {self.tree.size - 1}{tip}")
        self.schedule()
        return True

    # ------------------------------------------------------------------------------------------
    # save / load
    # ------------------------------------------------------------------------------------------

    def default_save_path(self) -> Path:
        """Where Save writes by default: this game's own ``saves/<game>-<date>-<n>.json`` (git-ignored).

        Never the name of an existing file, nor one another session of this process holds.
        """
        return session_saves.default_save_path(self)

    def save(self, path: str | Path | None = None, *, overwrite: bool = False) -> Path | None:
        """Write the whole current line as isslab JSON (``isslab.load`` reads it back); the file, or None.

        Without a path it goes to :meth:`default_save_path`; missing folders are made. A file that is
        not an isslab save of this game is replaced only with ``overwrite=True``
        (:meth:`save_question` says when); the text a save replaces is kept as ``<name>.bak``; the
        file is written atomically. None, the reason on the status line and nothing changed, when
        the save cannot be made.
        """
        return session_saves.save(self, path, overwrite=overwrite)

    def save_question(self, path: str | Path | None = None) -> str | None:
        """What to ask before saving to ``path`` (it holds what is not a save of this game), or None."""
        return session_saves.save_question(self, path)

    def unsaved_steps(self) -> int:
        """How many steps of the current line no save or load holds."""
        return session_saves.unsaved_steps(self)

    def load_question(self) -> str | None:
        """What to ask before a load replaces the current line (it has unsaved steps), or None."""
        return session_saves.load_question(self)

    def load(self, source: str | bytes | Path, *, discard: bool = False) -> bool:
        """Load a saved game from a file path, JSON text or the bytes of an upload; a bad one changes nothing.

        Text that starts with ``{`` or ``[`` is read as JSON, anything else as a path. When the
        current line has unsaved steps it is refused unless ``discard=True`` (:meth:`load_question`).
        """
        return session_saves.load(self, source, discard=discard)

    def adopt(self, state: State, note: str = "") -> bool:
        """Continue from ``state`` (its history becomes the line); another game keeps the seats if it can."""
        with self.lock:
            if state.game != self.game:
                keep = self.seats if state.game.num_players == self.game.num_players else None
                self._set_game(state.game, keep)
            self.tree = GameTree.from_state(state)
            self._tells.clear()
            self.selected = None
            self._notes = []
            self._passing = False
            self._kept_tip = self.tree.tip  # what was adopted is held by its source: nothing unsaved
            self.say(note or f"position of move {state.move_number}")
            self.schedule()
            return True

    # ------------------------------------------------------------------------------------------
    # bots and dice on a timer
    # ------------------------------------------------------------------------------------------

    def due(self) -> float | None:
        """Seconds until the next automatic step (a bot's move, a roll), or None when none is due."""
        if self._closed or not self.autoplay or not self.tree.at_tip():
            return None
        cp = self.state.current_player
        if cp == TERMINAL or (cp == CHANCE and not self.auto_roll):
            return None
        if cp >= 0 and self.seats[cp] == HUMAN:
            return None
        # dice and draws go by faster than decisions: a round of three bots stays short
        return float(self.delay) * (0.25 if cp == CHANCE else 1.0)

    def schedule(self) -> None:
        """Start the timer for the next automatic step if one is due (any earlier timer is void)."""
        with self.lock:
            self._gen += 1
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            delay = self.due()
            if delay is None:
                return
            timer = threading.Timer(delay, self._tick, args=(self._gen,))
            timer.daemon = True  # never keeps a kernel (or a test run) alive
            self._timer = timer
            timer.start()

    def _tick(self, gen: int) -> None:
        with self.lock:
            if gen != self._gen or self._closed:
                return  # something changed since the timer was set: that step is no longer due
            try:
                self.advance()
            except Exception as exc:  # noqa: BLE001 - runs in the timer's thread: report, never raise
                self.fail(exc)
            if self.on_step is not None:
                self.on_step()

    def close(self) -> None:
        """Stop the timer for good."""
        with self.lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

    # ------------------------------------------------------------------------------------------
    # status
    # ------------------------------------------------------------------------------------------

    def say(self, message: str, error: bool = False) -> bool:
        """Set the status message (``error``: a refusal); returns ``not error`` so callers can return it."""
        self.message = message
        self.ok = not error
        return not error

    def fail(self, exc: BaseException) -> None:
        """Record an unexpected error (its traceback) and show it on the status line."""
        self.errors.append("".join(traceback.format_exception(exc)))
        self.say(f"error: {type(exc).__name__}: {exc}", error=True)
