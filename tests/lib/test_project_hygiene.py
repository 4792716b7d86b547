"""The project's packaging and install notes stay consistent (issue 13.15)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_license_is_an_spdx_string_with_a_matching_file() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"  # the SPDX form, not the deprecated table
    assert "LICENSE" in project["license-files"]
    for name in project["license-files"]:
        assert (ROOT / name).is_file(), name
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")


def test_ci_makes_a_fresh_virtual_environment() -> None:
    assert "python3 -m venv --clear " in (ROOT / ".ci" / "run").read_text()


def test_the_readme_says_a_c_compiler_is_needed_and_suggests_a_venv() -> None:
    readme = (ROOT / "README.md").read_text()
    quick_start = readme[readme.index("## Quick start") : readme.index("## Boards")]
    assert "C compiler" in quick_start and "build-essential" in quick_start
    assert "python3 -m venv" in quick_start
