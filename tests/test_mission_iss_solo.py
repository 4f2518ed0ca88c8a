"""Mission ISS, Single-player game: the eleven cards, the three rows, module cards in the hand,
the end of a shift moving the rows down, and research tiles #13 and #24."""

from __future__ import annotations

from helpers_mission_iss import act, game, legal_of

from isslab.games.mission_iss import (
    Assemble,
    EndShift,
    Exercise,
    Phase,
    Play,
    Select,
    Skip,
    UseBonus,
    Via,
)

MOVE, RESEARCH, ASSEMBLE, EXERCISE, WILD = range(5)


def solo(**keywords: object) -> object:
    """A single-player position (default: the hand MRAE, middle row MMR, bottom row MMAE)."""
    defaults = {"hand": "MRAE", "rows": {"middle": "MMR", "bottom": "MMAE"}}
    return game(1).position(**{**defaults, **keywords})


def test_a_hand_card_goes_on_the_top_row_over_a_free_middle_card() -> None:
    st = solo()
    plays = legal_of(st, Play)
    over = {(a.top, a.under) for a in plays if not a.from_hand}
    assert over == {(t, u) for t in (MOVE, RESEARCH, ASSEMBLE, EXERCISE) for u in (MOVE, RESEARCH)}
    st = act(st, Play, top=EXERCISE, under=RESEARCH, from_hand=False)
    assert st.hand == (1, 1, 1, 0, 0)
    assert st.rows == ((0, 0, 0, 1, 0), (2, 0, 0, 0, 0), (0, 1, 0, 0, 0), (2, 0, 1, 1, 0))
    assert sorted(st.pool) == [RESEARCH, EXERCISE] and st.phase == Phase.COMMAND


def test_two_hand_cards_go_one_on_the_top_row_and_one_below_it() -> None:
    st = solo()
    pairs = {(a.top, a.under) for a in legal_of(st, Play) if a.from_hand}
    assert (MOVE, ASSEMBLE) in pairs and (MOVE, MOVE) not in pairs  # one Move card in the hand
    st = act(st, Play, top=MOVE, under=ASSEMBLE, from_hand=True)
    assert st.hand == (0, 1, 0, 1, 0)
    assert st.rows[0] == (1, 0, 0, 0, 0) and st.rows[2] == (0, 0, 1, 0, 0) and st.rows[1] == (2, 1, 0, 0, 0)


def test_a_covered_middle_card_takes_no_second_card() -> None:
    st = solo(hand="ME", rows={"middle": "", "covered": "M", "top": "R", "bottom": "MMMRAAE"})
    assert all(a.from_hand for a in legal_of(st, Play))


def test_module_cards_join_the_hand_and_play_like_any_card_even_two_together() -> None:
    g = game(1, difficulty_values=(2,) * 12, astronaut_markers=())
    st = g.position(hand="AMRE", rows={"middle": "MMR", "bottom": "MMAE"}, skills=[(1, 1, 2)] * 6)
    st = act(st, Play, top=ASSEMBLE, under=MOVE, from_hand=False)
    st = act(st, Assemble, via=Via.ASSEMBLE_CARD, module=0)
    while st.current_player < 0:  # the draws after the attachment
        st = st.apply(st.legal_actions()[0])
    assert st.hand[WILD] == 1 and st.wild == 0
    st = act(st, Skip, via=Via.MOVE_CARD)
    two = game(1).position(
        hand="WW", attached={"B": "T", "C": "T"}, rows={"middle": "MMMRR", "bottom": "MMAAEE"}
    )
    assert any(a.top == WILD and a.under == WILD and a.from_hand for a in legal_of(two, Play))
    st = act(two, Play, top=WILD, under=WILD, from_hand=True)
    assert st.pool == (Via.WILD_CARD, Via.WILD_CARD)
    assert {type(a) for a in st.legal_actions()} >= {Exercise, Skip}


def test_a_shift_ends_only_with_a_card_on_the_top_row() -> None:
    st = solo()
    assert EndShift(0) not in st.legal_actions()
    assert "top row" in st.why_illegal(EndShift(0))
    st = act(st, Play, top=MOVE, under=MOVE, from_hand=False)
    st = act(st, Skip, via=Via.MOVE_CARD)
    st = act(st, Skip, via=Via.MOVE_CARD)
    assert EndShift(0) in st.legal_actions()
    assert not legal_of(st, Select)


def test_ending_the_shift_moves_every_row_down_and_takes_the_bottom_row_into_the_hand() -> None:
    st = solo(
        hand="R",
        rows={"top": "MW", "middle": "M", "covered": "AW", "bottom": "MMMRAEE"},
        attached={"B": "T", "C": "T"},
        held={0: (0, 0, 1)},
    )
    st = act(st, EndShift)
    assert st.track == 1 and st.phase == Phase.TRAIN  # steps 1 and 2 as with several players
    st = st.apply(st.legal_actions()[0])
    # step 3: the module cards played leave the game; 4: the bottom row into the hand;
    # 5: the top row becomes the middle row, the middle row the bottom row
    assert st.hand == (3, 2, 1, 2, 0)
    assert st.rows == ((0,) * 5, (1, 0, 0, 0, 0), (0,) * 5, (1, 0, 1, 0, 0))
    assert st.phase == Phase.SELECT and st.current_player == 0


def test_without_a_possible_play_the_shift_may_end_all_the_same() -> None:
    # reading 15: a hand of one card and no free middle card: nothing can be played
    st = solo(hand="M", rows={"top": "", "middle": "", "covered": "", "bottom": "MMMMRRAAEE"})
    assert st.legal_actions() == [EndShift(0)]


def test_tiles_13_and_24_return_a_bottom_row_card_to_the_hand_never_the_last() -> None:
    st = solo(bonuses=[13, 24])
    uses = legal_of(st, UseBonus)
    assert {(a.tile, a.choice) for a in uses} == {
        (t, k) for t in (13, 24) for k in (MOVE, ASSEMBLE, EXERCISE)
    }
    st = act(st, UseBonus, tile=13, choice=EXERCISE)
    assert st.hand == (1, 1, 1, 2, 0) and st.rows[3] == (2, 0, 1, 0, 0)
    one = solo(bonuses=[13], rows={"middle": "MMR", "bottom": "M"}, hand="MMRAAEE")
    assert not legal_of(one, UseBonus)


def test_the_single_player_game_is_one_seat_taking_every_turn() -> None:
    st = solo()
    st = act(st, Play, top=MOVE, under=MOVE, from_hand=False)
    st = act(st, Skip, via=Via.MOVE_CARD)
    st = act(st, Skip, via=Via.MOVE_CARD)
    assert st.current_player == 0 and st.phase == Phase.SELECT
