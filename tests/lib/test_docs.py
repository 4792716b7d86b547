"""The examples in docs/*.md run as doctests, so the documents stay true to the code."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(DOCS.glob("*.md"))


def test_there_are_documents_with_examples() -> None:
    assert any(">>> " in page.read_text(encoding="utf-8") for page in PAGES)


def _without_fences(text: str) -> str:
    """Markdown code fences become blank lines, so a fence ends an example's output."""
    return "\n".join("" if line.startswith("```") else line for line in text.splitlines())


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_examples_in_docs(page: Path) -> None:
    text = _without_fences(page.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
