"""The gpu kernel's variants compiled for a GPU without one: registers, stack, local memory.

Each variant of ``kernel.cu`` (:data:`boggle.engines.gpu.source.KERNEL_VARIANTS`) is
compiled as the gpu engine compiles it (the options of
:func:`boggle.engines.gpu.device.compile_options`: the same defines, ``-std=c++17``, the
same launch bounds, :func:`static_options`; ``--min-blocks 0`` for none) by
NVRTC into PTX for ``compute_XX``, then by ``ptxas -v`` for ``sm_XX``; the table gives
each scoring kernel's registers, stack frame (its local memory a thread), spills and,
where ``cuobjdump`` is at hand, how many local (LDL/STL), shared (LDS/STS) and global
(LDG) memory instructions its machine code holds.  A static view, not a speed: which
variant is faster only a GPU says (``benchmarks/gpu.py --variants``).

NVIDIA's compilers come from PyPI, no GPU or driver needed (a scratch virtualenv):

    python -m venv /tmp/cuda
    /tmp/cuda/bin/pip install nvidia-cuda-nvcc-cu12 nvidia-cuda-nvrtc-cu12 nvidia-cuda-cuobjdump
    PYTHONPATH=src python benchmarks/gpu_static.py --tools /tmp/cuda --arch 90

``--tools`` is a virtualenv (or any folder) holding those wheels; after it NVRTC,
``ptxas`` and ``cuobjdump`` are looked for in ``$CUDA_HOME``, in this Python's ``nvidia``
wheels and on the PATH.
"""

from __future__ import annotations

import argparse
import ctypes
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

from boggle.engines.gpu.device import (
    DEFAULT_BLOCK,
    DEFAULT_SET_BITS,
    compile_options,
    variant_block,
    variant_min_blocks,
)
from boggle.engines.gpu.source import (
    AUTO_VARIANT,
    KERNEL_VARIANTS,
    LANES_SET_BITS,
    SHARED_SET_BITS,
    auto_variant,
    first_set_bits,
    kernel_source,
)

KERNELS = (
    "bg_score_boards_small",
    "bg_score_boards_large",
    "bg_random_stats_small",
    "bg_random_stats_large",
)
MEMORY = ("LDL", "STL", "LDS", "STS", "LDG")


def usable(paths: list[str]) -> list[str]:
    """``paths`` less the link-time stubs (a ``stubs`` folder: CUDA's
    ``targets/*/lib/stubs/libnvrtc.so`` only says "You are running using the stub version"
    and fails every call), sorted with the preferred last: a library in ``lib64`` (what the
    loader finds) after the same under ``targets/*/lib``, the newest name last.

    >>> usable(["/c/lib64/libnvrtc.so.13", "/c/t/lib/stubs/libnvrtc.so", "/c/t/lib/libnvrtc.so"])
    ['/c/t/lib/libnvrtc.so', '/c/lib64/libnvrtc.so.13']
    """
    real = [path for path in paths if "stubs" not in os.path.normpath(path).split(os.sep)]
    return sorted(real, key=lambda path: ("lib64" in path.split(os.sep), path))


def find_tool(name: str, tools: str | None) -> str | None:
    """A CUDA tool (or NVRTC's library) in the wheels under ``tools``, $CUDA_HOME or PATH;
    never a stub library (:func:`usable`)."""
    roots = [tools] if tools else []
    if os.environ.get("CUDA_HOME"):
        roots.append(os.environ["CUDA_HOME"])
    try:  # NVIDIA's wheels in this Python (CuPy's CUDA 13 ones among them)
        import nvidia  # type: ignore[import-not-found]

        roots += list(nvidia.__path__)
    except ImportError:
        pass
    for root in roots:
        found = usable(glob.glob(os.path.join(root, "**", name), recursive=True))
        if found:
            return found[-1]
    return shutil.which(name)


def nvrtc_ptx(library: str, source: str, options: tuple[str, ...], name: str = "") -> str:
    """PTX of ``source`` by NVRTC (no driver needed to compile); its warnings printed, one
    line each (``nvrtc warning (NAME): ...``)."""
    nvrtc = ctypes.CDLL(library)
    program = ctypes.c_void_p()
    created = nvrtc.nvrtcCreateProgram(
        ctypes.byref(program), source.encode(), b"kernel.cu", 0, None, None
    )
    if created:
        raise RuntimeError(f"nvrtcCreateProgram failed ({created})")
    encoded = [option.encode() for option in options]
    status = nvrtc.nvrtcCompileProgram(
        program, len(encoded), (ctypes.c_char_p * len(encoded))(*encoded)
    )
    size = ctypes.c_size_t()
    nvrtc.nvrtcGetProgramLogSize(program, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetProgramLog(program, log)
    if status:
        raise RuntimeError(f"NVRTC failed ({status}): {log.value.decode(errors='replace')}")
    for line in log.value.decode(errors="replace").splitlines():
        if "warning" in line:
            print(f"nvrtc warning ({name}): {line.strip()}")
    nvrtc.nvrtcGetPTXSize(program, ctypes.byref(size))
    ptx = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetPTX(program, ptx)
    return ptx.value.decode()


def ptxas_facts(ptxas: str, ptx_file: str, cubin: str, arch: str) -> dict[str, dict[str, int]]:
    """Registers, stack frame and spills of each kernel, as ``ptxas -v`` reports them."""
    done = subprocess.run(
        [ptxas, f"-arch=sm_{arch}", "-v", ptx_file, "-o", cubin],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    facts: dict[str, dict[str, int]] = {}
    kernel = ""
    for line in done.stderr.splitlines():
        if match := re.search(r"Compiling entry function '(\w+)'", line):
            kernel = match.group(1)
            facts[kernel] = {}
        elif match := re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line):
            facts[kernel]["stack"] = int(match.group(1))
            facts[kernel]["spills"] = int(match.group(2))
        elif match := re.search(r"Used (\d+) registers", line):
            facts[kernel]["registers"] = int(match.group(1))
    return facts


def sass_counts(cuobjdump: str, cubin: str, kernel: str) -> Counter[str]:
    """Memory instructions of one kernel's machine code, by kind."""
    done = subprocess.run(
        [cuobjdump, "-sass", "-fun", kernel, cubin], capture_output=True, text=True, check=True
    )
    return Counter(
        match.group(1)
        for line in done.stdout.splitlines()
        if (match := re.search(r"\s(LDL|STL|LDS|STS|LDG)[.\s]", line))
    )


def static_options(
    defines: tuple[str, ...], block: int, set_bits: int, min_blocks: int | None = None
) -> tuple[str, ...]:
    """The options the gpu engine compiles a variant with (``defines``) under ``block``
    threads a block: its launch bounds too, which cap the registers (the lanes' first
    pass: 6 blocks of 256, 40 registers), or ``min_blocks`` of them (0: none).

    >>> options = static_options(KERNEL_VARIANTS["warp-list"], 256, 10)
    >>> [option for option in options if "BLOCK" in option or "SET_BITS" in option]
    ['-DBG_SMALL_SET_BITS=9', '-DBG_LARGE_SET_BITS=12', '-DBG_BLOCK=256', '-DBG_MIN_BLOCKS=6']
    >>> "-DBG_MIN_BLOCKS=6" in static_options(KERNEL_VARIANTS["warp-list"], 256, 10, 0)
    False
    """
    bits = first_set_bits(defines) or set_bits
    bounds = variant_min_blocks(defines, block) if min_blocks is None else min_blocks or None
    return compile_options(variant_block(defines, block), bits, bounds, defines=defines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tools", default=None, help="folder holding NVIDIA's wheels")
    parser.add_argument("--arch", default="90", help="compute capability (90: H100, H200)")
    parser.add_argument("--block", type=int, default=DEFAULT_BLOCK)
    parser.add_argument("--set-bits", type=int, default=DEFAULT_SET_BITS)
    parser.add_argument(
        "--min-blocks", type=int, default=None,
        help="launch bounds' blocks a multiprocessor (0: none; default: the engine's)",
    )  # fmt: skip
    parser.add_argument("--variants", default=",".join(KERNEL_VARIANTS))
    parser.add_argument("--kernels", default=",".join(KERNELS))
    args = parser.parse_args()
    library = find_tool("libnvrtc.so*", args.tools)
    ptxas = find_tool("ptxas", args.tools)
    cuobjdump = find_tool("cuobjdump", args.tools)
    if library is None or ptxas is None:
        hint = "pip install nvidia-cuda-nvcc-cu12 nvidia-cuda-nvrtc-cu12 into a virtualenv"
        print(f"gpu_static: needs NVRTC and ptxas ({hint}, then --tools it)", file=sys.stderr)
        return 2
    versioned = usable(glob.glob(os.path.join(os.path.dirname(library), "libnvrtc.so.*")))
    library = min(versioned) if versioned else library
    print(f"nvrtc {library}\nptxas {ptxas}\ncuobjdump {cuobjdump or '(none: no SASS counts)'}")
    print(f"sm_{args.arch}; block {args.block}; first word set 2**{args.set_bits} slots "
          f"(2**{SHARED_SET_BITS} a thread in shared memory, 2**{LANES_SET_BITS} a board "
          f"with lanes); launch bounds "
          f"{'as the engine' if args.min_blocks is None else args.min_blocks}")  # fmt: skip
    header = f"{'variant':<13} {'kernel':<22} {'regs':>4} {'stack B':>7} {'spill':>5}"
    print(header + "".join(f" {kind:>4}" for kind in MEMORY))
    source = kernel_source()
    with tempfile.TemporaryDirectory() as folder:
        for name in args.variants.split(","):
            if name == AUTO_VARIANT:  # not one compile: a variant by board size, listed
                print(f"{name:<13} (by board size: {auto_variant(16)} for 4x4, "
                      f"{auto_variant(25)} for 5x5, {auto_variant(36)} beyond)")  # fmt: skip
                continue
            defines = KERNEL_VARIANTS[name]
            options = static_options(defines, args.block, args.set_bits, args.min_blocks)
            ptx = nvrtc_ptx(library, source, (*options, f"-arch=compute_{args.arch}"), name)
            ptx_file = os.path.join(folder, f"{name}.ptx")
            cubin = os.path.join(folder, f"{name}.cubin")
            with open(ptx_file, "w") as out:
                out.write(ptx)
            facts = ptxas_facts(ptxas, ptx_file, cubin, args.arch)
            for kernel in args.kernels.split(","):
                fact = facts[kernel]
                counts = sass_counts(cuobjdump, cubin, kernel) if cuobjdump else Counter()
                print(
                    f"{name:<13} {kernel:<22} {fact['registers']:>4} {fact['stack']:>7} "
                    f"{fact['spills']:>5}" + "".join(f" {counts[kind]:>4}" for kind in MEMORY)
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
