"""A script of ``scripts/`` or ``benchmarks/`` loaded as a module by a test, with
``sys.path`` left as it was: a script that puts the checkout's ``src`` first (to run from a
checkout) would otherwise leave it there, and a process the later tests of that worker start
(a round's process pool) would import boggle from ``src``, which has no compiled core in CI."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(name: str, path: Path, *, register: bool = False) -> ModuleType:
    """The script at ``path`` run as the module ``name`` (kept in ``sys.modules`` when
    ``register``, for a script whose dataclasses look their module up)."""
    saved = list(sys.path)
    sys.path.insert(0, str(path.parent))  # a script's own imports beside it
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        if register:
            sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path[:] = saved
