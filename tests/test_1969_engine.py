"""1969 as an isslab game: positions by hand, hidden information, refusals, save files, bots, options.

The rules themselves are tested phase by phase in ``test_1969_income``, ``test_1969_purchase``,
``test_1969_missions`` and ``test_1969_end``.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from typing import Any

import pytest
from helpers_1969 import CANADA, FRANCE, USA, USSR, play_out

import isslab
from isslab.conformance import check_game
from isslab.core import CHANCE, TERMINAL
from isslab.games.game_1969 import (
    COMMIT,
    BuyCards,
    CardDraw,
    Commit,
    DiceRoll,
    EndPurchases,
    Hire,
    Launch,
    Pass,
    bots,
    parse_sheets,
    phases,
    sheets_text,
)


def random_states(game: isslab.Game, seed: int, bots_: list[str]) -> list[Any]:
    """Every state of one seeded game played by ``bots_`` (cycled over the seats)."""
    rng = random.Random(seed)
    st = game.new_state()
    out = [st]
    while st.current_player != TERMINAL:
        if st.current_player == CHANCE:
            a = st.sample_chance(rng)
        else:
            a = isslab.bot("1969", bots_[st.current_player % len(bots_)])(st, rng)
        st = st.apply(a)
        out.append(st)
    return out


# --- positions by hand ----------------------------------------------------------------------------


def test_position_derives_what_play_would_have_left() -> None:
    """Cards in hands come out of the deck, cubes out of the supply, tokens out of the bank."""
    game = isslab.make("1969", first_player=CANADA)
    st = game.position(
        year=1966,
        phase="LAUNCH",
        to_act=FRANCE,
        research={USA: "launchpad=FB lunar=G+T", USSR: "vector=S"},
        spies_hired=(0, 0, 1, 0),
        hands={USA: (1, 2, 0)},
        discard=(0, 0, 4),
        attempted={USA: ["Satellite Launch", 1], USSR: ["Satellite Launch"]},
    )
    assert st.current_year == 1966 and st.first == CANADA and st.current_player == FRANCE
    assert st.money == (15,) * 4  # the income of 1966
    assert st.deck == (12, 11, 9)
    assert st.supply == (39, 10, 9, 9, 9) and st.bonus_left == 9
    assert st.research[USA][1 + 6] == 2 and st.research[USA][10] == 3
    assert st.flags[:2] == (2, 1)
    assert sheets_text(st.cubes[USA], st.tokens[USA]) == "launchpad=BF lunar=G+T"
    assert parse_sheets("launchpad=BF lunar=G+T") == (st.cubes[USA], st.tokens[USA])
    assert st.history == () and isslab.load(st.to_json(), verify=False) == st


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"money": (1, 2)}, "money needs 4"),
        ({"research": {USA: "lunar=GG"}}, "two genius"),
        ({"research": {USA: "lunar=BBB"}}, "3 cubes"),
        ({"research": {USA: "warp=B"}}, "box among"),
        ({"research": {USSR: "vector=S"}}, "spies_hired"),
        ({"research": {USSR: "vector=S"}, "spies_hired": (0, 1, 0, 0)}, "more than its rivals"),
        ({"hands": {USA: (7, 0, 0)}}, "hand limit"),
        ({"deck": (1, 1, 1)}, "option intel_deck"),
        ({"year": 1970}, "calendar year"),
        ({"year": 3}, "calendar year"),
        ({"phase": "ROLL"}, "reach ROLL"),
        ({"phase": "SLEEP"}, "is not one of"),
        ({"to_act": 7}, "to_act"),
        ({"flags": (1,) + (0,) * 11}, "1 flags but 0 nations"),
        ({"attempted": {USA: ["Moon Mission"]}, "moon_flags": (3, 0, 0, 0)}, "Moon flag"),
        ({"supply": (0, 0, 0, 0, 0)}, "option scientist_supply"),
        ({"prestige": (-1, 0, 0, 0)}, "holds -1, not an int from 0"),
        ({"wormholes": 3}, "no state field"),
        ({"actor": 2}, "to_act"),
        ({"commits": ((0, 0, 0), None, None, None)}, "face down outside"),
    ],
)
def test_position_refuses_what_no_game_reaches(fields: dict[str, Any], message: str) -> None:
    """An inconsistent position is a ValueError naming what is wrong."""
    with pytest.raises(ValueError, match=message):
        isslab.make("1969").position(**fields)


def test_every_position_of_real_games_passes_the_checks() -> None:
    """The checks of ``position`` hold at every step of real games (also after a JSON round trip)."""
    for options, players in (({}, 4), ({"players": 5, "intel_deck": (1, 1, 1), "hand_limit": 1}, 5)):
        game = isslab.make("1969", **options)
        for st in random_states(game, seed=players, bots_=["random", "greedy", "spy"]):
            st._check_position()
            isslab.core.restore(game, json.loads(json.dumps(st.snapshot())))._check_position()


# --- hidden information ---------------------------------------------------------------------------


def test_describe_masks_drawn_and_face_down_cards_for_the_others() -> None:
    """§2.2 and §3.2: others learn how many cards a nation draws or plays face down, not which."""
    game = isslab.make("1969")
    st = game.position(phase="BUY", money=(20, 0, 0, 0))
    draw = CardDraw(USA, (1, 0, 2))
    assert st.describe(draw) == st.describe(draw, USA) == "USA draws 1+3+3"
    assert st.describe(draw, USSR) == "USA draws 3 cards"
    play = Commit(FRANCE, (0, 1, 0))
    assert st.describe(play, FRANCE) == "France plays 2 face down"
    assert st.describe(play, USA) == "France plays 1 card face down"
    # everything else is public (reading 13: discards too)
    for public in (BuyCards(USA, 2), Hire(USA, "spy", "lunar", USSR), DiceRoll(1, 2, 2), Pass(CANADA)):
        assert st.describe(public, USSR) == str(public)


def test_resample_hidden_keeps_all_a_seat_knows() -> None:
    """A resampled position shows each seat the same view, texts and legal actions, and differs at times."""
    game = isslab.make("1969")
    changed = checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        states = random_states(game, seed, ["random", "greedy", "spy", "moonshot"])
        for st in states[seed % 7 :: 23]:
            texts = None
            for seat in range(4):
                alt = st.resample_hidden(seat, rng)
                assert alt.view(seat) == st.view(seat)
                texts = [st.describe(a, seat) for a in st.history]
                assert [alt.describe(a, seat) for a in alt.history] == texts
                if st.current_player == seat:
                    assert alt.legal_actions() == st.legal_actions()
                checked += 1
                changed += alt.snapshot() != st.snapshot()
    assert checked > 300 and changed > checked // 4


def test_resample_hidden_of_a_hand_built_position_deals_again() -> None:
    """Without a history the hidden cards are dealt again: same sizes, same view for the seat."""
    st = isslab.make("1969").position(phase="BUY", hands={USA: (1, 1, 0), USSR: (0, 3, 0), FRANCE: (2, 0, 0)})
    rng = random.Random(1)
    alts = [st.resample_hidden(USA, rng) for _ in range(20)]
    assert all(a.view(USA) == st.view(USA) for a in alts)
    assert any(a.hands[USSR] != st.hands[USSR] for a in alts)


def test_views_hide_rival_hands_and_face_down_cards() -> None:
    """§2.2: hand sizes are public, values are not; §3.2: face-down cards are hidden until the reveal."""
    game = isslab.make("1969", first_player=USA)
    st = game.position(phase="LAUNCH", money=(20, 0, 0, 0), hands={USA: (1, 0, 0), USSR: (0, 2, 0)})
    st = play_out(st, Launch(USA, 0, "Satellite Launch", 3), DiceRoll(1, 4, 0), Commit(USSR, (0, 1, 0)))
    assert st.phase == COMMIT and st.current_player == USA
    view = st.view(USA)
    assert view["hand"] == [1, 0, 0] and view["hand_sizes"] == [1, 1, 0, 0]
    assert view["committed"] == [None, "hidden", None, None]
    assert st.view(USSR)["committed"][USSR] == [0, 1, 0]
    json.dumps(view)


# --- refusals -------------------------------------------------------------------------------------


def test_wrong_seat_and_wrong_phase_are_refused_without_change() -> None:
    """Illegal inputs raise IllegalActionError naming the seat to act, and the state is untouched."""
    st = isslab.make("1969", first_player=USA).position(phase="LAUNCH", money=(20, 20, 0, 0))
    before = st.snapshot()
    for bad in (
        Launch(USSR, 0, "Satellite Launch", 3),  # not the USSR's turn
        Launch(USA, 0, "Satellite Launch", 1),  # a wrong cost
        EndPurchases(USA),  # a purchase in the Mission Phase
        Pass(USSR),
        ["Launch", 0, 0, "Satellite Launch"],  # a malformed JSON form
        "USA buys 1 intelligence card",
    ):
        with pytest.raises(isslab.IllegalActionError, match="for USA"):
            st.apply(bad)
        assert st.snapshot() == before


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Launch(USSR, 0, "Satellite Launch", 3), "it is USA's decision, not USSR's"),
        (EndPurchases(USA), "EndPurchases belongs to purchase; now: mission: launch"),
        (Launch(USA, 11, "Moon Mission", 15), "costs 15M"),
        (Launch(USA, 0, "Satellite Launch", 1), "costs USA 3M"),
        (DiceRoll(5, 0, 0), "chance outcome"),
    ],
)
def test_why_illegal_names_the_rule(action: Any, reason: str) -> None:
    """``why_illegal`` explains a refusal by the rule (boards show it for a refused click)."""
    st = isslab.make("1969", first_player=USA).position(phase="LAUNCH", money=(9, 0, 0, 0))
    assert reason in (st.why_illegal(action) or "")
    assert st.why_illegal(Launch(USA, 0, "Satellite Launch", 3)) is None


def test_why_illegal_for_purchases() -> None:
    """Hires and card buys refused by the rules say which rule."""
    game = isslab.make("1969", first_player=USA)
    st = game.position(phase="BUY", money=(8, 0, 0, 0), research={USA: "lunar=F"}, hands={USA: (2, 2, 2)})
    assert "never on one's own" in (st.why_illegal(Hire(USA, "spy", "lunar", USA)) or "")
    assert "only a spy" in (st.why_illegal(Hire(USA, "basic", "lunar", USSR)) or "")
    assert "costs 9M" in (st.why_illegal(Hire(USA, "famous", "vector", USA)) or "")
    assert "two different types" in (st.why_illegal(Hire(USA, "famous", "lunar", USA)) or "")
    assert "hand limit" in (st.why_illegal(BuyCards(USA, 1)) or "")


# --- save files, options, bots --------------------------------------------------------------------


def test_views_and_save_files_of_a_whole_game() -> None:
    """A finished game: JSON views, an exact save-file round trip, a text board."""
    game = isslab.make("1969", players=3)
    end = isslab.play(game, "greedy", seed=5).final_state()
    assert end.is_terminal() and end.rounds == 7
    view = end.view(0)
    assert "hands" not in view and len(view["hand_sizes"]) == 3
    json.dumps(view)
    assert isslab.load(end.to_json()) == end
    assert "final:" in str(end)


def test_bad_options_name_the_option() -> None:
    """Malformed options raise ValueError naming the option."""
    with pytest.raises(ValueError, match="missions"):
        isslab.make("1969", missions=[("X", ("warp",), 3, 1, (0, 1))])
    with pytest.raises(ValueError, match="missions"):
        isslab.make("1969", missions=[("X", ("vector",), 3, 0, (0, 1))])
    with pytest.raises(ValueError, match="first_player"):
        isslab.make("1969", players=2, first_player=3)
    with pytest.raises(ValueError, match="die_faces"):
        isslab.make("1969", die_faces=(0, 0, 0))
    with pytest.raises(ValueError, match="players"):
        isslab.make("1969", players=6)
    with pytest.raises(ValueError, match="intel_resolution"):
        isslab.make("1969", intel_resolution="sideways")
    game = isslab.make("1969", players=2, missions=[("Hop", ("vector", "lunar"), 1, 1, (0, 2, 4))])
    assert [m.name for m in game.missions] == ["Hop", "Moon Mission"]  # type: ignore[attr-defined]


def test_the_rules_command_prints_the_players_summary() -> None:
    """``isslab rules 1969`` shows the package's summary with its numbered readings, and the options."""
    from isslab.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["rules", "1969"])
    text = out.getvalue()
    assert "Readings." in text and "14. Reshuffle" in text and "intel_resolution = 'down_then_up'" in text
    assert "/work" not in text and ":mod:" not in text


@pytest.mark.parametrize("name", ["greedy", "spy", "moonshot"])
def test_bots_are_objects_that_own_their_memory(name: str) -> None:
    """A bot with memory keeps it itself: nothing is written into the game object."""
    game = isslab.make("1969", players=3, first_player=1)
    before = set(vars(game))
    bot = isslab.bot("1969", name)
    assert isinstance(bot, bots.HeuristicBot) and bot.__name__ == name
    isslab.play(game, name, seed=1)
    assert set(vars(game)) == before
    assert bot.memory(game).game is game and len(bot.memory(game).planners) > 0


@pytest.mark.parametrize("name", ["greedy", "spy", "moonshot"])
def test_bots_hand_back_the_offered_objects(name: str) -> None:
    """Each bot returns an object of the legal list itself, so ``resolve`` matches by identity."""
    game = isslab.make("1969")
    bot = isslab.bot("1969", name)
    for seed in range(2):
        rng = random.Random(seed)
        st = game.new_state()
        while st.current_player != TERMINAL:
            action = st.sample_chance(rng) if st.current_player == CHANCE else bot(st, rng)
            assert any(a is action for a in st.legal_actions()), (str(st), action)
            st = st.apply(action)


@pytest.mark.parametrize("bot", ["greedy", "spy", "moonshot"])
@pytest.mark.parametrize(
    "options",
    [{"players": 2, "hand_limit": 0}, {"players": 5, "intel_deck": (1, 1, 1), "hand_limit": 1}],
)
def test_bots_respect_tiny_hand_limits(bot: str, options: dict[str, object]) -> None:
    """§2.2: the heuristic bots never try to buy beyond a small hand limit or an empty deck."""
    assert check_game(isslab.make("1969", **options), games=2, seed=3, bots=bot).games == 2


def test_odd_options_pass_conformance() -> None:
    """Edge options: 1 die, a one-value deck, no supply, no tokens, no PP sales, a 2-space board."""
    for options in (
        {"players": 4, "dice": 1},
        {"players": 3, "intel_deck": (1,), "hand_limit": 1},
        {"players": 3, "scientist_supply": (0, 0, 0, 0, 0), "bonus_tokens": 0},
        {"players": 2, "missions": [("Hop", ("vector",), 0, 1, (0, 1))], "moon_values": (0, 5)},
        {"players": 5, "dice": 10, "pp_limits": (0,) * 7, "start_prestige": 0},
    ):
        check_game(isslab.make("1969", **options), games=1, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_quick(players: int) -> None:
    """A quick run of the shared conformance suite with random bots."""
    report = check_game(isslab.make("1969", players=players), games=2, seed=players)
    assert report.games == 2 and report.end_reasons == {"FINAL_YEAR": 2}


def test_conformance_with_the_bots_and_every_other_reading() -> None:
    """Conformance with the heuristic bots, and with every alternative reading at once."""
    check_game(isslab.make("1969", players=4), games=2, bots=["greedy", "spy", "moonshot", "random"])
    (variant,) = isslab.game_class("1969").CONFORMANCE_VARIANTS
    assert check_game(isslab.make("1969", **variant), games=2, seed=1).games == 2


def test_the_phase_names_are_the_members_themselves() -> None:
    # phases.py binds them by unpacking the enum in order: a member moved would bind the wrong name
    assert all(getattr(phases, member.name) is member for member in phases.Phase)
