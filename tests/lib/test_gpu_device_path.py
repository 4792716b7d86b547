"""The gpu engine's CuPy path (``boggle.engines.gpu.device``) run without a GPU: CuPy
replaced by a stand-in over NumPy whose ``RawModule`` compiles the kernel's CPU build with
the same ``-D`` options and runs each launch on it.

This is no test of CUDA; it runs every line of the device runner's host side (compile
options, argument types of each launch, null pointers, streams, grid sizes, copies back)
and holds its results equal to the native engine's, so that a first run on a real GPU
fails only for reasons of the GPU itself.
"""

from __future__ import annotations

import argparse
import ctypes
import types
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import numpy
import pytest
import script_modules

from boggle import Board, Lexicon
from boggle.dice.bulk import BoardSource
from boggle.dice.cubes import roll_board
from boggle.engines.gpu import KernelScorer, device
from boggle.engines.gpu.cpu_build import compile_kernel, find_compiler
from boggle.engines.gpu.source import (
    KERNEL_SIGNATURES,
    KERNEL_VARIANTS,
    kernel_settings,
    shared_group,
)
from boggle.engines.native import score_native
from boggle.model.errors import EngineError
from boggle.model.rules import BIG, CLASSIC
from boggle.scale.threads import score_many
from boggle.study.device_stats import random_stats
from boggle.study.stats import score_stats

pytestmark = pytest.mark.skipif(
    find_compiler() is None, reason="no C++ compiler (g++) to build the kernel for the CPU"
)

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCALAR_TYPES = {"i": numpy.int32, "U": numpy.uint64, "I": numpy.int64}


class FakeKernel:
    """A kernel of the CPU build, called as CuPy calls a RawKernel: (grid, block, args)."""

    num_regs = 40
    local_size_bytes = 3000
    max_threads_per_block = 1024

    def __init__(
        self,
        function: Any,
        signature: str,
        launches: list[tuple[str, int, int]],
        bounds: int | None = None,
    ):
        self.function, self.signature, self.launches = function, signature, launches
        if bounds:  # __launch_bounds__(BG_BLOCK, ...): CUDA refuses a larger block
            self.max_threads_per_block = bounds
        self.max_dynamic_shared_size_bytes = 0
        self.shared_sizes: list[int] = []

    def __call__(
        self, grid: tuple[int], block: tuple[int], args: tuple[Any, ...], shared_mem: int = 0
    ) -> None:
        assert len(args) == len(self.signature) + 2
        # beyond 48 KiB a block, CUDA refuses a launch unless the kernel's limit was raised
        assert shared_mem <= max(48 * 1024, self.max_dynamic_shared_size_bytes)
        assert shared_mem <= 227 * 1024
        self.shared_sizes.append(shared_mem)
        values: list[Any] = []
        for kind, value in zip(self.signature + "UU", args, strict=True):
            if kind == "p" and isinstance(value, numpy.ndarray):
                assert value.flags.c_contiguous
                values.append(value.ctypes.data)
            elif kind == "p":  # a null pointer: an 8-byte zero
                assert isinstance(value, numpy.uint64) and int(value) == 0
                values.append(None)
            else:
                assert type(value) is SCALAR_TYPES[kind], (kind, type(value))
                values.append(int(value))
        assert grid[0] >= 1 and 32 <= block[0] <= self.max_threads_per_block
        self.launches.append((self.function.__name__, grid[0], block[0]))
        self.function(*values)


@cache
def cpu_build_of(folder: str, set_bits: int, small_set_bits: int, defines: tuple[str, ...]) -> str:
    """The CPU build of these options, compiled once a module (the tests' runners ask for
    the same few variants again and again: compiling each anew took most of their time)."""
    return compile_kernel(folder, set_bits, small_set_bits=small_set_bits, defines=defines)


def fake_cupy(folder: str, launches: list[tuple[str, int, int]]) -> Any:
    class RawModule:
        def __init__(self, code: str, options: tuple[str, ...]) -> None:
            assert "-std=c++17" in options and "BG_GPU" in code
            defines = dict(o[2:].split("=") for o in options if o.startswith("-D"))
            library = cpu_build_of(
                folder,
                int(defines["BG_LARGE_SET_BITS"]),
                int(defines["BG_SMALL_SET_BITS"]),
                tuple(
                    f"{name}={value}"
                    for name, value in defines.items()
                    if name not in ("BG_SMALL_SET_BITS", "BG_LARGE_SET_BITS")
                ),
            )
            self.library = ctypes.CDLL(library)
            self.bounds = int(defines["BG_BLOCK"]) if "BG_MIN_BLOCKS" in defines else None

        def get_function(self, name: str) -> FakeKernel:
            function = getattr(self.library, name)
            signature = KERNEL_SIGNATURES[name]
            function.argtypes = [
                {"p": ctypes.c_void_p, "i": ctypes.c_int, "U": ctypes.c_uint64}.get(
                    k, ctypes.c_int64
                )
                for k in signature + "UU"
            ]
            function.restype = None
            return FakeKernel(function, signature, launches, self.bounds)

    class Stream:
        def __enter__(self) -> Stream:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

    class Device:
        id = 0
        attributes: ClassVar[dict[str, int]] = {
            "MultiProcessorCount": 4,
            "MaxThreadsPerMultiProcessor": 2048,
            "MaxSharedMemoryPerMultiprocessor": 228 * 1024,
        }
        compute_capability = "90"

        def synchronize(self) -> None:
            return None

    runtime = types.SimpleNamespace(
        getDeviceCount=lambda: 1, getDeviceProperties=lambda i: {"name": b"Fake GPU"}
    )
    cuda = types.SimpleNamespace(runtime=runtime, Device=Device, Stream=Stream)

    class FakeCupy:
        def __init__(self) -> None:
            self.RawModule, self.cuda = RawModule, cuda

        def asarray(self, array: Any) -> Any:
            return numpy.array(array, copy=True, order="C")

        def asnumpy(self, array: Any) -> Any:
            return numpy.array(array, copy=True)

        def __getattr__(self, name: str) -> Any:
            return getattr(numpy, name)

    return FakeCupy()


@pytest.fixture(scope="module")
def build_folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The module's CPU builds (:func:`cpu_build_of`), each named by its options."""
    return str(tmp_path_factory.mktemp("kernel"))


@pytest.fixture
def launches(build_folder: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    made: list[tuple[str, int, int]] = []
    fake = fake_cupy(build_folder, made)
    monkeypatch.setattr(device, "_import_cupy", lambda: fake)
    device.device_runner.cache_clear()
    yield made
    device.device_runner.cache_clear()


@contextmanager
def knobs(monkeypatch: pytest.MonkeyPatch, **values: str) -> Iterator[None]:
    with monkeypatch.context() as patch:
        for name, value in values.items():
            patch.setenv(name, value)
        yield


def test_the_device_runner_scores_as_native(enable: Lexicon, launches: list[Any]) -> None:
    runner = device.device_runner()
    assert runner.device_name == "Fake GPU" and runner.capability == "90"
    lines = [str(roll_board("new", k)) for k in range(300)]
    lines += [str(roll_board("uniform", k, 5, 5)) for k in range(100)]
    lines += ["perslatgsineters", "abc/def"]
    assert score_many(lines, enable, engine="gpu") == score_many(lines, enable)
    assert {name for name, _, _ in launches} == {"bg_score_boards_small", "bg_score_boards_large"}
    assert all(block == 256 for _, _, block in launches)


def test_the_device_runners_stats_equal_the_cpu_path(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    with knobs(
        monkeypatch, BOGGLE_GPU_BLOCK="64", BOGGLE_GPU_SET_BITS="5", BOGGLE_GPU_TOP_REGISTERS="1"
    ):
        runner = device.DeviceRunner()
    assert runner.block == 64 and "-DBG_SMALL_SET_BITS=5" in runner.options
    assert "-DBG_TOP_IN_REGISTERS=1" in runner.options
    scorer = KernelScorer(enable, runner)
    for source, rules in ((BoardSource.named("new"), CLASSIC), (BoardSource.named("big"), BIG)):
        expected = score_stats(3000, source, enable, rules, seed=21, top=6)
        got = random_stats(scorer, source, 21, 3000, rules, 6, batch=1100)
        assert got is not None and got.counts == dict(expected.counts)
        assert got.best == [(board.score, board.index) for board in expected.best]
    assert "bg_random_stats_large" in {name for name, _, _ in launches}  # 24-word sets fill


def test_the_grid_holds_what_the_device_holds(launches: list[Any]) -> None:
    runner = device.device_runner()
    # 40 registers x 256 threads: 6 blocks a processor by registers, 8 by threads; at most
    # 4 by default for the default kernel, as many as fit for the lanes; 4 processors
    assert runner.resident_blocks("bg_score_boards_small", variant="default") == 4 * 4
    assert runner.variant_for(16) == "warp-list"
    assert runner.resident_blocks("bg_score_boards_small", variant="lanes-16") == 4 * 6
    every = device.DeviceRunner(block=128, per_processor=0)
    assert every.resident_blocks("bg_score_boards_small", variant="default") == 4 * 12
    capped = device.DeviceRunner(per_processor=2)
    assert capped.resident_blocks("bg_score_boards_small", variant="lanes-16") == 4 * 2


def test_the_lanes_are_compiled_for_1536_threads_a_processor_unless_told(
    launches: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lanes variants' launch bounds default to 1,536 threads a multiprocessor (6 blocks
    of 256, 12 of 128); the default kernel has none; a minimum given, or 0, is kept."""
    runner = device.DeviceRunner()
    assert "-DBG_MIN_BLOCKS=6" in runner.compiled("lanes-16").options
    assert not any("BG_MIN_BLOCKS" in option for option in runner.compiled("default").options)
    assert "-DBG_MIN_BLOCKS=12" in device.DeviceRunner(block=128).compiled("lanes-8").options
    assert not any(
        "BG_MIN_BLOCKS" in option
        for option in device.DeviceRunner(block=512).compiled("lanes-16").options
    )
    for given, expected in (("0", None), ("3", "-DBG_MIN_BLOCKS=3")):
        with knobs(monkeypatch, BOGGLE_GPU_MIN_BLOCKS=given):
            told = device.DeviceRunner()
        minimums = [o for o in told.compiled("lanes-16").options if "BG_MIN_BLOCKS" in o]
        assert minimums == ([expected] if expected else [])


@pytest.mark.parametrize("variant", ["lean-shared", "shared-faces", "lean", "default", "first"])
def test_a_variant_gets_its_shared_memory_at_each_launch(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """BOGGLE_GPU_VARIANT compiles the variant's defines; its shared word set and faces
    are sized per launch (4 bytes a word a thread), the kernel's limit raised past 48 KiB,
    and the grid cut to the blocks whose shared memory a multiprocessor holds."""
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_BLOCK="128"):
        runner = device.DeviceRunner()
    assert runner.variant == variant
    assert all(f"-D{define}" in runner.options for define in KERNEL_VARIANTS[variant])
    lines = [str(roll_board("new", k)) for k in range(200)]
    lines += [str(roll_board("big", k)) for k in range(60)]
    scorer = KernelScorer(enable, runner)
    boards = [Board.parse(line) for line in lines]
    assert scorer.score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    small = runner.kernels["bg_score_boards_small"]
    settings = kernel_settings(KERNEL_VARIANTS[variant])  # the source's defaults for the rest
    shared_set, shared_faces = settings["BG_SHARED_SET"], settings["BG_SHARED_FACES"]
    slots = (1 << device.SHARED_SET_BITS) if shared_set else 0
    expected = {4 * 128 * (slots + cells) if shared_faces else 4 * 128 * slots
                for cells in (16, 25)}  # fmt: skip
    assert set(small.shared_sizes) == expected
    largest = max(expected)
    assert small.max_dynamic_shared_size_bytes == (largest if largest > 48 * 1024 else 0)
    if largest:
        held = (228 * 1024) // (largest + 1024)
        assert runner.resident_blocks("bg_score_boards_small", largest) == 4 * min(held, 4)
        assert held < 4 or not shared_set  # the shared word set is what limits the grid
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_BLOCK="256"):
        wide = device.DeviceRunner()
    block, shared = wide.launch_shape("bg_score_boards_small", 25)
    assert shared <= 227 * 1024 and block % 32 == 0
    assert block == (192 if shared_set else 256)  # 281 words a thread: 192 threads fit


@pytest.mark.parametrize(
    "variant", ["lanes-4", "lanes-8", "lanes-16", "lanes-16-next", "lanes-16-split8", "lanes-32"]
)
def test_lanes_sharing_a_board_get_a_set_a_board_and_threads_for_every_lane(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """The lanes variants: the first pass's kernels launch a thread for each lane of each
    board, and shared memory for each board's count, word set (2**9 slots) and faces; the
    second pass (one board a thread) keeps the faces a thread of the default."""
    lanes = int(variant.split("-")[1])  # lanes-L, lanes-L-next, lanes-L-splitS
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_BLOCK="256"):
        runner = device.DeviceRunner()
    assert f"-DBG_LANES_PER_BOARD={lanes}" in runner.options
    assert "-DBG_SMALL_SET_BITS=9" in runner.options and runner.set_bits == 9
    boards = [roll_board("new", k) for k in range(300)] + [roll_board("big", k) for k in range(80)]
    scorer = KernelScorer(enable, runner)
    assert scorer.score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    source = BoardSource.named("big")
    expected = score_stats(700, source, enable, BIG, seed=3, top=4)
    got = random_stats(scorer, source, 3, 700, BIG, 4, batch=300)
    assert got is not None and got.counts == dict(expected.counts)
    assert got.best == [(board.score, board.index) for board in expected.best]
    small = runner.kernels["bg_score_boards_small"]
    assert set(small.shared_sizes) == {4 * (256 // lanes) * (2 + 512 + cells) for cells in (16, 25)}
    assert set(runner.kernels["bg_score_boards_large"].shared_sizes) <= {4 * 256 * 25}
    assert set(runner.kernels["bg_random_stats_small"].shared_sizes) == {
        4 * (256 // lanes) * (2 + 512 + 25)
    }
    largest = 4 * (256 // lanes) * (2 + 512 + 25)
    assert small.max_dynamic_shared_size_bytes == (largest if largest > 48 * 1024 else 0)
    resident = runner.resident_blocks("bg_score_boards_small", 4 * (256 // lanes) * 530, 256)
    first = next(grid for name, grid, _ in launches if name == "bg_score_boards_small")
    assert first == min(resident, -(-300 * lanes // 256))  # the 4x4 boards' lanes, all of them
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_SHARED_SET_BITS="10"):
        wide = device.DeviceRunner()
    block, shared = wide.launch_shape("bg_score_boards_small", 16)
    groups = (227 * 1024) // (4 * 1042)  # boards whose 1,024-slot sets a block holds
    assert block == min(256, groups * lanes // 32 * 32) and shared == 4 * (block // lanes) * 1042
    assert wide.launch_shape("bg_score_boards_large", 16) == (256, 4 * 256 * 16)


@pytest.mark.parametrize("variant", ["lanes-8", "lanes-16-next"])
def test_a_block_of_lanes_is_whole_warps_and_a_set_too_large_is_one_clear_error(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """The kernel numbers a board's lanes by the grid's thread / lanes and finds their shared
    words at threadIdx.x / lanes: a block of 100 threads would put one board's lanes in two
    blocks (and, in the last warp, past the shared memory the host sized), so a block of
    lanes is cut to whole warps; the second pass (a board a thread) would keep the 100, but
    the module's launch bounds say 100 threads, which ``block_of`` cuts to 96.  A set so
    large that 32 threads' boards outgrow a block's shared memory is refused in one line,
    not launched, and so is a loop per board, which the lanes cannot run."""
    lanes = int(variant.split("-")[1])
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_BLOCK="100"):
        runner = device.DeviceRunner()
    assert runner.launch_shape("bg_score_boards_small", 16) == (96, 4 * (96 // lanes) * 530)
    assert runner.launch_shape("bg_score_boards_large", 16) == (96, 4 * 96 * 16)
    boards = [roll_board("new", k) for k in range(60)]
    assert KernelScorer(enable, runner).score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    assert {block for name, _, block in launches if name == "bg_score_boards_small"} == {96}
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_SHARED_SET_BITS="15"):
        huge = device.DeviceRunner()
    with pytest.raises(EngineError, match="BOGGLE_GPU_SHARED_SET_BITS lower"):
        huge.launch_shape("bg_score_boards_small", 16)
    with (
        knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_ONE_LOOP="0"),
        pytest.raises(EngineError, match="unset BOGGLE_GPU_ONE_LOOP=0"),
    ):
        device.DeviceRunner()  # the kernel's lanes need its one loop (an #error)


def test_the_device_runner_climbs_as_native(launches: list[Any]) -> None:
    """The population search on the device runner makes the native search's moves."""
    from boggle.search.run import search

    lexicon = Lexicon.from_words(["tea", "eat", "ate", "seat", "east", "rest", "stare", "tears"])
    for settings in (
        {"method": "population", "seed": 4, "pool": 40},
        {"method": "pools", "seed": 4, "pool": 25, "groups": 3},
    ):
        native = search(3, 3, lexicon, CLASSIC, **settings)
        on_device = search(3, 3, lexicon, CLASSIC, engine="gpu", **settings)
        assert [b.to_json() for b in native.best] == [b.to_json() for b in on_device.best]
        assert native.best[0].score > 0 and launches


def test_unnamed_the_runner_picks_each_board_sizes_variant(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No variant named: 4x4 and 5x5 boards go to the warp's list (the fastest measured on
    each), and so do the stats of 4x4 boards; 6x6 boards and 5x5 stats to the old
    ``default``; each compiled once, its own shared memory at each launch (the warp's list:
    a board's set, faces and list of states), and every score native's."""
    monkeypatch.delenv("BOGGLE_GPU_VARIANT", raising=False)
    stats_only = device.DeviceRunner()
    assert stats_only.variants_compiled == ()  # each variant compiled when first needed
    source = BoardSource.named("new")
    expected = score_stats(300, source, enable, CLASSIC, seed=2, top=3)
    got = random_stats(KernelScorer(enable, stats_only), source, 2, 300, CLASSIC, 3, batch=120)
    assert got is not None and got.counts == dict(expected.counts)
    assert stats_only.variants_compiled == ("warp-list",)
    runner = device.device_runner()
    assert runner.variant == "auto" and runner.defines == KERNEL_VARIANTS["warp-list"]
    assert [runner.variant_for(cells) for cells in (4, 16, 20, 25, 36, 64)] == [
        "warp-list", "warp-list", "warp-list", "warp-list", "default", "default"
    ]  # fmt: skip
    boards = [roll_board("new", k) for k in range(200)] + [roll_board("big", k) for k in range(60)]
    boards += [roll_board("uniform", k, 6, 6) for k in range(30)]
    assert KernelScorer(enable, runner).score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    made = {"warp-list": (16, 25), "default": (36,)}
    assert runner.variants_compiled == tuple(made)
    for variant, sizes in made.items():
        small = runner.compiled(variant).kernels["bg_score_boards_small"]
        lanes, _ = shared_group(KERNEL_VARIANTS[variant], "bg_score_boards_small", 16, 9)
        assert set(small.shared_sizes) == {
            4 * (256 // lanes) * shared_group(KERNEL_VARIANTS[variant], "bg_score_boards_small",
                                              cells, 9)[1]
            for cells in sizes
        }  # fmt: skip
    list_words = shared_group(KERNEL_VARIANTS["warp-list"], "bg_score_boards_small", 25, 9)[1]
    assert list_words == (2 + 512 + 25 + 3) // 4 * 4 + 4 * 256  # set, faces, the list
    source = BoardSource.named("big")  # 5x5 stats: the default kernel
    assert runner.variant_for(25, "bg_random_stats_small") == "default"
    expected = score_stats(500, source, enable, BIG, seed=8, top=3)
    got = random_stats(KernelScorer(enable, runner), source, 8, 500, BIG, 3, batch=200)
    assert got is not None and got.counts == dict(expected.counts)
    stats = runner.compiled("default").kernels["bg_random_stats_small"]
    assert set(stats.shared_sizes) == {4 * 256 * 25}
    assert runner.variants_compiled == tuple(made)


@pytest.mark.parametrize("variant", ["default", "lean", "lanes-8"])
def test_a_variant_named_in_the_environment_scores_every_size(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """``BOGGLE_GPU_VARIANT`` overrides the choice by size: one variant for every board."""
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant):
        runner = device.DeviceRunner()
    assert runner.variant == variant
    assert {runner.variant_for(cells) for cells in (9, 16, 25, 36)} == {variant}
    boards = [roll_board("new", k) for k in range(50)] + [roll_board("big", k) for k in range(20)]
    assert KernelScorer(enable, runner).score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    assert runner.variants_compiled == (variant,)  # nothing else compiled
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT="auto"):
        assert device.DeviceRunner().variant_for(25) == "warp-list"
    with (
        knobs(monkeypatch, BOGGLE_GPU_VARIANT="fastest"),
        pytest.raises(EngineError, match="one of: auto, default"),
    ):
        device.DeviceRunner()


@pytest.mark.parametrize(
    "setting",
    [
        {"BOGGLE_GPU_ONE_LOOP": "0"},  # a loop per board: the lanes' kernels do not compile
        {"BOGGLE_GPU_SET_BITS": "5"},  # the default kernel's own first set, which lanes ignore
        {"BOGGLE_GPU_SHARED_SET_BITS": "16"},  # a board's set past a block's shared memory
    ],
    ids=lambda setting: ",".join(setting),
)
def test_the_choice_by_size_keeps_the_old_kernel_where_lanes_cannot_run(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch, setting: dict[str, str]
) -> None:
    """Knobs the old default ran under still run, on it: the choice by size never picks a
    variant that would refuse them (or read them otherwise)."""
    monkeypatch.delenv("BOGGLE_GPU_VARIANT", raising=False)
    with knobs(monkeypatch, **setting):
        runner = device.DeviceRunner()
    assert runner.variant == "auto"
    assert {runner.variant_for(cells) for cells in (16, 25)} == {"default"}
    boards = [roll_board("new", k) for k in range(40)] + [roll_board("big", k) for k in range(20)]
    assert KernelScorer(enable, runner).score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    assert runner.variants_compiled == ("default",)
    assert device.DeviceRunner(block=16).variant_for(16) == "default"  # no whole warp of lanes


@pytest.mark.parametrize("variant", ["warp-list", "lanes-16"])
def test_a_lanes_variant_named_with_blocks_under_a_warp_is_built_for_a_warp(
    enable: Lexicon, launches: list[Any], monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """``BOGGLE_GPU_BLOCK=16`` with a lanes variant named: its first pass launches whole
    warps (32 threads a block), so its launch bounds say 32, not 16 (CUDA refuses a launch
    of more threads than a kernel's ``__launch_bounds__``; the bounds of 16 did)."""
    with knobs(monkeypatch, BOGGLE_GPU_VARIANT=variant, BOGGLE_GPU_BLOCK="16"):
        runner = device.DeviceRunner()
    assert runner.block == 16 and "-DBG_BLOCK=32" in runner.options
    assert "-DBG_MIN_BLOCKS=48" in runner.options  # 1,536 threads of whole warps
    boards = [roll_board("new", k) for k in range(40)] + [roll_board("big", k) for k in range(8)]
    assert KernelScorer(enable, runner).score_boards(boards, CLASSIC) == [
        score_native(board, enable, CLASSIC) for board in boards
    ]
    assert {block for name, _, block in launches if name == "bg_score_boards_small"} == {32}


def test_the_tuning_of_lanes_variants_runs_the_device_path(
    enable: Lexicon, launches: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """``benchmarks/gpu.py --tune --variants``, as the device check runs it on a GPU: each
    setting a :class:`~boggle.engines.gpu.device.DeviceRunner` of its own (the block, the
    lanes' shared set, blocks a multiprocessor), scores equal, one table fastest first and
    the fastest's knobs; a setting the lanes cannot run is reported, not fatal."""
    benchmark = script_modules.load_script("gpu_benchmark", BENCHMARKS / "gpu.py")
    args = argparse.Namespace(
        variants="lanes-16-split8,lanes-32", blocks="64", set_bits="8,9", per_sm="0",
        min_blocks="0", top_registers="0", one_loop="1,0", seconds=0, jobs=1, seed=3,
        boards=200, repeat=1,
    )  # fmt: skip
    source = BoardSource.named("big")
    assert benchmark.tune(enable, source, BIG, args, True) == 0
    out = capsys.readouterr().out
    assert out.count("same: True") == 4 and out.count("failed: EngineError") == 4
    table = out[out.index("fastest first") :].splitlines()[2:6]
    rates = [int(line.split()[5].replace(",", "")) for line in table]
    assert rates == sorted(rates, reverse=True)
    assert {line.split()[0] for line in table} == {"lanes-16-split8", "lanes-32"}
    fastest = out.splitlines()[-1]
    assert fastest.startswith(f"fastest: BOGGLE_GPU_VARIANT={table[0].split()[0]} ")
    assert f"BOGGLE_GPU_SHARED_SET_BITS={table[0].split()[2]} " in fastest
    blocks = {block for name, _, block in launches if name == "bg_score_boards_small"}
    assert blocks == {64}  # each setting's first pass ran, with its block
