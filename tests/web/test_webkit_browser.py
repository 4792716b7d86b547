"""A player's path through the pages in WebKit, Safari's engine (iPhones play in it): Debian's
WebKitGTK driven by Selenium on a virtual X display, each page a phone's 390x844, against
`boggle serve` (the room against the app served in the test process, its rooms on the test's
clock). A solo round typed and traced, the daily board, a room of two WebKit players who see
each other's words over the WebSocket, a challenge made and answered, My words (practise, save
to and add from a file), a round left and come back to (the back/forward cache); no JavaScript
error nor policy violation on the way.
The fields of a room's entry and of the solver have text of 16 px or more (iOS zooms the page
in on a smaller one). A link copied where the Clipboard API is refused is all selected, with
iOS's select() (which selects nothing).

WebKitGTK's WebDriver moves a mouse for a pointer of any kind (a "touch" pointer too), so a
trace here is a mouse's drag: pointer events, as a finger's are on an iPhone.

Needs `webkit2gtk-driver` and `xvfb` (`.ci/install-webkit`) and Selenium (the [test] extra);
without them these tests skip with a reason locally and fail in CI.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import LONGEST_ROUND, ClockedServer
from room_boards import FXIE
from serve_process import ServeProcess, get_json
from webkit import WebKitPhones, virtual_display, wait_for, wait_until, webkit_programs

from boggle import Board, load_lexicon, solve


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    _, _, xvfb = webkit_programs()
    with virtual_display(xvfb) as opened:
        yield opened


@pytest.fixture()
def phones(display: str) -> Iterator[WebKitPhones]:
    opened = WebKitPhones(display)
    try:
        yield opened
    finally:
        opened.close()


def by_css(driver: Any, selector: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def enter_word(driver: Any, input_id: str, word: str) -> None:
    """``word`` typed into the box and sent with the keyboard's Enter (Return: "Go" on an
    iPhone's keyboard)."""
    from selenium.webdriver.common.keys import Keys

    box = by_css(driver, f"#{input_id}")
    box.send_keys(word)
    box.send_keys(Keys.ENTER)


def trace(driver: Any, cells: list[list[int]]) -> None:
    """A press on the first die, a slide through the others (the driver moves the pointer
    there over 200 ms) and a lift."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    dice = [by_css(driver, f"#board .cube[data-row='{r}'][data-col='{c}']") for r, c in cells]
    finger = PointerInput("touch", "finger")
    actions = ActionBuilder(driver, mouse=finger)
    finger.create_pointer_move(origin=dice[0])
    finger.create_pointer_down(button=0)
    for die in dice[1:]:
        finger.create_pointer_move(duration=200, origin=die)
    finger.create_pointer_up(button=0)
    actions.perform()


def no_error_shown(driver: Any) -> None:
    """The page's own error line (a failure it caught and said) is hidden."""
    error = by_css(driver, "#error")
    assert not error.is_displayed(), f"the page says: {error.text}"


def top_on_screen(driver: Any, selector: str) -> bool:
    return bool(
        driver.execute_script(
            "const top = document.querySelector(arguments[0]).getBoundingClientRect().top;"
            " return top > -1 && top < window.innerHeight - 40;",
            selector,
        )
    )


def test_a_solo_round_typed_and_traced_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    words = get_json(server.url + "/api/solve", {"board": FXIE})["words"]
    typed = words[0]
    traced = next(w for w in words if len(w["path"]) == 3 and w["word"] != typed["word"])
    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    by_css(page, "#play-start").click()
    wait_for(page, "#play-form")
    wait_until(page, "return document.getElementById('board').dataset.board === arguments[0]", FXIE)

    enter_word(page, "play-input", typed["word"])
    wait_for(page, "#play-feedback.good")
    assert by_css(page, "#play-feedback").text == f"{typed['word'].upper()}: +{typed['points']}"
    trace(page, traced["path"])
    wait_until(
        page,
        "return document.querySelectorAll('#play-found li').length === 2",
    )
    assert by_css(page, "#play-feedback").text == f"{traced['word'].upper()}: +{traced['points']}"
    score = typed["points"] + traced["points"]
    assert by_css(page, "#play-score").get_attribute("data-score") == str(score)

    by_css(page, "#play-end").click()
    wait_for(page, "#play-results")
    wait_until(page, "return document.querySelector('header.site').offsetHeight > 0")
    assert top_on_screen(page, "#play-results"), "the results are off the screen"
    missed = page.execute_script(
        "return [...document.querySelectorAll('#play-missed .word')].map(b => b.dataset.word)"
    )
    assert typed["word"] not in missed and traced["word"] not in missed and missed
    no_error_shown(page)


def test_a_double_click_on_a_die_selects_no_letter_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """The dice's letters are not text to select (as in Chromium): WebKit reads only the
    prefixed ``-webkit-user-select``, and without it a double click (a long press on an
    iPhone) on a solved board's die selected its letter."""
    from selenium.webdriver.common.action_chains import ActionChains

    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    by_css(page, "#solve-button").click()
    die = wait_for(page, "#board .cube[data-row='0'][data-col='0']")
    assert "traceable" not in (by_css(page, "#board").get_attribute("class") or "")
    ActionChains(page).double_click(die).perform()
    assert page.execute_script("return String(window.getSelection())") == ""


def test_a_finger_s_tap_on_a_die_keeps_the_word_box_s_focus_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """A tap on a die (a "touch" pointer, which WebKitGTK's driver moves as a mouse) during a
    round enters no word, leaves no die lit and keeps the focus in the word box (an iPhone's
    keyboard, up, stays up); the word box then takes a word typed."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    by_css(page, "#play-start").click()
    wait_for(page, "#play-form")
    wait_until(page, "return document.getElementById('board').dataset.board === arguments[0]", FXIE)
    assert page.execute_script("return document.activeElement.id") == "play-input"
    finger = PointerInput("touch", "finger")
    actions = ActionBuilder(page, mouse=finger)
    finger.create_pointer_move(origin=by_css(page, "#board .cube[data-row='1'][data-col='1']"))
    finger.create_pointer_down(button=0)
    finger.create_pointer_up(button=0)
    actions.perform()
    assert page.execute_script("return document.activeElement.id") == "play-input"
    assert page.execute_script("return document.querySelectorAll('#play-found li').length") == 0
    assert page.execute_script("return document.querySelectorAll('#board .in-path').length") == 0
    word = get_json(server.url + "/api/solve", {"board": FXIE})["words"][0]["word"]
    enter_word(page, "play-input", word)
    wait_until(page, "return document.querySelectorAll('#play-found li').length === 1")
    no_error_shown(page)


def test_the_daily_board_starts_a_round_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    page = phones.open(server.url + "/daily?date=2026-11-23")
    by_css(page, "#daily-start").click()
    wait_for(page, "#board .cube")
    board = Board.parse(by_css(page, "#board").get_attribute("data-board"))
    assert board == Board.parse(get_json(server.url + "/api/daily?date=2026-11-23")["board"])
    word = solve(board, load_lexicon()).words[0].word
    enter_word(page, "word-input", word)
    wait_for(page, f"#my-words li[data-word='{word}']")
    assert by_css(page, "#timer").text != "0:00"
    no_error_shown(page)


def test_two_webkit_players_see_each_other_in_a_room(
    phones: WebKitPhones, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    ann = phones.open(server.url + "/room")
    by_css(ann, "#create-name").send_keys("ann")
    seconds = by_css(ann, "#create-seconds")
    seconds.clear()
    seconds.send_keys(str(LONGEST_ROUND))  # ended by the test
    by_css(ann, "#create-button").click()
    wait_for(ann, "#start-button")
    link = by_css(ann, "#room-link").get_attribute("href")

    bob = phones.open(link)
    by_css(bob, "#join-name").send_keys("bob")
    by_css(bob, "#join-button").click()
    wait_for(ann, "#players li[data-name='bob']")  # over ann's WebSocket
    by_css(ann, "#start-button").click()
    for page in (ann, bob):
        wait_for(page, "body[data-phase='playing'] #board .cube")
    assert by_css(bob, "#board").get_attribute("data-board") == FXIE

    found = [w.word for w in solve(Board.parse(FXIE), load_lexicon()).words]
    enter_word(bob, "word-input", found[0])
    wait_for(bob, f"#my-words li[data-word='{found[0]}']")
    # each one's count of words, on the other's page (the list is out of sight on a phone's
    # round: in the page all the same)
    bobs = wait_for(ann, "#players li[data-name='bob'][data-words='1']", shown=False)
    # the host's chip of bob ends with its Remove button
    assert bobs.get_attribute("textContent").removesuffix("Remove").endswith(", 1 word")
    enter_word(ann, "word-input", found[1])
    wait_for(bob, "#players li[data-name='ann'][data-words='1']", shown=False)

    server.clock.now += LONGEST_ROUND
    for page in (ann, bob):
        wait_for(page, "#results")
        for name, word in (("ann", found[1]), ("bob", found[0])):
            row = f".result-player[data-name='{name}'] li[data-word='{word}']"
            assert by_css(page, row).get_attribute("data-status") == "counted"
        no_error_shown(page)


def test_the_error_collector_hears_the_page_s_own_errors_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """What the other tests' "no error" stands on: an error thrown by the page's own code
    (its path overlay taken away, then a die pressed) and a policy violation (an inline
    script) reach the collector put in the page after it loaded."""
    from selenium.webdriver.common.action_chains import ActionChains

    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    by_css(page, "#play-start").click()
    die = wait_for(page, "#board .cube")
    page.execute_script("document.getElementById('path-overlay').remove()")
    ActionChains(page).click(die).perform()
    page.execute_script(
        "const inline = document.createElement('script');"
        " inline.text = '1'; document.body.append(inline);"
    )
    wait_until(page, "return window.webkitTestErrors.length >= 2")
    phones.collect(page)
    assert any("trace.js" in error or "board.js" in error for error in phones.errors)
    assert any(error.startswith("policy violation: script-src") for error in phones.errors)
    phones.errors.clear()  # heard: not this test's failure


def test_a_room_s_and_the_solver_s_fields_have_16_px_text_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """Safari on iOS zooms the page in when a field with text under 16 px gets the focus: in
    WebKit, as in Chromium (tests/web/test_ios_fields_browser.py), every field of the room's
    entry and of the solver (their labels' 0.9rem once) has 16 px or more."""
    page = phones.open(server.url + "/room")
    fonts: dict[str, float] = {}
    for path in ("/room", "/solve"):
        phones.go(page, server.url + path)
        fonts |= page.execute_script(
            "return Object.fromEntries([...document.querySelectorAll("
            " 'input:not([type=checkbox]), select')].filter(f => f.getClientRects().length)"
            " .map(f => [f.id, parseFloat(getComputedStyle(f).fontSize)]))"
        )
    assert {"join-code", "join-name", "create-name", "seed-input", "dice-select"} <= set(fonts)
    small = {field: px for field, px in fonts.items() if px < 16}
    assert small == {}, f"fields under 16 px, which iOS zooms in on: {small}"


# Safari on iOS: a field's select() selects nothing (setSelectionRange does); the copy command
# then copies what is selected. The Clipboard API refused (plain http: a room's link on a LAN).
IOS_COPY = """
navigator.clipboard.writeText = () => Promise.reject(new DOMException("no", "NotAllowedError"));
HTMLTextAreaElement.prototype.select = function () { this.focus(); };
document.execCommand = (command) => {
  const field = document.activeElement;
  window.copied = [command, field.value.slice(field.selectionStart, field.selectionEnd)];
  return true;
};
"""


def test_a_link_copied_without_the_clipboard_api_is_all_selected_as_on_an_iphone(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """Where the Clipboard API is refused (plain http), the link is copied from a hidden field
    by the copy command: on an iPhone, whose Safari selects nothing on the field's select(),
    that copied nothing though the button said "Copied"; the field's text is now selected by
    setSelectionRange too."""
    page = phones.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    button = wait_for(page, "#copy-link")
    page.execute_script(IOS_COPY)
    button.click()
    copied = wait_until(page, "return window.copied")
    assert copied[0] == "copy"
    assert copied[1] == by_css(page, "#share-link").get_attribute("href"), copied
    assert button.text == "Copied"


def test_a_challenge_made_after_a_solo_round_is_answered_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """Ann's solo round, her challenge's link made and copied; Bob, in a WebKit of his own,
    opens it, plays the same board and sees both results."""
    words = [w["word"] for w in get_json(server.url + "/api/solve", {"board": FXIE})["words"]]
    ann = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    by_css(ann, "#play-start").click()
    wait_for(ann, "#play-form")
    enter_word(ann, "play-input", words[0])
    wait_for(ann, "#play-feedback.good")
    by_css(ann, "#play-end").click()
    wait_for(ann, "#challenge-your-name").send_keys("ann")
    by_css(ann, "#challenge-button").click()
    link = wait_for(ann, "#challenge-link").get_attribute("href")
    copy = by_css(ann, "#challenge-copy")
    copy.click()
    wait_until(ann, "return arguments[0].textContent === 'Copied'", copy)

    bob = phones.open(link)
    assert "ann played it: " in by_css(bob, "#challenge-info").text
    by_css(bob, "#challenge-name").send_keys("bob")
    by_css(bob, "#challenge-start").click()
    wait_for(bob, "#board .cube")
    assert by_css(bob, "#board").get_attribute("data-board") == FXIE
    enter_word(bob, "word-input", words[1])
    wait_for(bob, f"#my-words li[data-word='{words[1]}']")
    by_css(bob, "#challenge-stop").click()
    wait_for(bob, "body[data-phase='results'] #challenge-results")
    rows = bob.execute_script(
        "return [...document.querySelectorAll('#challenge-results tbody tr')]"
        ".map(row => row.dataset.name)"
    )
    assert sorted(rows) == ["ann", "bob"]
    no_error_shown(bob)


def test_my_words_practises_and_adds_from_a_file_in_webkit(
    phones: WebKitPhones, server: ServeProcess, tmp_path: Path
) -> None:
    """A word kept is practised (its clue blanks the word), the list saved to a file (a
    download), and the words of another file added ("Add from a file")."""
    from selenium.webdriver.remote.file_detector import UselessFileDetector

    kept = {"word": "limbo", "board": FXIE, "points": 2, "date": "2026-11-27", "due": "2026-11-27"}
    page = phones.open(server.url + "/words")
    page.execute_script(
        "localStorage.setItem('boggle-learn', JSON.stringify({version: 1, words: [arguments[0]]}))",
        kept,
    )
    phones.go(page, server.url + "/words")
    assert by_css(page, "#to-learn-title").text == "To learn (1)"
    by_css(page, "#practise-start").click()
    clue = wait_until(
        page,
        "const clue = document.getElementById('practise-clue');"
        " return clue.dataset.word && clue.textContent",
    )
    assert "limbo" not in clue.lower() and "(5 letters)" in clue
    enter_word(page, "practise-input", "limbo")
    assert wait_until(
        page, "return document.getElementById('practise-verdict').textContent"
    ).startswith("Right: LIMBO.")

    by_css(page, "#move-words > summary").click()  # the file actions, folded above the lists
    by_css(page, "#export-words").click()
    said = wait_until(page, "return document.getElementById('words-status').textContent")
    assert said.startswith("Saved 1 word to boggle-words-")
    other = tmp_path / "words.json"
    other.write_text(json.dumps({"version": 1, "words": [{**kept, "word": "fame", "points": 1}]}))
    page.file_detector = UselessFileDetector()  # a file of this machine: WebKit's is one
    page.execute_script("document.getElementById('import-file').hidden = false")
    by_css(page, "#import-file").send_keys(str(other))
    wait_until(
        page,
        "return document.getElementById('words-status').textContent"
        " === 'Added 1 word from words.json.'",
    )
    assert by_css(page, "#to-learn-title").text == "To learn (2)"


def test_a_round_left_and_come_back_to_goes_on_in_webkit(
    phones: WebKitPhones, server: ServeProcess
) -> None:
    """Back from another page to a solo round (WebKit's back/forward cache keeps the page as
    it was, Safari's too): the round goes on, a word typed and a word traced still count."""
    words = get_json(server.url + "/api/solve", {"board": FXIE})["words"]
    typed = words[0]
    traced = next(w for w in words if len(w["path"]) == 3 and w["word"] != typed["word"])
    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    by_css(page, "#play-start").click()
    wait_for(page, "#play-form")
    phones.go(page, server.url + "/words")
    page.back()
    wait_for(page, "#play-form")
    enter_word(page, "play-input", typed["word"])
    wait_for(page, "#play-feedback.good")
    trace(page, traced["path"])
    wait_until(page, "return document.querySelectorAll('#play-found li').length === 2")
    assert by_css(page, "#play-score").get_attribute("data-score") == str(
        typed["points"] + traced["points"]
    )
    page.forward()  # and on to My words again
    wait_until(page, "return location.pathname === '/words' && document.body.dataset.ready")
