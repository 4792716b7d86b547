"""Scripts loaded as modules by the tests leave ``sys.path`` as it was (tests/script_modules.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import script_modules

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def test_a_script_that_puts_src_first_leaves_sys_path_as_it_was() -> None:
    before = list(sys.path)
    module = script_modules.load_script("build_definitions", SCRIPTS / "build_definitions.py")
    assert hasattr(module, "main")
    assert sys.path == before
