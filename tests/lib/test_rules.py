from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import BIG, CLASSIC, Board, Rules, RulesChoice, RulesError, preset, rules_for_board
from boggle.model.rules import MAX_WORD_LENGTH


def test_classic_table() -> None:
    assert [CLASSIC.points_for_length(n) for n in range(1, 12)] == [
        0,
        0,
        1,
        1,
        2,
        3,
        5,
        11,
        11,
        11,
        11,
    ]


def test_big_table() -> None:
    assert [BIG.points_for_length(n) for n in range(1, 10)] == [0, 0, 0, 1, 2, 3, 5, 11, 11]


def test_qu_counts_two_letters() -> None:
    assert CLASSIC.points("quit") == 1 and CLASSIC.points("queen") == 2


def test_default_by_size() -> None:
    assert rules_for_board(4, 4) is CLASSIC
    assert rules_for_board(1, 1) is CLASSIC
    assert rules_for_board(5, 5) is BIG
    assert rules_for_board(6, 6) is BIG
    assert rules_for_board(3, 7) is CLASSIC


def test_default_for_a_board_given_whole() -> None:
    assert rules_for_board(Board.parse("abcde " * 5)) is BIG
    assert rules_for_board(Board.parse("fxie amlo ewbx astu")) is CLASSIC
    with pytest.raises(RulesError, match="not both"):
        rules_for_board(Board.parse("fxie amlo ewbx astu"), 4)
    with pytest.raises(RulesError, match="cols is missing"):
        rules_for_board(4)


def test_overrides() -> None:
    custom = BIG.with_overrides(min_length=3)
    assert custom.min_length == 3 and custom.points("cat") == 1 and "custom" in custom.name
    assert CLASSIC.with_overrides() is CLASSIC
    table = Rules.parse_scoring("2:1, 4:3")
    assert CLASSIC.with_overrides(scoring=table).points("abcd") == 3


@pytest.mark.parametrize("text", ["", "3", "3:x", "5:2,3:1", "0:1"])
def test_bad_scoring(text: str) -> None:
    with pytest.raises(RulesError):
        Rules.parse_scoring(text)


@pytest.mark.parametrize("text", ["3:1,,5:2", ",3:1", "3:1,", "3:1, ,5:2"])
def test_an_empty_scoring_step_is_refused_not_skipped(text: str) -> None:
    with pytest.raises(RulesError, match="has an empty step"):
        Rules.parse_scoring(text)


def test_an_empty_scoring_step_on_the_command_line_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from boggle.cli.main import main

    assert main(["solve", "fxie amlo ewbx astu", "--scoring", "3:1,,5:2"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "'3:1,,5:2' has an empty step" in err, err


def test_bad_min_length_and_preset() -> None:
    with pytest.raises(RulesError, match="minimum word length"):
        Rules("x", min_length=0)
    with pytest.raises(RulesError, match="unknown rules"):
        preset("tiny")


def test_rules_choice_is_the_one_chooser_by_board_size():
    from boggle import RulesChoice, choose_rules

    default = RulesChoice()
    assert default.for_size(4, 4) is CLASSIC and default.for_size(5, 5) is BIG
    assert default.for_board(None) is CLASSIC
    assert rules_for_board(3, 9) is default.for_size(3, 9)
    fixed = RulesChoice("big", min_length=3)
    assert fixed.fixed and fixed.for_size(2, 2) == fixed.for_size(9, 9)
    assert fixed.for_size(2, 2).min_length == 3
    assert choose_rules(CLASSIC, None) is CLASSIC
    with pytest.raises(RulesError, match="unknown rules"):
        RulesChoice("giant")
    with pytest.raises(RulesError):
        RulesChoice(min_length=0)


def test_a_minimum_longer_than_any_word_of_the_board_is_refused() -> None:
    """A minimum of 17 letters on a 4x4 of single letters made rounds nobody could score."""
    from boggle import Lexicon, solve

    board = Board.parse("fxie amlo ewbx astu")
    assert RulesChoice(min_length=16).for_board(board).min_length == 16
    with pytest.raises(RulesError) as refused:
        RulesChoice(min_length=17).for_board(board)
    assert refused.value.setting == "min_length"
    assert str(refused.value).startswith("min_length must be from 1 to 16 on this board")
    assert str(refused.value).endswith("got 17")
    with pytest.raises(RulesError, match="from 1 to 16 on this board"):
        solve(board, Lexicon.from_words(["fame", "mile"]), RulesChoice("big", min_length=17))
    two_letter_faces = Board.parse("q[th] ab")  # Qu and Th are two letters each
    assert RulesChoice(min_length=6).for_board(two_letter_faces).min_length == 6
    with pytest.raises(RulesError, match="from 1 to 6 on this board"):
        RulesChoice(min_length=7).for_board(two_letter_faces)
    # a preset's own minimum is not an asked one: a tiny board keeps its rules
    assert RulesChoice().for_board(Board.parse("ab/")) is CLASSIC
    assert RulesChoice(min_length=17).for_size(4, 4).min_length == 17  # no faces to count


NOT_WHOLE = st.one_of(
    st.booleans(),
    st.just(3.0),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.none(),
)


@given(value=NOT_WHOLE)
def test_a_minimum_length_that_is_no_int_is_refused_by_name(value: object) -> None:
    """``Rules("mine", 2.5)`` was taken, and ``True`` as a minimum of one letter."""
    with pytest.raises(RulesError) as refused:
        Rules("mine", value)  # type: ignore[arg-type]
    assert refused.value.setting == "min_length"
    assert str(refused.value) == f"min_length must be a whole number, got {value!r}"
    if value is not None:  # None is no override
        with pytest.raises(RulesError, match=r"^min_length must be a whole number"):
            RulesChoice(min_length=value)  # type: ignore[arg-type]


@given(value=NOT_WHOLE, which=st.sampled_from(["length", "points"]))
def test_a_scoring_step_that_is_no_int_is_refused(value: object, which: str) -> None:
    step = (value, 1) if which == "length" else (3, value)
    with pytest.raises(RulesError) as refused:
        Rules("mine", 3, ((3, 1), step) if which == "points" else (step,))  # type: ignore[arg-type]
    assert refused.value.setting == "scoring"
    assert str(refused.value) == f"a scoring step's {which} must be a whole number, got {value!r}"


@given(min_length=st.integers(1, MAX_WORD_LENGTH), points=st.integers(-5, 50))
def test_whole_numbers_make_rules(min_length: int, points: int) -> None:
    rules = Rules("mine", min_length, ((min_length, points),))
    assert rules.points_for_length(min_length) == points
