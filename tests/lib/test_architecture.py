"""docs/architecture.md matches the code: every module and C file it names is there, and
every one that is there is named; its package table is the layers test's (and so is
CONTRIBUTING.md's); every page of the web app and every helper module of tests/ is named."""

from __future__ import annotations

import re
from pathlib import Path

from test_layers import LAYERS

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "boggle"
PAGE = ROOT / "docs" / "architecture.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
TESTS = ROOT / "tests"
SUFFIXES = (".py", ".c", ".h", ".cu")


def _named(text: str) -> set[str]:
    """Every path in backquotes ending in a source suffix, relative to ``src/boggle``
    (``boggle/`` in front is dropped), and every package named as ``name/``."""
    names = set()
    for token in re.findall(r"`([\w./]+)`", text):
        token = token.removeprefix("boggle/")
        if token.endswith(SUFFIXES) or (token.endswith("/") and "." not in token):
            names.add(token)
    return names


def _modules() -> set[str]:
    """Every module and C file of ``src/boggle``; a package's ``__init__.py`` as ``name/``."""
    found = set()
    for path in SOURCE.rglob("*"):
        if path.suffix not in SUFFIXES or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(SOURCE).as_posix()
        if path.name == "__init__.py" and path.parent != SOURCE:
            relative = relative.removesuffix("__init__.py")
        found.add(relative)
    return found


def test_every_module_and_c_file_is_on_the_page() -> None:
    assert sorted(_modules() - _named(PAGE.read_text(encoding="utf-8"))) == []


def test_everything_the_page_names_is_there() -> None:
    missing = []
    for name in _named(PAGE.read_text(encoding="utf-8")):
        if name.endswith("/"):  # a package, or another folder: a cache's, a board's text
            continue
        if not (SOURCE / name).exists() and not (ROOT / name).exists():
            missing.append(name)
    assert sorted(missing) == []


def test_the_package_table_is_the_layers_test_s() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (.+?) \|", text, flags=re.MULTILINE)
    table = [tuple(re.findall(r"`(\w+)(?:/|\.py)`", packages)) for _, packages in rows]
    assert table == LAYERS


def test_src_boggle_holds_packages_each_saying_what_it_holds() -> None:
    """As "The packages" says: besides the front door, `__main__.py` and `data/`, only
    packages, each ``__init__.py`` with a docstring."""
    import ast

    loose = {
        path.name
        for path in SOURCE.iterdir()
        if not (path.is_dir() and (path / "__init__.py").is_file()) and path.name != "__pycache__"
    }
    assert loose <= {"__init__.py", "__main__.py", "py.typed", "data"}
    for package in SOURCE.rglob("__init__.py"):
        docstring = ast.get_docstring(ast.parse(package.read_text(encoding="utf-8")))
        assert docstring, f"{package.relative_to(SOURCE)} says nothing of what it holds"


def test_contributing_s_layer_table_is_the_layers_test_s() -> None:
    """CONTRIBUTING.md shows the layers too, a package a cell (`model`, `__main__`)."""
    text = _section(CONTRIBUTING.read_text(encoding="utf-8"), "The layering rule")
    rows = re.findall(r"^\| (\d+) \| (.+?) \|$", text, flags=re.MULTILINE)
    table = [tuple(re.findall(r"`(\w+)`", packages)) for _, packages in rows]
    assert table == LAYERS


def _section(text: str, heading: str) -> str:
    """The section of a Markdown ``text`` under ``## heading``, to the next ``## ``."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_every_page_of_the_web_app_is_on_the_page() -> None:
    pages = {path.name for path in (SOURCE / "web" / "pages").glob("*.html")}
    named = set(re.findall(r"`([\w-]+\.html)`", PAGE.read_text(encoding="utf-8")))
    assert sorted(pages - named) == []
    assert sorted(named - pages) == []


def test_every_helper_module_of_the_tests_is_where_the_tests_are() -> None:
    """The modules kept in tests/ for the test files to import (conftest.py among them)."""
    section = _section(PAGE.read_text(encoding="utf-8"), "Where the tests are")
    helpers = {f"tests/{path.name}" for path in TESTS.glob("*.py")}
    named = set(re.findall(r"`(tests/\w+\.py)`", section))
    assert sorted(helpers - named) == []
    assert sorted(named - helpers) == []
    folders = {
        f"tests/{path.name}/"
        for path in TESTS.iterdir()
        if path.is_dir() and not path.name.startswith((".", "__"))
    }
    assert sorted(folders - set(re.findall(r"`(tests/\w+/)`", section))) == []


def test_the_checker_sees_a_missing_and_an_unlisted_module() -> None:
    page = "- `model/board.py` and `engines/` and `_native/kernel.c`, from `setup.py`"
    assert _named(page) == {"model/board.py", "engines/", "_native/kernel.c", "setup.py"}
    assert "model/board.py" in _modules() and "engines/" in _modules()
    assert "model/rules.py" in _modules() - _named(page)
