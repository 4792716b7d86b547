"""Random boards in bulk for every language (``boggle stats --random --language``): board
``i`` depends only on the seed and ``i``, drawn from the faces of the list's words as often as
they occur there, as :func:`boggle.dice.measured.roll_for_language` draws one board."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, Lexicon, load_lexicon, solve
from boggle.dice.bulk import BoardSource, board_at, board_lines, source_for_language
from boggle.dice.measured import face_weights
from boggle.model.errors import BoardError, DiceError
from boggle.model.rules import CLASSIC
from boggle.scale.threads import score_many

pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")

LANGUAGES = ["es", "nl", "pt", "pl"]


@pytest.fixture(scope="module", params=LANGUAGES)
def language_list(request: pytest.FixtureRequest) -> Lexicon:
    return load_lexicon(request.param)


def test_boards_use_only_the_lists_faces(language_list: Lexicon) -> None:
    source = source_for_language(language_list)
    assert source.name == f"letters of {language_list.name}" and (source.rows, source.cols) == (
        4,
        4,
    )
    seen = Counter(
        face for line in board_lines(source, 5, 0, 500) for face in Board.parse(line).faces
    )
    assert set(seen) <= set(face_weights(language_list))


def test_faces_come_as_often_as_in_the_words(language_list: Lexicon) -> None:
    # 6,400 boards of 16 cells: the commonest face's share is within a point of its share of
    # the list's letters (a fixed seed: the same boards every run)
    weights = face_weights(language_list)
    total = sum(weights.values())
    source = source_for_language(language_list)
    seen = Counter(
        face for line in board_lines(source, 1, 0, 6400) for face in Board.parse(line).faces
    )
    for face in sorted(weights, key=weights.__getitem__, reverse=True)[:5]:
        assert seen[face] / (6400 * 16) == pytest.approx(weights[face] / total, abs=0.01), face


def test_the_batch_scorer_agrees_with_solve(language_list: Lexicon) -> None:
    # multi-letter faces ([ch], [ij]) and letters of more than a byte (ñ, ł) in the lines
    lines = board_lines(source_for_language(language_list, rows=3, cols=4), 2, 0, 40)
    assert score_many(lines, language_list, CLASSIC) == [
        solve(line, language_list, CLASSIC).score for line in lines
    ]


SPANISH = Lexicon.from_words(["chico", "llama", "perro", "año", "queso"])
SPANISH.language = "es"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    first=st.integers(0, 10**6),
    count=st.integers(1, 12),
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
)
def test_board_i_depends_only_on_the_seed_and_i(
    seed: int, first: int, count: int, rows: int, cols: int
) -> None:
    source = source_for_language(SPANISH, rows=rows, cols=cols)
    lines = board_lines(source, seed, first, count)
    for i, line in enumerate(lines):
        assert board_lines(source, seed, first + i, 1) == [line]
        board = board_at(source, seed, first + i)
        assert str(board) == str(Board.parse(line)) and (board.rows, board.cols) == (rows, cols)


def test_an_english_list_rolls_the_dice_of_its_size() -> None:
    english = Lexicon.from_words(["cat"])
    assert source_for_language(english) == BoardSource.named("new")
    assert source_for_language(english, rows=5) == BoardSource.named("uniform", 5, 5)
    assert source_for_language(english, "big") == BoardSource.named("big")


def test_dice_beside_another_languages_list_are_refused() -> None:
    with pytest.raises(DiceError, match="a Spanish board is not rolled from dice") as caught:
        source_for_language(SPANISH, "new")
    assert caught.value.setting == "dice"


@pytest.mark.parametrize("weights", [{}, {"a": 0}, {"a": -1}, {"a": True}, {"a": 1.5}], ids=repr)
def test_a_measured_source_needs_faces_with_whole_weights(weights: Any) -> None:
    with pytest.raises(DiceError, match="need at least one face"):
        BoardSource.measured(weights)


@pytest.mark.parametrize(("rows", "cols"), [(0, 4), (1001, 1), (600, 600), (True, 4)])
def test_a_measured_source_is_a_board_that_fits(rows: Any, cols: Any) -> None:
    with pytest.raises(DiceError):
        source_for_language(SPANISH, rows=rows, cols=cols)


def test_weights_past_32_bits_are_scaled_not_overflowed() -> None:
    source = BoardSource.measured({"a": 3 * 2**40, "b": 2**40})
    assert sum(source.weights) < 2**32
    seen = Counter("".join(board_lines(source, 3, 0, 1000)))
    assert seen["a"] / 16_000 == pytest.approx(0.75, abs=0.02)


def test_the_gpu_kernel_leaves_measured_boards_to_the_host() -> None:
    from boggle.study.device_stats import generator

    # the kernel draws faces of cubes, not by weight: the host makes these boards
    assert generator(cast(Any, None), source_for_language(SPANISH)) is None


def test_a_single_board_of_a_huge_size_is_refused_before_it_is_drawn() -> None:
    from boggle.dice.measured import measured_board

    # roll --language es --size 100000 drew 10^10 faces (minutes, then memory) first
    with pytest.raises(BoardError, match="too large"):
        measured_board(SPANISH, 100_000, 100_000)
