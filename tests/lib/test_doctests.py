"""The examples in the library's docstrings are run as tests."""

from __future__ import annotations

import doctest
import functools
import importlib
import inspect
import pkgutil

import pytest

import boggle

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(boggle.__path__, prefix="boggle.")
    if not info.name.endswith("__main__")
)


@pytest.mark.usefixtures("frozen_heap")  # boggle.study.memory's examples collect garbage
@pytest.mark.parametrize("name", ["boggle", *MODULES])  # the package's own docstring too
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def _public_api() -> dict[str, object]:
    """The classes and functions of ``boggle.__all__`` (errors aside), and the entry points of
    many boards and best boards."""
    import inspect

    from boggle.scale.threads import score_many
    from boggle.search import prove, search

    public = {
        name: getattr(boggle, name)
        for name in boggle.__all__
        if inspect.isfunction(getattr(boggle, name))
        or (
            inspect.isclass(getattr(boggle, name))
            and not issubclass(getattr(boggle, name), Exception)
        )
    }
    return {**public, "score_many": score_many, "search": search, "prove": prove}


@functools.cache
def _collected(module_name: str) -> frozenset[str]:
    """The names of the docstrings of ``module_name`` that the run above tests: those with
    an example, which doctest finds in the module."""
    module = importlib.import_module(module_name)
    return frozenset(test.name for test in doctest.DocTestFinder().find(module) if test.examples)


@pytest.mark.parametrize("name", sorted(_public_api()))
def test_public_api_has_an_example_that_runs(name: str) -> None:
    """Its docstring has an example, and the run above collects it (a decorator that hid the
    function from doctest would leave it out)."""
    obj = _public_api()[name]
    assert f"{obj.__module__}.{obj.__qualname__}" in _collected(obj.__module__)  # type: ignore[attr-defined]


def _public_items() -> dict[str, str]:
    """Every public item, by its full name (``boggle.model.board.Board.face``), with the
    module that defines it: the classes and functions named in a module's ``__all__``
    (``boggle``'s own and every submodule's), and the public methods of those classes
    (static and class methods too)."""
    items: dict[str, str] = {}
    for module_name in ["boggle", *MODULES]:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            if not obj.__module__.startswith("boggle."):
                continue
            home = obj.__module__
            items[f"{home}.{obj.__qualname__}"] = home
            if inspect.isclass(obj):
                for attribute, value in vars(obj).items():
                    if isinstance(value, classmethod | staticmethod):
                        value = value.__func__
                    if not attribute.startswith("_") and inspect.isfunction(value):
                        items[f"{home}.{obj.__qualname__}.{attribute}"] = home
    return items


PUBLIC_ITEMS = _public_items()


def test_the_public_items_are_found() -> None:
    """The walk below sees the top-level names, the game's and the rooms' (so a change to how
    ``__all__`` is read cannot empty it unnoticed)."""
    assert "boggle.model.board.Board.parse" in PUBLIC_ITEMS
    assert "boggle.game.play.PlaySession.submit" in PUBLIC_ITEMS
    assert "boggle.model.errors.BoardError" in PUBLIC_ITEMS
    assert len(PUBLIC_ITEMS) > 200


@pytest.mark.parametrize("name", sorted(PUBLIC_ITEMS))
def test_every_public_item_has_an_example_that_runs(name: str) -> None:
    """Each function and class of an ``__all__``, and each public method of those classes,
    has a ``>>>`` example in its docstring that the run above collects."""
    if name not in _collected(PUBLIC_ITEMS[name]):
        pytest.fail(f"{name} has no example that doctest runs", pytrace=False)


def test_every_entry_of_the_api_reference_has_an_example_that_runs() -> None:
    """Newcomer 29: docs/api.md says each example of its entries runs as a test, but
    ``iter_scores``, named there, had none (the check above covers ``__all__`` only)."""
    import re
    from pathlib import Path

    reference = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text("utf-8")
    missing = []
    for name in re.findall(r"^::: ([\w.]+)$", reference, re.MULTILINE):
        module_name, _, attribute = name.rpartition(".")
        obj = getattr(importlib.import_module(module_name), attribute)
        if not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue  # a type alias (``Cell``)
        if f"{obj.__module__}.{obj.__qualname__}" not in _collected(obj.__module__):
            missing.append(name)
    assert missing == []
