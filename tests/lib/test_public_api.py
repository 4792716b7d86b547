"""The public API of ``boggle``: ``__all__``, the lazy imports and the type checker's imports
name the same things, each of which imports and is the object of the module it is said to
live in.  (tests/lib/test_docs.py checks the API reference covers ``__all__``.)"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import boggle

INIT = Path(boggle.__file__)
REPO = Path(__file__).resolve().parents[2]  # the checkout: boggle may be installed elsewhere


def _type_checking_imports() -> dict[str, str]:
    """Name -> home module (``model.board``) of the imports under ``if TYPE_CHECKING:``."""
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(INIT.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for statement in node.body:
                module = getattr(statement, "module", None) or ""
                if isinstance(statement, ast.ImportFrom) and module.startswith("boggle."):
                    home = module.removeprefix("boggle.")
                    found.update((alias.name, home) for alias in statement.names)
    return found


def test_all_is_sorted_and_has_no_repeats() -> None:
    assert len(set(boggle.__all__)) == len(boggle.__all__)
    assert boggle.__all__ == sorted(boggle.__all__, key=lambda n: (not n.isupper(), n))


def test_the_three_lists_name_the_same_things_in_the_same_homes() -> None:
    homes = boggle._HOMES
    assert set(boggle.__all__) == set(homes)
    assert _type_checking_imports() == homes


@pytest.mark.parametrize("name", boggle.__all__)
def test_every_public_name_imports_from_its_home(name: str) -> None:
    value = getattr(boggle, name)
    home = importlib.import_module(f"boggle.{boggle._HOMES[name]}")
    assert value is getattr(home, name)
    assert name in dir(boggle)


def test_star_import_gives_every_name_and_an_unknown_one_is_an_attribute_error() -> None:
    code = "from boggle import *\nprint(len([n for n in dir() if not n.startswith('_')]))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert int(out.stdout) == len(boggle.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        boggle.nothing_here  # noqa: B018


def test_the_api_reference_names_every_public_name() -> None:
    # Classes and functions have their own entry (tests/lib/test_docs.py); the constants
    # are named in the prose of their section.
    reference = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    missing = [name for name in boggle.__all__ if not re.search(rf"\b{name}\b", reference)]
    assert missing == []
