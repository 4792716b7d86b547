"""The kernel compiled as ordinary C++ for the CPU: what the tests run everywhere.

``kernel.cu`` compiles with the system C++ compiler (``g++ -x c++``) into a
small shared library, loaded with :mod:`ctypes`; each kernel becomes a loop
over its items, run here on slices of them in ``jobs`` threads (ctypes lets
go of the GIL during the call).  Its arrays are NumPy arrays, so the host
logic written for the GPU (over CuPy) runs unchanged on it.  The result is
exact, so the tests hold it equal to the native engine, and
``benchmarks/gpu.py`` times it beside the native engine where no GPU is at hand.

>>> runner = cpu_build_or_none()
>>> runner is None or runner.name == "cpu build"
True
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from boggle.engines.gpu.source import KERNEL_FILE, KERNEL_SIGNATURES
from boggle.model.errors import MissingDependencyError

COMPILERS = ("g++", "c++", "clang++")

_CTYPES = {
    "p": ctypes.c_void_p,
    "i": ctypes.c_int,
    "U": ctypes.c_uint64,
    "I": ctypes.c_int64,
}


def find_compiler() -> str | None:
    """The first C++ compiler on the PATH (``$CXX`` first), or ``None``."""
    for name in (os.environ.get("CXX"), *COMPILERS):
        if name and (path := shutil.which(name)):
            return path
    return None


def compile_kernel(
    directory: str,
    set_bits: int = 12,
    compiler: str | None = None,
    small_set_bits: int = 9,
    defines: tuple[str, ...] = (),
) -> str:
    """Compile the kernel's source into ``directory``; returns the shared library's path.

    ``set_bits``: the large word set holds 3/4 of 2**set_bits words, the small one (the
    first pass) of 2**small_set_bits, at most as many (small values let the tests reach
    the second pass and the CPU path); ``defines``: more ``NAME=VALUE`` for the source."""
    compiler = compiler or find_compiler()
    if compiler is None:
        raise MissingDependencyError("the kernel's CPU build needs a C++ compiler (g++)")
    small = min(small_set_bits, set_bits)
    tag = "".join(f"_{d.replace('=', '')}" for d in defines)
    library = os.path.join(directory, f"bg_kernel_{small}_{set_bits}{tag}.so")
    command = [
        compiler, "-x", "c++", "-std=c++11", "-O2", "-fPIC", "-shared",
        f"-DBG_SMALL_SET_BITS={small}", f"-DBG_LARGE_SET_BITS={set_bits}",
        *(f"-D{define}" for define in defines),
        str(KERNEL_FILE), "-o", library,
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
    batch_boards = 1 << 16

    def __init__(self, library: str, jobs: int = 1) -> None:
        self.library = ctypes.CDLL(library)
        self.functions: dict[str, Any] = {}
        self.signatures = KERNEL_SIGNATURES
        for name, signature in KERNEL_SIGNATURES.items():
            function = getattr(self.library, name)
            function.restype = None
            function.argtypes = [_CTYPES[kind] for kind in signature + "UU"]
            self.functions[name] = function
        self.jobs = max(1, jobs)

    @property
    def xp(self) -> Any:
        import numpy

        return numpy

    def upload(self, array: Any) -> Any:
        import numpy

        return numpy.ascontiguousarray(array)

    def to_host(self, array: Any) -> Any:
        return array

    def launch(self, kernel: str, items: int, *arguments: Any) -> None:
        function = self.functions[kernel]
        signature = self.signatures[kernel]
        if len(arguments) != len(signature):
            raise TypeError(f"{kernel} takes {len(signature)} arguments, got {len(arguments)}")
        values = [
            (None if value is None else value.ctypes.data) if kind == "p" else int(value)
            for kind, value in zip(signature, arguments, strict=True)
        ]
        if self.jobs == 1 or items < 2 * self.jobs:
            function(*values, 0, items)
            return
        step = -(-items // (self.jobs * 8))

        def run(first: int) -> None:
            function(*values, first, min(first + step, items))

        with ThreadPoolExecutor(self.jobs) as pool:
            slices = [pool.submit(run, first) for first in range(0, items, step)]
            for pending in slices:
                pending.result()

    @contextlib.contextmanager
    def stream(self, index: int) -> Iterator[None]:
        yield

    def synchronize(self) -> None:
        return None


_build_folder: tempfile.TemporaryDirectory[str] | None = None


@lru_cache(maxsize=16)
def cpu_build(
    set_bits: int = 12, jobs: int = 1, small_set_bits: int = 9, defines: tuple[str, ...] = ()
) -> CpuBuildRunner:
    """The CPU build, compiled once per process (and per variant's ``defines``) into a
    temporary folder."""
    global _build_folder
    if _build_folder is None:
        _build_folder = tempfile.TemporaryDirectory(prefix="boggle-kernel-")
    library = compile_kernel(
        _build_folder.name, set_bits, small_set_bits=small_set_bits, defines=defines
    )
    return CpuBuildRunner(library, jobs)


def cpu_build_or_none(set_bits: int = 12, jobs: int = 1) -> CpuBuildRunner | None:
    """:func:`cpu_build`, or ``None`` without a C++ compiler."""
    if find_compiler() is None:
        return None
    return cpu_build(set_bits, jobs)
