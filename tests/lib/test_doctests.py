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


@pytest.mark.usefixtures("frozen_heap")  # boggle.study.memory's examples collect garbage
@pytest.mark.parametrize("name", MODULES)
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


@pytest.mark.parametrize("name", sorted(_public_api()))
def test_public_api_has_an_example_that_runs(name: str) -> None:
    """Its docstring has an example, and the run above collects it (a decorator that hid the
    function from doctest would leave it out)."""
    obj = _public_api()[name]
    module = importlib.import_module(obj.__module__)  # type: ignore[attr-defined]
    collected = {test.name: test for test in doctest.DocTestFinder().find(module) if test.examples}
    assert f"{module.__name__}.{obj.__qualname__}" in collected  # type: ignore[attr-defined]
