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


def kernel_source() -> str:
    """The kernel's CUDA C++ source text."""
    return KERNEL_FILE.read_text(encoding="utf-8")
