"""The compiled engine is held equal to the readable trie engine."""

from __future__ import annotations

import itertools
import json
import os
import random
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import board_and_lexicon, boards

from boggle import BIG, CLASSIC, Board, BoardError, Lexicon, Rules, solve
from boggle.dice.cubes import roll
from boggle.engines.native import compiled, score_native
from boggle.model.rules import STANDARD_SCORING
from boggle.model.solution import ScoredWord
from boggle.scale.threads import iter_scores, score_chunks, score_many, score_text_chunks

MULTI = ["qu", "th", "in", "er", "he", "an"]


def assert_same(board: Board, lexicon: Lexicon, rules: Rules) -> None:
    native = solve(board, lexicon, rules, engine="native")
    reference = solve(board, lexicon, rules, engine="trie")
    assert [w.word for w in native] == [w.word for w in reference]
    assert native.score == reference.score == sum(w.points for w in native)
    for item in native:
        assert board.is_path(item.path) and board.spell(item.path) == item.word
        assert isinstance(item, ScoredWord) and item.points == rules.points(item.word)
    assert score_native(board, lexicon, rules) == reference.score


@settings(max_examples=120, deadline=None)
@given(board_and_lexicon(max_side=5), st.integers(1, 4))
def test_native_equals_trie(case: tuple[Board, Lexicon], min_length: int) -> None:
    board, lexicon = case
    assert_same(board, lexicon, Rules("t", min_length, STANDARD_SCORING))


@settings(max_examples=40, deadline=None)
@given(boards(max_side=12), st.integers(0, 2**32))
def test_native_equals_trie_on_boards_over_64_cells(board: Board, seed: int) -> None:
    rng = random.Random(seed)
    words = ["".join(rng.choice("aeinrst") for _ in range(rng.randint(2, 7))) for _ in range(300)]
    assert_same(board, Lexicon.from_words(words), CLASSIC)


def test_large_board_and_many_letters() -> None:
    rng = random.Random(7)
    board = Board(tuple(rng.choice("etaoinshr") for _ in range(100 * 100)), 100, 100)
    words = ["".join(rng.choice("etaoinshr") for _ in range(rng.randint(3, 6))) for _ in range(500)]
    assert_same(board, Lexicon.from_words(words), BIG)


WIDE_ALPHABET = "aeinrst" + "ąćęłńóśźżàéîõüçñøåæðþ" + "bcdfghjklmopquvwxyz"
"""40 letters: more than the masks hold, so some letters are escaped; the
accented ones are used less in the lists below and so are the escaped ones."""


def test_an_alphabet_over_31_letters_runs_on_the_core() -> None:
    letters = string.ascii_lowercase + "àéîõüçñ"
    lexicon = Lexicon.from_words([a + b for a in letters for b in "ae"])
    core = compiled(lexicon)
    assert core is not None and len(lexicon.alphabet) == 33
    assert sum(len(code) > 1 for code in core.letter_codes.values()) == 3
    assert_same(Board.parse("àe ça"), lexicon, Rules("t", 2, STANDARD_SCORING))


def test_escaped_letters_count_once_in_a_word_length() -> None:
    polish = ["żółw", "żaba", "łąka", "źle", "żż"]
    others = [letter * 6 for letter in WIDE_ALPHABET if letter not in "żółąź"]
    lexicon = Lexicon.from_words([*others, *WIDE_ALPHABET, *polish])
    core = compiled(lexicon)
    assert core is not None
    assert len(core.letter_codes["ż"]) == len(core.letter_codes["ł"]) == 2
    board = Board.parse("żółw abaą łrzk ezst")
    assert {"żółw", "łąka", "żaba"} <= {w.word for w in solve(board, lexicon, engine="trie")}
    for min_length in (3, 4, 5):
        assert_same(board, lexicon, Rules("t", min_length, ((3, 1), (4, 10), (5, 100))))


@st.composite
def wide_case(draw: st.DrawFn) -> tuple[Board, Lexicon]:
    """A board over a 40-letter alphabet and a list with words read off its paths."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    common = st.sampled_from(WIDE_ALPHABET[:7])
    single = st.sampled_from(WIDE_ALPHABET.replace("q", ""))
    face = st.one_of(common, single, single, st.sampled_from(MULTI))
    board = Board(
        tuple(draw(st.lists(face, min_size=rows * cols, max_size=rows * cols))), rows, cols
    )
    words = ["".join(WIDE_ALPHABET[i : i + 3]) for i in range(0, 38, 2)]  # every letter used
    words += draw(st.lists(st.text(WIDE_ALPHABET[:14], min_size=1, max_size=6), max_size=30))
    for _ in range(draw(st.integers(0, 20))):
        path = [draw(st.integers(0, board.size - 1))]
        for _ in range(draw(st.integers(0, 7))):
            options = [n for n in board.neighbours(path[-1]) if n not in path]
            if not options:
                break
            path.append(draw(st.sampled_from(options)))
        words.append("".join(board.faces[i] for i in path))
    return board, Lexicon.from_words(words)


@settings(max_examples=150, deadline=None)
@given(wide_case(), st.integers(1, 4))
def test_native_equals_trie_over_a_wide_alphabet(
    case: tuple[Board, Lexicon], min_length: int
) -> None:
    board, lexicon = case
    assert len(lexicon.alphabet) > 31
    assert compiled(lexicon) is not None
    assert_same(board, lexicon, Rules("t", min_length, STANDARD_SCORING))
    assert score_many([board], lexicon, Rules("t", min_length, STANDARD_SCORING)) == [
        solve(board, lexicon, Rules("t", min_length, STANDARD_SCORING), engine="trie").score
    ]


def test_reference_scores_through_score_many(enable: Lexicon) -> None:
    boards = [
        "fxie amlo ewbx astu",
        "perslatgsineters",
        "PERS/LATG/SINE/TERS",
        "tine nint ocna retl",
    ]
    scores = score_many(boards, enable, CLASSIC)
    assert scores[:3] == [90, 3625, 3625]
    assert scores[3] == solve(boards[3], enable, CLASSIC, engine="trie").score


@settings(max_examples=25, deadline=None)
@given(st.lists(boards(max_side=6), min_size=1, max_size=30), st.integers(1, 3))
def test_score_many_equals_solve_in_order(boards_: list[Board], jobs: int) -> None:
    triples = ["".join(letters) for letters in itertools.product("aeinrst", repeat=3)]
    lexicon = Lexicon.from_words([*triples, "quin", "then", "rain", "stare", "tanner"])
    expected = [solve(b, lexicon, engine="trie").score for b in boards_]
    assert score_many(boards_, lexicon, jobs=jobs) == expected
    assert score_many([str(b) for b in boards_], lexicon, jobs=jobs) == expected


def test_default_rules_follow_each_board_size() -> None:
    lexicon = Lexicon.from_words(["tea", "teas", "seat"])
    small = "teas/"  # one row: classic, 3-letter words count
    large = "teasx " * 4 + "teasx"
    expected = [solve(Board.parse(small), lexicon).score, solve(Board.parse(large), lexicon).score]
    assert score_many([small, large], lexicon) == expected
    assert expected[0] > 0 and score_many([small], lexicon, BIG) == [
        solve(Board.parse(small), lexicon, BIG).score
    ]


def test_bad_lines_are_reported_in_place() -> None:
    lexicon = Lexicon.from_words(["cat"])
    results = list(iter_scores(["cat/", "c4t/", "[zz]a", "ab cd", "cät/"], lexicon, CLASSIC))
    assert [r.score for r in results] == [1, None, None, 0, 0]
    assert "not a letter" in (results[1].error or "")
    with pytest.raises(BoardError, match="board 2"):
        score_many(["cat/", "c4t/"], lexicon)


def test_compiled_size_is_reported(enable: Lexicon) -> None:
    core = compiled(enable)
    assert core is not None
    assert 0 < core.trie.nbytes < 8 * 1024 * 1024
    assert core.trie.nodes > len(enable)


SHAPES = [(4, 4), (5, 5), (6, 6), (3, 7), (1, 1)]


def random_boards(shape: tuple[int, int], count: int) -> list[Board]:
    """A third rolled from the dice of that size (when there are some), the rest
    uniform random faces: half over all faces (with Qu and multi-letter cubes),
    half over common letters so that many words are found."""
    rows, cols = shape
    rng = random.Random(rows * 100 + cols)
    every_face = [*"abcdefghijklmnoprstuvwxyz", *MULTI]
    common = [*"etaoinshrdlu", "qu", "er"]
    dice = {(4, 4): "new", (5, 5): "big", (6, 6): "superbig"}.get(shape)
    boards = []
    for number in range(count):
        if dice is not None and number % 3 == 0:
            boards.append(roll(dice, seed=number))
            continue
        pool = every_face if rng.random() < 0.5 else common
        boards.append(Board(tuple(rng.choice(pool) for _ in range(rows * cols)), rows, cols))
    return boards


def assert_scores_equal(enable: Lexicon, boards: list[Board]) -> None:
    expected = [solve(b, enable, CLASSIC, engine="trie").score for b in boards]
    assert score_many(boards, enable, CLASSIC, jobs=2) == expected


@pytest.mark.parametrize("shape", SHAPES)
def test_random_boards_against_enable(enable: Lexicon, shape: tuple[int, int]) -> None:
    assert_scores_equal(enable, random_boards(shape, 60))


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES)
def test_many_random_boards_against_enable(enable: Lexicon, shape: tuple[int, int]) -> None:
    assert_scores_equal(enable, random_boards(shape, 10_000))


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.one_of(
            boards(max_side=6).map(str),
            st.sampled_from(["c4t/", "[zz]a", "ab cd", "cät/", "  ", "", "ab/cde", "east/"]),
        ),
        max_size=40,
    ),
    st.integers(1, 2),
)
def test_text_chunks_print_what_the_score_objects_say(lines: list[str], jobs: int) -> None:
    """score_text_chunks (the core writes the text) equals the BoardScore objects rendered."""
    lexicon = Lexicon.from_words(["cat", "tea", "east", "seat", "rain", "stare", "quin", "ça"])
    chunked = [lines[i : i + 7] for i in range(0, len(lines), 7)]
    texts = list(score_text_chunks(chunked, lexicon, None, jobs))
    objects = list(score_chunks(chunked, lexicon, None, jobs))
    assert len(texts) == len(objects)
    for text, results in zip(texts, objects, strict=True):
        assert text.text == "".join(f"{r.text} {r.score}\n" for r in results if r.error is None)
        assert text.errors == [(i, r.error) for i, r in enumerate(results) if r.error is not None]


def test_words_count_again_after_the_board_numbers_wrap() -> None:
    """Word marks carry a board number that comes round again every 65,535
    boards of one scratch: a word found 65,535 boards ago counts again."""
    lexicon = Lexicon.from_words(["eat", "sea", "seat", "tea", "teas"])
    expected = solve(Board.parse("teas"), lexicon, CLASSIC, "trie").score
    lines = ["teas", *["xxxx"] * 65_534, "teas"]
    scores = score_many(lines, lexicon, CLASSIC, jobs=1)
    assert expected > 0
    assert scores[0] == scores[-1] == expected


def test_rules_changing_between_calls_on_one_list() -> None:
    """The core keeps the points of the last rules while they repeat: a change of
    minimum, of points or of the longest scored length is seen at once."""
    lexicon = Lexicon.from_words(["eat", "east", "sea", "seat", "seats", "tea", "teas"])
    lines = ["teas", "seat/astx"]
    every_rules = [
        CLASSIC,
        Rules("t", 4, STANDARD_SCORING),
        Rules("t", 3, ((3, 1), (4, 10), (5, 100))),
        Rules("t", 3, ((3, 1), (4, 10))),
        CLASSIC,
    ]
    for rules in every_rules:
        expected = [solve(Board.parse(line), lexicon, rules, "trie").score for line in lines]
        assert score_many(lines, lexicon, rules, jobs=1) == expected


def test_plain_search_equals_the_bmi_copy(enable_path: Path, tmp_path: Path) -> None:
    """The core keeps two copies of its search (with and without BMI bit
    instructions, picked by the processor); BOGGLE_PLAIN_SEARCH=1 makes a process
    use the plain one, which must give the same scores as this process's."""
    lines = [str(b) for shape in SHAPES for b in random_boards(shape, 300)]
    boards_file = tmp_path / "boards.txt"
    boards_file.write_text("\n".join(lines) + "\n")
    script = (
        "import sys, json; from boggle import CLASSIC, Lexicon; from boggle.scale.threads import "
        "score_many; print(json.dumps(score_many(open(sys.argv[2]).read().splitlines(), "
        "Lexicon.from_file(sys.argv[1]), CLASSIC, jobs=1)))"
    )
    plain = subprocess.run(
        [sys.executable, "-c", script, str(enable_path), str(boards_file)],
        env={**os.environ, "BOGGLE_PLAIN_SEARCH": "1"},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    enable = Lexicon.from_file(enable_path)
    assert json.loads(plain) == score_many(lines, enable, CLASSIC, jobs=1)
