"""The compiled core's layout (issue 29): Python only in the binding files, no mutable
file-level state in the algorithm, bit tricks through bits.h.

The binding files are ``module.c`` and ``*_module.c``; every other ``.c`` file must build
without Python's headers (``prove_main.c`` builds it so, ``tests/lib/test_prove_main.py``),
so the prover runs on threads without the GIL and under a profiler without Python.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parents[2] / "src" / "boggle" / "_native"
SOURCES = sorted(NATIVE.glob("*.c"))
ALGORITHM = [path for path in SOURCES if not re.fullmatch(r"(.*_)?module\.c", path.name)]
INCLUDE = re.compile(r'^\s*#\s*include\s+[<"]([^>"]+)[>"]', re.MULTILINE)


def _included(path: Path, seen: set[str] | None = None) -> set[str]:
    """Every header `path` includes, following the core's own headers."""
    seen = set() if seen is None else seen
    for name in INCLUDE.findall(path.read_text(encoding="utf-8")):
        if name in seen:
            continue
        seen.add(name)
        if (NATIVE / name).exists():
            _included(NATIVE / name, seen)
    return seen


def _code(path: Path) -> str:
    """The file without its comments."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.DOTALL)


def test_the_layout_has_both_kinds_of_file() -> None:
    names = {path.name for path in SOURCES}
    assert {"module.c", "prove_module.c", "bound.c", "tree.c", "tree_build.c"} <= names
    assert {"kernel.c", "key_sort.c"} <= {path.name for path in ALGORITHM}


@pytest.mark.parametrize("path", ALGORITHM, ids=lambda path: path.name)
def test_algorithm_files_use_no_python(path: Path) -> None:
    headers = _included(path)
    assert "Python.h" not in headers, f"{path.name} includes Python.h (through {headers})"
    calls = re.findall(r"\bPy[A-Z_][A-Za-z_]*", _code(path))
    assert not calls, f"{path.name} uses CPython: {sorted(set(calls))}"


@pytest.mark.parametrize("path", ALGORITHM, ids=lambda path: path.name)
def test_algorithm_files_keep_no_mutable_static_state(path: Path) -> None:
    """State lives in a context passed to every function (pv_prover, bn_scratch): a
    ``static`` variable that is not ``const``, at file level or in a function, is shared
    by every thread."""
    found = [
        line.strip()
        for line in _code(path).splitlines()
        if re.match(r"\s*static\s", line)
        and "const" not in line
        and "(" not in line.split("=")[0]
        and not re.match(r"\s*static\s+inline\b", line)
    ]
    assert not found, f"{path.name}: {found}"


@pytest.mark.parametrize("path", [*SOURCES, *NATIVE.glob("*.h")], ids=lambda path: path.name)
def test_bit_builtins_only_through_bits_h(path: Path) -> None:
    """popcount, ctz, clz and prefetch come from bits.h (with fallbacks for other
    compilers); only CPU detection (``__builtin_cpu_*``, GCC and Clang only) stays raw."""
    if path.name == "bits.h":
        return
    raw = re.findall(r"__builtin_(?!cpu_|expect\b)\w+", _code(path))
    assert not raw, f"{path.name}: {sorted(set(raw))}"


def test_one_named_period_between_looks_at_ctrl_c() -> None:
    for path in ALGORITHM:
        code = _code(path)
        assert not re.search(r"&\s*(1023|4095)u?\b", code), path.name
        assert "PyErr_CheckSignals" not in code
    assert "PV_POLL_PERIOD" in _code(NATIVE / "bound.h")
