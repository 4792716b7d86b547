"""The gpu engine's kernel, compiled as C++ for the CPU, equal to the native engine.

``src/boggle/engines/gpu/kernel.cu`` is compiled here with the system C++
compiler (``g++ -x c++``) into a temporary folder; its scores are held equal to
the native engine's (and, on small random cases, to the readable trie engine's)
on boards of several shapes, rule sets and languages.  The GPU itself is tested
at the end, where a GPU and CuPy are present.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import board_and_lexicon

from boggle import Board, Lexicon, solve
from boggle.dice.cubes import roll_board
from boggle.dice.language import measured_board
from boggle.engines.gpu import (
    OVERFLOW,
    KernelScorer,
    gpu_missing,
    kernel_points,
    neighbour_table,
)
from boggle.engines.gpu.cpu_build import CpuBuildRunner, compile_kernel, find_compiler
from boggle.engines.native import compiled, score_native
from boggle.model.rules import BIG, CLASSIC, Rules, RulesChoice
from boggle.scale.threads import score_many
from boggle.wordlists.loading import load_lexicon

pytestmark = pytest.mark.skipif(
    find_compiler() is None, reason="no C++ compiler (g++) to build the kernel for the CPU"
)

SHAPES = [(4, 4), (5, 5), (3, 4), (6, 6), (4, 5), (8, 8), (1, 7)]
ODD_SCORING = Rules("odd", 2, ((2, -1), (3, 1), (5, 4), (9, 50)))
"""Two-letter words losing a point, a steep table: a points table unlike the presets'."""


@pytest.fixture(scope="module")
def kernel_folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("kernel"))


@pytest.fixture(scope="module")
def runner(kernel_folder: str) -> CpuBuildRunner:
    return CpuBuildRunner(compile_kernel(kernel_folder), jobs=2)


@pytest.fixture(scope="module")
def tiny_set_runner(kernel_folder: str) -> CpuBuildRunner:
    """Word sets of 12 words: most boards overflow and go to the CPU path."""
    return CpuBuildRunner(compile_kernel(kernel_folder, set_bits=4))


@cache
def language_list(language: str) -> Lexicon:
    return load_lexicon(language)


def native_scores(boards: list[Board], lexicon: Lexicon, rules: Rules) -> list[int]:
    return [score_native(board, lexicon, rules) for board in boards]


def random_boards(rows: int, cols: int, count: int, seed: int) -> Iterator[Board]:
    for k in range(count):
        if (rows, cols) == (4, 4) and k % 2:
            yield roll_board("new", seed * 1000 + k)
        else:
            yield roll_board("uniform", seed * 1000 + k, rows, cols)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("rules", [CLASSIC, BIG, ODD_SCORING], ids=lambda r: r.name)
def test_equals_native_on_random_english_boards(
    enable: Lexicon, runner: CpuBuildRunner, shape: tuple[int, int], rules: Rules
) -> None:
    boards = list(random_boards(*shape, 60, seed=shape[0] * 10 + shape[1]))
    scores = KernelScorer(enable, runner).score_boards(boards, rules)
    expected = native_scores(boards, enable, rules)
    assert scores == expected
    assert any(expected)  # boards with words: the comparison means something


def test_the_best_known_boards_score_their_records(enable: Lexicon, runner: CpuBuildRunner) -> None:
    boards = [Board.parse(text) for text in ("perslatgsineters", "fxie amlo ewbx astu")]
    scores = KernelScorer(enable, runner).score_boards(boards, CLASSIC)
    assert scores == native_scores(boards, enable, CLASSIC)
    assert scores[0] > 3000


@pytest.mark.parametrize("language", ["es", "nl", "pl"])
@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (3, 4), (6, 6)])
def test_equals_native_in_other_languages(
    runner: CpuBuildRunner, language: str, shape: tuple[int, int]
) -> None:
    """Spanish rolls ch/ll/rr cubes, Dutch ij; Polish has 44 letters, its rare ones escaped
    (two codes a letter), and some of those are put on its boards."""
    lexicon = language_list(language)
    boards = [measured_board(lexicon, *shape, seed=seed) for seed in range(25)]
    core = compiled(lexicon)
    assert core is not None
    codes = core.letter_codes.items()
    escaped = sorted(letter for letter, code in codes if len(code) > 1 and letter != "q")
    if language == "pl":
        assert escaped
        boards += [
            Board((escaped[k % len(escaped)], *board.faces[1:]), board.rows, board.cols)
            for k, board in enumerate(boards)
        ]
    rules = RulesChoice().for_size(*shape)
    scores = KernelScorer(lexicon, runner).score_boards(boards, rules)
    assert scores == native_scores(boards, lexicon, rules)
    assert any(scores)
    multi = {face for board in boards for face in board.faces if len(face) > 1}
    if language == "es":
        assert multi - {"qu"}  # the multi-letter faces were on the boards


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_lexicon(max_side=6), st.integers(1, 4))
def test_equals_the_trie_engine_on_small_random_cases(
    runner: CpuBuildRunner, case: tuple[Board, Lexicon], min_length: int
) -> None:
    board, lexicon = case
    rules = Rules("t", min_length, ((1, 1), (3, 2), (5, 7)))
    assert KernelScorer(lexicon, runner).score_boards([board], rules) == [
        solve(board, lexicon, rules, engine="trie").score
    ]


WIDE = string.ascii_lowercase + "ąćęłńóśźżàéîõüç"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from([(2, 2), (3, 4), (4, 4), (5, 5)]))
def test_equals_the_trie_engine_over_a_41_letter_alphabet(
    runner: CpuBuildRunner, seed: int, shape: tuple[int, int]
) -> None:
    rng = random.Random(seed)
    rows, cols = shape
    faces = tuple(rng.choice("aeiost" + WIDE[26:]) for _ in range(rows * cols))
    board = Board(faces, rows, cols)
    words = [WIDE[i : i + 3] for i in range(0, len(WIDE) - 2)]  # every letter used
    for _ in range(30):
        path = [rng.randrange(board.size)]
        for _ in range(rng.randrange(7)):
            options = [n for n in board.neighbours(path[-1]) if n not in path]
            if options:
                path.append(rng.choice(options))
        words.append("".join(faces[i] for i in path))
    lexicon = Lexicon.from_words(words)
    core = compiled(lexicon)
    assert core is not None and any(len(code) > 1 for code in core.letter_codes.values())
    rules = Rules("t", 2, ((2, 1), (4, 3)))
    assert KernelScorer(lexicon, runner).score_boards([board], rules) == [
        solve(board, lexicon, rules, engine="trie").score
    ]


def test_a_full_word_set_sends_the_board_to_the_cpu(
    enable: Lexicon, tiny_set_runner: CpuBuildRunner
) -> None:
    boards = [roll_board("new", seed) for seed in range(30)]
    scorer = KernelScorer(enable, tiny_set_runner)
    core = compiled(enable)
    assert core is not None
    faces = b"".join(core.encode_board(board) or b"" for board in boards)
    import numpy

    raw = tiny_set_runner.score(
        scorer.trie,
        numpy.frombuffer(faces, dtype=numpy.uint8).reshape(30, -1),
        16,
        neighbour_table(4, 4),
        kernel_points(CLASSIC, core.longest),
    )
    assert (raw == OVERFLOW).sum() > 10  # the kernel flags the boards it cannot hold
    assert scorer.score_boards(boards, CLASSIC) == native_scores(boards, enable, CLASSIC)


def test_lines_score_as_the_batch_scorer_scores_them(
    enable: Lexicon, runner: CpuBuildRunner
) -> None:
    lines = [
        "fxie amlo ewbx astu",
        "FXIEAMLOEWBXASTU",
        "perslatgsineters",
        "abc/def",
        "abc def",
        "a b c d",
        "[qu]ite [th]ere abcd efgh",
        "not a board!",
        "abcde",
        "x",
        "ab/c",
        "se[ch] ttal",
        "éabc dcba abcd dcba",
    ]
    lines += [str(board) for board in random_boards(5, 5, 20, 3)]
    scorer = KernelScorer(enable, runner)
    scores = scorer.score_lines(lines, RulesChoice())
    for line, score in zip(lines, scores, strict=True):
        try:
            expected = score_many([line], enable)[0]
        except ValueError:
            assert score is None, line
        else:
            assert score == expected, line
    assert scores[0] == scores[1] and scores[0] is not None


# ---------------------------------------------------------------- on a GPU


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (3, 4), (6, 6), (8, 8)])
def test_the_gpu_equals_native(enable: Lexicon, shape: tuple[int, int]) -> None:
    boards = list(random_boards(*shape, 3000, seed=7))
    lines = [str(board) for board in boards]
    assert score_many(lines, enable, engine="gpu") == score_many(lines, enable)


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize("language", ["es", "pl"])
def test_the_gpu_equals_native_in_other_languages(language: str) -> None:
    lexicon = language_list(language)
    boards = [measured_board(lexicon, 5, 5, seed=seed) for seed in range(500)]
    assert score_many(boards, lexicon, engine="gpu") == score_many(boards, lexicon)
