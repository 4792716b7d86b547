"""The examples in the library's docstrings are run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import boggle

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(boggle.__path__, prefix="boggle.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
