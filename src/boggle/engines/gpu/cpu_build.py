"""The kernel compiled as ordinary C++ for the CPU: what the tests run everywhere.

``kernel.cu`` compiles with the system C++ compiler (``g++ -x c++``) into a
small shared library, loaded with :mod:`ctypes`; its kernel becomes a loop
over boards, run here on slices of the boards in ``jobs`` threads (ctypes
lets go of the GIL during the call).  The result is exact, so the tests hold
it equal to the native engine, and ``benchmarks/gpu.py`` times it beside the
native engine where no GPU is at hand.

>>> runner = cpu_build_or_none()
>>> runner is None or runner.name == "cpu build"
True
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import TYPE_CHECKING

from boggle.engines.gpu.source import KERNEL_FILE
from boggle.model.errors import MissingDependencyError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

COMPILERS = ("g++", "c++", "clang++")


def find_compiler() -> str | None:
    """The first C++ compiler on the PATH (``$CXX`` first), or ``None``."""
    for name in (os.environ.get("CXX"), *COMPILERS):
        if name and (path := shutil.which(name)):
            return path
    return None


def compile_kernel(directory: str, set_bits: int = 12, compiler: str | None = None) -> str:
    """Compile the kernel's source into ``directory``; returns the shared library's path.

    ``set_bits``: the thread's word set holds 3/4 of 2**set_bits words (small values let
    the tests reach the overflow path)."""
    compiler = compiler or find_compiler()
    if compiler is None:
        raise MissingDependencyError("the kernel's CPU build needs a C++ compiler (g++)")
    library = os.path.join(directory, f"bg_kernel_{set_bits}.so")
    command = [
        compiler, "-x", "c++", "-std=c++11", "-O2", "-fPIC", "-shared",
        f"-DBG_SET_BITS={set_bits}", str(KERNEL_FILE), "-o", library,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise MissingDependencyError(
            f"the kernel's CPU build failed: {done.stderr.strip().splitlines()[:1]}"
        )
    return library


class CpuBuildRunner:
    """The kernel's CPU build, behind the same interface as the GPU runner."""

    name = "cpu build"

    def __init__(self, library: str, jobs: int = 1) -> None:
        self.library = ctypes.CDLL(library)
        self.function = self.library.bg_score_boards
        self.function.restype = None
        self.function.argtypes = [
            ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
            ctypes.c_int, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_void_p,
        ]  # fmt: skip
        self.jobs = max(1, jobs)

    def upload(self, nodes: npt.NDArray[np.uint32]) -> object:
        return nodes

    def score(
        self,
        trie: object,
        faces: npt.NDArray[np.uint8],
        cells: int,
        neighbours: npt.NDArray[np.int8],
        points: npt.NDArray[np.int32],
    ) -> npt.NDArray[np.int64]:
        import numpy

        nodes = numpy.ascontiguousarray(trie, dtype=numpy.uint32)
        faces = numpy.ascontiguousarray(faces, dtype=numpy.uint8)
        near = numpy.ascontiguousarray(neighbours, dtype=numpy.int8)
        table = numpy.ascontiguousarray(points, dtype=numpy.int32)
        count = len(faces)
        scores = numpy.empty(count, dtype=numpy.int64)

        def run(first: int, last: int) -> None:
            self.function(
                nodes.ctypes.data, faces.ctypes.data, cells, near.ctypes.data,
                table.ctypes.data, len(table), first, last - first, scores.ctypes.data,
            )  # fmt: skip

        if self.jobs == 1 or count < 2 * self.jobs:
            run(0, count)
            return scores
        step = -(-count // (self.jobs * 8))
        with ThreadPoolExecutor(self.jobs) as pool:
            slices = [pool.submit(run, s, min(s + step, count)) for s in range(0, count, step)]
            for pending in slices:
                pending.result()
        return scores


_build_folder: tempfile.TemporaryDirectory[str] | None = None


@lru_cache(maxsize=8)
def cpu_build(set_bits: int = 12, jobs: int = 1) -> CpuBuildRunner:
    """The CPU build, compiled once per process into a temporary folder."""
    global _build_folder
    if _build_folder is None:
        _build_folder = tempfile.TemporaryDirectory(prefix="boggle-kernel-")
    return CpuBuildRunner(compile_kernel(_build_folder.name, set_bits), jobs)


def cpu_build_or_none(set_bits: int = 12, jobs: int = 1) -> CpuBuildRunner | None:
    """:func:`cpu_build`, or ``None`` without a C++ compiler."""
    if find_compiler() is None:
        return None
    return cpu_build(set_bits, jobs)
