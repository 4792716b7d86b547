"""The kernel on an NVIDIA GPU, through CuPy (compiled once by NVRTC).

Everything CUDA is imported here, lazily: without CuPy or without a GPU,
:func:`device_missing` says which, in one line with the fix, and nothing else
in boggle notices.  The kernel's source is compiled by CuPy's ``RawModule``
with NVRTC (``-std=c++17``; CuPy names the architecture of the current
device, ``sm_90`` on an H100), the trie goes to the device once per word
list, and the host logic around the kernels works on CuPy arrays.

Tuning knobs (environment variables, read once per process):
``BOGGLE_GPU_BLOCK`` threads a block (default 256), ``BOGGLE_GPU_SET_BITS`` the
first pass's word set (2**bits slots, default 10), ``BOGGLE_GPU_MIN_BLOCKS``
(``__launch_bounds__``' minimum blocks a multiprocessor, default none),
``BOGGLE_GPU_PER_SM`` (at most this many blocks a multiprocessor in the grid: fewer
threads, more L1 cache each; default 4; 0: as many as fit), ``BOGGLE_GPU_TOP_REGISTERS=1``
(the search's top frame kept in registers: less local memory traffic, more registers),
``BOGGLE_GPU_ONE_LOOP=0`` (a loop per board, as the first kernel, instead of one loop
of steps for all of a thread's boards), ``BOGGLE_GPU_VARIANT`` (one of
:data:`~boggle.engines.gpu.source.KERNEL_VARIANTS`: ``lean``, ``shared-set``, ...;
default ``default``), ``BOGGLE_GPU_SHARED_SET_BITS`` (the word set of the ``shared-set``
variants, 2**bits slots a thread in shared memory, default 8, and of the ``lanes-*``
variants, 2**bits slots a board, default 9).

>>> device_missing() is None or "pip install" in device_missing() or "GPU" in device_missing()
True
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from boggle.engines.gpu.source import (
    CELLS_ARGUMENT,
    INSTALL_HINT,
    KERNEL_SIGNATURES,
    KERNEL_VARIANTS,
    SHARED_SET_BITS,
    first_set_bits,
    kernel_source,
    lanes_per_board,
    shared_group,
)
from boggle.model.errors import EngineError, MissingDependencyError

BATCH = 1 << 22
"""Boards a launch takes at most (64 MiB of 4x4 faces; 16M for boards made on the device)."""

DEFAULT_BLOCK = 256
DEFAULT_SET_BITS = 10
DEFAULT_PER_SM = 4
"""The fastest of benchmarks/gpu.py --tune on an H200 (2026-11-26, 4x4 dice, ENABLE2K):
13.3 M boards/s against 9.3 M for 128 threads, 512 slots and every block that fits."""
LARGE_SET_BITS = 12
STATIC_SHARED_LIMIT = 48 * 1024
"""Shared memory a block gets without asking for more (the kernel's attribute)."""


def kernel_variant(name: str | None = None) -> tuple[str, tuple[str, ...]]:
    """A variant's name and defines: ``name``, else ``BOGGLE_GPU_VARIANT``, else the default.

    >>> kernel_variant("first")[1][0]
    'BG_LEAN_FRAME=0'
    >>> kernel_variant("fast")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.model.errors.EngineError: unknown gpu kernel variant 'fast'; one of: default, ...
    """
    chosen = name or os.environ.get("BOGGLE_GPU_VARIANT", "").strip() or "default"
    if chosen not in KERNEL_VARIANTS:
        known = ", ".join(sorted(KERNEL_VARIANTS))
        raise EngineError(f"unknown gpu kernel variant {chosen!r}; one of: {known}")
    return chosen, KERNEL_VARIANTS[chosen]


def _import_cupy() -> Any:
    return importlib.import_module("cupy")


def device_missing() -> str | None:
    """Why the kernel cannot run on a GPU here (one line with the fix), or ``None``."""
    try:
        cupy = _import_cupy()
    except ImportError:
        return f"the gpu engine needs CuPy, which is not installed; {INSTALL_HINT}"
    try:
        count = int(cupy.cuda.runtime.getDeviceCount())
    except Exception as error:  # CuPy's CUDA errors vary by version and driver
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        return f"the gpu engine found no usable CUDA GPU ({first})"
    if count < 1:
        return "the gpu engine found no CUDA GPU"
    return None


def _knob(name: str, default: int | None) -> int | None:
    text = os.environ.get(name, "").strip()
    return int(text) if text else default


def compile_options(
    block: int,
    set_bits: int,
    min_blocks: int | None,
    top_registers: bool = False,
    one_loop: bool = True,
    defines: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """NVRTC's options for the kernel (CuPy adds the device's architecture); ``defines``: a
    variant's (:func:`kernel_variant`).

    >>> compile_options(128, 9, None)
    ('-std=c++17', '-DBG_SMALL_SET_BITS=9', '-DBG_LARGE_SET_BITS=12', '-DBG_BLOCK=128')
    >>> compile_options(128, 8, None, defines=("BG_SHARED_SET=1",))[-1]
    '-DBG_SHARED_SET=1'
    """
    options: tuple[str, ...] = (
        "-std=c++17",
        f"-DBG_SMALL_SET_BITS={set_bits}",
        f"-DBG_LARGE_SET_BITS={max(set_bits, LARGE_SET_BITS)}",
        f"-DBG_BLOCK={block}",
    )
    if min_blocks:
        options += (f"-DBG_MIN_BLOCKS={min_blocks}",)
    if top_registers:
        options += ("-DBG_TOP_IN_REGISTERS=1",)
    if not one_loop:
        options += ("-DBG_ONE_LOOP=0",)
    return options + tuple(f"-D{define}" for define in defines)


class DeviceRunner:
    """The kernel compiled by NVRTC for the current GPU."""

    name = "gpu"
    batch_boards = BATCH

    def __init__(
        self,
        block: int | None = None,
        set_bits: int | None = None,
        min_blocks: int | None = None,
        per_processor: int | None = None,
        top_registers: bool | None = None,
        one_loop: bool | None = None,
        variant: str | None = None,
    ) -> None:
        missing = device_missing()
        if missing:
            raise MissingDependencyError(missing, remedy="native_engine")
        self.variant, self.defines = kernel_variant(variant)
        self.cupy = _import_cupy()
        self.block = block or _knob("BOGGLE_GPU_BLOCK", DEFAULT_BLOCK) or DEFAULT_BLOCK
        self.set_bits = set_bits or _knob("BOGGLE_GPU_SET_BITS", DEFAULT_SET_BITS) or 10
        variant_bits = first_set_bits(self.defines)
        if variant_bits:  # the first pass's set in shared memory
            self.set_bits = (
                set_bits or _knob("BOGGLE_GPU_SHARED_SET_BITS", variant_bits) or SHARED_SET_BITS
            )
        self.min_blocks = min_blocks or _knob("BOGGLE_GPU_MIN_BLOCKS", None)
        if per_processor is None:
            per_processor = _knob("BOGGLE_GPU_PER_SM", DEFAULT_PER_SM)
        self.per_processor = per_processor or None  # 0: every block that fits
        if top_registers is None:
            top_registers = bool(_knob("BOGGLE_GPU_TOP_REGISTERS", 0))
        if one_loop is None:
            one_loop = bool(_knob("BOGGLE_GPU_ONE_LOOP", 1))
        if not one_loop and lanes_per_board(self.defines, "bg_score_boards_small") > 1:
            raise EngineError(  # the kernel's #error, said before NVRTC says it
                f"the gpu kernel variant {self.variant!r} needs one loop of steps for a"
                " thread's boards: unset BOGGLE_GPU_ONE_LOOP=0"
            )
        self.options = compile_options(
            self.block, self.set_bits, self.min_blocks, top_registers, one_loop, self.defines
        )
        module = self.cupy.RawModule(code=kernel_source(), options=self.options)
        self.signatures = KERNEL_SIGNATURES
        self.kernels = {name: module.get_function(name) for name in KERNEL_SIGNATURES}
        device = self.cupy.cuda.Device()
        self.processors = int(device.attributes["MultiProcessorCount"])
        try:
            self.max_threads = int(device.attributes["MaxThreadsPerMultiProcessor"])
        except Exception:  # the attribute's name differs between CuPy versions
            self.max_threads = 2048
        properties = self.cupy.cuda.runtime.getDeviceProperties(device.id)
        name = properties["name"]
        self.device_name = name.decode() if isinstance(name, bytes) else str(name)
        self.capability = str(device.compute_capability)
        # blocking streams: ordered after the work on the default stream (uploads, zeros)
        self._streams = [self.cupy.cuda.Stream() for _ in range(2)]
        self._grids: dict[tuple[str, int, int], int] = {}
        try:
            self.shared_per_processor = int(device.attributes["MaxSharedMemoryPerMultiprocessor"])
        except Exception:  # the attribute's name differs between CuPy versions
            self.shared_per_processor = 228 * 1024
        try:
            self.shared_per_block = int(device.attributes["MaxSharedMemoryPerBlockOptin"])
        except Exception:  # the attribute's name differs between CuPy versions
            self.shared_per_block = 227 * 1024
        self._shared_opened: dict[str, int] = {}

    @property
    def xp(self) -> Any:
        return self.cupy

    def upload(self, array: Any) -> Any:
        return self.cupy.asarray(array)

    def to_host(self, array: Any) -> Any:
        return self.cupy.asnumpy(array)

    def kernel_facts(self, kernel: str) -> dict[str, int]:
        """Registers, local memory a thread and the most threads a block, as compiled."""
        function = self.kernels[kernel]
        facts = {}
        for attribute in ("num_regs", "local_size_bytes", "max_threads_per_block"):
            try:
                facts[attribute] = int(getattr(function, attribute))
            except Exception:  # attributes differ between CuPy versions
                facts[attribute] = -1
        return facts

    def launch_shape(self, kernel: str, cells: int) -> tuple[int, int]:
        """Threads a block and dynamic shared memory a block (bytes) of ``kernel`` for boards
        of ``cells`` cells: fewer threads where the variant's shared arrays would not fit
        (``words`` shared by each ``threads``: a thread's own, or a board's lanes'), whole
        warps when lanes share a board; an :class:`EngineError` if even 32 threads' do not."""
        block = self.block_of(kernel)
        threads, words = shared_group(self.defines, kernel, cells, self.set_bits)
        if threads > 1:  # whole warps: a board's lanes never span two warps or two blocks
            block = max(32, block // 32 * 32)
        if words:
            fits = self.shared_per_block // (4 * words) * threads
            block = min(block, max(32, fits // 32 * 32))
        shared = 4 * (block // threads) * words
        if shared > self.shared_per_block:
            raise EngineError(
                f"the gpu kernel variant {self.variant!r} needs {shared:,} bytes of shared"
                f" memory a block of {block} threads, more than this GPU's"
                f" {self.shared_per_block:,}; set BOGGLE_GPU_SHARED_SET_BITS lower"
            )
        return block, shared

    def resident_blocks(self, kernel: str, shared: int = 0, block: int | None = None) -> int:
        """Blocks of this kernel the whole device holds at once (by registers, threads and
        shared memory): the grid's size, each thread looping over its share of the items."""
        block = block or self.block_of(kernel)
        if (kernel, shared, block) not in self._grids:
            registers = max(self.kernel_facts(kernel)["num_regs"], 16)
            per_processor = min(
                32,
                self.max_threads // self.block_of(kernel),
                65536 // (((registers + 7) // 8 * 8) * self.block_of(kernel)) or 1,
            )
            if shared:  # the system keeps 1 KiB of a multiprocessor's shared memory a block
                per_processor = min(per_processor, self.shared_per_processor // (shared + 1024))
            if self.per_processor:
                per_processor = min(per_processor, self.per_processor)
            self._grids[kernel, shared, block] = max(1, per_processor) * self.processors
        return self._grids[kernel, shared, block]

    def launch(self, kernel: str, items: int, *arguments: Any) -> None:
        if items <= 0:
            return
        numpy = importlib.import_module("numpy")
        signature = self.signatures[kernel]
        if len(arguments) != len(signature):
            raise TypeError(f"{kernel} takes {len(signature)} arguments, got {len(arguments)}")
        typed: list[Any] = []
        for kind, value in zip(signature, arguments, strict=True):
            if kind == "p":
                typed.append(numpy.uint64(0) if value is None else value)
            elif kind == "i":
                typed.append(numpy.int32(value))
            elif kind == "U":
                typed.append(numpy.uint64(value))
            else:
                typed.append(numpy.int64(value))
        typed += [numpy.uint64(0), numpy.uint64(items)]
        block, shared = self.block_of(kernel), 0
        if kernel in CELLS_ARGUMENT:
            block, shared = self.launch_shape(kernel, int(arguments[CELLS_ARGUMENT[kernel]]))
        function = self.kernels[kernel]
        if shared > max(STATIC_SHARED_LIMIT, self._shared_opened.get(kernel, 0)):
            function.max_dynamic_shared_size_bytes = shared  # beyond 48 KiB: asked for
            self._shared_opened[kernel] = shared
        threads = items * lanes_per_board(self.defines, kernel)  # lanes sharing a board
        blocks = min(self.resident_blocks(kernel, shared, block), -(-threads // block))
        function((blocks,), (block,), tuple(typed), shared_mem=shared)

    def block_of(self, kernel: str) -> int:
        """The block size for a kernel: the chosen one, or fewer if its registers say so."""
        most = self.kernel_facts(kernel)["max_threads_per_block"]
        return self.block if most <= 0 else min(self.block, most // 32 * 32 or 32)

    @contextmanager
    def stream(self, index: int) -> Iterator[Any]:
        with self._streams[index % len(self._streams)] as stream:
            yield stream

    def synchronize(self) -> None:
        self.cupy.cuda.Device().synchronize()


@lru_cache(maxsize=1)
def device_runner() -> DeviceRunner:
    """The one runner of this process (the module is compiled once)."""
    return DeviceRunner()
