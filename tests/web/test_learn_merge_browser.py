"""My words merges the stored entries of one word kept twice or more as the library does
(``combined`` and ``readWords`` in learn.js against ``boggle.game.kept_words``): the same cases
(tests/kept_word_cases.py) hold both, in headless Chromium against `boggle serve`.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import pytest
from browser import PHONE, Pages
from kept_word_cases import DAY, FIELDS, MERGE_CASES, WORD_CASES
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def test_entries_of_one_word_merge_as_the_library_merges_them(
    pages: Pages, server: ServeProcess
) -> None:
    """The page kept the most common level of the entries, the library the level of the one
    further on; a language that was not a code made an entry a card of its own in the library
    only: both now merge as tests/lib/test_kept_words.py holds the library to."""
    page = pages.open(server.url + "/words", **PHONE)
    page.wait_for_selector("body[data-ready='true']")
    read = page.evaluate(
        """async ([cases, day]) => {
          const learn = await import('/static/learn.js');
          return cases.map((words) => learn.readWords(JSON.stringify({ version: 1, words }), day));
        }""",
        [[stored for _, stored, _ in MERGE_CASES], DAY],
    )
    for (name, _, expected), cards in zip(MERGE_CASES, read, strict=True):
        assert [{key: card[key] for key in FIELDS} for card in cards] == expected, name


def test_a_stored_word_is_kept_as_the_library_keeps_it(pages: Pages, server: ServeProcess) -> None:
    """The page kept a word with a digit, a hyphen or an apostrophe ("e-mail", "r2d2",
    "don't"), which the library drops (letters only), and counted a word's length in UTF-16
    units: a file saved on the page lost words in `boggle words`. One table holds both
    (tests/kept_word_cases.py WORD_CASES; tests/lib/test_kept_words.py)."""
    page = pages.open(server.url + "/words", **PHONE)
    page.wait_for_selector("body[data-ready='true']")
    read = page.evaluate(
        """async ([cases, day]) => {
          const learn = await import('/static/learn.js');
          return cases.map((word) => learn.readWords(
            JSON.stringify({ version: 1, words: [{ word }] }), day).map((card) => card.word));
        }""",
        [[stored for stored, _ in WORD_CASES], DAY],
    )
    wrong = [
        (stored, kept, got)
        for (stored, kept), got in zip(WORD_CASES, read, strict=True)
        if got != ([] if kept is None else [kept])
    ]
    assert wrong == []
