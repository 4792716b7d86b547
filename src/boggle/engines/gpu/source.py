"""The kernel's source file and the line that says how to get CuPy: what the GPU build
(:mod:`boggle.engines.gpu.device`) and the CPU build (:mod:`boggle.engines.gpu.cpu_build`)
share with the scorer, in a module that imports neither.

>>> "bg_score_boards_small" in kernel_source()
True
"""

from __future__ import annotations

from pathlib import Path

KERNEL_FILE = Path(__file__).with_name("kernel.cu")
"""The kernel's source: CUDA C++ that also compiles as C++ for the CPU."""

INSTALL_HINT = (
    "install it with: pip install 'boggle[gpu]' (CuPy for CUDA 12; cupy-cuda13x for CUDA 13)"
)

KERNEL_SIGNATURES: dict[str, str] = {
    "bg_score_boards_small": "ppippip",
    "bg_score_boards_large": "ppippip",
    "bg_roll_boards": "ppiiiUUpp",
    "bg_random_stats_small": "pippippiiUUpppIU",
    "bg_random_stats_large": "pippippiiUUpppIU",
}
"""Each kernel's arguments before its item range (start, end), one letter each: ``p`` an
array (``None``: a null pointer), ``i`` a 32-bit int, ``U`` an unsigned and ``I`` a signed
64-bit int."""


KERNEL_DEFAULTS: dict[str, int] = {
    "BG_LEAN_FRAME": 1,
    "BG_TOP_IN_REGISTERS": 1,
    "BG_SET_EPOCH": 1,
    "BG_SKIP_ZERO": 1,
    "BG_PRUNE_LETTERS": 1,
    "BG_READONLY_TABLES": 1,
    "BG_SHARED_FACES": 1,
    "BG_SHARED_SET": 0,
    "BG_SHARED_TOP": 0,
    "BG_LANES_PER_BOARD": 1,
    "BG_LANES_NEXT_CELL": 0,
    "BG_LANES_SPLIT": 1,
    "BG_PUSH_FILTER": 0,
    "BG_PREFETCH_CHILDREN": 0,
    "BG_EAGER_CHILDREN": 0,
    "BG_WARP_LIST": 0,
    "BG_WARP_STACK": 256,
}
"""The variant options' values in ``kernel.cu`` when no define sets them (a test holds the
two equal)."""


def kernel_settings(defines: tuple[str, ...]) -> dict[str, int]:
    """The variant options' values under ``defines`` (``NAME=VALUE``), defaults for the rest.

    >>> kernel_settings(("BG_SHARED_FACES=0",))["BG_SHARED_FACES"]
    0
    >>> kernel_settings(())["BG_LEAN_FRAME"]
    1
    """
    settings = dict(KERNEL_DEFAULTS)
    for define in defines:
        name, _, value = define.partition("=")
        settings[name] = int(value or "1")
    return settings


_FIRST = (
    "BG_LEAN_FRAME=0",
    "BG_TOP_IN_REGISTERS=0",
    "BG_SET_EPOCH=0",
    "BG_SKIP_ZERO=0",
    "BG_PRUNE_LETTERS=0",
    "BG_READONLY_TABLES=0",
    "BG_SHARED_FACES=0",
)


def _first_with(*defines: str) -> tuple[str, ...]:
    """The first kernel's defines with ``defines`` in place of the same names' values."""
    names = {define.split("=")[0] for define in defines}
    return tuple(d for d in _FIRST if d.split("=")[0] not in names) + defines


KERNEL_VARIANTS: dict[str, tuple[str, ...]] = {
    "default": (),
    "first": _FIRST,
    "lean-frame": _first_with("BG_LEAN_FRAME=1"),
    "lean-top": _first_with("BG_LEAN_FRAME=1", "BG_TOP_IN_REGISTERS=1"),
    "tagged-set": _first_with("BG_SET_EPOCH=1"),
    "skip-zero": _first_with("BG_SKIP_ZERO=1"),
    "prune": _first_with("BG_PRUNE_LETTERS=1", "BG_READONLY_TABLES=1"),
    "shared-faces": _first_with("BG_SHARED_FACES=1"),
    "shared-set": _first_with("BG_SHARED_SET=1", "BG_SKIP_ZERO=1"),
    "shared-top": _first_with("BG_SHARED_TOP=2048"),
    "lean": ("BG_SHARED_FACES=0",),
    "lean-shared-top": ("BG_SHARED_TOP=2048",),
    "lean-shared": ("BG_SHARED_SET=1",),
    "lanes-4": ("BG_LANES_PER_BOARD=4",),
    "lanes-8": ("BG_LANES_PER_BOARD=8",),
    "lanes-16": ("BG_LANES_PER_BOARD=16",),
    "lanes-8-next": ("BG_LANES_PER_BOARD=8", "BG_LANES_NEXT_CELL=1"),
    "lanes-16-next": ("BG_LANES_PER_BOARD=16", "BG_LANES_NEXT_CELL=1"),
    "lanes-32": ("BG_LANES_PER_BOARD=32",),
    "lanes-16-split2": ("BG_LANES_PER_BOARD=16", "BG_LANES_NEXT_CELL=1", "BG_LANES_SPLIT=2"),
    "lanes-16-split8": ("BG_LANES_PER_BOARD=16", "BG_LANES_NEXT_CELL=1", "BG_LANES_SPLIT=8"),
    "lanes-32-split2": ("BG_LANES_PER_BOARD=32", "BG_LANES_NEXT_CELL=1", "BG_LANES_SPLIT=2"),
    "lanes-16-filter": ("BG_LANES_PER_BOARD=16", "BG_PUSH_FILTER=1"),
    "lanes-16-prefetch": ("BG_LANES_PER_BOARD=16", "BG_PREFETCH_CHILDREN=1"),
    "lanes-16-eager": ("BG_LANES_PER_BOARD=16", "BG_EAGER_CHILDREN=1"),
    "lanes-16-next-filter": ("BG_LANES_PER_BOARD=16", "BG_LANES_NEXT_CELL=1", "BG_PUSH_FILTER=1"),
    "lanes-16-next-prefetch": (
        "BG_LANES_PER_BOARD=16",
        "BG_LANES_NEXT_CELL=1",
        "BG_PREFETCH_CHILDREN=1",
    ),
    "lanes-16-next-eager": ("BG_LANES_PER_BOARD=16", "BG_LANES_NEXT_CELL=1", "BG_EAGER_CHILDREN=1"),
    "warp-list": ("BG_LANES_PER_BOARD=32", "BG_WARP_LIST=1"),
    "warp-list-512": ("BG_LANES_PER_BOARD=32", "BG_WARP_LIST=1", "BG_WARP_STACK=512"),
}
"""The kernel's compile-time variants by name (``BOGGLE_GPU_VARIANT``), each a tuple of
``NAME=VALUE`` defines for the source.  ``default`` (no defines) is the kernel the engine
ran on every board until the H100 A/B of 2026-11-26 (now on boards past 5x5 and under knobs
the lanes cannot run; :func:`auto_variant` picks the rest): lean frames with the top one in
registers, tagged word sets, zero-point words and letters not on the board skipped, tables
through the read-only cache and the faces in shared memory (it was called
``lean-shared-faces``); ``first`` is the kernel as first merged, and the single-option
variants are ``first`` with one option on.  ``lanes-L`` is the default with ``L`` lanes
of a warp sharing each board of the first pass (one word set a board in shared memory),
lane ``j`` searching from cells ``j, j + L, ...``; ``lanes-L-next`` the same with each lane
taking the board's next untried start cell when it has done one (a shared counter);
``lanes-L-splitS`` the same with each start cell cut into ``S`` parts by its neighbours
(part ``p`` tries the neighbours of rank ``p``, ``p + S``, ...), ``n * S`` smaller pieces of
work taken from the counter, so the lanes of a group wait less for the slowest;
``lanes-32`` a whole warp a board (25 cells of a 5x5 board over 32 lanes, one start cell a
lane). ``lanes-16-filter``, ``-prefetch`` and ``-eager`` (and their ``lanes-16-next-``
twins) look at a frame's children when it is pushed, so the trie reads of a frame's children
overlap (slower on an H200, 2026-11-29): the filter keeps only the neighbours whose first
letter follows the node, ``prefetch`` also prefetches each one's child node into L1,
``eager`` loads their children's letters together and keeps only the children that end a
word or go on with a letter of the board. ``lanes-16`` was the fastest on 4x4 boards and
``lanes-16-next`` on 5x5 ones (then :func:`auto_variant`'s choice); on an H200 (2026-11-27)
the ``lanes-32`` ones were slower on both, ``lanes-16-split2`` level with ``lanes-16-next``
on 5x5. ``warp-list`` (and ``-512``, a longer list) gives a whole warp each board through
one list of search states in shared memory, 32 states stepped at once: 54.8M 4x4 and 15.0M
5x5 boards/s on an H200 (2026-11-29), the engine's choice up to 25 cells.

>>> KERNEL_VARIANTS["skip-zero"][-1]
'BG_SKIP_ZERO=1'
"""

AUTO_VARIANT = "auto"
"""The name (``BOGGLE_GPU_VARIANT=auto``, and what the engine runs when none is named) of
the variant chosen by the boards' size: :func:`auto_variant`."""

AUTO_MEASURED_CELLS = 25
"""The largest boards the automatic choice was measured on (5x5); beyond, ``default``."""


AUTO_STATS_CELLS = 16
"""The largest boards whose device-made stats the automatic choice gives the warp's list."""


def auto_variant(cells: int, stats: bool = False) -> str:
    """The variant the gpu engine runs on boards of ``cells`` cells when none is named;
    ``stats``: for the boards made and summarised on the device (``stats --random``).

    Measured on one H200 (2026-11-29, CUDA 13.0, CuPy 14.2.0, ENABLE2K, ``MODE=ab`` of
    ``benchmarks/gpu_device_check.sh``): on boards given (``score``, ``search``) the warp's
    work list (``warp-list``) scored 54.8M 4x4 dice boards/s against ``lanes-16``'s 30.3M
    and the ``default`` kernel's 26.9M, and 15.0M 5x5 ``big`` ones against
    ``lanes-16-next``'s 9.0M and 7.7M; on the boards made on the device for stats 39.1M
    4x4 boards/s against ``default``'s 31.7M, but 9.0M 5x5 ones against 9.2M (one lane
    makes the board while the others wait), so 5x5 stats keep ``default``.  Boards past
    25 cells keep it too: unmeasured, and a shared word set (384 words) fills more often
    there than a thread's of the default (768).

    >>> auto_variant(16), auto_variant(12), auto_variant(20), auto_variant(25), auto_variant(36)
    ('warp-list', 'warp-list', 'warp-list', 'warp-list', 'default')
    >>> auto_variant(16, stats=True), auto_variant(25, stats=True)
    ('warp-list', 'default')
    """
    if cells > AUTO_MEASURED_CELLS or (stats and cells > AUTO_STATS_CELLS):
        return "default"
    return "warp-list"


SHARED_SET_BITS = 8
"""The first pass's word set in shared memory (``shared-set`` variants): 256 slots, 192 words
(1 KiB a thread; 5% of 4x4 dice boards fill it under ENABLE2K, 40% of 5x5 ``big`` ones)."""

LANES_SET_BITS = 9
"""The first pass's word set of a board shared by lanes (``lanes-*`` variants), in shared
memory: 512 slots, 384 words, 2 KiB a board (0.01% of 4x4 dice boards fill it under
ENABLE2K, about 2% of 5x5 ``big`` ones, words worth 0 kept out)."""

LANES_HEADER = 2
"""Words of a board's shared memory before its set, with lanes (``BG_GROUP_HEADER``)."""

AB_VARIANTS = (
    "default",
    AUTO_VARIANT,
    "warp-list",
    "warp-list-512",
    "lanes-16",
    "lanes-16-next",
    "lanes-16-prefetch",
    "lanes-16-eager",
    "lanes-16-filter",
    "lanes-16-next-prefetch",
    "lanes-16-next-eager",
    "lanes-16-next-filter",
    "lanes-8",
    "lanes-8-next",
    "lanes-16-split2",
    "lanes-16-split8",
    "lanes-32",
    "lanes-32-split2",
    "lanes-4",
    "first",
    "lean",
    "lean-shared-top",
)
"""The variants the device check's A/B times (``MODE=ab``), in this order: ``default``, the
old kernel (the others' totals are checked against it, their rates set beside it), ``auto``
(the engine's choice by board size, :func:`auto_variant`), the warp's lists and the lanes
kernels they replaced, the children-at-push ones (slower on an H200), the other cooperative
ones, then the first kernel and the two within 7% of the default in the H100 A/B, so a stage
cut by its time limit loses the variants already measured; those that lost by a wide margin
there (40% and more) are left out to keep the run in its time."""


def first_set_bits(defines: tuple[str, ...]) -> int | None:
    """The first pass's word set (bits of its slots) a variant needs, or ``None``: the
    engine's own.

    >>> first_set_bits(KERNEL_VARIANTS["lanes-8"]), first_set_bits(KERNEL_VARIANTS["lean"])
    (9, None)
    """
    settings = kernel_settings(defines)
    if settings["BG_LANES_PER_BOARD"] > 1:
        return LANES_SET_BITS
    if settings["BG_SHARED_SET"]:
        return SHARED_SET_BITS
    return None


def lanes_per_board(defines: tuple[str, ...], kernel: str) -> int:
    """Threads that score each board of ``kernel`` under ``defines`` (the first pass's
    kernels may share a board between lanes; the second pass's never do).

    >>> lanes_per_board(KERNEL_VARIANTS["lanes-8"], "bg_random_stats_small")
    8
    >>> lanes_per_board(KERNEL_VARIANTS["lanes-8"], "bg_score_boards_large")
    1
    """
    if kernel not in CELLS_ARGUMENT or not kernel.endswith("_small"):
        return 1
    return kernel_settings(defines)["BG_LANES_PER_BOARD"]


CELLS_ARGUMENT = {
    "bg_score_boards_small": 2,
    "bg_score_boards_large": 2,
    "bg_random_stats_small": 1,
    "bg_random_stats_large": 1,
}
"""Where each scoring kernel takes the board's cell count among its arguments."""


def shared_group(
    defines: tuple[str, ...], kernel: str, cells: int, set_bits: int
) -> tuple[int, int]:
    """Shared memory of ``kernel`` under ``defines``: (threads, 32-bit words those threads
    share), one thread's words, or a board's of the lanes that share it (its count of words
    added, its next start cell, its set and faces).

    >>> shared_group(KERNEL_VARIANTS["lanes-8"], "bg_score_boards_small", 16, 9)
    (8, 530)
    >>> shared_group(KERNEL_VARIANTS["lanes-8"], "bg_score_boards_large", 16, 9)
    (1, 16)
    >>> shared_group(KERNEL_VARIANTS["warp-list"], "bg_score_boards_small", 25, 9)
    (32, 1564)
    """
    lanes = lanes_per_board(defines, kernel)
    settings = kernel_settings(defines)
    if lanes > 1 and settings["BG_WARP_LIST"]:  # BG_WARP_LIST_WORDS: the faces to 4 words
        head = (LANES_HEADER + (1 << set_bits) + cells + 3) // 4 * 4
        return lanes, head + 4 * settings["BG_WARP_STACK"]
    if lanes > 1:
        return lanes, LANES_HEADER + (1 << set_bits) + cells
    return 1, shared_words(defines, kernel, cells, set_bits)


def shared_words(defines: tuple[str, ...], kernel: str, cells: int, set_bits: int) -> int:
    """32-bit words of shared memory a thread of ``kernel`` needs under ``defines``.

    >>> shared_words(KERNEL_VARIANTS["lean-shared"], "bg_score_boards_small", 16, 8)
    272
    >>> shared_words(KERNEL_VARIANTS["lean-shared"], "bg_score_boards_large", 16, 8)
    16
    >>> shared_words((), "bg_score_boards_small", 16, 8)
    16
    >>> shared_words(KERNEL_VARIANTS["first"], "bg_score_boards_small", 16, 8)
    0
    """
    if kernel not in CELLS_ARGUMENT:
        return 0
    settings = kernel_settings(defines)
    words = cells if settings["BG_SHARED_FACES"] else 0
    if settings["BG_SHARED_SET"] and kernel.endswith("_small"):
        words += 1 << set_bits
    return words


def kernel_source() -> str:
    """The kernel's CUDA C++ source text."""
    return KERNEL_FILE.read_text(encoding="utf-8")
