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


_LEAN = (
    "BG_LEAN_FRAME=1",
    "BG_TOP_IN_REGISTERS=1",
    "BG_SET_EPOCH=1",
    "BG_SKIP_ZERO=1",
    "BG_PRUNE_LETTERS=1",
    "BG_READONLY_TABLES=1",
)

KERNEL_VARIANTS: dict[str, tuple[str, ...]] = {
    "default": (),
    "lean-frame": ("BG_LEAN_FRAME=1",),
    "lean-top": ("BG_LEAN_FRAME=1", "BG_TOP_IN_REGISTERS=1"),
    "tagged-set": ("BG_SET_EPOCH=1",),
    "skip-zero": ("BG_SKIP_ZERO=1",),
    "prune": ("BG_PRUNE_LETTERS=1", "BG_READONLY_TABLES=1"),
    "shared-faces": ("BG_SHARED_FACES=1",),
    "shared-set": ("BG_SHARED_SET=1", "BG_SKIP_ZERO=1"),
    "shared-top": ("BG_SHARED_TOP=2048",),
    "lean": _LEAN,
    "lean-shared-faces": (*_LEAN, "BG_SHARED_FACES=1"),
    "lean-shared-top": (*_LEAN, "BG_SHARED_FACES=1", "BG_SHARED_TOP=2048"),
    "lean-shared": (*_LEAN, "BG_SHARED_SET=1", "BG_SHARED_FACES=1"),
}
"""The kernel's compile-time variants by name (``BOGGLE_GPU_VARIANT``), each a tuple of
``NAME=VALUE`` defines for the source; ``default`` is the one measured fastest so far."""

SHARED_SET_BITS = 8
"""The first pass's word set in shared memory (``shared-set`` variants): 256 slots, 192 words
(1 KiB a thread; 5% of 4x4 dice boards fill it under ENABLE2K, 40% of 5x5 ``big`` ones)."""

CELLS_ARGUMENT = {
    "bg_score_boards_small": 2,
    "bg_score_boards_large": 2,
    "bg_random_stats_small": 1,
    "bg_random_stats_large": 1,
}
"""Where each scoring kernel takes the board's cell count among its arguments."""


def shared_words(defines: tuple[str, ...], kernel: str, cells: int, set_bits: int) -> int:
    """32-bit words of shared memory a thread of ``kernel`` needs under ``defines``.

    >>> shared_words(KERNEL_VARIANTS["lean-shared"], "bg_score_boards_small", 16, 8)
    272
    >>> shared_words(KERNEL_VARIANTS["lean-shared"], "bg_score_boards_large", 16, 8)
    16
    >>> shared_words((), "bg_score_boards_small", 16, 8)
    0
    """
    if kernel not in CELLS_ARGUMENT:
        return 0
    words = cells if "BG_SHARED_FACES=1" in defines else 0
    if "BG_SHARED_SET=1" in defines and kernel.endswith("_small"):
        words += 1 << set_bits
    return words


def kernel_source() -> str:
    """The kernel's CUDA C++ source text."""
    return KERNEL_FILE.read_text(encoding="utf-8")
