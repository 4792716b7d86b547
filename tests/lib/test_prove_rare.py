"""Proofs on word lists of more than 31 letters (Polish has 44): the prover codes the 30
most used letters as the solver does and every rare letter as one face, ``RARE``, whose
words are merged and worth the points of all they stand for (branch_and_bound.py).  The
boards it proves equal exhaustive enumeration on tiny boards; its bounds equal the readable
twin's (boggle.search.bound_ref) on the merged list, and are never below the best board."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, Lexicon, solve
from boggle._native.core import ClassBound
from boggle.model.rules import CLASSIC, Rules
from boggle.search import bound_ref
from boggle.search.branch_and_bound import RARE, ProofFaces, Prover
from boggle.search.classes import ClassTask
from boggle.search.faces import board_text, canonical
from boggle.search.job import letter_alphabet
from boggle.search.prove import prove
from boggle.wordlists.loading import load_lexicon

PLAYED = "aeinst"
"""The letters of the random words, beside the rare ones."""

RARE_LETTERS = "źżńę"
"""Letters the lists below use least: beyond the 30 most used, so coded as an escape."""

FILLER = [
    "".join(others[(k + i) % len(others)] for i in range(8))
    for others in ["bcdfghjklmopqruvwxyząćłó"]
    for k in range(len(others))
]
"""Words that put 24 more letters in the list, each 8 times: with PLAYED and RARE_LETTERS
the alphabet has 34 letters.  They are never found on the boards below (no class holds
their letters)."""

SHAPES = [(2, 2), (2, 3), (3, 2), (1, 4)]
RULES = [CLASSIC, CLASSIC.with_overrides(min_length=2, scoring=((2, 1), (4, 3)))]


def rare_list(words: list[str]) -> Lexicon:
    """FILLER, ``words`` and a word of each letter the classes below use."""
    return Lexicon.from_words([*FILLER, PLAYED, RARE_LETTERS, *words], name="rare")


@st.composite
def problems(draw: st.DrawFn) -> tuple[Prover, Rules, int, int, list[str]]:
    """A list of more than 31 letters, rules, a tiny shape and a class on it whose cells
    hold rare letters too."""
    common = draw(st.lists(st.text(PLAYED, min_size=2, max_size=5), min_size=30, max_size=60))
    rare = draw(
        st.lists(st.text(PLAYED + RARE_LETTERS, min_size=2, max_size=4), min_size=1, max_size=8)
    )
    rules = draw(st.sampled_from(RULES))
    prover = Prover(rare_list(common + rare), rules)
    rows, cols = draw(st.sampled_from(SHAPES))
    letters = st.sampled_from(PLAYED[:3] + RARE_LETTERS)
    cells = [
        "".join(sorted(draw(st.sets(letters, min_size=1, max_size=3)))) for _ in range(rows * cols)
    ]
    return prover, rules, rows, cols, cells


def brute_force(
    prover: Prover, rules: Rules, rows: int, cols: int, cells: list[str], above: int
) -> dict[str, int]:
    """Every board of the class solved by the readable trie engine: those above ``above``,
    one per symmetry class."""
    lexicon = prover.scorer.lexicon
    found = {}
    for faces in itertools.product(*cells):
        score = solve(Board(faces, rows, cols), lexicon, rules, engine="trie").score
        if score > above:
            found[board_text(canonical(faces, rows, cols), rows, cols)] = score
    return found


def test_the_test_lists_have_rare_letters() -> None:
    prover = Prover(rare_list(["taźe", "żat", "ńie", "sęt", "aeinst", "stein", "tines"]), CLASSIC)
    assert len(prover.scorer.lexicon.alphabet) > 31
    assert set(prover.rare) == set(RARE_LETTERS)
    assert prover.faces[-1] == RARE and len(prover.faces) <= 32


@settings(max_examples=30, deadline=None)
@given(problems(), st.data())
def test_a_class_proves_what_exhaustive_enumeration_finds(
    problem: tuple[Prover, Rules, int, int, list[str]], data: st.DataObject
) -> None:
    prover, rules, rows, cols, cells = problem
    everything = brute_force(prover, rules, rows, cols, cells, -1)
    best = max(everything.values())
    above = data.draw(st.integers(0, max(best, 1)), label="above")
    result = prover.run(ClassTask(0, rows, cols, tuple(cells), above))
    assert dict(result.boards) == {b: s for b, s in everything.items() if s > above}


def star(text: str, escaped: set[str]) -> str:
    """``text`` as the prover reads it: every escaped letter the RARE face."""
    return "".join(RARE if letter in escaped else letter for letter in text)


@settings(max_examples=40, deadline=None)
@given(problems())
def test_bounds_equal_the_twins_on_the_merged_list(
    problem: tuple[Prover, Rules, int, int, list[str]],
) -> None:
    """The twin given the merged list (each word with its rare letters read as RARE, worth
    the points of every word read alike) and the class with its rare letters as RARE gives
    the C bounds number for number; both stay above the best board of the class."""
    prover, rules, rows, cols, cells = problem
    codes = prover.scorer.core.letter_codes
    escaped = {letter for letter, code in codes.items() if len(code) > 1}
    points: dict[str, int] = {}
    for word, value in bound_ref.word_points(prover.scorer.lexicon, rules).items():
        points[star(word, escaped)] = points.get(star(word, escaped), 0) + value
    merged = [sorted({star(face, escaped) for face in cell}) for cell in cells]
    order = list(prover.order(rows, cols, cells))
    max_bound = prover.class_bound(rows, cols, cells)
    tree_bound = prover.tree_bound(rows, cols, cells)
    assert max_bound == bound_ref.max_bound(merged, rows, cols, points)
    assert tree_bound == bound_ref.orderly_tree(merged, rows, cols, points, order).bound
    best = max(brute_force(prover, rules, rows, cols, cells, -1).values())
    assert min(max_bound, tree_bound) >= best


def test_the_proof_faces_of_every_list_fit() -> None:
    """The 30 most used letters, ``qu`` and RARE: never more than 32 faces, whatever the
    alphabet (here 60 letters, ``q`` among the rare ones)."""
    letters = [chr(c) for c in range(0x430, 0x450)] + list("abcdefghijklmnoprstuvwxyzàáâã")
    words = ["".join(letters[k : k + 6]) for k in range(0, len(letters) - 6)]
    proof = ProofFaces.of(Lexicon.from_words([*words, "qua", "aqu"]))
    assert len(proof.faces) <= 32 and proof.faces[-1] == RARE
    assert "qu" in proof.faces


def test_boggle_prove_takes_a_list_of_more_than_31_letters(tmp_path: Path) -> None:
    """The command line: a 2x2 proof on such a list prints the board exhaustive enumeration
    finds (it used to refuse any list of more than 31 letters)."""
    words = ["taźe", "żat", "ńie", "sęt", "aeinst", "stein", "tines", "tie", "tea", "sat"]
    path = tmp_path / "rare.txt"
    path.write_text("\n".join([*FILLER, *words]) + "\n", encoding="utf-8")
    prover = Prover(Lexicon.from_file(path), CLASSIC)
    cells = [PLAYED + RARE_LETTERS] * 4
    expected = brute_force(prover, CLASSIC, 2, 2, cells, 0)
    best = max(expected.values())
    result = subprocess.run(
        [sys.executable, "-m", "boggle", "prove", "--size", "2x2", "--above", str(best - 1),
         "--dict", str(path), "--json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    boards = json.loads(result.stdout)["boards"]
    assert {b["board"]: b["score"] for b in boards} == {
        b: s for b, s in expected.items() if s == best
    }


def test_real_boards_expand_only_the_letters_the_class_allows() -> None:
    prover = Prover(rare_list(["taźe", "żat", "ńie", "sęt"]), CLASSIC)
    first, second = prover.rare[:2]
    expanded = prover.real_boards(("t", RARE), ("t", first + second + "a"))
    assert sorted(expanded) == [("t", first), ("t", second)]
    assert len(list(prover.real_boards((RARE, RARE), (RARE, first)))) == len(prover.rare)


def test_words_read_alike_on_the_same_cells_count_for_all_of_them() -> None:
    """``źaż`` and ``żaź`` read alike with RARE (``*a*``) and are found on the same cells of
    ``źaż`` (both ways): the board scores 2, and the merged word must be worth 2, else the
    tree (which counts a word once per set of cells) would bound the board by 1 and the
    proof would drop it."""
    common = ["stein", "tines", "inset", "saint", "stain", "satin", "antes", "nates"]
    prover = Prover(rare_list(["źaż", "żaź", *common]), CLASSIC)
    assert {"ź", "ż"} <= set(prover.rare)
    assert solve(Board(("ź", "a", "ż"), 1, 3), prover.scorer.lexicon, CLASSIC).score == 2
    result = prover.run(ClassTask(0, 1, 3, ("ź", "a", "ż"), 1))
    assert dict(result.boards) == {board_text(("ź", "a", "ż"), 1, 3): 2}


@pytest.mark.slow
def test_the_polish_2x2_proof_equals_every_board_scored() -> None:
    """The shipped Polish list (44 letters, 14 of them the RARE face): every one of the
    44^4 boards of 2x2 scored by the solver (about 12 CPU s), against the proof above 4:
    the same 21,203 boards, 2,379 of them with rare letters (measured 2026-11-26)."""
    lexicon = load_lexicon("pl")
    faces = letter_alphabet(lexicon)
    prover = Prover(lexicon, CLASSIC)
    assert len(faces) == 44 and len(prover.faces) == 32
    scorer = prover.scorer
    above = 4
    expected = {}
    for first, second in itertools.product(faces, repeat=2):
        batch = [(first, second, third, fourth) for third in faces for fourth in faces]
        for board, score in zip(batch, scorer.score_many(batch, 2, 2), strict=True):
            if score > above:
                expected[board_text(canonical(board, 2, 2), 2, 2)] = score
    found = prove(2, 2, lexicon, CLASSIC, above)
    assert {board.board: board.score for board in found.boards} == expected
    assert any(set(board) & set(prover.rare) for board in expected)


def test_class_bound_takes_each_words_points_and_checks_them() -> None:
    """``ClassBound``'s sixth argument: each word's points (native int32), one per word;
    a face letter outside the trie's 31 letters is refused, not read past the masks."""
    letters = bytes([0, 1, 0, 2])  # "ab", "ac" over faces a, b, c
    offsets = array("I", [0, 2, 4]).tobytes()
    faces = bytes([0, 255, 255, 255, 1, 255, 255, 255, 2, 255, 255, 255])
    masks = array("I", [0b001, 0b110]).tobytes()  # a, then b or c
    by_length = ClassBound(letters, offsets, 2, [0, 0, 1], faces)
    by_word = ClassBound(letters, offsets, 2, [0, 0, 1], faces, array("i", [5, 7]).tobytes())
    assert by_length.bound(masks, 1, 2) == 1 and by_word.bound(masks, 1, 2) == 7
    with pytest.raises(ValueError, match="word points"):
        ClassBound(letters, offsets, 2, [0, 0, 1], faces, array("i", [5]).tobytes())
    with pytest.raises(ValueError, match="faces"):
        ClassBound(letters, offsets, 2, [0, 0, 1], bytes([31, 255, 255, 255]))
    with pytest.raises(ValueError, match="faces"):
        ClassBound(letters, offsets, 2, [0, 0, 1], bytes([0, 0x41, 255, 255]))
