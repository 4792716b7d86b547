"""My words' practice and buttons with a long list, in a real browser (headless Chromium
against `boggle serve`, a 390x844 phone): a practice answer stores its word's progress alone,
not the list of 5,000 words, and is kept when the tab closes at once; the answers stored apart
are taken into the list when it is stored whole; another tab hears of an answer; Learn again
acts once for a double tap; Show the word is not greyed after an answer typed; a file added
whose storing fails leaves the list as it was.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from browser import PHONE, RECORD_MESSAGES, Pages
from kept_storage import ANSWERS_KEY, KEY, answer_records, stored_words
from serve_process import ServeProcess

from boggle.game.kept_words import MOST_KEPT

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"

# The characters the page reads from and writes to localStorage, by key, counted as it goes.
COUNT_STORAGE = """(() => {
  window.storageRead = {};
  window.storageWritten = {};
  const getItem = Storage.prototype.getItem;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.getItem = function (key) {
    const value = getItem.call(this, key);
    window.storageRead[key] = (window.storageRead[key] ?? 0) + (value?.length ?? 0);
    return value;
  };
  Storage.prototype.setItem = function (key, value) {
    window.storageWritten[key] = (window.storageWritten[key] ?? 0) + String(value).length;
    return setItem.call(this, key, value);
  };
})();"""

# Storage that refuses `boggle-learn` (and `boggle-learn-answers`) while window.storageFull.
FULL_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull && key.startsWith("boggle-learn") && key !== "boggle-learn-meanings") {
      throw new DOMException("full", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""


def kept(word: str, **fields: Any) -> dict[str, Any]:
    entry = {"word": word, "list": "en-70", "language": "en", "points": 1, "board": FXIE}
    entry |= {"date": "2026-11-27", "due": "", "streak": 0, "learned": False}
    return entry | fields


def word_of(n: int) -> str:
    """The ``n``-th of many made-up words: "waaa", "waab", ... (17,576 of them)."""
    return "w" + chr(97 + n // 676 % 26) + chr(97 + n // 26 % 26) + chr(97 + n % 26)


def words_page(pages: Pages, server: ServeProcess, words: list[dict[str, Any]]) -> Any:
    """/words on a phone on 2026-11-29 with ``words`` stored before it loads."""
    page = pages.open(server.url + "/words", **PHONE)
    page.clock.set_fixed_time("2026-11-29T12:00:00")
    value = json.dumps({"version": 1, "words": words})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    return page


def clue_word(page: Any) -> str:
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    return str(page.get_attribute("#practise-clue", "data-word"))


def test_a_practice_answer_stores_its_word_not_the_whole_list(
    pages: Pages, server: ServeProcess
) -> None:
    """At 5,000 kept words each practice answer read the list back (1 MB) and stored it whole
    again (1 MB, and the kept meanings with it): 120 ms an answer. Now it stores the word's
    progress alone, a record of some hundred characters, and reads nothing of the list; the
    answer is kept though the tab is closed at once, and read back over the list."""
    pages.init_scripts.append(COUNT_STORAGE)
    words = [kept(word_of(n), due="2026-12-20") for n in range(MOST_KEPT - 2)]
    words += [kept("fame"), kept("limbo")]  # the two due today
    page = words_page(pages, server, words)
    page.click("#practise-start")
    asked = clue_word(page)
    page.evaluate("() => { window.storageRead = {}; window.storageWritten = {}; }")
    page.fill("#practise-input", asked)
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    # (the meanings looked up as cards and clues come are stored as they come, answer or not)
    written = page.evaluate("() => window.storageWritten")
    written.pop("boggle-learn-meanings", None)
    read = page.evaluate("() => window.storageRead")
    read.pop("boggle-learn-meanings", None)
    assert KEY not in written and KEY not in read, (written, read)
    assert sum(written.values()) < 500 and sum(read.values()) < 500, (written, read)
    # the tab closed right after the answer: it is kept
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(server.url + "/words")
    again.wait_for_selector("body[data-ready='true']")
    assert again.text_content("#practise-due") == "1 word due today."
    again.get_by_label("Find a word").fill(asked)
    head = again.text_content(f".kept-word[data-word='{asked}'] .kept-head") or ""
    assert "practised 2026-11-29 · due 2026-11-30" in head
    entry = next(entry for entry in stored_words(again) if entry["word"] == asked)
    assert (entry["streak"], entry["due"], entry["practised"]) == (1, "2026-11-30", "2026-11-29")


def test_answers_stored_apart_are_taken_into_the_list_when_it_is_stored(
    pages: Pages, server: ServeProcess
) -> None:
    """A change to the list (a removal here) stores it whole with the answers given since, and
    the answers stored apart go; so do they once 100 words have answers: the list as stored
    says where each word is."""
    page = words_page(pages, server, [kept("fame"), kept("limbo"), kept("lime")])
    page.click("#practise-start")
    asked = clue_word(page)
    page.fill("#practise-input", asked)
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    raw = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", KEY)
    assert all(entry["streak"] == 0 for entry in raw["words"])  # the list as it was
    assert [(a["word"], a["streak"]) for a in answer_records(page)] == [(asked, 1)]
    page.click("#practise-stop")
    gone = next(word for word in ["fame", "limbo", "lime"] if word != asked)
    page.get_by_role("button", name=f"Remove {gone.upper()}").click()
    raw = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", KEY)
    assert {entry["word"]: entry["streak"] for entry in raw["words"]}[asked] == 1
    assert answer_records(page) == []

    # 99 answers stored apart already (in another tab: a reload, leaving the page, would take
    # them into the list): the 100th stores the list whole
    words = [kept(word_of(n)) for n in range(120)]
    page = words_page(pages, server, words)
    answered = {"streak": 1, "due": "2026-11-30", "practised": "2026-11-29"}
    records = [kept(word_of(n), **answered) for n in range(99)]
    value = json.dumps({"version": 1, "answers": records})
    page.evaluate(
        """([key, value]) => {
          localStorage.setItem(key, value);
          window.dispatchEvent(new StorageEvent("storage", { key }));
        }""",
        [ANSWERS_KEY, value],
    )
    assert page.text_content("#practise-due") == "21 words due today."
    page.click("#practise-start")
    asked = clue_word(page)
    page.fill("#practise-input", asked)
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    assert answer_records(page) == []
    raw = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", KEY)
    assert sum(entry["streak"] == 1 for entry in raw["words"]) == 100


def test_an_answer_in_another_tab_is_heard_here(pages: Pages, server: ServeProcess) -> None:
    """My words open in two tabs: an answer in one moves the word on in the other, whose
    practise then does not ask it again."""
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    other = page.context.new_page()
    other.goto(server.url + "/words")
    other.wait_for_selector("body[data-ready='true']")
    page.click("#practise-start")
    asked = clue_word(page)
    page.fill("#practise-input", asked)
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    other.wait_for_function("() => document.body.dataset.due === '1'")
    assert "due 2026-11-30" in (other.text_content(f".kept-word[data-word='{asked}']") or "")
    other.click("#practise-start")
    assert clue_word(other) != asked


def test_a_double_tap_on_learn_again_moves_one_word(pages: Pages, server: ServeProcess) -> None:
    """The second tap of a double tap on a learned card's Learn again landed on the next
    learned card's Learn again (the card moved to To learn, the next one came under the finger)
    and moved that word too. Now it does nothing, as a double tap on Remove does."""
    learned = {"learned": True, "streak": 2, "due": "2026-12-05", "learned_on": "2026-11-28"}
    page = words_page(pages, server, [kept("fame", **learned), kept("limbo", **learned)])
    moved = page.evaluate(
        """() => {
          const card = (word) =>
            document.querySelector(`#learned-list .kept-word[data-word='${word}']`);
          card('fame').querySelector('button.again').click();
          card('limbo').querySelector('button.again').click();  // the tap that follows
          return [...document.querySelectorAll('#to-learn-list .kept-word')]
            .map((item) => item.dataset.word);
        }"""
    )
    assert moved == ["fame"], f"a double tap on Learn again moved {moved}"
    assert [w["word"] for w in stored_words(page) if w["learned"]] == ["limbo"]
    assert page.text_content("#words-status") == "FAME is back in To learn."
    # a tap after a moment is a tap
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Learn again LIMBO").click()
    assert not [w["word"] for w in stored_words(page) if w["learned"]]


def test_show_the_word_is_not_greyed_after_an_answer_typed(
    pages: Pages, server: ServeProcess
) -> None:
    """Show the word was disabled (greyed) for 400 ms at every new clue, against a double
    tap's second press; after an answer typed and sent with Enter there is no such press, and
    a player who does not know the next word pressed it for nothing. Now it is disabled only
    after it is pressed itself."""
    page = words_page(pages, server, [kept("fame"), kept("limbo"), kept("lime")])
    page.click("#practise-start")
    assert not page.locator("#practise-show").is_disabled()
    asked = clue_word(page)
    state = page.evaluate(
        """(asked) => {
          document.getElementById('practise-input').value = asked;
          document.getElementById('practise-form').requestSubmit();
          const show = document.getElementById('practise-show');
          const before = show.disabled;
          show.click();  // at once: the next word is shown
          return [before, show.disabled, document.getElementById('practise-verdict').textContent];
        }""",
        asked,
    )
    before, after, verdict = state
    assert not before, "Show the word was greyed after an answer typed"
    shown = verdict.removeprefix("The word is ").removesuffix(".").lower()
    assert shown in {"fame", "limbo", "lime"} - {asked}, state
    assert after  # now, after its own press, for a moment
    page.wait_for_selector("#practise-show:not([disabled])")


def test_a_file_added_that_cannot_be_stored_leaves_the_list_as_it_was(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """A file that adds a word and brings another up to date (practised later in it), with
    the browser's storage full: the refusal was said, but the word brought up to date stayed
    changed in the page (listed as learned at the next filter typed, left out of practise) until
    the list was read back. Now the list stays as it was."""
    pages.init_scripts.append(FULL_STORAGE)
    page = words_page(pages, server, [kept("fame", practised="2026-11-20"), kept("limbo")])
    file = tmp_path / "boggle-words-2026-11-28.json"
    later = kept("fame", learned=True, streak=2, due="2026-12-01", practised="2026-11-28")
    file.write_text(json.dumps({"version": 1, "words": [later, kept("lime")]}))
    page.evaluate("() => { window.storageFull = true; }")
    page.set_input_files("#import-file", str(file))
    page.wait_for_selector("#words-status:not(:empty)")
    assert page.text_content("#words-status") == (
        "This browser refused to keep the words (storage is off or full)."
    )
    # the cards listed anew from the page's list (a filter typed): FAME still to learn
    page.get_by_label("Find a word").fill("fame")
    assert page.text_content("#to-learn-title") == "To learn (1 of 2)"
    assert page.locator("#learned").is_hidden()
    page.get_by_label("Find a word").fill("")
    page.evaluate("() => { window.storageFull = false; }")
    page.get_by_role("button", name="Remove LIMBO").click()
    fame = stored_words(page)
    assert [(w["word"], w["learned"], w["streak"]) for w in fame] == [("fame", False, 0)]
    assert page.text_content("#to-learn-title") == "To learn (1)"
    assert page.locator("#learned").is_hidden()
    # stored once there is room: brought up to date then
    page.set_input_files("#import-file", str(file))
    page.wait_for_function(
        "() => document.getElementById('words-status').textContent.startsWith('Added')"
    )
    assert [(w["word"], w["learned"]) for w in stored_words(page)] == [
        ("fame", True),
        ("lime", False),
    ]


def test_an_answer_the_browser_refuses_is_said_where_the_player_looks(
    pages: Pages, server: ServeProcess
) -> None:
    """An answer the browser refused to store was said in the page's status line, below the
    lists, off a phone's screen while practising: "Right: FAME." said it was counted. Now the
    verdict says it."""
    pages.init_scripts.append(FULL_STORAGE)
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    page.click("#practise-start")
    asked = clue_word(page)
    page.evaluate("() => { window.storageFull = true; }")
    page.fill("#practise-input", asked)
    page.press("#practise-input", "Enter")
    assert page.text_content("#practise-verdict") == (
        f"Right: {asked.upper()}. Again tomorrow: right then too and it is learned. "
        "This browser refused to keep the answer (storage is off or full)."
    )
    page.click("#practise-show")
    assert str(page.text_content("#practise-verdict")).endswith(
        ". This browser refused to keep the answer (storage is off or full)."
    )


def test_a_clue_s_meaning_is_looked_up_before_the_cards(pages: Pages, server: ServeProcess) -> None:
    """A first visit's practise (no meaning kept yet) on a slow network showed no clue for
    seconds: its word's look-up waited behind those of the cards on the screen, four at a time.
    Now it is the next one asked."""
    names = [word_of(n) for n in range(20)]
    page = pages.open(server.url + "/words?seed=2", **PHONE)
    held: list[Any] = []
    asked: list[str] = []

    def look_up(route: Any) -> None:
        asked.append(route.request.url.split("word=")[1].split("&")[0])
        held.append(route)

    def answer(route: Any) -> None:
        word = route.request.url.split("word=")[1].split("&")[0]
        route.fulfill(json={"word": word, "definitions": [f"the meaning of {word}"]})

    page.route("**/api/define?*", look_up)
    value = json.dumps({"version": 1, "words": [kept(name) for name in names]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    while len(held) < 4:  # four cards' look-ups asked, the others waiting
        page.evaluate("() => new Promise((done) => setTimeout(done, 20))")
    page.wait_for_timeout(100)
    assert len(asked) == 4
    page.click("#practise-start")
    answer(held.pop(0))  # one answered: the next one asked is the clue's
    while len(asked) < 5:
        page.evaluate("() => new Promise((done) => setTimeout(done, 20))")
    clue = asked[4]
    cards = page.eval_on_selector_all(
        "#to-learn-list .kept-word", "l => l.map(i => i.dataset.word)"
    )
    assert clue != cards[4] and clue not in asked[:4]  # the seed asks a word further down
    answer(held.pop(-1))
    page.wait_for_function(
        "(word) => document.getElementById('practise-clue').dataset.word === word", arg=clue
    )
    assert page.text_content("#practise-clue") == "the meaning of ____ (4 letters)"
    for route in held:
        answer(route)


def test_a_message_the_same_as_the_one_shown_is_said_again(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """A live region whose text is set to the text it shows does not change, and a screen
    reader (VoiceOver, NVDA) says nothing: the last word due missed twice ("Not quite: the
    word is FAME." again), the same file added twice, was silence the second time. A message
    the same as the one shown now gets a no-break space after it (the next, none again)."""
    page = words_page(pages, server, [kept("fame")])
    page.evaluate(RECORD_MESSAGES, ["practise-verdict", "words-status"])
    page.click("#practise-start")
    for count in (1, 2, 3):  # the only word due: asked again after each miss
        clue_word(page)
        page.fill("#practise-input", "limbo")
        page.press("#practise-input", "Enter")
        page.wait_for_function(f"() => window.messages['practise-verdict'].length === {count}")
    said = page.evaluate("() => window.messages['practise-verdict']")
    assert [text.strip() for text in said] == ["Not quite: the word is FAME."] * 3
    assert said[0] != said[1] and said[1] != said[2], said  # each a change: each said
    assert said[0] == said[2]  # no space piling up
    page.click("#practise-stop")
    saved = tmp_path / "mine.json"
    saved.write_text(json.dumps({"version": 1, "words": [kept("fame")]}))
    for count in (1, 2):
        page.set_input_files("#import-file", str(saved))
        page.wait_for_function(f"() => window.messages['words-status'].length === {count}")
    toasts = page.evaluate("() => window.messages['words-status']")
    added_again = "No word added from mine.json; 1 kept already."
    assert [text.strip() for text in toasts] == [added_again] * 2
    assert toasts[0] != toasts[1], toasts
    assert page.locator("#words-status").is_visible()


def test_the_clue_says_its_meaning_is_loading_and_that_it_could_not_be_looked_up(
    pages: Pages, server: ServeProcess
) -> None:
    """While a clue's meaning was looked up the clue was blank (seconds on a slow network:
    nothing to answer, nothing said), and a look-up that failed gave a letters clue with no
    word of why. Now the clue says "Loading the meaning…" meanwhile, and a failure is said
    under the letters clue."""
    held: list[Any] = []
    page = pages.open(server.url + "/words", **PHONE)
    page.clock.set_fixed_time("2026-11-29T12:00:00")
    # no answer until the test gives it
    page.context.route("**/api/define?*", lambda route: held.append(route))
    value = json.dumps({"version": 1, "words": [kept("fame")]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.click("#practise-start")
    clue = page.locator("#practise-clue")
    assert clue.text_content() == "Loading the meaning…"
    assert clue.is_visible() and clue.get_attribute("aria-busy") == "true"
    assert page.locator("#practise-clue-note").is_hidden()
    # the word's card, its meaning looked up too, says it in the same words (it said
    # "looking it up...")
    card = page.locator(".kept-meaning").first
    card.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('.kept-meaning').textContent === 'Loading the meaning…'"
    )
    asked_by = time.monotonic() + 60  # the request reaches the route a moment later
    while not held and time.monotonic() < asked_by:
        page.wait_for_timeout(50)
    assert held, "the meaning is asked for"
    for route in held:
        route.continue_()
    clue_word(page)
    assert "(4 letters)" in (clue.text_content() or "")
    assert "Loading" not in (clue.text_content() or "")
    assert clue.get_attribute("aria-busy") is None
    assert page.locator("#practise-clue-note").is_hidden()

    down = pages.open(server.url + "/words", **PHONE)
    down.clock.set_fixed_time("2026-11-29T12:00:00")
    down.context.route("**/api/define?*", lambda route: route.abort())
    down.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    down.reload()
    down.wait_for_selector("body[data-ready='true']")
    down.click("#practise-start")
    clue_word(down)
    assert down.text_content("#practise-clue") == (
        "4 letters, starting with F, on the board FXIE AMLO EWBX ASTU"
    )
    note = down.locator("#practise-clue-note")
    assert note.is_visible()
    assert note.text_content() == (
        "No meaning: it could not be looked up now. A clue from its letters instead."
    )


# The page shown (`visible`) or hidden (`hidden`: another tab or app shown), as the browser says it.
SHOWN = """(state) => {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_the_answers_are_in_the_list_itself_once_my_words_is_left(
    pages: Pages, server: ServeProcess
) -> None:
    """A page of an older version (a tab open since before the answers were stored apart, or
    a copy its service worker serves) reads the list alone: it showed and practised each word
    as before the answers given here, and stored it so. Now My words takes the answers into the
    list when it is left (hidden: another tab or app; or closed), so the list alone says
    where each word is."""

    def list_alone(page: Any) -> dict[str, Any]:
        raw = page.evaluate("(key) => localStorage.getItem(key)", KEY)
        return {entry["word"]: entry for entry in json.loads(raw)["words"]}

    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    page.click("#practise-start")
    first = clue_word(page)
    page.fill("#practise-input", first)
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    assert answer_records(page)  # apart meanwhile
    assert list_alone(page)[first]["streak"] == 0
    page.evaluate(SHOWN, "hidden")  # another tab shown: this one hidden
    assert answer_records(page) == []
    assert (list_alone(page)[first]["streak"], list_alone(page)[first]["due"]) == (1, "2026-11-30")
    page.evaluate(SHOWN, "visible")
    second = clue_word(page)
    assert second != first
    page.fill("#practise-input", "wrong")
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.bad")
    page.goto(server.url + "/api/health")  # the page closed: left
    assert answer_records(page) == []
    words = list_alone(page)
    assert words[second]["practised"] == "2026-11-29" and words[second]["streak"] == 0
    assert words[first]["streak"] == 1


# A page's next write of `boggle-learn...` slowed (as storing 5,000 words takes 100 to 300 ms)
# while window.slowKey names the key: the page busy for 1.5 s, after the write or before it.
SLOW_WRITE = """(() => {
  const setItem = Storage.prototype.setItem;
  const busy = () => { const end = performance.now() + 1500; while (performance.now() < end); };
  Storage.prototype.setItem = function (key, value) {
    const slow = window.slowKey && key.startsWith(window.slowKey);
    if (slow) window.slowKey = null;
    if (slow && window.slowBefore) busy();
    const done = setItem.call(this, key, value);
    if (slow && !window.slowBefore) busy();
    return done;
  };
})();"""

ANSWER = """async ([word, slow, before, fold]) => {
  const learn = await import("/static/learn.js");
  const entry = learn.loadWords().words.find((kept) => kept.word === word);
  learn.answered(entry, true);
  window.slowKey = slow;
  window.slowBefore = before;
  setTimeout(() => {
    learn.saveAnswer(entry);
    if (fold) learn.foldAnswers();
    window.done = (window.done ?? 0) + 1;
  }, 0);
}"""


def done(page: Any, tasks: int) -> None:
    """Waits for the page's ``tasks``-th task of ANSWER or PRESS_SLOWLY to have ended (its
    storing, slowed or not)."""
    page.wait_for_function("(tasks) => (window.done ?? 0) >= tasks", arg=tasks)


def settled(read: Callable[[], Any], expected: Any, seconds: float = 30) -> Any:
    """What ``read()`` gives once it gives ``expected``, else what it gives ``seconds`` on:
    what another tab stored reaches this tab's storage a moment later (more on a loaded
    machine)."""
    deadline = time.monotonic() + seconds
    while (now := read()) != expected and time.monotonic() < deadline:
        time.sleep(0.1)
    return now


def test_two_tabs_answering_while_one_folds_lose_no_answer(
    pages: Pages, server: ServeProcess
) -> None:
    """My words in two tabs (one context, one localStorage): the answers stored apart were one
    value, read, changed and written again by each answer, and removed whole once a tab took
    them into the list (My words left: every page hide). An answer the other tab stored while
    this one wrote the list (1.5 s here) was removed with the rest; one stored while this one
    answered (between its read and its write) was written over. Each page stores its own
    answers now, and takes away its own."""
    pages.init_scripts.append(SLOW_WRITE)
    words = [kept("fame"), kept("limbo"), kept("lime"), kept("mile")]
    first = words_page(pages, server, words)
    second = first.context.new_page()
    second.goto(server.url + "/words")
    second.wait_for_selector("body[data-ready='true']")
    # the first tab takes its answer into the list, slowly; the second answers meanwhile
    first.evaluate(ANSWER, ["fame", "boggle-learn", False, True])
    second.wait_for_timeout(300)
    second.evaluate(ANSWER, ["limbo", None, False, False])
    done(first, 1)
    # the first tab answers, reading the answers before the second's and writing after it
    first.evaluate(ANSWER, ["lime", "boggle-learn-answers", True, False])
    second.wait_for_timeout(300)
    second.evaluate(ANSWER, ["mile", None, False, False])
    done(first, 2)
    done(second, 2)
    expected = {"fame": 1, "limbo": 1, "lime": 1, "mile": 1}

    def streaks() -> dict[str, int]:
        return {entry["word"]: entry["streak"] for entry in stored_words(second)}

    assert settled(streaks, expected) == expected


# The page's kept words as loadWords reads them (the answers stored apart taken in): word ->
# (streak, learned).
LOADED = """async () => {
  const learn = await import("/static/learn.js");
  return Object.fromEntries(learn.loadWords().words.map((e) => [e.word, [e.streak, e.learned]]));
}"""

# A press on a card's button (`remove` or `again`) in a task of its own, the next write of
# the list slowed (1.5 s after it, as storing 5,000 words takes 100 to 300 ms).
PRESS_SLOWLY = """([word, button]) => {
  window.slowKey = "boggle-learn";
  window.slowBefore = false;
  const card = document.querySelector(`.kept-word[data-word='${word}']`);
  setTimeout(() => {
    card.querySelector(`button.${button}`).click();
    window.done = (window.done ?? 0) + 1;
  }, 0);
}"""


def test_a_change_to_the_list_keeps_the_answers_another_tab_gives_meanwhile(
    pages: Pages, server: ServeProcess
) -> None:
    """A change stored whole (Remove, Learn again, Clear all, a file added) removed every
    page's answers stored apart: an answer another tab stored while this one wrote the list
    went with them. Another page's answers stay now, marked in the list as taken in, so those
    it gives meanwhile are read over the list, and those taken in (overruled: a word learned
    again) are not read again."""
    pages.init_scripts.append(SLOW_WRITE)
    learned = {"learned": True, "streak": 2, "due": "2026-11-29", "learned_on": "2026-11-28"}
    words = [kept("fame"), kept("limbo"), kept("lime"), kept("mile", **learned)]
    first = words_page(pages, server, words)
    second = first.context.new_page()
    second.goto(server.url + "/words")
    second.wait_for_selector("body[data-ready='true']")
    second.evaluate(ANSWER, ["lime", None, False, False])  # its value stored already
    second.evaluate(ANSWER, ["mile", None, False, False])  # a learned word answered
    done(second, 2)
    first.wait_for_timeout(300)
    first.evaluate(PRESS_SLOWLY, ["fame", "remove"])
    second.wait_for_timeout(300)
    second.evaluate(ANSWER, ["limbo", None, False, False])  # while the first writes the list
    done(first, 1)
    done(second, 3)
    expected = {"limbo": [1, False], "lime": [1, False], "mile": [3, True]}
    assert settled(lambda: second.evaluate(LOADED), expected) == expected
    # learned again in the first tab: the second's answer before it, kept, is not read again
    first.evaluate(PRESS_SLOWLY, ["mile", "again"])
    done(first, 2)
    assert first.evaluate(LOADED)["mile"] == [0, False]
    expected = {**expected, "mile": [0, False]}
    assert settled(lambda: second.evaluate(LOADED), expected) == expected
    expected_streaks = {"limbo": 1, "lime": 1, "mile": 0}

    def streaks() -> dict[str, int]:
        return {w["word"]: w["streak"] for w in stored_words(second)}

    assert settled(streaks, expected_streaks) == expected_streaks


ANSWER_AS = """async ([word, right]) => {
  const learn = await import("/static/learn.js");
  const entry = learn.loadWords().words.find((kept) => kept.word === word);
  learn.answered(entry, right);
  learn.saveAnswer(entry);
}"""


def test_a_word_answered_in_two_tabs_the_same_day_has_the_later_answer(
    pages: Pages, server: ServeProcess
) -> None:
    """Two tabs answering one word the same day: which answer was kept hung on the order the
    browser listed their values in. The later given is kept, in either tab's order."""
    first = words_page(pages, server, [kept("fame"), kept("limbo")])
    second = first.context.new_page()
    second.goto(server.url + "/words")
    second.wait_for_selector("body[data-ready='true']")
    steps = [
        (first, "fame", False),
        (second, "fame", True),
        (second, "limbo", False),
        (first, "limbo", True),
    ]
    for at, (page, word, right) in enumerate(steps):
        first.clock.set_fixed_time(f"2026-11-29T12:00:0{at}")
        page.evaluate(ANSWER_AS, [word, right])
        page.wait_for_timeout(300)
    expected = {"fame": [1, False], "limbo": [1, False]}
    for page in (first, second):
        assert settled(partial(page.evaluate, LOADED), expected) == expected
    expected_streaks = {"fame": 1, "limbo": 1}

    def streaks() -> dict[str, int]:
        return {w["word"]: w["streak"] for w in stored_words(first)}

    assert settled(streaks, expected_streaks) == expected_streaks


def test_practise_on_a_small_phone_shows_the_clue_and_the_word_box(
    pages: Pages, server: ServeProcess
) -> None:
    """On a 320x568 phone a tap on Practise focused the word box, which the browser brought
    just into view: it sat at the foot of the screen, the clue above it out of sight. The
    page scrolls so the clue and the box are both on the screen."""
    small = {**PHONE, "viewport": {"width": 320, "height": 568}}
    page = pages.open(server.url + "/words", **small)
    page.clock.set_fixed_time("2026-11-29T12:00:00")
    words = [kept(word) for word in ["fame", "limbo", "lime", "mile", "axe", "flame"]]
    value = json.dumps({"version": 1, "words": words})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.tap("#practise-start")
    clue_word(page)
    page.wait_for_timeout(500)  # a smooth scroll done
    boxes = page.evaluate(
        """() => ["practise-clue", "practise-input"].map((id) => {
          const box = document.getElementById(id).getBoundingClientRect();
          return [box.top, box.bottom];
        })"""
    )
    height = page.evaluate("() => window.innerHeight")
    for top, bottom in boxes:
        assert top >= 0 and bottom <= height, (boxes, height)
    assert page.evaluate("() => document.activeElement.id") == "practise-input"


def test_answers_a_later_version_stored_stay_when_my_words_is_left(
    pages: Pages, server: ServeProcess
) -> None:
    """A value of answers stored apart that this page cannot read (a later version's, or not
    JSON) read as no answers at all, so as "answered nothing since the day before yesterday":
    leaving My words (the list stored whole) removed it, and a later page's answers with it.
    It stays now, neither taken in nor marked as taken in; this page's own answers go."""
    later = {
        f"{ANSWERS_KEY}-later": json.dumps(
            {"version": 2, "answers": [{"word": "fame", "card": 7, "at": 1}]}
        ),
        f"{ANSWERS_KEY}-unknown": "{not json",
    }
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    page.evaluate(
        "(values) => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        later,
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.click("#practise-start")
    first = clue_word(page)
    page.fill("#practise-input", first)
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.good")
    page.evaluate(SHOWN, "hidden")  # My words left: the answers taken into the list
    # the list and every value of answers (not the cards' meanings, stored a moment after
    # they are looked up: on a loaded machine, by now)
    stored = page.evaluate(
        """([key, answers]) => Object.fromEntries(Object.keys(localStorage)
          .filter((name) => name === key || name.startsWith(answers))
          .map((name) => [name, localStorage.getItem(name)]))""",
        [KEY, ANSWERS_KEY],
    )
    listed = json.loads(stored.pop(KEY))
    assert {entry["word"]: entry["streak"] for entry in listed["words"]}[first] == 1
    assert stored == later  # this page's own answers gone, the later version's as they were
    assert not set(listed.get("taken", {})) & set(later)
