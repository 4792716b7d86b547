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
(``__launch_bounds__``' minimum blocks a multiprocessor; default none, and 1,536 threads'
worth for the ``lanes-*`` variants; 0: none),
``BOGGLE_GPU_PER_SM`` (at most this many blocks a multiprocessor in the grid: fewer
threads, more L1 cache each; default 4, and as many as fit for the ``lanes-*`` variants;
0: as many as fit), ``BOGGLE_GPU_TOP_REGISTERS=1``
(the search's top frame kept in registers: less local memory traffic, more registers),
``BOGGLE_GPU_ONE_LOOP=0`` (a loop per board, as the first kernel, instead of one loop
of steps for all of a thread's boards), ``BOGGLE_GPU_VARIANT`` (one of
:data:`~boggle.engines.gpu.source.KERNEL_VARIANTS`: ``default``, ``lean``, ``lanes-16``,
...; default ``auto``: each board size's measured fastest,
:func:`~boggle.engines.gpu.source.auto_variant`, each compiled when first needed),
``BOGGLE_GPU_SHARED_SET_BITS`` (the word set of the ``shared-set`` variants, 2**bits slots
a thread in shared memory, default 8, and of the ``lanes-*`` variants, 2**bits slots a
board, default 9).

>>> device_missing() is None or "pip install" in device_missing() or "GPU" in device_missing()
True
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from boggle.engines.gpu.source import (
    AUTO_VARIANT,
    CELLS_ARGUMENT,
    INSTALL_HINT,
    KERNEL_SIGNATURES,
    KERNEL_VARIANTS,
    SHARED_SET_BITS,
    auto_variant,
    first_set_bits,
    kernel_source,
    lanes_per_board,
    shared_group,
)
from boggle.model.errors import EngineError, MissingDependencyError
from boggle.model.wording import quoted

BATCH = 1 << 22
"""Boards a launch takes at most (64 MiB of 4x4 faces; 16M for boards made on the device)."""

DEFAULT_BLOCK = 256
DEFAULT_SET_BITS = 10
DEFAULT_PER_SM = 4
LANES_THREADS_PER_SM = 1536
"""The lanes variants' launch bounds unless told otherwise: registers for 1,536 threads a
multiprocessor (6 blocks of 256: 40 registers, no spills, 48 warps instead of 40), and no
cap on the blocks a multiprocessor in the grid.  The H200's tuning of 2026-11-27
(``MODE=tune``): 4x4 ``lanes-16`` 30.3 M boards/s against 27.9 M with the default kernel's
knobs (4 blocks a multiprocessor, no bounds), 5x5 ``lanes-16-next`` 9.0 M against 8.2 M."""
"""The fastest of benchmarks/gpu.py --tune on an H200 (2026-11-26, 4x4 dice, ENABLE2K):
13.3 M boards/s against 9.3 M for 128 threads, 512 slots and every block that fits."""
LARGE_SET_BITS = 12
STATIC_SHARED_LIMIT = 48 * 1024
"""Shared memory a block gets without asking for more (the kernel's attribute)."""


def kernel_variant(name: str | None = None) -> str:
    """The variant asked for: ``name``, else ``BOGGLE_GPU_VARIANT``, else ``auto`` (each
    board size's own, :meth:`DeviceRunner.variant_for`).

    >>> kernel_variant("first")
    'first'
    >>> kernel_variant("fast")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.model.errors.EngineError: unknown gpu kernel variant 'fast'; one of: auto, default, ...
    """
    chosen = name or os.environ.get("BOGGLE_GPU_VARIANT", "").strip() or AUTO_VARIANT
    if chosen != AUTO_VARIANT and chosen not in KERNEL_VARIANTS:
        known = ", ".join([AUTO_VARIANT, *sorted(KERNEL_VARIANTS)])
        raise EngineError(f"unknown gpu kernel variant {chosen!r}; one of: {known}")
    return chosen


@dataclass(frozen=True)
class CompiledVariant:
    """One variant of the kernel as NVRTC compiled it: its defines, first word set (bits of
    its slots), compile options and kernels by name."""

    name: str
    defines: tuple[str, ...]
    set_bits: int
    options: tuple[str, ...]
    kernels: dict[str, Any]


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


MAX_KNOB = 1 << 20
"""The largest value a ``BOGGLE_GPU_*`` tuning variable may hold."""


def _knob(name: str, default: int | None) -> int | None:
    """A ``BOGGLE_GPU_*`` tuning variable: a whole number from 0 to :data:`MAX_KNOB`, or
    ``default`` when unset; :class:`EngineError` in one line otherwise (``abc`` said
    "invalid literal for int() with base 10: 'abc'").

    >>> os.environ["BOGGLE_GPU_EXAMPLE"] = "abc"
    >>> _knob("BOGGLE_GPU_EXAMPLE", None)
    Traceback (most recent call last):
    ...
    boggle.model.errors.EngineError: BOGGLE_GPU_EXAMPLE must be a whole number from 0 to \
1,048,576, got 'abc'
    >>> del os.environ["BOGGLE_GPU_EXAMPLE"]
    """
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit() and len(text) <= 8 and int(text) <= MAX_KNOB):
        raise EngineError(
            f"{name} must be a whole number from 0 to {MAX_KNOB:,}, got {quoted(text)}"
        )
    return int(text)


def compile_options(
    block: int,
    set_bits: int,
    min_blocks: int | None,
    top_registers: bool = False,
    one_loop: bool = True,
    defines: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """NVRTC's options for the kernel (CuPy adds the device's architecture); ``defines``: a
    variant's (:data:`~boggle.engines.gpu.source.KERNEL_VARIANTS`).

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


def variant_block(defines: tuple[str, ...], block: int) -> int:
    """The block a variant is compiled for (its launch bounds' threads) when the runner's
    is ``block``: that, or a whole warp for the lanes variants under blocks of fewer threads,
    which their first pass launches (:meth:`DeviceRunner.launch_shape`); CUDA refuses a
    launch of more threads than the bounds say.

    >>> variant_block(KERNEL_VARIANTS["warp-list"], 16), variant_block((), 16)
    (32, 16)
    """
    if lanes_per_board(defines, "bg_score_boards_small") > 1:
        return max(32, block)
    return block


def variant_min_blocks(defines: tuple[str, ...], block: int) -> int | None:
    """The launch bounds' minimum blocks a multiprocessor of a variant unless told
    otherwise (``BOGGLE_GPU_MIN_BLOCKS``): for the lanes variants with blocks of 256 or
    fewer threads :data:`LANES_THREADS_PER_SM`'s worth, else none.

    >>> variant_min_blocks(KERNEL_VARIANTS["warp-list"], 256), variant_min_blocks((), 256)
    (6, None)
    """
    block = variant_block(defines, block)
    if lanes_per_board(defines, "bg_score_boards_small") > 1 and block <= 256:
        return LANES_THREADS_PER_SM // block
    return None


class DeviceRunner:
    """The kernel compiled by NVRTC for the current GPU: the variant named, or (``auto``)
    each board size's own, each compiled once, when first launched."""

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
        self.variant = kernel_variant(variant)
        self.cupy = _import_cupy()
        self.block = block or _knob("BOGGLE_GPU_BLOCK", DEFAULT_BLOCK) or DEFAULT_BLOCK
        self._set_bits_given = set_bits
        self._thread_set_bits = _knob("BOGGLE_GPU_SET_BITS", None)
        self._shared_set_bits = _knob("BOGGLE_GPU_SHARED_SET_BITS", None)
        if min_blocks is None:
            min_blocks = _knob("BOGGLE_GPU_MIN_BLOCKS", None)
        self._min_blocks_given = min_blocks  # None: each variant's default; 0: no bounds
        self.min_blocks = min_blocks or None
        if per_processor is None:
            per_processor = _knob("BOGGLE_GPU_PER_SM", None)
        self._per_processor_given = per_processor  # None: each variant's default
        self.per_processor = per_processor or None  # 0: every block that fits
        if top_registers is None:
            top_registers = bool(_knob("BOGGLE_GPU_TOP_REGISTERS", 0))
        self.top_registers = top_registers
        if one_loop is None:
            one_loop = bool(_knob("BOGGLE_GPU_ONE_LOOP", 1))
        self.one_loop = one_loop
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
        self._grids: dict[tuple[str, str, int, int], int] = {}
        try:
            self.shared_per_processor = int(device.attributes["MaxSharedMemoryPerMultiprocessor"])
        except Exception:  # the attribute's name differs between CuPy versions
            self.shared_per_processor = 228 * 1024
        try:
            self.shared_per_block = int(device.attributes["MaxSharedMemoryPerBlockOptin"])
        except Exception:  # the attribute's name differs between CuPy versions
            self.shared_per_block = 227 * 1024
        self._shared_opened: dict[tuple[str, str], int] = {}
        self.signatures = KERNEL_SIGNATURES
        self._compiled: dict[str, CompiledVariant] = {}
        if self.variant != AUTO_VARIANT:  # compiled now, so an error shows here
            self.compiled(self.variant)

    @property
    def first(self) -> CompiledVariant:
        """The variant named, or ``auto``'s for 4x4 boards given (compiled when first asked
        for: a stats run never compiles it)."""
        return self.compiled(self.variant_for(16))

    @property
    def defines(self) -> tuple[str, ...]:
        """The defines of the variant named (``auto``: of the one for 4x4 boards)."""
        return self.first.defines

    @property
    def set_bits(self) -> int:
        return self.first.set_bits

    @property
    def options(self) -> tuple[str, ...]:
        return self.first.options

    @property
    def kernels(self) -> dict[str, Any]:
        return self.first.kernels

    @property
    def variants_compiled(self) -> tuple[str, ...]:
        """The variants compiled so far, in the order they were first needed."""
        return tuple(self._compiled)

    def variant_for(self, cells: int, kernel: str = "bg_score_boards_small") -> str:
        """The variant whose ``kernel`` scores boards of ``cells`` cells: the one named, else
        :func:`~boggle.engines.gpu.source.auto_variant`'s (the ``bg_random_stats_*`` kernels:
        its choice for stats), or ``default`` where the knobs
        given are the default kernel's own (a first word set's size, ``BOGGLE_GPU_SET_BITS``
        or ``set_bits``, which the lanes do not read), or ones the lanes cannot run (a loop
        per board, blocks under a warp, a shared set too large for a block of 32 threads)."""
        if self.variant != AUTO_VARIANT:
            return self.variant
        chosen = auto_variant(cells, stats=kernel.startswith("bg_random_stats"))
        defines = KERNEL_VARIANTS[chosen]
        if lanes_per_board(defines, "bg_score_boards_small") > 1:
            bits = self._shared_set_bits or first_set_bits(defines) or SHARED_SET_BITS
            lanes, words = shared_group(defines, "bg_score_boards_small", cells, bits)
            given = self._set_bits_given or self._thread_set_bits
            if (
                given
                or not self.one_loop
                or self.block < 32
                or 4 * words * (32 // lanes) > self.shared_per_block
            ):
                return "default"
        return chosen

    def compiled(self, variant: str) -> CompiledVariant:
        """``variant`` compiled by NVRTC with this runner's knobs (once)."""
        if variant in self._compiled:
            return self._compiled[variant]
        defines = KERNEL_VARIANTS[variant]
        set_bits = self._set_bits_given or self._thread_set_bits or DEFAULT_SET_BITS
        variant_bits = first_set_bits(defines)
        if variant_bits:  # the first pass's set in shared memory
            set_bits = self._set_bits_given or self._shared_set_bits or variant_bits
        if not self.one_loop and lanes_per_board(defines, "bg_score_boards_small") > 1:
            raise EngineError(  # the kernel's #error, said before NVRTC says it
                f"the gpu kernel variant {variant!r} needs one loop of steps for a"
                " thread's boards: unset BOGGLE_GPU_ONE_LOOP=0"
            )
        options = compile_options(
            self.compiled_block(defines),
            set_bits,
            self.min_blocks_of(defines),
            self.top_registers,
            self.one_loop,
            defines,
        )
        module = self.cupy.RawModule(code=kernel_source(), options=options)
        kernels = {name: module.get_function(name) for name in KERNEL_SIGNATURES}
        self._compiled[variant] = CompiledVariant(variant, defines, set_bits, options, kernels)
        return self._compiled[variant]

    def compiled_block(self, defines: tuple[str, ...]) -> int:
        """The block a variant is compiled for (:func:`variant_block`)."""
        return variant_block(defines, self.block)

    def min_blocks_of(self, defines: tuple[str, ...]) -> int | None:
        """The launch bounds' minimum blocks a multiprocessor for a variant: the one given
        (0: none), else :func:`variant_min_blocks`'."""
        if self._min_blocks_given is not None:
            return self._min_blocks_given or None
        return variant_min_blocks(defines, self.block)

    def per_processor_of(self, variant: str) -> int | None:
        """The most blocks a multiprocessor in a grid of ``variant``: the one given (0: as
        many as fit, ``None``), else none for the lanes variants, :data:`DEFAULT_PER_SM` for
        the others."""
        if self._per_processor_given is not None:
            return self._per_processor_given or None
        if lanes_per_board(KERNEL_VARIANTS[variant], "bg_score_boards_small") > 1:
            return None
        return DEFAULT_PER_SM

    @property
    def xp(self) -> Any:
        return self.cupy

    def upload(self, array: Any) -> Any:
        return self.cupy.asarray(array)

    def to_host(self, array: Any) -> Any:
        return self.cupy.asnumpy(array)

    def kernel_facts(self, kernel: str, variant: str | None = None) -> dict[str, int]:
        """Registers, local memory a thread and the most threads a block, as compiled (of
        ``variant``; by default the one named, or ``auto``'s for 4x4 boards)."""
        function = self._variant(variant).kernels[kernel]
        facts = {}
        for attribute in ("num_regs", "local_size_bytes", "max_threads_per_block"):
            try:
                facts[attribute] = int(getattr(function, attribute))
            except Exception:  # attributes differ between CuPy versions
                facts[attribute] = -1
        return facts

    def _variant(self, variant: str | None) -> CompiledVariant:
        return self.first if variant is None else self.compiled(variant)

    def launch_shape(self, kernel: str, cells: int) -> tuple[int, int]:
        """Threads a block and dynamic shared memory a block (bytes) of ``kernel`` for boards
        of ``cells`` cells (by the variant for them, :meth:`variant_for`): fewer threads
        where the variant's shared arrays would not fit (``words`` shared by each
        ``threads``: a thread's own, or a board's lanes'), whole warps when lanes share a
        board; an :class:`EngineError` if even 32 threads' do not."""
        variant = self.compiled(self.variant_for(cells, kernel))
        block = self.block_of(kernel, variant.name)
        threads, words = shared_group(variant.defines, kernel, cells, variant.set_bits)
        if threads > 1:  # whole warps: a board's lanes never span two warps or two blocks
            block = max(32, block // 32 * 32)
        if words:
            fits = self.shared_per_block // (4 * words) * threads
            block = min(block, max(32, fits // 32 * 32))
        shared = 4 * (block // threads) * words
        if shared > self.shared_per_block:
            raise EngineError(
                f"the gpu kernel variant {variant.name!r} needs {shared:,} bytes of shared"
                f" memory a block of {block} threads, more than this GPU's"
                f" {self.shared_per_block:,}; set BOGGLE_GPU_SHARED_SET_BITS lower"
            )
        return block, shared

    def resident_blocks(
        self, kernel: str, shared: int = 0, block: int | None = None, variant: str | None = None
    ) -> int:
        """Blocks of this kernel (of ``variant``, as :meth:`kernel_facts`) the whole device
        holds at once (by registers, threads and shared memory): the grid's size, each thread
        looping over its share of the items."""
        name = self._variant(variant).name
        block = block or self.block_of(kernel, name)
        if (name, kernel, shared, block) not in self._grids:
            registers = max(self.kernel_facts(kernel, name)["num_regs"], 16)
            per_processor = min(
                32,
                self.max_threads // self.block_of(kernel, name),
                65536 // (((registers + 7) // 8 * 8) * self.block_of(kernel, name)) or 1,
            )
            if shared:  # the system keeps 1 KiB of a multiprocessor's shared memory a block
                per_processor = min(per_processor, self.shared_per_processor // (shared + 1024))
            cap = self.per_processor_of(name)
            if cap:
                per_processor = min(per_processor, cap)
            self._grids[name, kernel, shared, block] = max(1, per_processor) * self.processors
        return self._grids[name, kernel, shared, block]

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
        if kernel in CELLS_ARGUMENT:
            cells = int(arguments[CELLS_ARGUMENT[kernel]])
            variant = self.compiled(self.variant_for(cells, kernel))
            block, shared = self.launch_shape(kernel, cells)
        else:  # boards made on the device (bg_roll_boards): any variant's, one compiled
            variant = next(iter(self._compiled.values()), None) or self.first
            block, shared = self.block_of(kernel, variant.name), 0
        function = variant.kernels[kernel]
        opened = (variant.name, kernel)
        if shared > max(STATIC_SHARED_LIMIT, self._shared_opened.get(opened, 0)):
            function.max_dynamic_shared_size_bytes = shared  # beyond 48 KiB: asked for
            self._shared_opened[opened] = shared
        threads = items * lanes_per_board(variant.defines, kernel)  # lanes sharing a board
        blocks = min(
            self.resident_blocks(kernel, shared, block, variant.name), -(-threads // block)
        )
        function((blocks,), (block,), tuple(typed), shared_mem=shared)

    def block_of(self, kernel: str, variant: str | None = None) -> int:
        """The block size for a kernel (of ``variant``, as :meth:`kernel_facts`): the chosen
        one, or fewer if its registers say so."""
        most = self.kernel_facts(kernel, variant)["max_threads_per_block"]
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
