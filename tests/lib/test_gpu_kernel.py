"""The gpu engine's kernel, compiled as C++ for the CPU, equal to the native engine.

``src/boggle/engines/gpu/kernel.cu`` is compiled here with the system C++
compiler (``g++ -x c++``) into a temporary folder; its scores are held equal to
the native engine's (and, on small random cases, to the readable trie engine's)
on boards of several shapes, rule sets and languages.  The GPU itself is tested
at the end, where a GPU and CuPy are present.
"""

from __future__ import annotations

import ctypes
import random
import re
import string
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import board_and_lexicon

from boggle import Board, Lexicon, solve
from boggle.dice.bulk import BoardSource, board_at, board_lines
from boggle.dice.cubes import roll_board
from boggle.dice.measured import measured_board
from boggle.engines.gpu import (
    MAX_CELLS,
    OVERFLOW,
    KernelRunner,
    KernelScorer,
    gpu_missing,
    kernel_points,
    neighbour_masks,
)
from boggle.engines.gpu.cpu_build import CpuBuildRunner, compile_kernel, find_compiler
from boggle.engines.gpu.device import compile_options
from boggle.engines.gpu.source import (
    KERNEL_DEFAULTS,
    KERNEL_FILE,
    KERNEL_SIGNATURES,
    KERNEL_VARIANTS,
    LANES_HEADER,
    LANES_SET_BITS,
    auto_variant,
    first_set_bits,
    kernel_settings,
)
from boggle.engines.native import compiled, score_native
from boggle.model.errors import MissingDependencyError
from boggle.model.rules import BIG, CLASSIC, Rules, RulesChoice
from boggle.scale.threads import score_many
from boggle.study.device_stats import generator, random_stats
from boggle.study.stats import score_stats
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


VARIANTS = {
    "top frame in memory": ("BG_TOP_IN_REGISTERS=0",),
    "a loop per board": ("BG_ONE_LOOP=0",),
    "both": ("BG_TOP_IN_REGISTERS=0", "BG_ONE_LOOP=0"),
    **{name: defines for name, defines in KERNEL_VARIANTS.items() if defines},
    "lean, a loop per board": (*KERNEL_VARIANTS["lean-shared"], "BG_ONE_LOOP=0"),
}
"""Every compile-time variant of the kernel (``BOGGLE_GPU_VARIANT`` and the tuning knobs)."""


@cache
def variant_build(folder: str, defines: tuple[str, ...]) -> CpuBuildRunner:
    """A variant's CPU build, its first word set as small as on the GPU (the shared-memory
    sets hold 192 words a thread, so more boards reach the second pass here too); compiled
    once a module (the lanes variants are ``variant_runner``'s and ``lanes_runner``'s)."""
    small = first_set_bits(defines) or 9
    return CpuBuildRunner(compile_kernel(folder, small_set_bits=small, defines=defines))


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def variant_runner(kernel_folder: str, request: pytest.FixtureRequest) -> CpuBuildRunner:
    """The kernel's variants (the device check times them): each must score as native."""
    return variant_build(kernel_folder, VARIANTS[request.param])


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


def test_the_variant_defaults_are_the_sources() -> None:
    """The host's idea of the options' defaults (it sizes shared memory by them) is the
    kernel's: every ``#ifndef NAME`` / ``#define NAME VALUE`` of an option in kernel.cu."""
    source = KERNEL_FILE.read_text(encoding="utf-8")
    found = dict(re.findall(r"#ifndef (BG_\w+)\n#define \1 (\d+)", source))
    assert {name: int(found[name]) for name in KERNEL_DEFAULTS} == KERNEL_DEFAULTS
    assert KERNEL_VARIANTS["default"] == ()
    first = KERNEL_VARIANTS["first"]
    assert all(f"{name}=0" in first for name in ("BG_LEAN_FRAME", "BG_SHARED_FACES"))


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (3, 4), (8, 8)])
def test_the_kernels_variants_equal_native(
    enable: Lexicon, variant_runner: CpuBuildRunner, shape: tuple[int, int]
) -> None:
    boards = list(random_boards(*shape, 60, seed=shape[0] * 7 + shape[1]))
    boards.append(Board.parse("perslatgsineters") if shape == (4, 4) else boards[0])
    rules = RulesChoice().for_size(*shape)
    scores = KernelScorer(enable, variant_runner).score_boards(boards, rules)
    assert scores == native_scores(boards, enable, rules) and any(scores)
    source = BoardSource.named("uniform", *shape)
    expected = score_stats(700, source, enable, rules, seed=6, top=3)
    scorer = KernelScorer(enable, variant_runner)
    got = random_stats(scorer, source, 6, 700, rules, 3, batch=300)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]


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


@pytest.mark.parametrize("language", ["es", "pl"])
@pytest.mark.parametrize("shape", [(4, 4), (5, 5)])
def test_the_kernels_variants_equal_native_in_other_languages(
    variant_runner: CpuBuildRunner, language: str, shape: tuple[int, int]
) -> None:
    """Multi-letter faces (ch, ll, rr) and escaped letters (two codes a letter): what the
    lean frame's letter count and the pruning by the board's letters must get right."""
    lexicon = language_list(language)
    boards = [measured_board(lexicon, *shape, seed=seed) for seed in range(12)]
    core = compiled(lexicon)
    assert core is not None
    escaped = sorted(
        letter for letter, code in core.letter_codes.items() if len(code) > 1 and letter != "q"
    )
    boards += [
        Board((escaped[k % len(escaped)], *board.faces[1:]), board.rows, board.cols)
        for k, board in enumerate(boards)
        if escaped
    ]
    rules = RulesChoice().for_size(*shape)
    scores = KernelScorer(lexicon, variant_runner).score_boards(boards, rules)
    assert scores == native_scores(boards, lexicon, rules) and any(scores)


@pytest.mark.parametrize("variant", ["tagged-set", "lean-shared", "lanes-4", "lanes-16"])
def test_a_full_tagged_word_set_sends_the_board_on(
    enable: Lexicon, kernel_folder: str, variant: str
) -> None:
    """Tagged sets of 12 words: nearly every board fills the first and second pass and is
    scored on the CPU; 300 boards a launch take the tags past 255 (the slots cleared; with
    lanes, the set a board's lanes share)."""
    runner = CpuBuildRunner(
        compile_kernel(kernel_folder, set_bits=4, defines=KERNEL_VARIANTS[variant])
    )
    boards = list(random_boards(4, 4, 300, seed=41))
    scores = KernelScorer(enable, runner).score_boards(boards, CLASSIC)
    assert scores == native_scores(boards, enable, CLASSIC)
    cells = 16
    table = KernelScorer(enable, runner)
    faces = numpy.frombuffer(
        b"".join(code for board in boards if (code := table.core.encode_board(board))),
        dtype=numpy.uint8,
    )
    found = numpy.empty(len(boards), dtype=numpy.int64)
    near = neighbour_masks(4, 4)
    points = kernel_points(CLASSIC, table.core.longest)
    runner.launch("bg_score_boards_small", len(boards), table.trie, faces, cells, near,
                  points, len(points), found)  # fmt: skip
    assert (found == OVERFLOW).sum() > len(boards) // 2
    assert all(s == e for s, e, f in zip(scores, found, found != OVERFLOW, strict=True) if f)


LANE_VARIANTS = sorted(name for name in KERNEL_VARIANTS if name.startswith(("lanes-", "warp-")))
"""The cooperative variants: lanes of a warp sharing a board (BG_LANES_PER_BOARD)."""


@cache
def lanes_build(folder: str, variant: str, more: tuple[str, ...] = ()) -> CpuBuildRunner:
    return variant_build(folder, (*KERNEL_VARIANTS[variant], *more))


@pytest.fixture(scope="module", params=LANE_VARIANTS)
def lanes_runner(kernel_folder: str, request: pytest.FixtureRequest) -> CpuBuildRunner:
    return lanes_build(kernel_folder, request.param)


def test_the_lanes_variants_share_the_first_pass_only() -> None:
    """Off by default; the host sizes a board's shared words as the kernel lays them out."""
    assert len(LANE_VARIANTS) >= 3 and KERNEL_DEFAULTS["BG_LANES_PER_BOARD"] == 1
    lanes = {kernel_settings(KERNEL_VARIANTS[name])["BG_LANES_PER_BOARD"] for name in LANE_VARIANTS}
    assert lanes >= {4, 8, 16} and all(32 % count == 0 for count in lanes)
    assert all(first_set_bits(KERNEL_VARIANTS[name]) == LANES_SET_BITS for name in LANE_VARIANTS)
    header = re.search(r"#define BG_GROUP_HEADER (\d+)", KERNEL_FILE.read_text(encoding="utf-8"))
    assert header is not None and int(header.group(1)) == LANES_HEADER


def work_counts(folder: str, variant: str, boards: list[Board], lexicon: Lexicon) -> dict[str, int]:
    """The CPU build's counts (``BG_COUNT_STEPS``) of ``variant`` scoring ``boards``: search
    steps, trie node reads and prefetches, as ``benchmarks/gpu_steps.py`` reads them."""
    defines = (*KERNEL_VARIANTS[variant], "BG_COUNT_STEPS=1")
    runner = CpuBuildRunner(compile_kernel(folder, small_set_bits=LANES_SET_BITS, defines=defines))
    counters = {what: ctypes.c_uint64.in_dll(runner.library, f"bg_count_{what}")
                for what in ("steps", "reads", "prefetches")}  # fmt: skip
    for counter in counters.values():
        counter.value = 0
    scores = KernelScorer(lexicon, runner).score_boards(boards, CLASSIC)
    assert scores == native_scores(boards, lexicon, CLASSIC)
    return {what: counter.value for what, counter in counters.items()}


def test_the_children_at_push_variants_do_what_they_say(
    enable: Lexicon, kernel_folder: str
) -> None:
    """The scores alone would not see a filter that filters nothing or a prefetch never
    issued: the filter takes the steps of letters that cannot follow out of the search loop
    (about half of them on 4x4 dice) with the same node reads; the prefetch adds a prefetch
    a kept child and nothing else; eager reads children at the push and steps into fewer."""
    boards = [roll_board("new", seed) for seed in range(300)]
    base = work_counts(kernel_folder, "lanes-16", boards, enable)
    filtered = work_counts(kernel_folder, "lanes-16-filter", boards, enable)
    prefetched = work_counts(kernel_folder, "lanes-16-prefetch", boards, enable)
    eager = work_counts(kernel_folder, "lanes-16-eager", boards, enable)
    assert base["prefetches"] == filtered["prefetches"] == 0
    assert filtered["steps"] < 0.7 * base["steps"] and filtered["reads"] == base["reads"]
    assert prefetched == {**filtered, "prefetches": prefetched["prefetches"]}
    assert 0.5 * filtered["reads"] < prefetched["prefetches"] <= filtered["reads"]
    assert eager["prefetches"] == prefetched["prefetches"]
    assert eager["steps"] < filtered["steps"] and eager["reads"] > filtered["reads"]


def first_pass_scores(
    scorer: KernelScorer, boards: list[Board], shape: tuple[int, int], rules: Rules
) -> numpy.ndarray:
    """The first pass alone (``bg_score_boards_small``) on the scorer's runner, CPU build or
    GPU: each board's score or ``OVERFLOW``, before the second pass rescores those."""
    runner = scorer.runner
    faces = numpy.frombuffer(
        b"".join(scorer.core.encode_board(board) or b"" for board in boards), dtype=numpy.uint8
    )
    points = kernel_points(rules, scorer.core.longest)
    first = runner.xp.empty(len(boards), dtype=runner.xp.int64)
    runner.launch("bg_score_boards_small", len(boards), scorer.trie, runner.upload(faces),
                  shape[0] * shape[1], runner.upload(neighbour_masks(*shape)),
                  runner.upload(points), len(points), first)  # fmt: skip
    runner.synchronize()
    return numpy.asarray(runner.to_host(first))


def first_pass_agrees(
    scorer: KernelScorer,
    boards: list[Board],
    shape: tuple[int, int],
    rules: Rules,
    expected: list[int],
) -> float:
    """Asserts every board the first pass alone scored has native's score (``expected``);
    the share of the boards it scored (the rest it leaves to the second pass)."""
    first = first_pass_scores(scorer, boards, shape, rules)
    scored = first != OVERFLOW
    assert first[scored].tolist() == [e for e, s in zip(expected, scored, strict=True) if s]
    return float(scored.sum()) / len(boards)


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (6, 6), (1, 7), (2, 2)])
@pytest.mark.parametrize("rules", [CLASSIC, BIG, ODD_SCORING], ids=lambda r: r.name)
def test_lanes_sharing_a_board_score_as_native(
    enable: Lexicon,
    lanes_runner: CpuBuildRunner,
    shape: tuple[int, int],
    rules: Rules,
    request: pytest.FixtureRequest,
) -> None:
    """Every rule set and shape, boards of fewer cells than lanes (1x7, 2x2: the lanes past
    the last cell have no search) and the raw first pass: a board it scores is native's."""
    boards = list(random_boards(*shape, 40, seed=shape[0] * 11 + shape[1]))
    scorer = KernelScorer(enable, lanes_runner)
    expected = native_scores(boards, enable, rules)
    assert scorer.score_boards(boards, rules) == expected and any(expected)
    share = first_pass_agrees(scorer, boards, shape, rules, expected)
    variant = request.node.callspec.params["lanes_runner"]
    if kernel_settings(KERNEL_VARIANTS[variant])["BG_WARP_LIST"] and shape[0] * shape[1] > 32:
        assert share == 0  # the warp's list keeps 32 cells in use: the second pass scores it
    else:
        assert share > 0.5


def test_the_choice_by_size_is_the_fastest_measured_and_a_variant_for_every_size() -> None:
    """``auto_variant``: the warp's list (the fastest on 4x4 and 5x5 boards given, 54.8M and
    15.0M boards/s on an H200) up to 25 cells, and for the stats of boards up to 16 cells
    (39.1M against 31.7M); the old ``default`` on the unmeasured rest and 5x5 stats."""
    chosen = [auto_variant(cells) for cells in range(1, MAX_CELLS + 1)]
    assert chosen[15] == chosen[24] == "warp-list" and chosen[25] == chosen[35] == "default"
    assert chosen == sorted(chosen, key=["warp-list", "default"].index)
    stats = [auto_variant(cells, stats=True) for cells in range(1, MAX_CELLS + 1)]
    assert stats[15] == "warp-list" and stats[16] == stats[24] == "default"
    assert stats == sorted(stats, key=["warp-list", "default"].index)


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (4, 5), (6, 6)])
@pytest.mark.parametrize("rules", [CLASSIC, BIG, ODD_SCORING], ids=lambda r: r.name)
def test_the_variant_chosen_for_each_size_equals_native(
    enable: Lexicon, kernel_folder: str, shape: tuple[int, int], rules: Rules
) -> None:
    """The CPU build of the variant the gpu engine runs when none is named, on random
    boards of its size (dice and uniform letters) under every rule set, and its first pass
    alone: every board it scores there is native's."""
    variant = auto_variant(shape[0] * shape[1])
    scorer = KernelScorer(enable, lanes_build(kernel_folder, variant))
    boards = list(random_boards(*shape, 120, seed=shape[0] * 13 + shape[1]))
    expected = native_scores(boards, enable, rules)
    assert scorer.score_boards(boards, rules) == expected and any(expected)
    assert first_pass_agrees(scorer, boards, shape, rules, expected) > 0.5


@pytest.mark.parametrize("shape", [(4, 4), (5, 5)])
def test_the_variant_chosen_for_each_size_equals_native_in_polish(
    kernel_folder: str, shape: tuple[int, int]
) -> None:
    """Polish: letters past the 31 that fit a mask (the escapes), its digraph faces, and the
    device-made stats of the size, on the chosen variant's CPU build."""
    polish = language_list("pl")
    runner = lanes_build(kernel_folder, auto_variant(shape[0] * shape[1]))
    boards = [measured_board(polish, *shape, seed=seed) for seed in range(120)]
    scores = KernelScorer(polish, runner).score_boards(boards, BIG)
    assert scores == native_scores(boards, polish, BIG) and any(scores)
    source = BoardSource.named("uniform", *shape)
    expected = score_stats(400, source, polish, BIG, seed=4, top=3)
    got = random_stats(KernelScorer(polish, runner), source, 4, 400, BIG, 3, batch=150)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]


SHARED_SET_UNDER_THREADS = r"""
#include "kernel.cu"
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <random>
#include <thread>
#include <vector>

int main() {
    enum { BITS = 9, LANES = 8, LIMIT = (1 << BITS) / 4 * 3 };
    static bg_u32 group[BG_GROUP_HEADER + (1 << BITS)];
    bg_tagged_set<BITS, 1> sets[LANES];
    for (int lane = 0; lane < LANES; lane++) {
        sets[lane].slots = group + BG_GROUP_HEADER;
        sets[lane].stride = 1;
        sets[lane].shared_count = group;
        sets[lane].lane = lane;
        sets[lane].lanes = LANES;
        sets[lane].clear_all();
    }
    std::mt19937 random(7);
    long races = 0, full_rounds = 0;
    for (int round = 0; round < 600; round++) { /* 600 boards: the tags wrap twice */
        const int keys = round % 4 == 3 ? 450 : 300 + round % 80;
        std::vector<bg_u32> pool(keys);
        for (int k = 0; k < keys; k++) pool[k] = (bg_u32)(random() % 5000000u) * 3u + k % 3;
        std::sort(pool.begin(), pool.end());
        pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
        std::vector<std::vector<bg_u32> > orders(LANES, pool);
        for (int lane = 0; lane < LANES; lane++)
            std::shuffle(orders[lane].begin(), orders[lane].end(), random);
        std::vector<std::vector<int> > got(LANES, std::vector<int>(pool.size()));
        std::vector<std::thread> threads;
        std::atomic<int> ready(0);
        for (int lane = 0; lane < LANES; lane++)
            threads.push_back(std::thread([&, lane]() {
                ready++;
                while (ready.load() < LANES) std::this_thread::yield(); /* all at once */
                for (size_t i = 0; i < orders[lane].size(); i++) {
                    const bg_u32 key = orders[lane][i];
                    const size_t at =
                        std::lower_bound(pool.begin(), pool.end(), key) - pool.begin();
                    got[lane][at] = sets[lane].add(key);
                }
            }));
        for (auto &thread : threads) thread.join();
        bool full = false;
        for (int lane = 0; lane < LANES; lane++)
            for (size_t k = 0; k < pool.size(); k++) full = full || got[lane][k] < 0;
        for (size_t k = 0; k < pool.size(); k++) {
            int fresh = 0;
            for (int lane = 0; lane < LANES; lane++) fresh += got[lane][k] == 1;
            if (fresh > 1 || (!full && fresh != 1)) {
                std::printf("round %d: key %u counted %d times\n", round, pool[k], fresh);
                return 1;
            }
        }
        if (!full && group[0] != pool.size()) {
            std::printf("round %d: count %u for %zu words\n", round, group[0], pool.size());
            return 1;
        }
        if (full != (pool.size() > (size_t)LIMIT)) {
            std::printf("round %d: full %d with %zu words\n", round, (int)full, pool.size());
            return 1;
        }
        full_rounds += full;
        races += pool.size();
        for (int lane = 1; lane < LANES; lane++) sets[lane].reset(); /* lane 0 last: the count */
        sets[0].reset();
    }
    std::printf("ok %ld words, %ld full boards\n", races, full_rounds);
    return 0;
}
"""


def test_the_shared_word_set_counts_each_word_once_under_threads(tmp_path: Path) -> None:
    """The lanes' word set (BG_LANES_PER_BOARD) raced for real: 8 threads add the same words
    in their own orders to one set, board after board (tags past 255): each word is new to
    exactly one lane, the shared count is the words', and a board of more words than the
    set holds is found full. The CPU build runs a board's lanes one after another; this is
    the atomicCAS protocol the GPU's lanes run at once (a plain store in place of the CAS
    fails here within a few boards)."""
    compiler = find_compiler()
    assert compiler is not None
    program = tmp_path / "set_under_threads.cpp"
    program.write_text(SHARED_SET_UNDER_THREADS, encoding="utf-8")
    binary = tmp_path / "set_under_threads"
    built = subprocess.run(
        [compiler, "-std=c++11", "-O2", "-pthread", "-DBG_LANES_PER_BOARD=8",
         f"-I{KERNEL_FILE.parent}", str(program), "-o", str(binary)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr[-2000:]
    done = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stdout + done.stderr
    assert int(done.stdout.split()[3]) > 100  # the boards past the set's size were found full


GPU_BUILD_ON_THREADS = r"""
/* kernel.cu's GPU build (BG_GPU 1) run on CPU threads: a thread a GPU thread, a block's
 * threads at once, the blocks one after another; __syncwarp a barrier of the mask's lanes,
 * shuffles through memory, atomics the __atomic builtins, shared memory one array filled
 * with junk before each block.  A lane outside its own mask, a shuffle reading outside it,
 * and a barrier some lane of its mask never reaches (waited BG_WAITS times 50 ms, 5 s unless
 * told: it exited, or waits at another) are counted as errors; after one, no barrier waits. */
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

struct bg_dim { unsigned x; };
static thread_local bg_dim threadIdx, blockIdx;
static bg_dim blockDim, gridDim;
static std::atomic<int> bg_errors(0);

#define __CUDACC__ 1
#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__
#define __popc(x) __builtin_popcount(x)
#define __ffsll(x) __builtin_ffsll(x)
#define __umul64hi(a, b) ((unsigned long long)(((unsigned __int128)(a) * (b)) >> 64))
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T atomicAdd(T *p, T v) {
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
template <class T> static inline T atomicCAS(T *p, T expected, T desired) {
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
}
static inline void __syncthreads() { bg_errors++; /* no kernel of the lanes calls it */ }

#ifndef BG_WAITS
#define BG_WAITS 100
#endif

struct bg_barrier {
    std::mutex lock;
    std::condition_variable wake;
    int waiting = 0, need = 0;
    unsigned long round = 0;
};
static bg_barrier bg_barriers[1024];

static inline void __syncwarp(unsigned mask = 0xffffffffu) {
    if (bg_errors.load()) return;
    const unsigned lane = threadIdx.x % 32;
    if (!((mask >> lane) & 1u)) { bg_errors++; return; } /* a lane outside its own mask */
    bg_barrier &barrier = bg_barriers[(threadIdx.x / 32) * 32 + __builtin_ctz(mask)];
    std::unique_lock<std::mutex> hold(barrier.lock);
    const int need = __builtin_popcount(mask);
    if (barrier.waiting && barrier.need != need) bg_errors++; /* two masks at one barrier */
    barrier.need = need;
    const unsigned long round = barrier.round;
    if (++barrier.waiting == need) {
        barrier.waiting = 0;
        barrier.round++;
        barrier.wake.notify_all();
        return;
    }
    for (int waited = 0; barrier.round == round; waited++) {
        if (bg_errors.load() || waited == BG_WAITS) { /* after an error, no lane waits again */
            if (!bg_errors.load()) bg_errors++; /* a lane of the mask never came */
            barrier.waiting--;
            return;
        }
        barrier.wake.wait_for(hold, std::chrono::milliseconds(50));
    }
}

/* The lanes' meeting in a shuffle or a ballot.  CUDA orders no memory there (only
 * __syncwarp does), so under ThreadSanitizer (-fsanitize=thread) the meeting is hidden from
 * it: a kernel that leans on a ballot to order its shared memory shows as a race. */
#if defined(__SANITIZE_THREAD__)
extern "C" void AnnotateIgnoreSyncBegin(const char *, int);
extern "C" void AnnotateIgnoreSyncEnd(const char *, int);
extern "C" void AnnotateIgnoreReadsBegin(const char *, int);
extern "C" void AnnotateIgnoreReadsEnd(const char *, int);
extern "C" void AnnotateIgnoreWritesBegin(const char *, int);
extern "C" void AnnotateIgnoreWritesEnd(const char *, int);
static inline void bg_meet(unsigned mask) {
    AnnotateIgnoreSyncBegin(__FILE__, __LINE__);
    AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
    AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
    __syncwarp(mask);
    AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
    AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
    AnnotateIgnoreSyncEnd(__FILE__, __LINE__);
}
#else
static inline void bg_meet(unsigned mask) { __syncwarp(mask); }
#endif

/* The lanes' values, relaxed atomics, in two rows taken in turn by a lane's exchanges (the
 * lanes of a mask make the same ones): a lane writes a row again two exchanges on, past
 * a meeting every lane of its mask reaches only once done reading it, so one meeting an
 * exchange is enough. */
static long long bg_exchange[2][1024];
static thread_local unsigned bg_exchanges;
static inline void bg_offer(long long value) {
    __atomic_store_n(&bg_exchange[bg_exchanges & 1][threadIdx.x], value, __ATOMIC_RELAXED);
}
static inline long long bg_take(unsigned lane) {
    return __atomic_load_n(&bg_exchange[bg_exchanges & 1][threadIdx.x - threadIdx.x % 32 + lane],
                           __ATOMIC_RELAXED);
}

template <class T>
static inline T __shfl_xor_sync(unsigned mask, T value, int offset, int width = 32) {
    const unsigned lane = threadIdx.x % 32, partner = (lane ^ (unsigned)offset) % (unsigned)width;
    if (!((mask >> partner) & 1u)) bg_errors++; /* reads a lane outside the mask */
    bg_offer((long long)value);
    bg_meet(mask);
    const T got = (T)bg_take(partner);
    bg_exchanges++;
    return got;
}

/* A ballot through memory: each lane's vote, then the votes of the mask's lanes. */
template <class T> static inline unsigned __ballot_sync(unsigned mask, T predicate) {
    bg_offer(predicate ? 1 : 0);
    bg_meet(mask);
    unsigned votes = 0;
    for (unsigned k = 0; k < 32; k++)
        if (((mask >> k) & 1u) && bg_take(k)) votes |= 1u << k;
    bg_exchanges++;
    return votes;
}
template <class T> static inline int __any_sync(unsigned mask, T predicate) {
    return __ballot_sync(mask, predicate) != 0;
}

#define bg_score_boards_small bg_device_score_boards_small
#define bg_score_boards_large bg_device_score_boards_large
#define bg_roll_boards bg_device_roll_boards
#define bg_random_stats_small bg_device_random_stats_small
#define bg_random_stats_large bg_device_random_stats_large
#include "kernel.cu"
#undef bg_score_boards_small
#undef bg_score_boards_large
#undef bg_roll_boards
#undef bg_random_stats_small
#undef bg_random_stats_large

bg_u32 bg_shared[1 << 18]; /* a block's dynamic shared memory (1 MiB) */
static int bg_grid = 2, bg_block = 64;

template <class Kernel> static void bg_launch(Kernel kernel) {
    gridDim.x = (unsigned)bg_grid;
    blockDim.x = (unsigned)bg_block;
    for (int block = 0; block < bg_grid; block++) {
        std::memset(bg_shared, 0xa5, sizeof bg_shared); /* shared memory starts as junk */
        std::vector<std::thread> threads;
        for (int thread = 0; thread < bg_block; thread++)
            threads.emplace_back([=] {
                blockIdx.x = (unsigned)block;
                threadIdx.x = (unsigned)thread;
                kernel();
            });
        for (auto &thread : threads) thread.join();
    }
}

#define BG_SCORE_ARGS                                                                          \
    const bg_u32 *nodes, const bg_u8 *faces, int n, const bg_u64 *near, const bg_i32 *points,  \
        int points_len, bg_i64 *scores, bg_u64 start, bg_u64 end
#define BG_STATS_ARGS                                                                          \
    const bg_u32 *nodes, int n, const bg_u64 *near, const bg_i32 *points, int points_len,      \
        const bg_u32 *cube_faces, const bg_u32 *face_counts, int dice, int width, bg_u64 seed, \
        bg_u64 base, const bg_u64 *indices, bg_i64 *scores, bg_u64 *hist, bg_i64 low,          \
        bg_u64 bins, bg_u64 start, bg_u64 end
#define BG_SCORE_NAMES nodes, faces, n, near, points, points_len, scores, start, end
#define BG_STATS_NAMES                                                                         \
    nodes, n, near, points, points_len, cube_faces, face_counts, dice, width, seed, base,      \
        indices, scores, hist, low, bins, start, end

extern "C" {
void bg_emulate_shape(int grid, int block) { bg_grid = grid, bg_block = block; }
int bg_emulate_errors() { return bg_errors.load(); }

void bg_score_boards_small(BG_SCORE_ARGS) {
    bg_launch([=] { bg_device_score_boards_small(BG_SCORE_NAMES); });
}
void bg_score_boards_large(BG_SCORE_ARGS) {
    bg_launch([=] { bg_device_score_boards_large(BG_SCORE_NAMES); });
}
void bg_roll_boards(const bg_u32 *cube_faces, const bg_u32 *face_counts, int dice, int width,
                    int n, bg_u64 seed, bg_u64 base, const bg_u64 *indices, bg_u32 *faces,
                    bg_u64 start, bg_u64 end) {
    bg_launch([=] {
        bg_device_roll_boards(cube_faces, face_counts, dice, width, n, seed, base, indices,
                              faces, start, end);
    });
}
void bg_random_stats_small(BG_STATS_ARGS) {
    bg_launch([=] { bg_device_random_stats_small(BG_STATS_NAMES); });
}
void bg_random_stats_large(BG_STATS_ARGS) {
    bg_launch([=] { bg_device_random_stats_large(BG_STATS_NAMES); });
}
}
"""
"""A harness that compiles ``kernel.cu`` as the GPU compiles it (``BG_GPU`` 1: the lanes'
``__syncwarp``, shuffles, group masks, shared memory by ``threadIdx``, the lanes' striped
loads and clears) and runs each launch as a grid of CPU threads; it exports the kernels'
names, so :class:`CpuBuildRunner` drives it as it drives the CPU build."""


def gpu_build_on_threads(
    folder: str, variant: str, block: int, more: tuple[str, ...] = ()
) -> tuple[CpuBuildRunner, Any]:
    """``variant`` compiled with the gpu engine's defines (and ``more``) into
    :data:`GPU_BUILD_ON_THREADS`; its runner and its library (``bg_emulate_shape``,
    ``bg_emulate_errors``)."""
    compiler = find_compiler()
    assert compiler is not None
    program = Path(folder) / "gpu_build_on_threads.cpp"
    program.write_text(GPU_BUILD_ON_THREADS, encoding="utf-8")
    tag = "".join(f"_{define.replace('=', '')}" for define in more)
    library = Path(folder) / f"gpu_build_on_threads_{variant}_{block}{tag}.so"
    defines = (*KERNEL_VARIANTS[variant], *more)
    options = compile_options(block, LANES_SET_BITS, None, defines=defines)
    built = subprocess.run(
        [compiler, "-std=c++17", "-O1", "-pthread", "-shared", "-fPIC", "-Wall",
         "-Wno-unknown-pragmas", f"-I{KERNEL_FILE.parent}",
         *(option for option in options if option.startswith("-D")),
         str(program), "-o", str(library)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert built.returncode == 0 and "warning" not in built.stderr, built.stderr[-2000:]
    return CpuBuildRunner(str(library)), ctypes.CDLL(str(library))


@pytest.mark.parametrize(
    ("variant", "grid", "block"),
    [
        ("lanes-4", 2, 64),
        ("lanes-8-next", 3, 32),
        ("lanes-16", 1, 32),
        ("lanes-16-split8", 2, 32),
        ("lanes-32-split2", 1, 64),
        ("lanes-16-eager", 1, 32),
        ("lanes-16-next-prefetch", 2, 32),
        ("warp-list", 2, 64),
    ],
)
def test_the_lanes_gpu_build_on_threads_scores_as_native(
    enable: Lexicon, kernel_folder: str, variant: str, grid: int, block: int
) -> None:
    """The lines of the lanes that only the GPU compiles, run by a thread a lane: every group
    of a warp syncs and sums over its own lanes (a full-warp mask deadlocks here, as groups
    get different numbers of boards), the faces a group loads are read after its sync (none
    there: wrong scores), the first pass alone scores nearly every board as native, the
    board-made stats (lane 0 makes the board) equal the CPU path's; ``lanes-16`` in one
    block of 32 gives each of its 2 groups 300 4x4 boards a launch, the tags past 255, so
    the lanes' shared clear of their set runs too (a slot it missed rarely shows, though:
    boards overwrite nearly every slot long before its tag comes round again).  ``warp-list``
    meets all 32 lanes of its warp at a barrier each step, the harness's slowest by far (78 s
    of 143 on a loaded machine): it scores a quarter of the boards, its 4 warps 37 4x4 each
    (its tags' wrap is the next test's, in one warp)."""
    runner, library = gpu_build_on_threads(kernel_folder, variant, block)
    library.bg_emulate_shape(grid, block)
    scorer = KernelScorer(enable, runner)
    part = 4 if variant == "warp-list" else 1
    for shape, count in (((4, 4), 600 // part), ((5, 5), 150 // part), ((2, 2), 40)):
        boards = list(random_boards(*shape, count, seed=shape[0] + block))
        rules = RulesChoice().for_size(*shape)
        expected = native_scores(boards, enable, rules)
        assert first_pass_agrees(scorer, boards, shape, rules, expected) >= 0.99
        assert scorer.score_boards(boards, rules) == expected
    source = BoardSource.named("big")
    stats = score_stats(300 // part, source, enable, BIG, seed=3, top=4)
    got = random_stats(scorer, source, 3, 300 // part, BIG, 4, batch=300)
    assert got is not None and got.counts == dict(stats.counts)
    assert got.best == [(board.score, board.index) for board in stats.best]
    assert library.bg_emulate_errors() == 0


def test_the_warp_list_on_threads_wraps_its_tags_and_reads_every_face(
    enable: Lexicon, kernel_folder: str
) -> None:
    """``warp-list``'s GPU build in one warp (a block of 32): 280 3x3 boards a launch (small,
    the harness's barriers are slow), so its set's tags pass 255 and the lanes' shared clear
    runs between two boards; Spanish boards of ``ch``, ``ll`` and ``rr`` faces (a face of
    several codes followed in the trie) and Polish ones (escaped letters): the first pass
    alone scores every board as native."""
    runner, library = gpu_build_on_threads(kernel_folder, "warp-list", 32)
    library.bg_emulate_shape(1, 32)
    boards = list(random_boards(3, 3, 280, seed=9))
    expected = native_scores(boards, enable, CLASSIC)
    scorer = KernelScorer(enable, runner)
    assert first_pass_agrees(scorer, boards, (3, 3), CLASSIC, expected) == 1 and any(expected)
    for language in ("es", "pl"):
        lexicon = language_list(language)
        boards = [measured_board(lexicon, 4, 4, seed=seed) for seed in range(12)]
        expected = native_scores(boards, lexicon, BIG)
        scorer = KernelScorer(lexicon, runner)
        assert first_pass_agrees(scorer, boards, (4, 4), BIG, expected) == 1 and any(expected)
    assert library.bg_emulate_errors() == 0


def test_a_full_warp_list_sends_the_board_on_as_the_cpu_build_does(
    enable: Lexicon, kernel_folder: str
) -> None:
    """A list of 40 states (``BG_WARP_STACK``) fills on most boards: each goes to the second
    pass, exact; the GPU build on threads sends on the very boards the CPU build does (it
    runs the lanes' steps in the GPU's order), on boards of 7 to 36 cells (4x8: 32 cells, a
    bit of the cells in use each; 6x6: past them, every board on).  A list under 32 states,
    which the start cells could overrun, does not compile."""
    small = ("BG_WARP_STACK=40",)
    on_cpu = KernelScorer(enable, lanes_build(kernel_folder, "warp-list", small))
    runner, library = gpu_build_on_threads(kernel_folder, "warp-list", 64, small)
    library.bg_emulate_shape(1, 64)
    on_threads = KernelScorer(enable, runner)
    for shape, count in (((4, 4), 60), ((5, 5), 20), ((4, 8), 12), ((1, 7), 20), ((6, 6), 4)):
        boards = list(random_boards(*shape, count, seed=shape[0] * 7 + shape[1]))
        rules = RulesChoice().for_size(*shape)
        expected = native_scores(boards, enable, rules)
        first = first_pass_scores(on_threads, boards, shape, rules)
        assert first.tolist() == first_pass_scores(on_cpu, boards, shape, rules).tolist()
        scored = first != OVERFLOW
        assert first[scored].tolist() == [e for e, s in zip(expected, scored, strict=True) if s]
        assert on_threads.score_boards(boards, rules) == expected
        if shape == (4, 4):
            assert 0 < scored.sum() < count  # some lists filled, not all
    assert library.bg_emulate_errors() == 0
    with pytest.raises(MissingDependencyError, match="BG_WARP_STACK must be 32 or more"):
        compile_kernel(kernel_folder, defines=(*KERNEL_VARIANTS["warp-list"], "BG_WARP_STACK=16"))


def test_the_threads_harness_finds_a_board_split_between_blocks(
    enable: Lexicon, kernel_folder: str
) -> None:
    """The harness's own check, and why the host cuts a block of lanes to whole warps: in
    blocks of 100 threads, lanes 96..99 of a block make half a group of 8 whose other half
    does not exist, so their barrier never fills (an error after 0.5 s here: BG_WAITS=10
    waits of 50 ms, not the 5 s the other tests wait for a slow lane of a loaded machine)."""
    runner, library = gpu_build_on_threads(kernel_folder, "lanes-8", 100, ("BG_WAITS=10",))
    library.bg_emulate_shape(2, 100)
    boards = list(random_boards(4, 4, 100, seed=2))
    first_pass_scores(KernelScorer(enable, runner), boards, (4, 4), CLASSIC)
    assert library.bg_emulate_errors() > 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_lexicon(max_side=6), st.integers(1, 4), st.sampled_from(LANE_VARIANTS))
def test_lanes_equal_the_trie_engine_on_small_random_cases(
    kernel_folder: str, case: tuple[Board, Lexicon], min_length: int, variant: str
) -> None:
    """Qu and multi-letter faces, Hypothesis-drawn word lists, the lanes variants."""
    board, lexicon = case
    runner = lanes_build(kernel_folder, variant)
    rules = Rules("t", min_length, ((1, 1), (3, 2), (5, 7)))
    assert KernelScorer(lexicon, runner).score_boards([board], rules) == [
        solve(board, lexicon, rules, engine="trie").score
    ]


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
    raw = numpy.empty(30, dtype=numpy.int64)
    tiny_set_runner.launch(
        "bg_score_boards_small",
        30,
        scorer.trie,
        numpy.frombuffer(faces, dtype=numpy.uint8),
        16,
        neighbour_masks(4, 4),
        kernel_points(CLASSIC, core.longest),
        core.longest + 2,
        raw,
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


def _declared_arguments(source: str, kernel: str) -> list[str]:
    """A kernel's parameters as written in kernel.cu (through its macro when it has one)."""
    macro = re.search(rf"^(BG_\w+)\({kernel},", source, re.MULTILINE)
    if macro:
        body = source[source.index(f"#define {macro.group(1)}(NAME") :]
        text = body[body.index("void NAME(") + len("void NAME(") :]
    else:
        text = source[source.index(f"void {kernel}(") + len(f"void {kernel}(") :]
    text = text[: text.index(")")].replace("\\", " ")
    return [" ".join(part.split()) for part in text.split(",")]


def _kind(declaration: str) -> str:
    if "*" in declaration:
        return "p"
    return {"int": "i", "bg_u64": "U", "bg_i64": "I"}[declaration.rsplit(" ", 1)[0]]


@pytest.mark.parametrize("kernel", sorted(KERNEL_SIGNATURES))
def test_the_launch_signatures_match_the_kernel_source(kernel: str) -> None:
    """The GPU runner types each argument by KERNEL_SIGNATURES: a mismatch would pass wrong
    values to the device without an error, so the table is checked against the source."""
    declared = _declared_arguments(KERNEL_FILE.read_text(encoding="utf-8"), kernel)
    assert declared[-2:] == ["bg_u64 start", "bg_u64 end"]
    assert "".join(map(_kind, declared[:-2])) == KERNEL_SIGNATURES[kernel]


def _roll_on_kernel(
    runner: KernelRunner, scorer: KernelScorer, source: BoardSource, seed: int, numbers: list[int]
) -> numpy.ndarray:
    made = generator(scorer, source)
    assert made is not None
    out = runner.xp.empty((len(numbers), source.cells), dtype=runner.xp.uint32)
    listed = runner.upload(numpy.array(numbers, dtype=numpy.uint64))
    runner.launch(
        "bg_roll_boards", len(numbers), made.cube_faces, made.face_counts, made.dice,
        made.width, source.cells, seed, 0, listed, out,
    )  # fmt: skip
    return numpy.asarray(runner.to_host(out))


def _encoded(lexicon: Lexicon, source: BoardSource, seed: int, numbers: list[int]) -> numpy.ndarray:
    """The boards of ``numbers`` as numpy makes them, in the core's codes (32 bits a cell)."""
    core = compiled(lexicon)
    assert core is not None
    rows = [
        b"".join(core.encode_face(face) or b"" for face in board_at(source, seed, n).faces)
        for n in numbers
    ]
    return numpy.stack([numpy.frombuffer(row, dtype="<u4") for row in rows])


SOURCES = [
    BoardSource.named("new"),
    BoardSource.named("classic"),
    BoardSource.named("big"),
    BoardSource.named("superbig"),
    BoardSource.named("uniform", 5, 5),
    BoardSource.named("uniform", 3, 4),
    BoardSource.named("uniform", 8, 8),
    BoardSource.named("uniform", 1, 7),
]


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(SOURCES),
    st.integers(0, 2**64 - 1),
    st.lists(st.integers(0, 2**62), min_size=1, max_size=5),
)
def test_boards_made_on_the_kernel_are_the_numpy_generators_bit_for_bit(
    enable: Lexicon, runner: CpuBuildRunner, source: BoardSource, seed: int, numbers: list[int]
) -> None:
    """`stats --random N --seed SEED` makes the same boards on the device as on the CPU."""
    made = _roll_on_kernel(runner, KernelScorer(enable, runner), source, seed, numbers)
    assert (made == _encoded(enable, source, seed, numbers)).all()


def test_a_run_of_boards_made_on_the_kernel_matches_its_lines(
    enable: Lexicon, runner: CpuBuildRunner
) -> None:
    source = BoardSource.named("new")
    made = _roll_on_kernel(runner, KernelScorer(enable, runner), source, 7, list(range(2000)))
    table, _ = KernelScorer(enable, runner)._letters()
    lines = board_lines(source, 7, 0, 2000)
    letters = numpy.frombuffer("".join(lines).encode("ascii"), dtype=numpy.uint8)
    expected = table[letters.reshape(2000, 16)].view("<u4").reshape(2000, 16)
    assert (made == expected).all()


STATS_CASES = [
    (BoardSource.named("new"), CLASSIC, 10, 3000),
    (BoardSource.named("big"), BIG, 5, 1100),
    (BoardSource.named("uniform", 5, 5), ODD_SCORING, 3, 1000),
    (BoardSource.named("uniform", 3, 4), CLASSIC, 0, 2500),
    (BoardSource.named("superbig"), BIG, 1, 700),
]


@pytest.mark.parametrize(("source", "rules", "top", "batch"), STATS_CASES, ids=str)
def test_stats_made_on_the_kernel_equal_the_cpu_path(
    enable: Lexicon,
    runner: CpuBuildRunner,
    source: BoardSource,
    rules: Rules,
    top: int,
    batch: int,
) -> None:
    """Counts per score and the best boards identical, batches of any size (the first
    batch's candidates found by sorting, the later ones above the threshold)."""
    expected = score_stats(5000, source, enable, rules, seed=11, top=top)
    got = random_stats(KernelScorer(enable, runner), source, 11, 5000, rules, top, batch=batch)
    assert got is not None
    assert got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]
    assert len(got.best) == top


def test_stats_ties_keep_the_lowest_board_numbers(runner: CpuBuildRunner) -> None:
    """A list no board holds a word of: the best are the first boards by number."""
    lexicon = Lexicon.from_words(["zzzzzzzzz"])
    source = BoardSource.named("uniform", 3, 3)
    expected = score_stats(4000, source, lexicon, CLASSIC, seed=2, top=7)
    got = random_stats(KernelScorer(lexicon, runner), source, 2, 4000, CLASSIC, 7, batch=900)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]
    assert [index for _, index in got.best] == list(range(7))


def test_stats_boards_that_fill_the_word_sets_are_rescored(
    enable: Lexicon, tiny_set_runner: CpuBuildRunner
) -> None:
    """Word sets of 12 words: the second pass and the CPU path give the exact summary."""
    source = BoardSource.named("new")
    expected = score_stats(600, source, enable, CLASSIC, seed=5, top=4)
    scorer = KernelScorer(enable, tiny_set_runner)
    got = random_stats(scorer, source, 5, 600, CLASSIC, 4, batch=250)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]


def test_a_progress_callback_sees_every_board(enable: Lexicon, runner: CpuBuildRunner) -> None:
    seen: list[int] = []
    scorer = KernelScorer(enable, runner)
    random_stats(scorer, BoardSource.named("new"), 1, 1000, CLASSIC, 2, seen.append, batch=300)
    assert seen == [300, 300, 300, 100]


class CtrlCAfterLaunch:
    """A runner whose ``launches``-th first-pass launch of the stats is followed by a
    Ctrl-C, the kernel already queued (on a GPU, maybe still running)."""

    def __init__(self, runner: Any, launches: int) -> None:
        self.runner, self.left = runner, launches

    def __getattr__(self, name: str) -> Any:
        return getattr(self.runner, name)

    def launch(self, kernel: str, items: int, *arguments: Any) -> None:
        self.runner.launch(kernel, items, *arguments)
        if kernel == "bg_random_stats_small":
            self.left -= 1
            if self.left == 0:
                raise KeyboardInterrupt


def stopped_stats_equal_a_shorter_run(
    enable: Lexicon, runner: Any, launches: int, source: BoardSource, batch: int
) -> int:
    """Stats stopped after the ``launches``-th launch: the two batches then on the device
    (the one launched, the one before) left out, the summary that of the boards done, as
    the device and the native engine summarise that many; returns how many."""
    stopped = random_stats(
        KernelScorer(enable, CtrlCAfterLaunch(runner, launches)), source, 4, 10**9,
        CLASSIC, 5, batch=batch,
    )  # fmt: skip
    assert stopped is not None and stopped.interrupted
    assert stopped.boards == max(0, launches - 2) * batch
    again = random_stats(KernelScorer(enable, runner), source, 4, stopped.boards, CLASSIC, 5)
    assert again is not None and not again.interrupted
    assert (again.counts, again.best, again.boards) == (
        stopped.counts,
        stopped.best,
        stopped.boards,
    )
    native = score_stats(stopped.boards, source, enable, CLASSIC, seed=4, top=5)
    assert stopped.counts == dict(native.counts)
    assert stopped.best == [(board.score, board.index) for board in native.best]
    return stopped.boards


@pytest.mark.parametrize("launches", [1, 2, 4])
def test_stats_stopped_on_the_kernel_summarise_the_batches_done(
    enable: Lexicon, tiny_set_runner: CpuBuildRunner, launches: int
) -> None:
    """The kernel's own histogram and scores (word sets of 12 words: the second pass and
    the CPU path too): a Ctrl-C leaves the summary of ``--random DONE``."""
    source = BoardSource.named("new")
    stopped_stats_equal_a_shorter_run(enable, tiny_set_runner, launches, source, 250)


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


def _device() -> KernelRunner:
    from boggle.engines.gpu.device import device_runner

    return device_runner()


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize("source", SOURCES, ids=str)
def test_the_gpu_makes_numpys_boards(enable: Lexicon, source: BoardSource) -> None:
    numbers = [*range(300), 2**40 + 5, 2**62 + 1]
    runner = _device()
    made = _roll_on_kernel(runner, KernelScorer(enable, runner), source, 2**64 - 3, numbers)
    assert (made == _encoded(enable, source, 2**64 - 3, numbers)).all()


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize(("source", "rules", "top", "batch"), STATS_CASES, ids=str)
def test_stats_on_the_gpu_equal_the_cpu_path(
    enable: Lexicon, source: BoardSource, rules: Rules, top: int, batch: int
) -> None:
    expected = score_stats(20_000, source, enable, rules, seed=13, top=top)
    scorer = KernelScorer(enable, _device())
    got = random_stats(scorer, source, 13, 20_000, rules, top, batch=batch * 3)
    assert got is not None
    assert got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize("variant", ["default", "lanes-8"])
def test_the_gpus_second_pass_is_exact(enable: Lexicon, variant: str) -> None:
    """A first word set of 12 words: most boards go through the large set's pass (with
    lanes, the set a board's lanes share fills while they race to claim its slots)."""
    from boggle.engines.gpu.device import DeviceRunner

    scorer = KernelScorer(enable, DeviceRunner(set_bits=4, variant=variant))
    boards = list(random_boards(5, 5, 2000, seed=3))
    assert scorer.score_boards(boards, BIG) == native_scores(boards, enable, BIG)
    source = BoardSource.named("new")
    expected = score_stats(5000, source, enable, CLASSIC, seed=9, top=5)
    got = random_stats(scorer, source, 9, 5000, CLASSIC, 5, batch=1500)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize("variant", sorted(KERNEL_VARIANTS))
def test_the_gpus_variants_equal_native(enable: Lexicon, variant: str) -> None:
    """Each BOGGLE_GPU_VARIANT compiled by NVRTC: shared memory, tags and lean frames as the
    GPU runs them (4x4, 5x5 and 8x8 boards, Polish escapes, the device-made stats)."""
    from boggle.engines.gpu.device import DeviceRunner

    scorer = KernelScorer(enable, DeviceRunner(variant=variant))
    for shape in ((4, 4), (5, 5), (8, 8)):
        boards = list(random_boards(*shape, 1500, seed=11))
        rules = RulesChoice().for_size(*shape)
        expected = native_scores(boards, enable, rules)
        assert scorer.score_boards(boards, rules) == expected
        if variant.startswith(("lanes-", "warp-")) and shape != (8, 8):
            # the lanes' own pass, which the exact second pass would hide: a set their
            # race lost words in, or one that sent every board on, fails here (the CPU
            # build's first pass scores all 3,000 of these boards)
            assert first_pass_agrees(scorer, boards, shape, rules, expected) >= 0.99
    polish = language_list("pl")
    boards = [measured_board(polish, 5, 5, seed=seed) for seed in range(300)]
    on_gpu = KernelScorer(polish, DeviceRunner(variant=variant)).score_boards(boards, BIG)
    assert on_gpu == native_scores(boards, polish, BIG)
    source = BoardSource.named("big")
    expected = score_stats(8_000, source, enable, BIG, seed=5, top=4)
    got = random_stats(scorer, source, 5, 8_000, BIG, 4, batch=3_000)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]


@pytest.mark.skipif(gpu_missing() is not None, reason=f"no GPU here: {gpu_missing()}")
@pytest.mark.parametrize("launches", [2, 3, 5])
def test_stats_stopped_on_the_gpu_summarise_the_batches_done(
    enable: Lexicon, launches: int
) -> None:
    """A Ctrl-C with batches of 2^18 boards still running on the GPU's two streams: they
    are waited for and left out; the summary is that of ``--random DONE`` on the GPU and on
    the native engine (at most 3 x 2^18 boards scored again on the CPU)."""
    for source in (BoardSource.named("new"), BoardSource.named("big")):
        done = stopped_stats_equal_a_shorter_run(enable, _device(), launches, source, 1 << 18)
        assert done == (launches - 2) << 18
