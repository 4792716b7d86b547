"""My words over a learner's year, in a real browser (headless Chromium against `boggle
serve`, a 390x844 phone): the fields a later version keeps in an entry survive this page's
reading and saving; a stored meaning is shown without asking the server again, and the words
without one are looked up as their cards come into view; a list of MOST_KEPT words (the
limit both shells share) loads and filters in good time.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import PHONE, Pages
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
KEY = "boggle-learn"


def stored(page: Any) -> list[dict[str, Any]]:
    raw = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return list(json.loads(raw)["words"]) if raw else []


def kept(word: str, **fields: Any) -> dict[str, Any]:
    entry = {"word": word, "list": "en-70", "language": "en", "points": 1, "board": FXIE}
    entry |= {"date": "2026-11-27", "due": ""}
    return entry | fields


def words_page(pages: Pages, server: ServeProcess, words: list[dict[str, Any]], **more: str) -> Any:
    """/words on a phone with ``words`` stored (and the other keys ``more``) before it loads."""
    page = pages.open(server.url + "/words", **PHONE)
    values = {KEY: json.dumps({"version": 1, "words": words}), **more}
    page.evaluate(
        "(values) => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        values,
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    return page


def test_fields_a_later_version_keeps_are_stored_again_as_read(
    pages: Pages, server: ServeProcess
) -> None:
    """An older page dropped an entry's fields it did not know (as `practised` and
    `learned_on` were to the one before them) when it stored the list: on the first visit
    (the list stored as read) and at each change. Now they are kept as read, after its own."""
    later = {"hint": {"seen": 3}, "tags": ["food", "ñ"]}
    page = words_page(pages, server, [kept("limbo", **later), kept("fame"), kept("lime")])
    page.click(".kept-word[data-word='fame'] button.remove")
    page.wait_for_selector(".kept-word[data-word='fame']", state="detached")
    words = {entry["word"]: entry for entry in stored(page)}
    assert sorted(words) == ["limbo", "lime"]
    assert {name: words["limbo"][name] for name in later} == later
    assert list(words["limbo"])[-2:] == ["hint", "tags"]  # after the page's own fields
    assert "hint" not in words["lime"]
    # read back as a module: an entry's own `__proto__` is no field, and changes nothing
    proto = page.evaluate(
        """async () => {
          const learn = await import('/static/learn.js');
          const raw = '{"version": 1, "words": [{"word": "fame", "__proto__": {"learned": true}}]}';
          const [entry] = learn.readWords(raw, '2026-11-29');
          return [Object.getPrototypeOf(entry) === Object.prototype, entry.learned];
        }"""
    )
    assert proto == [True, False]
