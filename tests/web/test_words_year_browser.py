"""My words over a learner's year, in a real browser (headless Chromium against `boggle
serve`, a 390x844 phone): the fields a later version keeps in an entry survive this page's
reading and saving; a stored meaning is shown without asking the server again, and the words
without one are looked up as their cards come into view; a list of MOST_KEPT words (the
limit both shells share) is listed 100 cards a section; a full storage gives up the kept
meanings before the words.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import PHONE, Pages
from kept_storage import stored_words
from serve_process import ServeProcess

from boggle.game.kept_words import MOST_KEPT

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
KEY = "boggle-learn"


def stored(page: Any) -> list[dict[str, Any]]:
    """The words kept in the page's localStorage, the practice answers stored apart taken in."""
    return stored_words(page)


def kept(word: str, **fields: Any) -> dict[str, Any]:
    entry = {"word": word, "list": "en-70", "language": "en", "points": 1, "board": FXIE}
    entry |= {"date": "2026-11-27", "due": ""}
    return entry | fields


def words_page(pages: Pages, server: ServeProcess, words: list[dict[str, Any]]) -> Any:
    """/words on a phone with ``words`` stored before it loads."""
    page = pages.open(server.url + "/words", **PHONE)
    value = json.dumps({"version": 1, "words": words})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
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


# The page's look-ups of /api/define, counted as the page makes them (window.fetch wrapped
# before the page's scripts run), by word.
COUNT_LOOK_UPS = """(() => {
  window.lookedUp = [];
  const fetchOf = window.fetch.bind(window);
  window.fetch = (resource, options) => {
    const asked = String(resource);
    if (asked.includes("/api/define?")) {
      window.lookedUp.push(new URL(asked, location.href).searchParams.get("word"));
    }
    return fetchOf(resource, options);
  };
})();"""


def word_of(n: int) -> str:
    """The ``n``-th of many made-up words: "waaa", "waab", ... (17,576 of them)."""
    return "w" + chr(97 + n // 676 % 26) + chr(97 + n // 26 % 26) + chr(97 + n % 26)


def looked_up(page: Any) -> list[str]:
    """The words looked up so far, once the cards near the screen have asked (a frame or two
    after they are listed)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200)))")
    return list(page.evaluate("() => window.lookedUp"))


def meaning(word: str, on: str | None) -> dict[str, Any]:
    shown: dict[str, Any] = {"definitions": [f"the kept meaning of {word}"], "source": "WordNet"}
    shown |= {"base": None, "forms": [], "url": None, "written": []}
    return shown | ({"on": on} if on else {})


# Whether the kept meanings stored have each of `keys`, looked up on the day `day`.
STORED_ON = """([keys, day]) => {
  const stored = JSON.parse(localStorage.getItem("boggle-learn-meanings") ?? "{}");
  return keys.every((key) => stored[key]?.on === day);
}"""


def test_a_stored_meaning_is_shown_without_asking_and_the_rest_as_cards_come_near(
    pages: Pages, server: ServeProcess
) -> None:
    """Every visit to My words asked the server for every kept word's meaning, 4 at a time,
    though the browser kept them: a list of thousands was thousands of look-ups a visit. Now a
    meaning looked up less than 28 days ago is shown without asking; an older one (or one
    kept before meanings had their day) is shown at once and asked again as its card comes
    near the screen; a word without one is asked as its card comes near the screen."""
    pages.init_scripts.append(COUNT_LOOK_UPS)
    words = [kept("fame"), kept("limbo"), kept("mile")] + [kept(word_of(n)) for n in range(60)]
    stored_meanings = {
        "en-70:fame": meaning("fame", "2026-11-20"),  # 9 days old: shown, not asked
        "en-70:limbo": meaning("limbo", "2026-10-01"),  # 59 days old: shown, asked again
        "en-70:mile": meaning("mile", None),  # kept before meanings had their day
    }
    page = pages.open(server.url + "/words", **PHONE)
    page.clock.set_fixed_time("2026-11-29T10:00:00")
    values = {KEY: json.dumps({"version": 1, "words": words})}
    values["boggle-learn-meanings"] = json.dumps(stored_meanings)
    page.evaluate(
        "(values) => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        values,
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    fame = page.locator(".kept-word[data-word='fame'] .kept-meaning")
    assert fame.text_content() == "the kept meaning of fame"
    asked = looked_up(page)
    assert "fame" not in asked
    assert "limbo" in asked and "mile" in asked
    assert 3 <= len(asked) < 30, asked  # the cards near the screen only, not all 63
    far = page.locator(f".kept-word[data-word='{word_of(59)}']")
    assert word_of(59) not in asked
    far.scroll_into_view_if_needed()
    page.wait_for_selector(
        # a made-up word: its list lacks it, and the card says so once looked up
        f".kept-word[data-word='{word_of(59)}'] .kept-meaning:text('not a word of the')"
    )
    assert word_of(59) in looked_up(page)
    # looked up now: stored with their day (a moment after the last answer, with the others
    # answered meanwhile: waited for), and not asked again on the next visit
    looked_up_now = ["en-70:limbo", "en-70:mile", f"en-70:{word_of(59)}"]
    page.wait_for_function(STORED_ON, arg=[looked_up_now, "2026-11-29"])
    kept_meanings = json.loads(page.evaluate("() => localStorage.getItem('boggle-learn-meanings')"))
    assert kept_meanings["en-70:limbo"]["on"] == "2026-11-29"
    assert kept_meanings["en-70:fame"]["on"] == "2026-11-20"
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert not {"fame", "limbo", "mile"} & set(looked_up(page))


def test_a_year_of_words_is_listed_a_hundred_cards_at_a_time(
    pages: Pages, server: ServeProcess
) -> None:
    """A learner keeping 10 words a day filled the list (300) in a month, and My words made a
    card for each word at each answer. Now MOST_KEPT words are kept, and each section lists
    its first 100 cards, with a button for 100 more; the filter finds any of them."""
    words = [kept(word_of(n), due="2026-12-20") for n in range(MOST_KEPT - 1)]
    words.append(kept("fame"))  # the oldest, last in the list, due today
    page = words_page(pages, server, words)
    assert page.text_content("#to-learn-title") == f"To learn ({MOST_KEPT})"
    assert page.locator(".kept-word").count() == 100
    more = page.locator("#to-learn-more")
    assert more.text_content() == f"Show 100 more ({MOST_KEPT - 100:,} not shown)"
    more.click()
    assert page.locator(".kept-word").count() == 200
    assert (
        page.evaluate("() => document.activeElement.textContent")
        == f"Remove {word_of(100).upper()}"
    )
    page.get_by_label("Find a word").fill("fame")
    assert page.locator(".kept-word").count() == 1 and more.is_hidden()
    assert page.text_content("#words-found") == f"1 of {MOST_KEPT} words matches “fame”."
    page.get_by_label("Find a word").fill("")
    # practised: the one word due, answered right, stays where the list has it
    page.click("#practise-start")
    page.fill("#practise-input", "fame")
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    assert stored(page)[-1]["streak"] == 1 and len(stored(page)) == MOST_KEPT
    assert page.locator(".kept-word").count() == 100


# A browser whose storage is full while My words' kept meanings are in it: storing the words
# is refused until they are gone (a quota error, as a full localStorage throws); or, with
# window.storageFull "always", refused whatever is given up.
FULL_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const meanings = this.getItem("boggle-learn-meanings") !== null;
    const full = window.storageFull === "always" || (meanings && window.storageFull);
    if (key === "boggle-learn" && full) {
      throw new DOMException("full", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""


def test_a_full_storage_gives_up_the_kept_meanings_before_the_words(
    pages: Pages, server: ServeProcess
) -> None:
    """With thousands of words and their meanings kept, a full storage refused a change to the
    words ("This browser refused to keep the change") while the meanings, which can be looked
    up again, took the room: now they are dropped first and the words kept."""
    pages.init_scripts.append(FULL_STORAGE)
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    # the meanings stored a moment after they come (seconds on a loaded machine)
    page.wait_for_function("() => localStorage.getItem('boggle-learn-meanings') !== null")
    page.evaluate("() => { window.storageFull = true; }")
    page.click(".kept-word[data-word='limbo'] button.remove")
    assert page.text_content("#words-status") == "LIMBO removed."
    assert [entry["word"] for entry in stored(page)] == ["fame"]


def test_a_change_the_browser_refuses_is_said_not_hidden_by_its_line(
    pages: Pages, server: ServeProcess
) -> None:
    """A removal the browser refused to store (storage full, nothing to give up) said "This
    browser refused to keep the change", then at once "LIMBO removed." over it: the word came
    back on the next visit. Now the refusal stays said."""
    pages.init_scripts.append(FULL_STORAGE)
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    page.evaluate("() => { localStorage.removeItem('boggle-learn-meanings'); }")
    page.evaluate("() => { window.storageFull = 'always'; }")
    page.click(".kept-word[data-word='limbo'] button.remove")
    assert page.text_content("#words-status") == (
        "This browser refused to keep the change (storage is off or full)."
    )
    assert [entry["word"] for entry in stored(page)] == ["fame", "limbo"]
