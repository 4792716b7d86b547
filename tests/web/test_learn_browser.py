"""Words to learn, in a real browser (headless Chromium against `boggle serve`, a 390x844
phone): the missed words of a solo round, the daily board, a challenge and a room round kept
in the browser's localStorage (common and standard first, at most 10 a round, nothing sent
to the server) and shown on My words (/words) with their meanings; one removed; practised
until learned (right twice in a row; wrong shows the word); Clear all after a question; a
corrupt or foreign stored value and a failing /api/define do not break the page. One missed
word kept from its own "+ learn" button; a learned word learned again; practise in a shuffled
order (seeded with ?seed=N); a list shown by its friendly name; meanings looked up at most
four at a time.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages
from browser_fixtures import LONGEST_ROUND, ClockedServer
from challenge_round import LONG_ROUND, make_challenge, play_challenge
from kept_storage import stored_words
from serve_process import ServeProcess, get_json

from boggle.game.hints import hint_definition
from boggle.game.kept_words import MOST_KEPT

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
LEVEL_RANK = {"common": 0, "standard": 1, None: 2, "obscure": 3}
KEY = "boggle-learn"


def stored(page: Any) -> list[dict[str, Any]]:
    """The words kept in the page's localStorage, the practice answers stored apart taken in."""
    return stored_words(page)


def kept(word: str, **fields: Any) -> dict[str, Any]:
    entry = {"word": word, "list": None, "points": 1, "board": FXIE, "date": "2026-11-27"}
    entry.update(fields)
    return entry


def word_of(n: int) -> str:
    """The ``n``-th of many made-up words: "waaa", "waab", ... (17,576 of them)."""
    return "w" + chr(97 + n // 676 % 26) + chr(97 + n // 26 % 26) + chr(97 + n % 26)


def words_page(pages: Pages, server: ServeProcess, words: Any, raw: str | None = None) -> Any:
    """/words on a phone with ``words`` (or the text ``raw``) stored before it loads."""
    page = pages.open(server.url + "/words", **PHONE)
    value = raw if raw is not None else json.dumps({"version": 1, "words": words})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    return page


def meanings_shown(page: Any) -> None:
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.kept-meaning')]"
        ".some((p) => p.textContent.startsWith('Loading the meaning'))"
    )


def test_keep_missed_words_pressed_by_the_keyboard_leaves_it_at_my_words(
    pages: Pages, server: ServeProcess
) -> None:
    """The button, disabled once pressed, let the focus go to the page's body: the keyboard
    goes on at the link to My words after the line saying what was kept."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .keep-button")
    page.focus(".keep-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".keep-status a")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == "/words"
    assert page.locator(".keep-button").is_disabled()


def test_a_solo_round_s_missed_words_are_kept_and_shown_on_my_words(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .keep-button")
    page.click(".keep-button")
    status = page.locator(".keep-status")
    assert status.text_content() == "Kept 10 words to learn. See My words"
    assert status.get_attribute("role") == "status"
    assert status.locator("a").get_attribute("href") == "/words"
    assert page.locator(".keep-button").is_disabled()
    # nothing about the kept words went to the server (a meaning looked up is not one: the
    # pointer left over a missed word after the click shows that word's meaning)
    assert not [
        url
        for url in sent
        if "/api/" in url and "/api/play" not in url and "/api/define?" not in url
    ]

    missed = get_json(
        server.url + "/api/play",
        {"board": FXIE, "words": ["fame"], "finished": True, "dictionary": None},
    )["missed"]
    words = stored(page)
    assert len(words) == 10 and "fame" not in {w["word"] for w in words}
    by_word = {m["word"]: m for m in missed}
    ranks = [LEVEL_RANK[by_word[w["word"]].get("level")] for w in words]
    assert ranks == sorted(ranks)  # common and standard first
    best = sorted(missed, key=lambda m: LEVEL_RANK[m.get("level")])[:10]
    assert [w["word"] for w in words] == [m["word"] for m in best]
    first = words[0]
    assert first["board"] == FXIE and first["points"] == by_word[first["word"]]["points"]
    assert len(first["date"]) == 10 and first["learned"] is False

    page.click(".keep-status a")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("header.site a[aria-current='page']").text_content() == "My words"
    items = page.locator("#to-learn-list .kept-word")
    assert items.count() == 10
    assert page.text_content("#to-learn-title") == "To learn (10)"
    meanings_shown(page)
    shown = page.locator(f"#to-learn-list .kept-word[data-word='{first['word']}'] .kept-meaning")
    assert "no definition" not in (shown.text_content() or "")  # WordNet has a gloss for it
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "words-kept-phone.png"), full_page=True)

    gone = words[1]["word"]
    remove = page.get_by_role("button", name=f"Remove {gone.upper()}")
    remove.click()
    assert items.count() == 9
    assert gone not in {w["word"] for w in stored(page)} and len(stored(page)) == 9
    assert page.text_content("#words-status") == f"{gone.upper()} removed."
    # the focus stays in the list, on the word now in its place
    assert (
        page.evaluate("() => document.activeElement.closest('.kept-word').dataset.word")
        == (words[2]["word"])
    )


def answered(page: Any, typed: str) -> str:
    """The practise verdict after ``typed`` is typed in the answer box and sent."""
    page.keyboard.type(typed)
    page.keyboard.press("Enter")
    return str(page.locator("#practise-verdict").text_content())


def on_day(page: Any, day: str) -> None:
    """``page`` reloaded with its clock at noon on ``day`` (YYYY-MM-DD): My words's today."""
    page.clock.set_fixed_time(f"{day}T12:00:00")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")


def practise_once(page: Any, typed: str) -> str:
    """Practise started, the first clue waited for, ``typed`` answered: the verdict."""
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    return answered(page, typed)


def test_practise_until_a_word_is_learned(pages: Pages, server: ServeProcess) -> None:
    """Right once, a word comes back the next day; right then too, it is learned: a word cannot
    be learned in seconds by typing it twice."""
    page = words_page(pages, server, [kept("fame", points=1)])
    on_day(page, "2026-11-29")
    assert page.text_content("#practise-due") == "1 word due today."
    page.click("#practise-start")
    assert page.evaluate("() => document.activeElement.id") == "practise-input"
    clue = page.locator("#practise-clue")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    assert "fame" not in (clue.text_content() or "").lower()  # the word is blanked
    assert "(4 letters)" in (clue.text_content() or "")
    verdict = page.locator("#practise-verdict")
    assert verdict.get_attribute("aria-live") == "polite"
    # each new clue is read with the box it is typed in
    assert page.get_attribute("#practise-input", "aria-describedby") == (
        "practise-clue practise-clue-note"
    )

    assert answered(page, "fan") == "Not quite: the word is FAME."
    assert answered(page, "fame") == (
        "Right: FAME. Again tomorrow: right then too and it is learned."
    )
    fame = stored(page)[0]
    assert (fame["streak"], fame["learned"], fame["due"]) == (1, False, "2026-11-30")
    # nothing else is due today: practise ends, and the form hid with the focus in it, so the
    # focus goes to the verdict, not to the body
    assert page.locator("#practise-form").is_hidden()
    assert page.evaluate("() => document.activeElement.id") == "practise-verdict"
    assert page.text_content("#words-status") == (
        "Nothing more to practise today: the next word is due on 2026-11-30."
    )
    assert page.locator("#practise-start").is_disabled()
    assert page.text_content("#practise-due") == "No word is due today; the next on 2026-11-30."
    # when it was kept and last practised, said as such (a bare date said neither)
    assert page.text_content(".kept-word[data-word='fame'] .kept-head") == (
        "FAME1 point · kept 2026-11-27 · practised 2026-11-29 · due 2026-11-30"
    )
    assert page.text_content("#words-progress") == "1 word to learn, none learned yet."

    on_day(page, "2026-11-30")
    assert page.text_content("#practise-due") == "1 word due today."
    assert practise_once(page, "FAME") == "Right: FAME. Twice in a row: learned. Review in 3 days."
    fame = stored(page)[0]
    assert (fame["streak"], fame["learned"], fame["due"]) == (2, True, "2026-12-03")
    assert page.locator("#learned-list .kept-word[data-word='fame']").is_visible()
    assert page.locator("#to-learn").is_hidden()
    page.reload()  # kept as learned
    page.wait_for_selector("body[data-ready='true']")
    assert page.text_content("#learned-title") == "Learned (1)"
    # which words the learner now knows, since when, and how many this month
    assert (fame["practised"], fame["learned_on"]) == ("2026-11-30", "2026-11-30")
    assert page.text_content(".kept-word[data-word='fame'] .kept-head") == (
        "FAME1 point · kept 2026-11-27 · learned 2026-11-30 · due 2026-12-03"
    )
    assert page.text_content("#words-progress") == "1 of 1 word learned, 1 this month."
    on_day(page, "2026-12-03")
    assert page.text_content("#words-progress") == "1 of 1 word learned, none this month."


def test_one_word_left_is_not_learned_from_the_verdict_that_names_it(
    pages: Pages, server: ServeProcess
) -> None:
    """The last word due, missed, is asked again at once after the verdict that names it; typed
    right then it counts once, and is not asked again that day (not learned in seconds)."""
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    on_day(page, "2026-11-29")
    page.goto(f"{server.url}/words?seed=1")
    page.wait_for_selector("body[data-ready='true']")
    page.click("#practise-start")
    for _ in range(2):  # the other word answered right: FAME is the one left
        page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
        asked = page.eval_on_selector("#practise-clue", "c => c.dataset.word")
        if asked == "limbo":
            assert answered(page, "limbo").startswith("Right: LIMBO. Again tomorrow")
        else:
            assert answered(page, "fan") == "Not quite: the word is FAME."
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    assert page.eval_on_selector("#practise-clue", "c => c.dataset.word") == "fame"
    assert answered(page, "fame") == (
        "Right: FAME. Again tomorrow: right then too and it is learned."
    )
    assert page.locator("#practise-form").is_hidden()  # FAME is not asked a second time
    assert [(w["word"], w["learned"], w["streak"]) for w in stored(page)] == [
        ("fame", False, 1),
        ("limbo", False, 1),
    ]


def test_learned_words_come_back_for_review_after_growing_intervals(
    pages: Pages, server: ServeProcess
) -> None:
    """Right answers on the days a word is due take it 1, 3, 7, 21 then every 60 days ahead; a
    word not due is not asked, and due reviews come before the words to learn; a wrong answer
    starts the word again, to learn and due at once."""
    page = words_page(pages, server, [kept("fame")])
    day = "2026-11-29"
    for interval in [1, 3, 7, 21, 60, 60]:
        on_day(page, day)
        assert page.text_content("#practise-due") == "1 word due today."
        practise_once(page, "fame")
        due = stored(page)[0]["due"]
        gap = page.evaluate("([a, b]) => (Date.parse(b) - Date.parse(a)) / 86400000", [day, due])
        assert gap == interval
        assert page.locator("#practise-start").is_disabled()  # not due again that day
        day = due
    assert stored(page)[0]["learned"] is True

    # FAME learned, due 2026-12-09; LIMBO to learn, due at once
    words = [
        kept("fame", learned=True, streak=3, due="2026-12-09"),
        kept("limbo", date="2026-12-01"),
        kept("mile", learned=True, streak=2, due="2026-12-05"),
    ]
    page = words_page(pages, server, words)
    on_day(page, "2026-12-05")
    assert page.text_content("#practise-due") == "2 words due today."
    assert page.text_content(".kept-word[data-word='fame'] .kept-head") == (
        "FAME1 point · kept 2026-11-27 · due 2026-12-09"
    )
    assert "due today" in (page.text_content(".kept-word[data-word='mile'] .kept-head") or "")
    asked = asked_in_turn(page, 4)
    assert asked == ["mile", "limbo", "mile", "limbo"]  # the review first; FAME is not due
    # Show the word on a learned word's review sends it back to the start
    mile = next(w for w in stored(page) if w["word"] == "mile")
    assert (mile["learned"], mile["streak"], mile["due"]) == (False, 0, "")
    assert page.text_content("#learned-title") == "Learned (1)"

    on_day(page, "2026-12-09")
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    assert page.eval_on_selector("#practise-clue", "c => c.dataset.word") == "fame"
    assert answered(page, "fan") == "Not quite: the word is FAME. Back to To learn."
    fame = next(w for w in stored(page) if w["word"] == "fame")
    assert (fame["learned"], fame["streak"], fame["due"]) == (False, 0, "")


def test_words_kept_before_review_days_are_due_at_once(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """A stored value or a saved file from before the schedule (no due days) loads: its words,
    learned or not, are due at once; a file saved now carries each word's due day."""
    old = [kept("fame", learned=True, streak=2), kept("limbo", streak=1)]
    page = words_page(pages, server, old)
    on_day(page, "2026-11-29")
    assert page.text_content("#practise-due") == "2 words due today."
    assert page.text_content("#learned-title") == "Learned (1)"
    assert practise_once(page, "fame") == "Right: FAME. Next review in 7 days."
    assert answered(page, "limbo") == "Right: LIMBO. Twice in a row: learned. Review in 3 days."
    assert [(w["word"], w["due"]) for w in stored(page)] == [
        ("fame", "2026-12-06"),
        ("limbo", "2026-12-02"),
    ]
    page.click("#move-words > summary")  # the file actions, folded above the lists
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Save to a file").click()
    saved = tmp_path / "saved.json"
    download_info.value.save_as(saved)
    assert [w["due"] for w in json.loads(saved.read_text())["words"]] == [
        "2026-12-06",
        "2026-12-02",
    ]

    old_file = tmp_path / "old.json"
    old_file.write_text(json.dumps({"version": 1, "words": [kept("mile", learned=True)]}))
    page.set_input_files("#import-file", str(old_file))
    page.wait_for_function(
        "() => document.getElementById('words-status').textContent.startsWith('Added')"
    )
    assert page.text_content("#words-status") == "Added 1 word from old.json."
    assert page.text_content("#practise-due") == "1 word due today."
    assert page.text_content(".kept-word[data-word='mile'] .kept-head") == (
        "MILE1 point · kept 2026-11-27 · due today"
    )


def test_a_spanish_word_typed_with_its_accents_is_right(pages: Pages, server: ServeProcess) -> None:
    """The Spanish list holds AEREA for aérea: typed as written, or as held, the word is right,
    and the verdicts name it as the language writes it."""
    page = words_page(pages, server, [kept("aerea", list="es", board="aer aea xxx")])
    on_day(page, "2026-11-29")
    assert practise_once(page, "Aérea") == (
        "Right: AEREA (aérea). Again tomorrow: right then too and it is learned."
    )
    on_day(page, "2026-11-30")
    assert practise_once(page, "aerea") == (
        "Right: AEREA (aérea). Twice in a row: learned. Review in 3 days."
    )
    assert stored(page)[0]["learned"] is True


def test_an_english_word_typed_with_accents_its_list_lacks_is_right(
    pages: Pages, server: ServeProcess
) -> None:
    """NAIVE, counted in a round typed naïve, was "Not quite" typed so in practice; a
    Spanish AÑO is still not ANO (ñ is a letter of its own)."""
    page = words_page(pages, server, [kept("naive", list="en-70", language="en")])
    on_day(page, "2026-11-29")
    assert practise_once(page, "Naïve") == (
        "Right: NAIVE. Again tomorrow: right then too and it is learned."
    )
    page = words_page(pages, server, [kept("año", list="es", language="es", board="añox")])
    assert practise_once(page, "ano").startswith("Not quite: the word is AÑO")


def test_a_word_without_a_definition_gets_the_board_as_its_clue(
    pages: Pages, server: ServeProcess
) -> None:
    """/api/define failing: the word is shown without a meaning, and practised by its length,
    first letter and board; another language's word links to Wiktionary."""
    page = pages.open(server.url + "/words?seed=1", **PHONE)  # seed 1: FAME is asked first
    page.context.route(
        "**/api/define?word=fame*", lambda route: route.fulfill(status=500, body="down")
    )
    value = json.dumps({"version": 1, "words": [kept("fame"), kept("casa", list="es")]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    meanings_shown(page)
    fame = page.locator(".kept-word[data-word='fame'] .kept-meaning")
    assert fame.text_content() == "no definition: it could not be looked up now"
    link = page.locator(".kept-word[data-word='casa'] .kept-meaning a")
    assert "wiktionary.org" in (link.get_attribute("href") or "")
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    assert page.text_content("#practise-clue") == (
        "4 letters, starting with F, on the board FXIE AMLO EWBX ASTU"
    )
    page.click("#practise-show")
    assert page.text_content("#practise-verdict") == "The word is FAME."


def test_a_clue_without_a_meaning_fits_one_kept_word(pages: Pages, server: ServeProcess) -> None:
    """Words kept from one board with no meaning to show: the clue gives as many first letters
    as tell the word asked from the other kept words of its length there, so typing another
    kept word is never the right answer to a clue it also fits."""
    page = pages.open(server.url + "/words?seed=1", **PHONE)
    page.context.route("**/api/define?word=*", lambda route: route.fulfill(status=500, body="down"))
    words = [kept("casa"), kept("cama"), kept("capa"), kept("cosa"), kept("fame")]
    value = json.dumps({"version": 1, "words": words})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    starts = {"casa": "CAS", "cama": "CAM", "capa": "CAP", "cosa": "CO", "fame": "F"}
    page.click("#practise-start")
    clues = {}
    for _ in range(len(words)):  # one pass asks each word once
        page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
        asked = page.get_attribute("#practise-clue", "data-word") or ""
        clues[asked] = page.text_content("#practise-clue")
        page.click("#practise-show")
    assert clues == {
        word: f"4 letters, starting with {start}, on the board FXIE AMLO EWBX ASTU"
        for word, start in starts.items()
    }


def test_another_kept_word_that_fits_the_clue_is_not_marked_wrong(
    pages: Pages, server: ServeProcess
) -> None:
    """AMADA and AMADO kept from one board share every letter a clue may give: typing the other
    one is said to fit too, the streak stays and the same clue is asked again."""
    page = pages.open(server.url + "/words?seed=1", **PHONE)
    page.context.route("**/api/define?word=*", lambda route: route.fulfill(status=500, body="down"))
    words = [kept("amada"), kept("amado")]
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": words})],
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    asked = page.get_attribute("#practise-clue", "data-word") or ""
    clue = page.text_content("#practise-clue")
    assert clue == "5 letters, starting with AMAD, on the board FXIE AMLO EWBX ASTU"
    page.fill("#practise-input", asked)
    page.press("#practise-input", "Enter")  # right once: streak 1
    page.wait_for_function(  # the next clue shown (its word is unset while it is looked up)
        "asked => ![undefined, asked].includes(document.getElementById('practise-clue')"
        ".dataset.word)",
        arg=asked,
    )
    asked = page.get_attribute("#practise-clue", "data-word") or ""
    other = "amado" if asked == "amada" else "amada"
    page.fill("#practise-input", other)
    page.press("#practise-input", "Enter")
    assert page.text_content("#practise-verdict") == (
        f"{other.upper()} fits too, but it is another kept word: try the other one."
    )
    assert page.get_attribute("#practise-clue", "data-word") == asked
    assert page.text_content("#practise-clue") == clue
    assert {entry["word"]: entry.get("streak", 0) for entry in stored(page)} == {
        other: 1,
        asked: 0,
    }


@pytest.mark.parametrize(
    "raw",
    ["{not json", '{"version": 7, "words": []}', "[1, 2]", '"fame"', '{"version": 1}'],
)
def test_a_corrupt_or_foreign_stored_value_starts_empty(
    pages: Pages, server: ServeProcess, raw: str
) -> None:
    page = words_page(pages, server, None, raw=raw)
    problem = page.locator("#words-problem")
    assert problem.is_visible()
    assert problem.text_content() == (
        "The words kept in this browser could not be read, so the list starts empty."
    )
    assert page.locator("#words-empty").is_visible()
    assert page.locator("#to-learn").is_hidden()


def test_stored_entries_that_are_not_words_are_left_out(pages: Pages, server: ServeProcess) -> None:
    junk = [kept("fame"), 42, {"word": "<b>x</b>"}, {"points": 3}, kept("fame"), kept("limbo")]
    page = words_page(pages, server, junk)
    assert page.locator("#words-problem").is_hidden()
    words = page.eval_on_selector_all(".kept-word", "items => items.map(i => i.dataset.word)")
    assert words == ["fame", "limbo"]


def test_clear_all_asks_first(pages: Pages, server: ServeProcess) -> None:
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    page.click("#clear-all")
    assert page.text_content("#clear-question") == "Remove all 2 words, the learned ones too?"
    assert page.evaluate("() => document.activeElement.id") == "clear-no"
    page.keyboard.press("Enter")  # Cancel
    assert page.locator("#clear-ask").is_hidden() and len(stored(page)) == 2
    page.click("#clear-all")
    page.click("#clear-yes")
    assert stored(page) == []
    assert page.locator("#words-empty").is_visible()
    assert page.text_content("#words-status") == "All words removed."


def test_the_empty_page_says_how_words_get_there(pages: Pages, server: ServeProcess) -> None:
    page = pages.open(server.url + "/words", **PHONE)
    empty = page.locator("#words-empty")
    assert empty.is_visible() and "Keep missed words to learn" in (empty.text_content() or "")
    assert page.locator("#words-problem").is_hidden()
    assert page.locator("#practise").is_hidden() and page.locator("#clear").is_hidden()


def test_the_daily_board_and_a_challenge_keep_missed_words(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + "/daily?date=2026-11-23", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) .keep-button")
    # each missed word's chip has its own button
    assert page.locator("#unfound .learn-one").count() == page.locator("#unfound .word").count()
    page.click(".keep-button")
    assert page.text_content(".keep-status") == "Kept 10 words to learn. See My words"
    assert page.locator("#unfound .learn-one.kept").count() == 10
    board = page.get_attribute("#board", "data-board")
    assert {w["board"] for w in stored(page)} == {board}

    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame", "limbo"]})
    page.goto(server.url + made["path"])
    page.wait_for_selector("body[data-ready='true']")
    play_challenge(page, "ann", ["fame"], shown="body[data-phase='results'] .keep-button")
    # bob's LIMBO, which ann missed, has its own button (once: in the table, not again in
    # the board's words she did not find); her FAME has none
    limbo = page.get_by_role("button", name="learn LIMBO", exact=True)
    assert limbo.is_visible()
    assert page.locator("#challenge-results .learn-one[data-word='limbo']").count() == 1
    assert page.locator(".learn-one[data-word='fame']").count() == 0
    limbo.click()
    assert page.text_content(".keep-status") == "Kept LIMBO to learn. See My words"
    assert page.get_by_role("button", name="kept LIMBO", exact=True).is_visible()
    # in the table the button sits under its chip: the page does not scroll sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    assert stored(page)[0]["word"] == "limbo" and len(stored(page)) == 11
    page.click(".keep-button")  # the best of what ann missed: bob's words and the board's
    assert page.text_content(".keep-status") == "Kept 10 words to learn. See My words"
    assert "fame" not in {w["word"] for w in stored(page)} and len(stored(page)) == 21


def test_a_room_round_keeps_the_words_nobody_found(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    page = pages.open(clocked_server.url + "/room", **PHONE)
    page.fill("#create-name", "ann")
    page.fill("#create-seconds", str(LONGEST_ROUND))
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    clocked_server.clock.now += LONGEST_ROUND
    page.wait_for_selector("#results:not([hidden]) .keep-button")
    unfound = page.locator("#unfound .word").count()
    assert page.locator("#unfound .learn-pair .learn-one").count() == unfound
    page.click(".keep-button")
    expected = min(10, unfound)
    assert page.text_content(".keep-status") == (
        f"Kept {expected} word{'' if expected == 1 else 's'} to learn. See My words"
    )
    assert len(stored(page)) == expected
    # the offer sits above the list of the words nobody found (and the line of its keys,
    # shown while the keyboard is in it)
    next_id = """() => { let next = document.querySelector('.keep-offer').nextElementSibling;
      if (next.matches('.keys-hint')) next = next.nextElementSibling;
      return next.id; }"""
    assert page.evaluate(next_id) == "unfound"


def test_one_missed_word_is_kept_from_its_chip(pages: Pages, server: ServeProcess) -> None:
    """Each missed word's chip has its own "+ learn" button (a 44 px target on a phone,
    named after the word, pressed with the keyboard); a word kept before says so."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.wait_for_selector("#dict-select option", state="attached")
    list_name = page.evaluate("() => document.getElementById('dict-select').value || null")
    earlier = json.dumps({"version": 1, "words": [kept("limbo", list=list_name)]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, earlier])
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .learn-one")
    chips = page.locator("#play-missed .word")
    buttons = page.locator("#play-missed .learn-one")
    assert buttons.count() == chips.count() > 10
    # the word kept in an earlier round says so
    assert page.get_by_role("button", name="kept LIMBO", exact=True).is_visible()
    # in the table the button sits under its chip: the page does not scroll sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    word = page.eval_on_selector("#play-missed .learn-one:not(.kept)", "b => b.dataset.word")
    learn = page.get_by_role("button", name=f"learn {word.upper()}", exact=True)
    box = learn.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    learn.focus()
    page.keyboard.press("Enter")
    status = page.locator(".keep-status")
    assert status.text_content() == f"Kept {word.upper()} to learn. See My words"
    assert [w["word"] for w in stored(page)] == [word, "limbo"]
    assert stored(page)[0]["list"] == list_name and stored(page)[0]["board"] == FXIE
    now_kept = page.get_by_role("button", name=f"kept {word.upper()}", exact=True)
    assert now_kept.get_attribute("aria-disabled") == "true"
    assert page.evaluate("() => document.activeElement.dataset.word") == word  # focus stays
    page.keyboard.press("Enter")  # again: nothing more is kept
    assert status.text_content() == f"{word.upper()} is kept already. See My words"
    assert len(stored(page)) == 2
    page.click(".keep-button")  # the round's best: the kept ones left out, each chip updated
    assert status.text_content() == "Kept 10 words to learn. See My words"
    kept_words = {w["word"] for w in stored(page)}
    assert len(kept_words) == 12
    marked = page.eval_on_selector_all(
        "#play-missed .learn-one.kept", "bs => bs.map((b) => b.dataset.word)"
    )
    assert set(marked) == kept_words


def test_a_word_s_learn_button_is_named_as_its_chip_writes_it(
    pages: Pages, server: ServeProcess
) -> None:
    """The Spanish list's folded AEREA: its chip reads aérea, so its "+ learn" button is named
    "learn AÉREA" (it was "learn AEREA"), and "kept AÉREA" once kept."""
    page = pages.open(server.url + "/play?dict=es&board=aer+aea+xxx", **PHONE)
    page.wait_for_selector("#dict-select option[value='es']", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .learn-one")
    chip = page.locator("#play-missed button.word[data-word='aerea']")
    assert chip.text_content() == "aérea"
    page.get_by_role("button", name="learn AÉREA", exact=True).click()
    assert page.get_by_role("button", name="kept AÉREA", exact=True).is_visible()
    assert stored(page)[0]["word"] == "aerea"


def test_a_learned_word_can_be_learned_again(pages: Pages, server: ServeProcess) -> None:
    page = words_page(pages, server, [kept("limbo"), kept("fame", learned=True, streak=2)])
    assert page.text_content("#learned-title") == "Learned (1)"
    assert page.locator("#to-learn-list .again").count() == 0  # only learned words have it
    again = page.get_by_role("button", name="Learn again FAME", exact=True)
    box = again.bounding_box()
    assert box is not None and box["height"] >= 44
    again.click()
    assert page.text_content("#to-learn-title") == "To learn (2)"
    assert page.locator("#learned").is_hidden()
    assert page.text_content("#words-status") == "FAME is back in To learn."
    fame = next(w for w in stored(page) if w["word"] == "fame")
    assert fame["learned"] is False and fame["streak"] == 0
    # the focus follows the word into To learn
    assert (
        page.evaluate(
            "() => document.activeElement.closest('#to-learn-list .kept-word').dataset.word"
        )
        == "fame"
    )


def test_a_double_tap_on_show_the_word_shows_one_word(pages: Pages, server: ServeProcess) -> None:
    """The second tap of a double tap on Show the word landed on the next word's clue (shown
    almost at once: here a letters clue, as from a kept meaning) and showed that word too,
    marking it wrong unread. Now the second tap does nothing: one word shown, one marked."""
    page = pages.open(server.url + "/words?seed=1", **PHONE)
    page.context.route("**/api/define?word=*", lambda route: route.fulfill(status=500, body="down"))
    value = json.dumps({"version": 1, "words": [kept("fame"), kept("limbo"), kept("lime")]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    page.wait_for_selector("#practise-show:not([disabled])")
    first = page.get_attribute("#practise-clue", "data-word")
    # the first tap shows the word; the second lands once the next word's clue is shown
    second = page.evaluate(
        """async (first) => {
          const clue = document.getElementById('practise-clue');
          const show = document.getElementById('practise-show');
          show.click();
          while (!clue.dataset.word || clue.dataset.word === first) {
            await new Promise((done) => setTimeout(done, 0));
          }
          show.click();
          return clue.dataset.word;
        }""",
        first,
    )
    assert second != first
    assert page.text_content("#practise-verdict") == f"The word is {str(first).upper()}."
    assert page.get_attribute("#practise-clue", "data-word") == second  # still asked
    marked = [entry["word"] for entry in stored(page) if entry.get("practised")]
    assert marked == [first], f"a double tap on Show the word marked {marked}"
    # a tap after a moment is a tap: the word asked is shown
    page.click("#practise-show")
    assert page.text_content("#practise-verdict") == f"The word is {str(second).upper()}."


def test_a_double_tap_on_remove_removes_one_word(pages: Pages, server: ServeProcess) -> None:
    """The second tap of a double tap on a card's Remove landed on the next card's Remove (the
    list made anew under the finger) and removed that word too. Now it does nothing."""
    page = words_page(pages, server, [kept("fame"), kept("limbo"), kept("lime")])
    left = page.evaluate(
        """() => {
          const card = (word) => document.querySelector(`.kept-word[data-word='${word}']`);
          card('fame').querySelector('button.remove').click();
          // the tap that follows, on the card now in its place
          card('limbo').querySelector('button.remove').click();
          return [...document.querySelectorAll('#to-learn-list .kept-word')]
            .map((item) => item.dataset.word);
        }"""
    )
    assert left == ["limbo", "lime"], f"a double tap on Remove left {left}"
    assert [entry["word"] for entry in stored(page)] == ["limbo", "lime"]
    assert page.text_content("#words-status") == "FAME removed."
    # a tap after a moment is a tap: the word is removed
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Remove LIMBO").click()
    assert [entry["word"] for entry in stored(page)] == ["lime"]


def asked_in_turn(page: Any, times: int, clocked: bool = False) -> list[str]:
    """The words practise asks, ``times`` of them, each passed with Show the word; with
    ``clocked`` (the page's clock installed) the 400 ms Show the word is held after each
    press (TAP_GAP_MS in words.js) is run through on the page's clock, not waited out."""
    page.click("#practise-start")
    asked = []
    for _ in range(times):
        page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
        asked.append(page.eval_on_selector("#practise-clue", "c => c.dataset.word"))
        page.click("#practise-show")
        if clocked:
            page.clock.run_for(500)
    page.click("#practise-stop")
    return asked


def test_practise_asks_in_a_shuffled_order_each_word_once_a_pass(
    pages: Pages, server: ServeProcess
) -> None:
    """With ?seed=N the order is the same each time (the tests' handle on the shuffle); each
    pass asks every word once, and a pass never starts with the word just missed."""
    names = ["fame", "limbo", "mile", "lime", "slime"]
    words = [kept(word) for word in names]
    orders = []
    page = words_page(pages, server, words)
    page.clock.install()  # Show the word's hold run through, not waited (asked_in_turn)
    for seed in range(1, 5):
        # one page for every seed, its storage as a fresh browser's with the words stored
        # (the practice answers of the seed before gone)
        value = json.dumps({"version": 1, "words": words})
        page.evaluate(
            "([key, value]) => { localStorage.clear(); localStorage.setItem(key, value); }",
            [KEY, value],
        )
        page.goto(f"{server.url}/words?seed={seed}")
        page.wait_for_selector("body[data-ready='true']")
        asked = asked_in_turn(page, 3 * len(names), clocked=True)
        for start in range(0, len(asked), len(names)):
            assert sorted(asked[start : start + len(names)]) == sorted(names)
        assert all(a != b for a, b in itertools.pairwise(asked))
        page.reload()
        page.wait_for_selector("body[data-ready='true']")
        # the same seed, the same order
        assert asked_in_turn(page, 3 * len(names), clocked=True) == asked
        orders.append(asked[: len(names)])
    assert any(order != names for order in orders)  # not the list's order
    assert len({tuple(order) for order in orders}) > 1  # the seed changes it

    value = json.dumps({"version": 1, "words": words[:2]})  # two words: they take turns
    page.evaluate(
        "([key, value]) => { localStorage.clear(); localStorage.setItem(key, value); }",
        [KEY, value],
    )
    page.goto(f"{server.url}/words?seed=3")
    page.wait_for_selector("body[data-ready='true']")
    asked = asked_in_turn(page, 6, clocked=True)
    assert all(a != b for a, b in itertools.pairwise(asked))


def test_a_word_s_list_shows_its_title(pages: Pages, server: ServeProcess) -> None:
    """The list a word was kept from is named as every page names it: its title from
    /api/dictionaries ("English (111,817 words)"), not its id."""
    lists = get_json(server.url + "/api/dictionaries")["dictionaries"]
    name = lists[0]["name"]
    friendly = lists[0]["title"]
    assert friendly and name not in friendly
    page = words_page(pages, server, [kept("fame", list=name), kept("zzzz", list="gone")])
    shown = page.locator(".kept-word[data-word='fame'] .kept-list")
    page.wait_for_function(
        '(name) => document.querySelector(".kept-list").textContent !== name', arg=name
    )
    assert shown.text_content() == friendly
    # a list the server no longer offers keeps its name
    assert page.text_content(".kept-word[data-word='zzzz'] .kept-list") == "gone"


def test_words_of_one_list_name_it_once_above_them(pages: Pages, server: ServeProcess) -> None:
    """Kept words all of one list name it once, above them, not on every card (on a phone
    each card's first line was the list's title again); from two lists each card names its
    own and the line above is gone."""
    lists = get_json(server.url + "/api/dictionaries")["dictionaries"]
    name, title = lists[0]["name"], lists[0]["title"]
    page = words_page(pages, server, [kept("fame", list=name), kept("limb", list=name)])
    page.wait_for_function(
        "(title) => document.getElementById('words-list-line').textContent.includes(title)",
        arg=title,
    )
    assert page.locator("#words-list-line").inner_text() == f"Words of {title}."
    assert page.locator(".kept-word .kept-list").count() == 0
    assert title not in page.locator("#to-learn").inner_text()

    page = words_page(pages, server, [kept("fame", list=name), kept("zzzz", list="gone")])
    assert page.locator("#words-list-line").is_hidden()
    assert page.locator(".kept-word .kept-list").count() == 2


def test_words_kept_in_another_tab_are_shown_and_not_lost(
    pages: Pages, server: ServeProcess
) -> None:
    """My words open in one tab, a word kept in another tab of the same browser: it shows up
    on My words, and a remove or a practise answer there keeps it."""
    page = words_page(pages, server, [kept("fame"), kept("limbo")])
    other = page.context.new_page()
    other.goto(server.url + "/words")
    other.wait_for_selector("body[data-ready='true']")
    value = json.dumps({"version": 1, "words": [kept("axle"), kept("fame"), kept("limbo")]})
    other.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.wait_for_selector("#to-learn-list .kept-word[data-word='axle']")
    assert page.text_content("#to-learn-title") == "To learn (3)"

    page.get_by_role("button", name="Remove LIMBO").click()
    assert [w["word"] for w in stored(page)] == ["axle", "fame"]
    # another word kept there while practising here: an answer keeps it too
    value = json.dumps({"version": 1, "words": [kept("wax"), *stored(page)]})
    other.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.wait_for_selector("#to-learn-list .kept-word[data-word='wax']")
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    asked = page.get_attribute("#practise-clue", "data-word")
    # a word kept there without this tab hearing of it yet: read back before the answer is saved
    value = json.dumps({"version": 1, "words": [kept("mix"), *stored(page)]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.fill("#practise-input", asked or "")
    page.press("#practise-input", "Enter")
    words = {w["word"]: w for w in stored(page)}
    assert set(words) == {"mix", "wax", "axle", "fame"}
    assert words[asked or ""]["streak"] == 1
    # the other tab heard of it all
    other.wait_for_selector("#to-learn-list .kept-word[data-word='mix']")
    assert other.text_content("#to-learn-title") == "To learn (4)"


def test_a_word_of_a_list_the_server_does_not_have_says_so_and_is_not_asked_again(
    pages: Pages, server: ServeProcess
) -> None:
    """The server answers 400 "unknown word list" for a word kept from a list it does not offer:
    the card says so plainly (not "could not be looked up now"), and the word is not looked up
    again when the list is shown again."""
    page = pages.open(server.url + "/words", **PHONE)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    words = [kept("zzzz", list="gone"), kept("fame", list="gone"), kept("limbo")]
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": words})],
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    meanings_shown(page)
    shown = page.locator(".kept-word[data-word='zzzz'] .kept-meaning")
    assert shown.text_content() == "no definition: this server does not have the word list “gone”"
    assert "missing" in (shown.get_attribute("class") or "")
    page.get_by_role("button", name="Remove FAME").click()  # the list shown again
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    page.click("#practise-show")
    meanings_shown(page)
    assert shown.text_content() == "no definition: this server does not have the word list “gone”"
    looked_up = [url for url in asked if "/api/define?word=zzzz" in url]
    assert len(looked_up) == 1, looked_up


def test_a_failed_look_up_is_tried_again(pages: Pages, server: ServeProcess) -> None:
    """A look-up that failed once is not kept: practise looks the word up again and gets its
    definition as the clue."""
    page = pages.open(server.url + "/words", **PHONE)
    failed: list[str] = []

    def fail_once(route: Any) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.fulfill(status=500, body="down")

    page.context.route("**/api/define?word=fame*", fail_once)
    value = json.dumps({"version": 1, "words": [kept("fame")]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    meanings_shown(page)
    fame = page.locator(".kept-word[data-word='fame'] .kept-meaning")
    assert fame.text_content() == "no definition: it could not be looked up now"
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    assert "(4 letters)" in (page.text_content("#practise-clue") or "")  # the definition's clue
    assert len(failed) == 1


# The page's look-ups of /api/define, counted as the page makes them (window.fetch wrapped
# before the page's scripts run): how many were asked, are running, and the most at once.
COUNT_LOOK_UPS = """(() => {
  const counts = { asked: 0, running: 0, most: 0 };
  window.lookUps = counts;
  const fetchOf = window.fetch.bind(window);
  window.fetch = (resource, options) => {
    if (!String(resource).includes("/api/define?")) return fetchOf(resource, options);
    counts.asked += 1;
    counts.running += 1;
    counts.most = Math.max(counts.most, counts.running);
    return fetchOf(resource, options).finally(() => { counts.running -= 1; });
  };
})();"""

MANY_WORDS = ["fame", "limbo", "axe", "max", "exam", "lime", "mile", "seam", "mix"]


def test_my_words_looks_up_at_most_four_meanings_at_a_time(
    pages: Pages, server: ServeProcess
) -> None:
    """A long list does not flood the server: four look-ups at a time, the next one asked
    as one is answered (never a fifth beside them), until every word has its meaning."""
    pages.init_scripts.append(COUNT_LOOK_UPS)
    page = pages.open(server.url + "/words", **PHONE)
    held: list[Any] = []  # the look-ups the server has not answered yet
    answering = False

    def meaning(route: Any) -> None:
        word = route.request.url.split("word=")[1].split("&")[0]
        route.fulfill(json={"word": word, "definitions": [f"the meaning of {word}"]})

    def look_up(route: Any) -> None:
        if answering:
            meaning(route)
        else:
            held.append(route)

    page.route("**/api/define?*", look_up)
    value = json.dumps({"version": 1, "words": [kept(word) for word in MANY_WORDS]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#to-learn-list .kept-word").count() == len(MANY_WORDS)
    # every word listed (all near the screen) and asked for its meaning: four of them sent,
    # the rest waiting (asked as the cards come near the screen, a frame after)
    for _ in range(100):
        if page.evaluate("() => window.lookUps.asked") >= 4:
            break
        page.wait_for_timeout(20)
    page.wait_for_timeout(100)  # no fifth comes
    counts = page.evaluate("() => window.lookUps")
    assert counts == {"asked": 4, "running": 4, "most": 4}, counts
    page.wait_for_function("() => document.querySelectorAll('.kept-meaning').length === 9")
    while len(held) < 4:  # the four reach the server's stand-in
        page.evaluate("() => new Promise((done) => setTimeout(done, 20))")
    meaning(held.pop(0))  # one answered: one more asked in its place
    page.wait_for_function("() => window.lookUps.asked === 5")
    assert page.evaluate("() => window.lookUps.most") == 4
    answering = True  # the rest answered as they come
    for route in held:
        meaning(route)
    meanings_shown(page)
    counts = page.evaluate("() => window.lookUps")
    assert counts == {"asked": len(MANY_WORDS), "running": 0, "most": 4}, counts
    first = page.locator(".kept-word[data-word='fame'] .kept-meaning")
    assert first.text_content() == "the meaning of fame"


def test_a_missed_word_says_its_level_and_form_and_my_words_keeps_them(
    pages: Pages, server: ServeProcess
) -> None:
    """A learner sees which missed words were common ones and what form a word is: the
    meaning's box of a missed chip and My words say "common word" and "plural of limb"."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .learn-one")
    missed = get_json(
        server.url + "/api/play",
        {"board": FXIE, "words": [], "finished": True, "dictionary": None},
    )["missed"]
    level = {entry["word"]: entry.get("level") for entry in missed}["limbs"]
    assert level == "common"
    page.locator("#play-missed button.word[data-word='limbs']").click()
    box = page.locator("#play-results .word-definition[data-word='limbs']")
    box.filter(has_text="(common word; plural of limb").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "missed-word-level-form-phone.png"))
    page.get_by_role("button", name="learn LIMBS", exact=True).click()
    assert stored(page)[0]["word"] == "limbs" and stored(page)[0]["level"] == "common"

    page.goto(server.url + "/words")
    page.wait_for_selector("body[data-ready='true']")
    meanings_shown(page)
    item = page.locator(".kept-word[data-word='limbs']")
    assert "common word · 2 points" in (item.locator(".kept-head").text_content() or "")
    assert (item.locator(".kept-meaning").text_content() or "").startswith("(plural of limb) ")
    # on a phone the line breaks between its parts, never inside the date at its hyphen
    cut = page.eval_on_selector_all(
        ".kept-head .help > span",
        "parts => parts.filter((p) => p.getClientRects().length > 1).map((p) => p.textContent)",
    )
    assert cut == []


def test_a_stored_level_the_page_does_not_know_is_left_out(
    pages: Pages, server: ServeProcess
) -> None:
    page = words_page(pages, server, [kept("limbo", level="famous"), kept("fame", level=3)])
    heads = page.locator(".kept-head").all_text_contents()
    assert len(heads) == 2 and not any("famous" in head or " word ·" in head for head in heads)
    # stored as the page reads it (words kept before due days are given theirs on the
    # first visit, so that is when): the levels it does not know left out
    assert {entry["word"]: entry.get("level") for entry in stored(page)} == {
        "limbo": None,
        "fame": None,
    }


def test_missed_words_are_kept_and_explained_in_the_round_s_own_list(
    pages: Pages, server: ServeProcess
) -> None:
    """The list control changed under a round (a /play?dict=es link still loading when Start
    was pressed set it afterwards): the round's English words were kept as Spanish ones and
    their meanings were Spanish Wiktionary links."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.wait_for_selector("#dict-select option[value='es']", state="attached")
    list_name = page.evaluate("() => document.getElementById('dict-select').value || null")
    assert list_name != "es"
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.evaluate("() => { document.getElementById('dict-select').value = 'es'; }")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .learn-one")
    page.locator("#play-missed button.word[data-word='limbs']").click()
    box = page.locator("#play-results .word-definition[data-word='limbs']")
    box.filter(has_text="one of the jointed appendages").wait_for()
    assert box.locator("a").count() == 0  # no Wiktionary link: the word is English
    page.get_by_role("button", name="learn LIMBS", exact=True).click()
    first = stored(page)[0]
    assert first["word"] == "limbs" and first["list"] == list_name


def test_start_pressed_while_a_link_loads_plays_the_link_s_round(
    pages: Pages, server: ServeProcess
) -> None:
    """Start pressed before a /play?dict=es&board=... link's lists have come: the button says
    it is busy, then the round is the link's board in the link's list, not a random board in
    the default list."""
    context = pages.browser.new_context(**PHONE)
    pages.contexts.append(context)
    page = context.new_page()
    held: list[Any] = []
    page.route("**/api/dictionaries", lambda route: held.append(route))
    page.goto(server.url + "/play?dict=es&board=" + FXIE.replace(" ", "+"))
    while not held:
        page.wait_for_timeout(50)
    page.click("#play-start")
    start = page.locator("#play-start")
    assert start.get_attribute("aria-busy") == "true"
    assert page.locator("#play-form").is_hidden()  # no round started with the defaults
    held[0].continue_()
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.evaluate("() => document.getElementById('dict-select').value") == "es"
    faces = page.locator(".cube").all_inner_texts()
    assert "".join(faces).lower() == FXIE.replace(" ", "")
    assert start.get_attribute("aria-busy") is None


def test_a_word_the_dictionary_lacks_says_why_it_has_no_meaning(
    pages: Pages, server: ServeProcess
) -> None:
    """A kept word in the game's list but not in WordNet says so, naming the dictionary."""
    page = words_page(pages, server, [kept("alegar"), kept("fame")])
    meanings_shown(page)
    source = get_json(server.url + "/api/define?word=alegar")["source"]
    shown = page.locator(".kept-word[data-word='alegar'] .kept-meaning")
    assert shown.text_content() == f"no definition: not in the dictionary ({source})"


def test_a_kept_word_its_list_lacks_says_so_and_links_no_entry(
    pages: Pages, server: ServeProcess
) -> None:
    """A kept word its list lacks (an imported file's, a list changed since) was linked to a
    Wiktionary search ("ZOLW on Wiktionary"), as though it were a word; it says, as `boggle
    define` does, that it is not one of the list's, with the list's word it may be."""
    words = [kept("zolw", list="pl"), kept("coracao", list="pt"), kept("zyzzyva"), kept("fame")]
    page = words_page(pages, server, words)
    meanings_shown(page)
    polish = page.locator(".kept-word[data-word='zolw'] .kept-meaning")
    assert polish.text_content() == "no definition: not a word of the pl list; did you mean ŻÓŁW?"
    # the list's word named as every heading names it, with how Portuguese writes it
    portuguese = page.locator(".kept-word[data-word='coracao'] .kept-meaning")
    assert portuguese.text_content() == (
        "no definition: not a word of the pt list; did you mean CORAÇAO (coração)?"
    )
    assert polish.locator("a").count() == 0
    english = page.locator(".kept-word[data-word='zyzzyva'] .kept-meaning")
    assert english.text_content() == "no definition: not a word of the en-70 list"


def test_a_clue_blanks_the_word_and_its_base_form_not_longer_words(
    pages: Pages, server: ServeProcess
) -> None:
    """A meaning as a clue does not give the word away through its base form (PERFORMS is
    "carry out or perform an action"), blanks the word with an ending (LAUGH in "laughing"),
    and leaves a longer word that holds it whole (SOL in "a solid")."""
    page = words_page(pages, server, [kept("performs"), kept("laugh"), kept("sol"), kept("quo")])
    meanings_shown(page)
    page.click("#practise-start")
    clues = {}
    for _ in range(4):  # one pass asks each word once
        page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
        clues[page.get_attribute("#practise-clue", "data-word")] = page.text_content(
            "#practise-clue"
        )
        page.click("#practise-show")
    assert clues["performs"] == "carry out or _______ an action (8 letters)"
    assert clues["laugh"] == "the sound of _____ing (5 letters)"
    assert "in which a solid is suspended" in clues["sol"] and "___" not in clues["sol"]
    assert clues["quo"].startswith("as in “status ___”")  # its base, status_quo, is the clue


def test_a_clue_is_the_library_s_hint_definition(pages: Pages, server: ServeProcess) -> None:
    """A practise clue blanks as boggle.game.hints.hint_definition does: the base form, then
    the word (CATS: "domestic ___s", not "domestic ____"), and only whole words with their
    endings (PORT is not blanked in "seaport")."""
    names = ["cats", "port", "updates", "whats"]
    page = words_page(pages, server, [kept(word) for word in names])
    meanings_shown(page)
    page.click("#practise-start")
    clues = {}
    for _ in names:  # one pass asks each word once
        page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
        word = str(page.get_attribute("#practise-clue", "data-word"))
        clues[word] = page.text_content("#practise-clue")
        page.click("#practise-show")
    assert clues == {word: f"{hint_definition(word)} ({len(word)} letters)" for word in names}
    assert "domestic ___s;" in clues["cats"]
    assert "(seaport or airport)" in clues["port"]


def test_keeping_into_a_full_list_can_be_tried_again_once_there_is_room(
    pages: Pages, server: ServeProcess
) -> None:
    """A list of MOST_KEPT words keeps no more: the round's button says so and stays, so that
    once words are removed (on My words, in another tab) the round's missed words can be
    kept."""
    full = [kept(word_of(i)) for i in range(MOST_KEPT)]
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": full})],
    )
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .keep-button")
    page.click(".keep-button")
    status = page.locator(".keep-status")
    assert status.text_content() == (
        f"Your list is full ({MOST_KEPT:,} words): remove some first. See My words"
    )
    assert page.locator(".keep-button").is_enabled()
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": full[:-50]})],
    )
    page.click(".keep-button")
    assert status.text_content() == "Kept 10 words to learn. See My words"
    assert page.locator(".keep-button").is_disabled()
    assert len(stored(page)) == MOST_KEPT - 40


def test_words_saved_to_a_file_are_added_in_another_browser(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """My words saves the kept words to a file; another browser adds them from it: the words
    it lacks, after its own, a word kept in both keeping its own count; a file that is not one
    of kept words changes nothing and says so."""
    phone = words_page(
        pages, server, [kept("fame", learned=True, streak=2), kept("limbo", points=2)]
    )
    phone.click("#move-words > summary")  # the file actions, folded above the lists
    with phone.expect_download() as download_info:
        phone.get_by_role("button", name="Save to a file").click()
    download = download_info.value
    name = download.suggested_filename
    assert name.startswith("boggle-words-") and name.endswith(".json")
    saved = tmp_path / name
    download.save_as(saved)
    file_words = json.loads(saved.read_text())["words"]
    assert [(w["word"], w["points"], w["learned"]) for w in file_words] == [
        ("fame", 1, True),
        ("limbo", 2, False),
    ]
    assert phone.text_content("#words-status") == f"Saved 2 words to {name}."

    other = words_page(pages, server, [kept("limbo", points=2, streak=1), kept("mile")])
    other.set_input_files("#import-file", str(saved))
    other.wait_for_function("() => document.getElementById('words-status').textContent")
    assert other.text_content("#words-status") == f"Added 1 word from {name}; 1 kept already."
    words = stored(other)
    assert [(w["word"], w["learned"], w["streak"]) for w in words] == [
        ("limbo", False, 1),
        ("mile", False, 0),
        ("fame", True, 2),
    ]
    assert other.text_content("#learned-title") == "Learned (1)"

    notes = tmp_path / "notes.json"
    notes.write_text("my words: fame, limbo")
    other.evaluate("() => { document.getElementById('words-status').textContent = ''; }")
    other.set_input_files("#import-file", str(notes))
    other.wait_for_function("() => document.getElementById('words-status').textContent")
    assert other.text_content("#words-status") == (
        "notes.json is not a file of words saved by My words."
    )
    assert stored(other) == words

    empty = pages.open(server.url + "/words", **PHONE)
    assert empty.get_by_role("button", name="Add from a file").is_visible()
    assert empty.get_by_role("button", name="Save to a file").is_hidden()


def test_a_word_practised_later_in_an_added_file_takes_the_file_s_progress(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """A learner practising on two phones, or in the terminal too (`boggle words export`): a
    word learned there after this browser's last practice stayed "to learn" here when the file
    was added; now the entry practised last wins, and the line says so."""
    page = words_page(
        pages,
        server,
        [
            kept("fame", streak=1, due="2026-11-30", practised="2026-11-29"),
            kept("limbo", learned=True, streak=2, due="2026-12-04", practised="2026-12-01",
                 learned_on="2026-12-01"),
        ],
    )  # fmt: skip
    on_day(page, "2026-12-01")
    file = tmp_path / "boggle-words-2026-11-30.json"
    file.write_text(
        json.dumps(
            {
                "version": 1,
                "words": [
                    kept("fame", list="en-70", language="en", learned=True, streak=2,
                         due="2026-12-03", practised="2026-11-30", learned_on="2026-11-30"),
                    kept("limbo", list="en-70", language="en", streak=0, due="",
                         practised="2026-11-30"),
                ],
            }
        )
    )  # fmt: skip
    page.set_input_files("#import-file", str(file))
    page.wait_for_selector("#words-status:not(:empty)")
    assert page.text_content("#words-status") == (
        f"No word added from {file.name}; 2 kept already, 1 of them brought up to date "
        "(practised later in the file)."
    )
    words = {w["word"]: w for w in stored(page)}
    assert (words["fame"]["learned"], words["fame"]["due"], words["fame"]["learned_on"]) == (
        True,
        "2026-12-03",
        "2026-11-30",
    )
    assert (words["limbo"]["learned"], words["limbo"]["practised"]) == (True, "2026-12-01")
    assert page.text_content("#learned-title") == "Learned (2)"
    assert page.text_content("#words-progress") == "2 of 2 words learned, 1 this month."


def test_a_full_list_added_back_from_its_own_file_does_not_freeze_the_page(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """A learner adding back their own saved list (MOST_KEPT words, every one kept already):
    each word of the file was matched by a search of the list that built a set a kept word,
    12.5 million of them, and the page froze for seconds (9 s in Chromium); it is one pass."""
    import time

    words = [kept(word_of(i), practised="2026-11-20") for i in range(MOST_KEPT)]
    page = words_page(pages, server, words)
    on_day(page, "2026-12-01")
    later = [dict(w, practised="2026-11-30", streak=2, due="2026-12-03") for w in words[:3]]
    file = tmp_path / "boggle-words-2026-11-30.json"
    file.write_text(json.dumps({"version": 1, "words": [*later, *words[3:]]}))
    started = time.monotonic()
    page.set_input_files("#import-file", str(file))
    page.wait_for_selector("#words-status:not(:empty)", timeout=60_000)
    took = time.monotonic() - started
    assert page.text_content("#words-status") == (
        f"No word added from {file.name}; {MOST_KEPT} kept already, 3 of them brought up to "
        "date (practised later in the file)."
    )
    assert [w["streak"] for w in stored(page)[:4]] == [2, 2, 2, 0]
    assert took < 4, f"adding the file took {took:.1f} s"


def test_meanings_looked_up_once_are_shown_when_the_server_cannot_be_reached(
    pages: Pages, server: ServeProcess
) -> None:
    """My words offline (an installed page on a train) shows the meanings it looked up before,
    and practises with them; only the kept words' meanings are kept."""
    page = words_page(pages, server, [kept("fame"), kept("limbo", list="es")])
    meanings_shown(page)
    fame = page.locator(".kept-word[data-word='fame'] .kept-meaning")
    meaning = fame.text_content() or ""
    assert meaning and "no definition" not in meaning
    # both meanings stored (one write each when their answers come apart, under load)
    page.wait_for_function(
        """() => Object.keys(JSON.parse(localStorage.getItem('boggle-learn-meanings') ?? '{}'))
                   .sort().join() === ':fame,es:limbo'"""
    )
    page.context.route("**/api/define?*", lambda route: route.abort())
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    meanings_shown(page)
    assert fame.text_content() == meaning
    link = page.locator(".kept-word[data-word='limbo'] .kept-meaning a")
    assert "es.wiktionary.org" in (link.get_attribute("href") or "")
    page.get_by_role("button", name="Remove LIMBO").click()
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    clue = page.text_content("#practise-clue") or ""
    assert clue.endswith("(4 letters)") and "starting with" not in clue  # the meaning, blanked
    kept_meanings = json.loads(page.evaluate("() => localStorage.getItem('boggle-learn-meanings')"))
    assert list(kept_meanings) == [":fame"]
    page.click("#practise-stop")
    page.click("#clear-all")
    page.click("#clear-yes")
    assert page.evaluate("() => localStorage.getItem('boggle-learn-meanings')") is None


def test_a_word_typed_in_compatibility_letters_is_right(pages: Pages, server: ServeProcess) -> None:
    """Practise reads typing as a round does (NFKC): the fullwidth letters of an East Asian
    keyboard are the letters, and Dutch's one-character ĳ is IJ."""
    page = words_page(pages, server, [kept("ijzer", list="nl", board="ijz erx xxx")])
    on_day(page, "2026-11-29")
    assert practise_once(page, "ĳzer") == (
        "Right: IJZER. Again tomorrow: right then too and it is learned."
    )
    fullwidth = "".join(chr(ord(letter) - ord("A") + 0xFF21) for letter in "IJZER")
    on_day(page, "2026-11-30")
    assert practise_once(page, fullwidth) == (
        "Right: IJZER. Twice in a row: learned. Review in 3 days."
    )
    assert stored(page)[0]["learned"] is True


def test_keeping_into_a_nearly_full_list_says_what_did_not_fit(
    pages: Pages, server: ServeProcess
) -> None:
    """MOST_KEPT less 5 words kept: a round keeps 5 more and says the other 5 did not fit, not
    just "Kept 5 words"; the button stays, to keep them once there is room."""
    most = [kept(word_of(i)) for i in range(MOST_KEPT - 5)]
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": most})],
    )
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .keep-button")
    page.click(".keep-button")
    assert page.text_content(".keep-status") == (
        f"Kept 5 words to learn; 5 more did not fit: your list is full ({MOST_KEPT:,} words). "
        "See My words"
    )
    assert len(stored(page)) == MOST_KEPT and page.locator(".keep-button").is_enabled()


def test_a_kept_word_of_another_language_s_list_carries_its_language(
    pages: Pages, server: ServeProcess
) -> None:
    """My words names a Spanish list's word with lang="es" (a screen reader says it as
    Spanish); an English list's word, the page's language, carries none."""
    page = words_page(pages, server, [kept("aerea", list="es"), kept("fame")])
    page.wait_for_selector(".kept-word[data-word='aerea'] .kept-name[lang='es']")
    assert page.locator(".kept-word[data-word='fame'] .kept-name[lang]").count() == 0


def words_on_day(pages: Pages, server: ServeProcess, words: Any, day: str) -> Any:
    """/words on a phone with ``words`` stored, read first on ``day`` (noon, its clock)."""
    page = pages.open(server.url + "/words", **PHONE)
    page.clock.set_fixed_time(f"{day}T12:00:00")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": words})],
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    return page


def test_a_word_kept_from_two_lists_of_one_language_is_one_card(
    pages: Pages, server: ServeProcess
) -> None:
    """FAME kept from en-70, en-80 and the server's default list (English too) was three cards:
    stored before, they become one, with the progress of the one further on and the day first
    kept; a word of two languages (CASA, Spanish and Portuguese) stays two; a round of another
    English list finds FAME kept already."""
    old = [
        kept("fame", list="en-70", streak=1, due="2026-11-30", date="2026-11-20", level="common"),
        kept("casa", list="es", due=""),
        kept("fame", list="en-80", learned=True, streak=2, due="2026-12-05", date="2026-11-25"),
        kept("casa", list="pt", due=""),
        kept("fame", list=None, due="", points=3),
    ]
    page = words_on_day(pages, server, old, "2026-11-29")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('boggle-learn')).words.length === 3"
    )
    words = stored(page)
    assert [(w["word"], w["list"], w["language"]) for w in words] == [
        ("fame", "en-80", "en"),
        ("casa", "es", "es"),
        ("casa", "pt", "pt"),
    ]
    fame = words[0]
    assert (fame["learned"], fame["streak"], fame["due"]) == (True, 2, "2026-12-05")
    assert (fame["date"], fame["points"], fame["level"]) == ("2026-11-20", 3, "common")
    page.wait_for_function("() => document.querySelectorAll('.kept-word').length === 3")
    assert page.locator(".kept-word[data-word='fame']").count() == 1
    assert page.text_content("#learned-title") == "Learned (1)"
    # kept from another English list, or from the server's default list, it is kept already
    assert page.evaluate(
        """async () => {
          const learn = await import('/static/learn.js');
          await learn.learnLists();
          return [learn.isKept('fame', 'en-50'), learn.isKept('fame', null),
                  learn.isKept('fame', 'es'),
                  learn.keepOne({ word: 'fame', points: 1 }, 'en-50', '')];
        }"""
    ) == [True, True, False, "FAME is kept already."]


def test_words_kept_before_review_days_are_spread_over_the_days_to_come(
    pages: Pages, server: ServeProcess
) -> None:
    """45 words stored before there were due days came due at once; now 20 are due the day
    they are first read (the words to learn first), 20 the next day and 5 the day after, and
    reading them again another day does not move them."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    names = [f"w{letters[i // 26]}{letters[i % 26]}" for i in range(45)]
    old = [
        {
            "word": name,
            "list": None,
            "points": 1,
            "board": FXIE,
            "date": "2026-10-01",
            "learned": i < 10,
            "streak": 2 if i < 10 else 0,
        }
        for i, name in enumerate(names)
    ]
    old.append(kept("fame", due="2026-12-20"))  # a word with its due day keeps it
    page = words_on_day(pages, server, old, "2026-11-29")
    assert page.text_content("#practise-due") == "20 words due today."
    due = {w["word"]: w["due"] for w in stored(page)}
    learning, learned = names[10:], names[:10]
    assert [due[name] for name in learning] == [""] * 20 + ["2026-11-30"] * 15
    assert [due[name] for name in learned] == ["2026-11-30"] * 5 + ["2026-12-01"] * 5
    assert due["fame"] == "2026-12-20"
    on_day(page, "2026-11-30")
    assert {w["word"]: w["due"] for w in stored(page)} == due
    assert page.text_content("#practise-due") == "40 words due today."


def test_my_words_has_a_labelled_filter_box(pages: Pages, server: ServeProcess) -> None:
    """Among many kept words, the box named "Find a word" shows only those holding its
    letters, says how many in a status line, and shows them all again once emptied."""
    words = [kept(word) for word in ("fame", "famed", "limbo", "mile", "aerea", "lime")]
    words.append(kept("seam", learned=True, streak=2, due="2026-12-20"))
    page = words_page(pages, server, words)
    box = page.get_by_label("Find a word")
    assert box.get_attribute("type") == "search"
    box.fill("FAM")
    assert page.text_content("#words-found") == "2 of 7 words match \u201cfam\u201d."
    assert page.get_attribute("#words-found", "role") == "status"
    visible = page.locator(".kept-word:visible")
    assert [visible.nth(i).get_attribute("data-word") for i in range(visible.count())] == [
        "fame",
        "famed",
    ]
    assert page.locator("#learned").is_hidden()  # no learned word matches: its heading goes
    box.fill("m")
    assert page.locator(".kept-word:visible").count() == 6
    assert page.locator("#learned").is_visible()
    box.fill("xyz")
    assert page.text_content("#words-found") == "No kept word matches \u201cxyz\u201d."
    assert page.locator(".kept-word:visible").count() == 0
    box.fill("")
    assert page.locator(".kept-word:visible").count() == 7
    assert page.text_content("#words-found") == ""
    # a word removed while filtered: the filter still holds for the cards left
    box.fill("li")
    page.get_by_role("button", name="Remove LIMBO").click()
    assert page.text_content("#words-found") == "1 of 6 words matches \u201cli\u201d."
    assert page.locator(".kept-word:visible").get_attribute("data-word") == "lime"


def test_a_filter_s_section_titles_count_the_words_it_shows(
    pages: Pages, server: ServeProcess
) -> None:
    """With a filter on, each section's title says how many of its words it shows ("To learn
    (2 of 4)"), not its total alone; emptied, the totals again."""
    words = [kept(word) for word in ("fame", "famed", "limbo", "mile")]
    words += [kept(word, learned=True, streak=2, due="2026-12-20") for word in ("seam", "fax")]
    page = words_page(pages, server, words)
    assert page.text_content("#to-learn-title") == "To learn (4)"
    assert page.text_content("#learned-title") == "Learned (2)"
    box = page.get_by_label("Find a word")
    box.fill("fa")
    assert page.text_content("#to-learn-title") == "To learn (2 of 4)"
    assert page.text_content("#learned-title") == "Learned (1 of 2)"
    page.screenshot(path=str(ARTIFACTS / "words-filter-counts.png"))
    box.fill("li")
    assert page.text_content("#to-learn-title") == "To learn (1 of 4)"
    assert page.locator("#learned").is_hidden()
    box.fill("")
    assert page.text_content("#to-learn-title") == "To learn (4)"
    assert page.text_content("#learned-title") == "Learned (2)"


def test_the_filter_finds_a_word_by_its_accents_before_its_meaning_comes(
    pages: Pages, server: ServeProcess
) -> None:
    """The Spanish list keeps AÉREA as aerea: typed "aé" (or "AÉR") the filter finds it at
    once, not only once its meaning has told how it is written; and "ae" finds it too."""
    page = pages.open(server.url + "/words", **PHONE)
    page.context.route(
        "**/api/define?word=aerea*", lambda route: route.fulfill(status=500, body="down")
    )
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": [kept("aerea", list="es"), kept("fame")]})],
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    meanings_shown(page)
    assert page.text_content(".kept-word[data-word='aerea'] .kept-name") == "AEREA"
    box = page.get_by_label("Find a word")
    for typed in ("aé", "AÉR", "ae", "aérea"):
        box.fill(typed)
        visible = page.locator(".kept-word:visible")
        assert [visible.nth(i).get_attribute("data-word") for i in range(visible.count())] == [
            "aerea"
        ], typed
    box.fill("fá")
    assert page.locator(".kept-word:visible").get_attribute("data-word") == "fame"


def test_an_old_file_added_is_spread_after_the_words_due_already(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """A file saved before there were due days, added where 15 words are due today and 10
    tomorrow: its 30 words fill each day up to 20 with those (5 today, 10 tomorrow, 15 the day
    after), not 20 more today on top of the 15."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    here = [kept(f"h{letters[i // 26]}{letters[i % 26]}", due="") for i in range(15)]
    here += [kept(f"t{letters[i]}", due="2026-11-30", streak=1) for i in range(10)]
    page = words_on_day(pages, server, here, "2026-11-29")
    old = tmp_path / "old-words.json"
    names = [f"o{letters[i // 26]}{letters[i % 26]}" for i in range(30)]
    old_words = [{"word": name, "list": None, "points": 1, "board": FXIE} for name in names]
    old.write_text(json.dumps({"version": 1, "words": old_words}))
    page.set_input_files("#import-file", str(old))
    page.wait_for_function("() => document.getElementById('words-status').textContent")
    assert page.text_content("#words-status") == "Added 30 words from old-words.json."
    due = {w["word"]: w["due"] for w in stored(page)}
    assert [due[name] for name in names] == [""] * 5 + ["2026-11-30"] * 10 + ["2026-12-01"] * 15
    assert page.text_content("#practise-due") == "20 words due today."


# navigator.storage as a browser gives it, stubbed: `persisted` answers PERSISTED (a Safari page
# not on the home screen: false), each persist() counted in window.persistAsked.
STORAGE_STUB = """
  window.persistAsked = 0;
  Object.defineProperty(navigator, 'storage', { configurable: true, value: {
    persisted: async () => PERSISTED,
    persist: async () => { window.persistAsked += 1; return false; },
  } });
"""


def stubbed_words_on_day(
    pages: Pages, server: ServeProcess, words: Any, day: str, persisted: str
) -> Any:
    """/words on a phone on ``day`` with ``words`` stored and navigator.storage stubbed
    (``persisted``: "true", "false", or "none" for a browser without navigator.storage)."""
    page = pages.open(server.url + "/words", **PHONE)
    page.clock.set_fixed_time(f"{day}T12:00:00")
    if persisted == "none":
        page.add_init_script(
            "Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });"
        )
    else:
        page.add_init_script(STORAGE_STUB.replace("PERSISTED", persisted))
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": words})],
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    return page


def test_kept_words_ask_the_browser_to_keep_its_storage(pages: Pages, server: ServeProcess) -> None:
    """Safari deletes a site's storage after 7 days without a visit: keeping words asks for
    persistent storage (navigator.storage.persist), not again for a week, and not at all once
    it is granted."""
    page = stubbed_words_on_day(pages, server, [kept("fame")], "2026-11-29", "false")
    keep = """async (word) => {
      const learn = await import('/static/learn.js');
      const line = learn.keepOne({ word, points: 1 }, null, '');
      await new Promise((resolve) => setTimeout(resolve, 50));
      return [line, window.persistAsked];
    }"""
    assert page.evaluate(keep, "limbo") == ["Kept LIMBO to learn.", 1]
    assert page.evaluate("() => localStorage.getItem('boggle-learn-persist')") == "2026-11-29"
    assert page.evaluate(keep, "mile") == ["Kept MILE to learn.", 1]  # asked today already
    page.clock.set_fixed_time("2026-12-06T12:00:00")
    assert page.evaluate(keep, "lime") == ["Kept LIME to learn.", 2]

    granted = stubbed_words_on_day(pages, server, [kept("fame")], "2026-11-29", "true")
    assert granted.evaluate(keep, "limbo") == ["Kept LIMBO to learn.", 0]
    bare = stubbed_words_on_day(pages, server, [kept("fame")], "2026-11-29", "none")
    assert (
        bare.evaluate(
            """async () => {
          const learn = await import('/static/learn.js');
          return learn.keepOne({ word: 'limbo', points: 1 }, null, '');
        }"""
        )
        == "Kept LIMBO to learn."
    )


def test_my_words_suggests_saving_a_copy_where_the_browser_may_delete_them(
    pages: Pages, server: ServeProcess, tmp_path: Any
) -> None:
    """Storage not kept for good (or no navigator.storage): a week after the first word was
    kept, or after the last Save to a file with the list changed since, a one-line note
    suggests saving a copy; saving hides it. Storage kept for good: no note."""
    words = [kept("fame", date="2026-11-20"), kept("limbo", date="2026-11-26")]
    page = stubbed_words_on_day(pages, server, words, "2026-11-26", "false")
    page.wait_for_timeout(100)
    assert page.locator("#words-backup").is_hidden()  # 6 days since FAME was kept
    page = stubbed_words_on_day(pages, server, words, "2026-11-29", "false")
    note = page.locator("#words-backup")
    note.wait_for(state="visible")
    assert " ".join(note.text_content().split()) == (
        "Browsers may delete words kept here, Safari after 7 days without a visit: keep a "
        "copy now and then. Save a copy"
    )
    page.screenshot(path=str(ARTIFACTS / "words-backup-note.png"))
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Save a copy").click()
    download_info.value.save_as(tmp_path / "copy.json")
    assert note.is_hidden()
    assert page.text_content("#words-status").startswith("Saved 2 words to boggle-words-")
    # a week later, unchanged: no note; changed (a word removed): the note, with the last save
    page.clock.set_fixed_time("2026-12-08T12:00:00")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_timeout(100)
    assert page.locator("#words-backup").is_hidden()
    page.get_by_role("button", name="Remove LIMBO").click()
    page.locator("#words-backup").wait_for(state="visible")
    assert "Last saved 2026-11-29." in page.text_content("#words-backup")

    bare = stubbed_words_on_day(pages, server, words, "2026-11-29", "none")
    bare.locator("#words-backup").wait_for(state="visible")
    kept_for_good = stubbed_words_on_day(pages, server, words, "2026-11-29", "true")
    kept_for_good.wait_for_timeout(100)
    assert kept_for_good.locator("#words-backup").is_hidden()
