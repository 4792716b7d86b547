"""Accessibility in a real browser: an axe-core audit of every page and state (the front door; the
solver; solo play before, during and after a round; the daily board's entry, round and result,
and opened again once played; the small board beside a word's meaning on a phone; a room's
entry, lobby, round, the question Back asks mid-round, results, a match over with the rematch
settings open, and a host away; a challenge; the page not found; My words, empty, with words
kept, while practising and asking before clearing all), in the light colour scheme and in the
dark one the pages follow (each state reached once, the scheme then switched), finds nothing
serious or critical (text contrast below 4.5:1 among them; the page not found's links are the
site's colour, not the browser's blue); the mode tabs follow the ARIA tabs pattern with the
arrow keys; a round puts the focus in the word box, and a room's round end at its results'
title.

Needs the `chromium` package (`.ci/install-browser`) and axe-core from npm
(`.ci/install-axe` puts it in node_modules/); without them these tests skip with a reason
locally and fail in CI.
"""

from __future__ import annotations

import itertools
import re
import time
import unicodedata
from typing import Any

import pytest
from browser import PAGE_TIMEOUT_MS, PHONE, Pages
from browser_fixtures import LONGEST_ROUND, ClockedServer
from challenge_round import (
    LONG_ROUND,
    end_challenge,
    enter_words,
    make_challenge,
    start_challenge,
)
from page_audit import CONTRAST, audit_in_each_scheme, in_each_scheme
from room_page import ONE_ROUND, create_room
from serve_process import ServeProcess, get_json

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


def test_the_front_door_and_the_solver(pages: Pages, server: ServeProcess, axe_source: str) -> None:
    page = pages.open(server.url + "/")
    audit_in_each_scheme(page, axe_source, "front door")
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#words .word, #error:not([hidden])")
    assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
    # a path drawn: step numbers on the dice (focus draws it as hover does; a hover's
    # definition box pushes the list down, which can put another word under the pointer)
    page.focus("#words .word[data-word='fame']")
    page.wait_for_selector("#path-overlay[data-word='fame']")
    audit_in_each_scheme(page, axe_source, "solver with a path")


def test_the_dice_note_beside_a_spanish_list(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    """The dice menu hidden beside another language's list, its note and the size shown."""
    page = pages.open(server.url + "/play?dict=es")
    page.wait_for_selector("#dice-select-note:not([hidden])")
    audit_in_each_scheme(page, axe_source, "solo play beside a Spanish list")
    page = pages.open(server.url + "/room")
    page.wait_for_selector("#create-dict option[value='es']", state="attached")
    page.select_option("#create-dict", "es")
    page.wait_for_selector("#create-dice-note:not([hidden])")
    audit_in_each_scheme(page, axe_source, "room entry beside a Spanish list")


def test_the_solver_s_heading_and_mode_tabs_are_in_its_main(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    """On /solve and /play the page's heading and its Solve and Play tabs were above <main>,
    in no landmark (axe's "region"): a screen reader's "main" skipped them, and the skip
    link's target was the heading alone. Both are in the one <main>, its target."""
    for path in ("/solve", "/play"):
        page = pages.open(server.url + path)
        assert page.locator("main").count() == 1
        assert page.locator("main#content h1").count() == 1
        assert page.locator("main [role='tablist']").count() == 1
        page.evaluate(axe_source)
        found = page.evaluate(
            """async () => (await axe.run(document, {runOnly: ['region']})).violations
                .flatMap((v) => v.nodes.map((n) => n.target.join(' ')))"""
        )
        assert found == [], f"{path}: outside any landmark: {found}"


def test_solo_play_before_during_and_after_a_round(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    audit_in_each_scheme(page, axe_source, "solo play before a round")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.evaluate("() => document.activeElement.id") == "play-input"
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    audit_in_each_scheme(page, axe_source, "solo round")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) .learn-one")
    audit_in_each_scheme(page, axe_source, "solo results")
    page.click("#play-missed .learn-one")  # one missed word kept: its button says so
    page.wait_for_selector("#play-missed .learn-one.kept")
    audit_in_each_scheme(page, axe_source, "solo results, a word kept")


def test_the_daily_board_entry_round_and_result(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    page = pages.open(server.url + "/daily?date=2026-11-23")
    audit_in_each_scheme(page, axe_source, "daily entry")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    assert page.evaluate("() => document.activeElement.id") == "word-input"
    audit_in_each_scheme(page, axe_source, "daily round")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #unfound .learn-one")
    audit_in_each_scheme(page, axe_source, "daily result")
    page.reload()  # opened again the same day: the first result, kept on the device
    page.wait_for_selector("body[data-ready='true'] #played:not([hidden])")
    audit_in_each_scheme(page, axe_source, "daily, played today")


def test_the_small_board_beside_a_meaning_on_a_phone(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    """The results on a phone, a missed word tapped: its path on the small board beside its
    meaning (decorative, aria-hidden), on the solo page and the daily one."""
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **phone)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) #play-missed .learn-one")
    page.mouse.move(1, 1)
    page.locator("#play-missed .word[data-word='fame']").tap()
    page.wait_for_selector("#play-panel .mini-board[data-word='fame']")
    audit_in_each_scheme(page, axe_source, "solo results on a phone, a path on the small board")
    page = pages.open(server.url + "/daily?date=2026-11-23", **phone)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #unfound .learn-one")
    page.mouse.move(1, 1)
    word = page.locator("#unfound .word").first
    name = word.get_attribute("data-word")
    word.tap()
    page.wait_for_selector(f"#results .mini-board[data-word='{name}']")
    audit_in_each_scheme(page, axe_source, "daily result on a phone, a path on the small board")


def test_a_room_entry_lobby_round_and_results(
    pages: Pages, clocked_server: ClockedServer, axe_source: str
) -> None:
    page = pages.open(clocked_server.url + "/room")
    audit_in_each_scheme(page, axe_source, "room entry")
    page.fill("#create-name", "ann")
    # the longest round, which the test ends by moving the server's clock: the round is
    # still on during its audit however long a loaded machine takes
    page.fill("#create-seconds", str(LONGEST_ROUND))
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    page.wait_for_function("() => document.getElementById('room-qr').naturalWidth > 0")
    audit_in_each_scheme(page, axe_source, "room lobby")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert page.evaluate("() => document.activeElement.id") == "word-input"
    page.fill("#word-input", "zzzz")
    page.press("#word-input", "Enter")
    page.wait_for_selector("#my-words li[data-word='zzzz']")
    audit_in_each_scheme(page, axe_source, "room round")
    page.go_back()  # Back mid-round: the page asks before it lets the round go
    page.wait_for_selector("#leave-dialog[open]")
    audit_in_each_scheme(page, axe_source, "room round, Back pressed")
    page.click("#stay-button")
    page.wait_for_selector("#leave-dialog", state="hidden")
    clocked_server.clock.now += LONGEST_ROUND
    page.wait_for_selector("#results:not([hidden])")
    audit_in_each_scheme(page, axe_source, "room results")


def test_a_room_match_over_with_the_rematch_settings_and_a_host_away(
    pages: Pages, clocked_server: ClockedServer, axe_source: str
) -> None:
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann, **ONE_ROUND)
    code = ann.locator("body").get_attribute("data-code")
    bob = pages.open(f"{server.url}/room/{code}")
    bob.fill("#join-name", "bob")
    bob.click("#join-button")
    ann.wait_for_selector("#players li[data-name='bob']")
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing']")  # the round begun before its time runs
    server.clock.now += 61
    ann.wait_for_selector("body[data-phase='over'] #rematch-settings:not([hidden])")
    ann.click("#rematch-settings summary")
    ann.select_option("#rematch-dice", "uniform")
    ann.wait_for_selector("#rematch-size-label:not([hidden])")
    audit_in_each_scheme(ann, axe_source, "room match over, the rematch settings open")
    ann.context.close()  # the host's connection gone: bob is told, ann's chip says away
    bob.wait_for_selector("#host-away:not([hidden])")
    bob.wait_for_selector("#players li.away")
    audit_in_each_scheme(bob, axe_source, "room, the host away")


def test_a_spanish_room_s_rematch_settings(
    pages: Pages, clocked_server: ClockedServer, axe_source: str
) -> None:
    """The rematch settings of a Spanish room: the dice hidden, the note in their place."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    ann.wait_for_selector("#create-dict option[value='es']", state="attached")
    create_room(ann, dict="es", **ONE_ROUND)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing']")  # the round begun before its time runs
    server.clock.now += 61
    ann.wait_for_selector("body[data-phase='over'] #rematch-settings:not([hidden])")
    ann.click("#rematch-settings summary")
    ann.wait_for_selector("#rematch-dice-note:not([hidden])")
    audit_in_each_scheme(ann, axe_source, "a Spanish room's rematch settings")


def test_the_mode_tabs_follow_the_aria_tabs_pattern(pages: Pages, server: ServeProcess) -> None:
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    solve, play = page.locator("#tab-solve"), page.locator("#tab-play")
    assert solve.get_attribute("tabindex") == "0" and play.get_attribute("tabindex") == "-1"
    solve.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.id") == "tab-play"
    assert play.get_attribute("aria-selected") == "true"
    assert page.locator("#play-panel").is_visible() and page.locator("#solve-panel").is_hidden()
    assert play.get_attribute("tabindex") == "0" and solve.get_attribute("tabindex") == "-1"
    page.keyboard.press("ArrowRight")  # wraps round to the first
    assert page.evaluate("() => document.activeElement.id") == "tab-solve"
    page.keyboard.press("End")
    assert page.evaluate("() => document.activeElement.id") == "tab-play"
    page.keyboard.press("Home")
    assert solve.get_attribute("aria-selected") == "true"
    assert page.locator("#solve-panel").is_visible()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.id") == "tab-play"


def test_step_numbers_letters_and_focus_rings_have_contrast(
    pages: Pages, server: ServeProcess
) -> None:
    """What axe cannot judge (text over the path's line, the line itself, a focus ring, the
    finger's bubble), in both schemes: measured from the computed colours, 4.5:1 for text and
    3:1 for a line or a ring (WCAG 1.4.11)."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector(".cube.in-path .step")
    # the path as it stays once the verdict's flash is over (tests/web/test_feel_browser.py
    # measures the flash's own colours)
    page.wait_for_selector("#board .cube.in-path:not([class*='flash-'])")
    page.evaluate(
        """() => { const bubble = document.createElement('p');  // as trace.js shows one
            bubble.className = 'trace-bubble good'; bubble.textContent = '+1';
            document.getElementById('board-wrap').append(bubble);
            const bad = bubble.cloneNode(true); bad.className = 'trace-bubble bad';
            bad.id = 'bad-bubble'; bubble.id = 'good-bubble';
            document.getElementById('board-wrap').append(bad); }"""
    )
    pairs = [
        (".cube.in-path .step", "color", ".cube.in-path", 4.5),
        (".cube.in-path .face", "color", ".cube.in-path", 4.5),
        (".cube:not(.in-path) .face", "color", ".cube:not(.in-path)", 4.5),
        ("#play-feedback", "color", "html", 4.5),
        ("#good-bubble", "color", "#good-bubble", 4.5),
        ("#bad-bubble", "color", "#bad-bubble", 4.5),
        ("#play-input", "outlineColor", "html", 3),  # focused: the word box
        ("#play-input", "outlineColor", "#play-input", 3),
        ("#path-overlay polyline", "stroke", ".cube.in-path", 3),  # the path over its dice
    ]
    for scheme in in_each_scheme(page):
        assert page.evaluate("() => document.activeElement.id") == "play-input"
        for text, colour, background, least in pairs:
            ratio = page.evaluate(CONTRAST, [text, colour, background])
            assert ratio >= least, f"{scheme}: {text}'s {colour} on {background}: {ratio:.2f}:1"


def test_the_page_not_found_has_the_site_s_links(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    """Its links are coloured as the other pages' links (not the browser's blue)."""
    page = pages.open(server.url + "/no/such/page")
    assert page.text_content("h1") == "Page not found"
    audit_in_each_scheme(page, axe_source, "page not found")
    site = pages.open(server.url + "/")
    link_colour = "(links) => [...new Set(links.map((a) => getComputedStyle(a).color))]"
    for scheme, _ in zip(in_each_scheme(page), in_each_scheme(site), strict=True):
        colours = page.eval_on_selector_all("main a", link_colour)
        assert colours == site.eval_on_selector_all("footer a", link_colour), scheme
        assert colours[0] not in ("rgb(0, 0, 238)", "rgb(85, 26, 139)")  # the browser's own
        ratio = page.evaluate(CONTRAST, ["main a", "color", "html"])
        assert ratio >= 4.5, f"{scheme}: links at {ratio:.2f}:1"


def test_a_challenge_entry_round_and_results(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame"]})
    page = pages.open(server.url + made["path"])
    audit_in_each_scheme(page, axe_source, "challenge entry")
    start_challenge(page, "ann")
    audit_in_each_scheme(page, axe_source, "challenge round")
    end_challenge(page, "body[data-phase='results'] .learn-one")  # bob's FAME
    audit_in_each_scheme(page, axe_source, "challenge results")


def test_my_words_empty_kept_practised_and_cleared(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    from browser import ARTIFACTS

    page = pages.open(server.url + "/words")
    audit_in_each_scheme(page, axe_source, "my words, empty")
    kept = [
        {"word": "fame", "board": FXIE, "points": 1, "date": "2026-11-27"},
        {"word": "casa", "list": "es", "board": FXIE, "points": 1, "date": "2026-11-27"},
        {"word": "limbo", "board": FXIE, "points": 2, "date": "2026-11-27", "learned": True},
    ]
    page.evaluate(
        "(words) => localStorage.setItem('boggle-learn', JSON.stringify({version: 1, words}))",
        kept,
    )
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("body[data-ready='true'] .kept-word .remove")
    page.wait_for_selector("#learned-list .kept-word[data-word='limbo'] .again")
    page.wait_for_selector(".kept-word[data-word='casa'] .kept-meaning a")
    audit_in_each_scheme(page, axe_source, "my words, kept")
    page.click("#practise-start")
    page.fill("#practise-input", "fan")
    page.press("#practise-input", "Enter")
    page.wait_for_selector("#practise-verdict.bad")
    audit_in_each_scheme(page, axe_source, "my words, practising")
    ARTIFACTS.mkdir(exist_ok=True)
    for scheme in in_each_scheme(page):
        page.screenshot(path=str(ARTIFACTS / f"words-phone-{scheme}.png"), full_page=True)
    page.click("#clear-all")
    audit_in_each_scheme(page, axe_source, "my words, clear all asked")
    page.evaluate("() => localStorage.setItem('boggle-learn', '{not json')")
    page.reload()
    page.wait_for_selector("#words-problem:not([hidden])")
    audit_in_each_scheme(page, axe_source, "my words, unreadable storage")


def focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.id || document.activeElement.tagName"))


def test_a_room_s_round_end_puts_the_keyboard_at_the_results(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """The round's word box goes with the round: each player's keyboard is then at the
    results' title (a screen reader reads "Round 1: results"), not on the page's body, and Tab
    goes on to what comes next: the host's "Start round 2", a player's "Leave room"."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann, seconds=str(LONGEST_ROUND), rounds="2", target="0")
    code = ann.locator("body").get_attribute("data-code")
    bob = pages.open(f"{server.url}/room/{code}")
    bob.fill("#join-name", "bob")
    bob.click("#join-button")
    ann.wait_for_selector("#players li[data-name='bob']")
    ann.click("#start-button")
    for page in (ann, bob):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        assert focused(page) == "word-input"
    server.clock.now += LONGEST_ROUND
    for page, next_control in ((ann, "start-button"), (bob, "leave-button")):
        page.wait_for_selector("#results:not([hidden])")
        page.wait_for_function("() => document.activeElement.id === 'results-title'")
        page.keyboard.press("Tab")
        assert focused(page) == next_control


def test_a_room_made_or_joined_puts_the_keyboard_at_the_room(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """The form typed in goes once the room is there: the keyboard is then at "Room CODE",
    not on the page's body, and Tab goes on to the room's link."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    ann.fill("#create-name", "ann")
    ann.press("#create-name", "Enter")
    ann.wait_for_selector("body[data-code][data-phase='lobby']")
    code = ann.locator("body").get_attribute("data-code")
    bob = pages.open(f"{server.url}/room/{code}")
    bob.fill("#join-name", "bob")
    bob.press("#join-name", "Enter")
    bob.wait_for_selector("body[data-code][data-phase='lobby']")
    for page in (ann, bob):
        page.wait_for_function("() => document.activeElement.id === 'room-title'")
        assert page.text_content("#room-title") == f"Room {code}"
        page.keyboard.press("Tab")
        assert focused(page) == "room-link"


def test_a_list_of_words_found_is_a_tab_stop_only_while_it_holds_words(
    pages: Pages, server: ServeProcess
) -> None:
    """Before a round the solo page's list of words found is empty and 0 px high: Tab goes
    from the round's last setting on to the board box, not to a focus ring round nothing.
    With words in it the list (and a challenge's, the daily board's and a room's) is a tab
    stop, so the keyboard scrolls it."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.focus("#play-words-others")
    page.keyboard.press("Tab")
    assert focused(page) == "board-input"
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.get_attribute("#play-found", "tabindex") is None
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-found li")
    assert page.get_attribute("#play-found", "tabindex") == "0"
    page.keyboard.press("Tab")  # the word box, Add, Hint, the list
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused(page) == "play-found"
    challenge = pages.open(server.url + make_challenge(server.url, seconds=LONG_ROUND)["path"])
    start_challenge(challenge, "ann")
    assert challenge.get_attribute("#my-words", "tabindex") is None
    enter_words(challenge, ["fame"])
    assert challenge.get_attribute("#my-words", "tabindex") == "0"


FXIE_SAID = (
    "Board, 4 rows of 4 dice. Row 1: F, X, I, E. Row 2: A, M, L, O. Row 3: E, W, B, X."
    " Row 4: A, S, T, U."
)


def described(page: Any, role: str, name: str) -> str:
    """The accessible description Chromium gives the node of ``role`` and ``name``."""
    nodes = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    for node in nodes:
        if (node.get("role", {}).get("value"), node.get("name", {}).get("value")) == (role, name):
            return str(node.get("description", {}).get("value", ""))
    raise AssertionError(f"no {role} named {name!r}")


def test_a_screen_reader_reads_the_board_by_rows(pages: Pages, server: ServeProcess) -> None:
    """The board is one picture named by its rows, with a path drawn on it too (not its dice
    read one by one with the path's step numbers among the letters, "F 1 X I E A 2 M"), and
    the round's word box has it as its description: the board is read as a round starts."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector(".cube.in-path .step")
    assert page.locator(".board-area").aria_snapshot() == (
        f'- region "Board":\n  - \'img "{FXIE_SAID}"\'\n  - paragraph: "FAME: F → A → M → E"'
    )  # (YAML: the name's colons quote the line)
    assert described(page, "textbox", "Word") == FXIE_SAID
    made = make_challenge(server.url, seconds=LONG_ROUND)  # the word box of the other pages
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    assert described(challenge, "textbox", "Word") == FXIE_SAID


def test_a_room_s_phase_line_is_said_when_it_changes(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """The line under the players is a status: a screen reader says who has joined the
    host's room, whom the others wait for, who starts what comes next, each time once (each
    room message sets the line again: said again, it repeated itself)."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann, **ONE_ROUND)
    ann.evaluate(
        """() => { window.said = [];
            new MutationObserver(() => window.said.push(document.getElementById('phase')
              .textContent)).observe(document.getElementById('phase'), { childList: true }); }"""
    )
    code = ann.locator("body").get_attribute("data-code")
    bob = pages.open(f"{server.url}/room/{code}")
    bob.fill("#join-name", "bob")
    bob.click("#join-button")
    status = ann.get_by_role("status").filter(has_text="bob is here: start when ready.")
    status.wait_for()
    bob.reload()  # bob's connection goes and comes back: the room is sent again
    bob.wait_for_selector("body[data-phase='lobby']")
    bob.get_by_role("status").filter(has_text="Waiting for ann (host) to start.").wait_for()
    assert ann.evaluate("() => window.said").count("bob is here: start when ready.") == 2
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing']")
    server.clock.now += 61
    ann.get_by_role("status").filter(has_text="Start a rematch when ready.").wait_for()
    bob.reload()  # the room sent again: the line's words are the same
    bob.get_by_role("status").filter(has_text="ann (host) can start a rematch.").wait_for()
    said = ann.evaluate("() => window.said")
    assert said[-1] == "Start a rematch when ready."
    assert all(one != two for one, two in itertools.pairwise(said)), said


def test_the_solver_s_count_of_words_is_said(pages: Pages, server: ServeProcess) -> None:
    """A board solved, rolled or its words filtered: the line that counts them ("62 words,
    71 points", "... (showing 4)") is a status, said by a screen reader without the focus
    leaving Solve or the filter (WCAG 4.1.3, a search's count of results)."""
    solved = get_json(server.url + "/api/solve", {"board": FXIE})
    page = pages.open(server.url + "/solve")
    page.fill("#board-input", FXIE)
    page.press("#board-input", "Enter")
    # this board's count, not the one of a board shown before it (a link's, a roll's)
    page.wait_for_selector(f"#summary[data-count='{solved['count']}']")
    counted = page.text_content("#summary") or ""
    assert counted.endswith(" points")
    assert page.get_by_role("status").filter(has_text=counted).count() == 1
    page.fill("#word-filter", "lim")
    page.get_by_role("status").filter(has_text=f"{counted} (showing ").wait_for()


@pytest.mark.parametrize(
    ("path", "first"),
    [("/room", "create-name"), ("/solve", "tab-solve"), ("/daily", "daily-size")],
)
def test_tab_s_first_stop_skips_the_header(
    pages: Pages, server: ServeProcess, path: str, first: str
) -> None:
    """Tab's first stop on a page is a link past the header's six links, seen once it has the
    focus; Enter on it puts the focus on the page's heading (the page's address and history as
    they were), and the next Tab is at the page's own first control."""
    page = pages.open(server.url + path)
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    assert skip.text_content() == "Skip to the page's content"
    box = skip.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 20 and box["y"] >= 0
    ratio = page.evaluate(CONTRAST, [".skip-link", "color", ".skip-link"])
    assert ratio >= 4.5, f"the link's text at {ratio:.2f}:1"
    before = page.evaluate("() => [location.href, history.length]")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert page.evaluate("() => [location.href, history.length]") == before
    page.keyboard.press("Tab")
    assert focused(page) == first


# every live region's text, by its id (or its class): what a screen reader may say unasked
LIVE_TEXTS = """() => Object.fromEntries([...document.querySelectorAll(
    '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]')]
  .map((e, i) => [e.id || `${e.className} ${i}`, e.textContent]))"""


def said_since(page: Any, before: dict[str, str]) -> dict[str, str]:
    """The live regions whose text changed since ``before`` (``LIVE_TEXTS``), and their text."""
    now: dict[str, str] = page.evaluate(LIVE_TEXTS)
    return {key: text for key, text in now.items() if before.get(key) != text}


def test_a_word_found_is_said_once(pages: Pages, server: ServeProcess) -> None:
    """A word entered in a round is said once, by the verdict's line ("FAME: +1"), not a
    second time by the caption of its path drawn on the board ("FAME: F → A → M → E"), in a
    round where every word counts."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    for word, verdict in (("fame", "FAME: +1"), ("limbs", "LIMBS: +2")):
        before = page.evaluate(LIVE_TEXTS)
        page.fill("#play-input", word)
        page.press("#play-input", "Enter")
        page.wait_for_selector(f"#path-overlay[data-word='{word}']")
        assert page.text_content("#path-caption") != ""  # drawn, and captioned on the board
        assert said_since(page, before) == {"play-feedback": verdict}


def test_a_missed_word_s_points_are_named(pages: Pages, server: ServeProcess) -> None:
    """The daily board's words not found (a room's words nobody found the same) show their
    points as a bare number beside the word, "LIMBS 2": a screen reader says "limbs 2
    points", not "limbs 2".  A word its language writes otherwise is said as it is shown,
    as it is written: MELEE is "melee / mêlée 2 points" (the name holds the label seen:
    English writes it both ways), not the list's "melee" alone."""
    page = pages.open(server.url + "/daily?date=2026-11-23")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #unfound .word")
    chips = page.locator("#unfound button.word")
    words = sorted(chips.nth(i).get_attribute("data-word") or "" for i in range(chips.count()))
    snapshot = page.locator("#unfound").aria_snapshot()
    said = dict(re.findall(r'button "(.+) (1 point|\d+ points)"', snapshot))
    assert sorted(fold(name.split(" / ")[0]) for name in said) == words, snapshot
    assert said["melee / mêlée"] == "2 points" and "melee" not in said
    for name, points in said.items():  # one button each, by the name it is said with
        named = page.get_by_role("button", name=f"{name} {points}", exact=True)
        assert named.count() == 1, name


def fold(written: str) -> str:
    """A written form as the English lists hold it: ``mêlée`` is ``melee``."""
    plain = unicodedata.normalize("NFD", written)
    return "".join(c for c in plain if not unicodedata.combining(c)).lower()


def test_a_room_s_players_say_which_is_you_in_words(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Each player's own chip among the room's players said so by its border's colour alone;
    it says "(you)" beside the name, to a screen reader too."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann)
    code = ann.locator("body").get_attribute("data-code")
    bob = pages.open(f"{server.url}/room/{code}")
    bob.fill("#join-name", "bob")
    bob.click("#join-button")
    ann.wait_for_selector("#players li[data-name='bob']")
    bob.wait_for_selector("#players li[data-name='ann']")
    assert ann.locator("#players").aria_snapshot() == (  # the host may remove bob
        '- list "Players":\n'
        '  - listitem: "ann (you): 0 points (host)"\n'
        "  - listitem:\n"
        '    - text: "bob: 0 points"\n'
        '    - button "Remove bob from the room": Remove'
    )
    assert bob.locator("#players").aria_snapshot() == (
        '- list "Players":\n'
        '  - listitem: "ann: 0 points (host)"\n'
        '  - listitem: "bob (you): 0 points"'
    )


def test_leave_room_puts_the_keyboard_at_the_page_s_title(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Leave room goes with the room: the keyboard is then at the page's title, not on its
    body, and Tab goes on to Create's name box."""
    ann = pages.open(clocked_server.url + "/room")
    create_room(ann)
    ann.focus("#leave-button")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#entry:not([hidden])")
    ann.wait_for_function("() => document.activeElement.id === 'room-page-title'")
    ann.keyboard.press("Tab")
    assert focused(ann) == "create-name"


def test_a_rematch_puts_the_keyboard_at_the_room(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Rematch, pressed, goes with the results: the keyboard is then at "Room CODE" as when
    the room was joined, not on the page's body."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann, **ONE_ROUND)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing']")
    server.clock.now += 61
    ann.wait_for_selector("body[data-phase='over'] #rematch-button:visible")
    ann.focus("#rematch-button")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("body[data-phase='lobby'] #start-button:visible")
    ann.wait_for_function("() => document.activeElement.id === 'room-title'")


def test_copy_link_is_said_by_a_status(pages: Pages, clocked_server: ClockedServer) -> None:
    """Copy link says "Copied" on itself, which a screen reader does not say under the focus
    (it reads a button's name when it gets the focus): a status says it too, and says it again
    at the next copy."""
    ann = pages.open(clocked_server.url + "/room")
    create_room(ann)
    for _ in range(2):
        ann.focus("#copy-link")
        ann.keyboard.press("Enter")
        ann.wait_for_selector("#copy-link[data-copied='true']")
        said = ann.get_by_role("status").filter(has_text="Copied")
        assert said.count() == 1 and said.text_content() == "Copied"
        ann.wait_for_selector("#copy-link:not([data-copied])")  # back to "Copy link"
        assert ann.text_content("#copy-news") == ""


def test_every_round_s_clock_is_a_timer(pages: Pages, server: ServeProcess) -> None:
    """The clock of the daily board, a challenge and a room (one markup) is a timer, as solo
    play's is: a screen reader finds it by its role (and does not read each second)."""
    solo = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    solo.click("#play-start")
    solo.wait_for_selector("#play-form:not([hidden])")
    daily = pages.open(server.url + "/daily?date=2026-11-23")
    daily.click("#daily-start")
    daily.wait_for_selector("#board .cube")
    for page, clock in ((solo, "play-timer"), (daily, "timer")):
        timer = page.get_by_role("timer")
        assert timer.count() == 1 and timer.get_attribute("id") == clock
        assert timer.get_attribute("aria-live") == "off"


def test_a_word_of_another_language_s_list_is_marked_with_its_language(
    pages: Pages, server: ServeProcess
) -> None:
    """A Spanish list's word chips carry lang="es" (WCAG 3.1.2: a screen reader says aérea
    as Spanish, not with English sounds); an English list's words, the page's, carry none."""
    page = pages.open(server.url + "/play?dict=es&board=aer+aea+xxx")
    page.wait_for_selector("#dict-select option[value='es']", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.click("#play-end")
    chip = page.locator("#play-missed button.word[data-word='aerea']")
    chip.wait_for()
    page.wait_for_function(
        "() => document.querySelector(\"#play-missed button.word[data-word='aerea']\").lang"
    )
    assert chip.get_attribute("lang") == "es"
    chip.focus()  # its meaning's box names the word in Spanish too
    page.wait_for_selector(".word-definition strong[lang='es']")
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#words .word")
    page.wait_for_timeout(300)  # the lists' languages come
    assert page.locator("#words .word[lang]").count() == 0


def test_a_missed_word_s_level_is_said_not_only_shown_by_its_look(
    pages: Pages, server: ServeProcess
) -> None:
    """A missed word's level was its chip's opacity and slant only: a screen reader gets it as
    the chip's description ("obscure word"), and the chip's text, its width on a phone, is
    the word's as before."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#dict-select option", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.click("#play-end")
    page.wait_for_selector("#play-missed button.word[data-level]")
    chips = page.locator("#play-missed button.word[data-level]")
    seen = set()
    for index in range(chips.count()):
        chip = chips.nth(index)
        level = chip.get_attribute("data-level")
        if level in seen:
            continue
        seen.add(level)
        assert chip.text_content() == chip.get_attribute("data-word")  # no longer on a phone
        name = chip.evaluate("(button) => button.innerText")  # as shown: EMBOLI
        assert f"{level} word" in described(page, "button", name)
    assert seen


def test_a_word_found_and_its_verdict_are_marked_with_its_list_s_language(
    pages: Pages, server: ServeProcess
) -> None:
    """A Spanish list's word in the verdict's line ("LIO (lío): +1") and in the list of words
    found ("lío +1") is in a span of lang="es" (WCAG 3.1.2), the points and the verdict's
    words in the page's English: in solo play and a challenge (the daily board and a room use
    the same helpers, board.js's listedWord and sayVerdict)."""
    page = pages.open(server.url + "/play?dict=es&board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#dict-select option[value='es']", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    for word in ("lio", "zzz"):  # one counted, one refused: both verdicts name the word
        page.fill("#play-input", word)
        page.press("#play-input", "Enter")
        page.wait_for_selector(
            f"#play-feedback span[lang='es']:text-is('{word.upper()}"
            + (" (lío)" if word == "lio" else "")
            + "')"
        )
    assert page.text_content("#play-feedback").startswith("ZZZ: ")
    page.wait_for_selector("#play-found li span[lang='es']:text-is('lío')")
    assert page.text_content("#play-found li") == "lío (1)"
    made = make_challenge(server.url, seconds=LONG_ROUND, dictionary="es")
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    enter_words(challenge, ["lio"])
    challenge.wait_for_selector("#feedback span[lang='es']:text-is('LIO (lío)')")
    assert challenge.text_content("#feedback") == "LIO (lío): +1"
    challenge.wait_for_selector("#my-words li span[lang='es']:text-is('lío')")
    assert challenge.text_content("#my-words li") == "lío +1"


def test_a_standings_table_s_first_column_is_named_rank(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """A room's and a challenge's standings head their first column "#", which a screen
    reader said "number sign" before each rank: the header is named "Rank" (the "#" shown)."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann, **ONE_ROUND)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing']")
    server.clock.now += 61
    ann.wait_for_selector("body[data-phase='over'] #standings tbody tr")
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame"]})
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    end_challenge(challenge)
    for page, table in ((ann, "#standings"), (challenge, "#challenge-results")):
        page.wait_for_selector(f"{table} tbody tr")
        first = page.locator(f"{table} thead th").first
        assert first.locator("[aria-hidden='true']").text_content() == "#"  # as shown
        header = page.locator(table).get_by_role("columnheader", name="Rank", exact=True)
        assert header.count() == 1


FOCUSED_WORD = """() => { const e = document.activeElement;
  return e && e.closest('#words') && e.matches('button.word') ? e.dataset.word : null; }"""


def test_the_solver_s_words_are_one_tab_stop(pages: Pages, server: ServeProcess) -> None:
    """The solver's words were a Tab stop each (FXIE's 60 and more between Sort and what
    follows): they are one, a group named "Words" whose description says the keys; the arrow
    keys move between the words, Home and End to the ends, Page Down to the next group's
    first; Tab leaves them, and Shift+Tab comes back to the word left."""
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#words .word")
    all_words = page.eval_on_selector_all("#words button.word", "bs => bs.map(b => b.dataset.word)")
    firsts = page.eval_on_selector_all(
        "#words .group", "gs => gs.map(g => g.querySelector('button.word').dataset.word)"
    )
    assert len(all_words) > 50 and len(firsts) > 2
    assert page.locator("#words [tabindex='0']").count() == 1
    assert "arrow keys" in described(page, "group", "Words")
    page.focus("#word-sort")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_WORD) == all_words[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_WORD) == all_words[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # no word before the first: it stays
    assert page.evaluate(FOCUSED_WORD) == all_words[0]
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED_WORD) == all_words[-1]
    page.keyboard.press("Home")
    page.keyboard.press("PageDown")
    assert page.evaluate(FOCUSED_WORD) == firsts[1]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("PageUp")  # to its own group's first, then the one before
    assert page.evaluate(FOCUSED_WORD) == firsts[1]
    page.keyboard.press("PageUp")
    assert page.evaluate(FOCUSED_WORD) == firsts[0]
    page.keyboard.press("PageDown")
    page.keyboard.press("Tab")  # out of the words at once
    assert page.evaluate(FOCUSED_WORD) is None
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_WORD) == firsts[1]
    assert page.locator("#words [tabindex='0']").count() == 1
    page.fill("#word-filter", "lim")  # drawn again: still one stop
    page.wait_for_selector("#summary:has-text('showing')")
    assert page.locator("#words [tabindex='0']").count() == 1


SHOWN = "(e) => { const box = e.getBoundingClientRect(); return box.width > 1 && box.height > 1; }"


# where each word of a list is on the screen: its word, top, bottom and middle across
WORD_BOXES = """(list) => [...list.querySelectorAll('button.word')]
  .filter((b) => b.getClientRects().length > 0).map((b) => { const r = b.getBoundingClientRect();
    return [b.dataset.word, r.top, r.bottom, r.left + r.width / 2]; })"""
FOCUSED_BOX = """() => { const r = document.activeElement.getBoundingClientRect();
  return [r.top, r.bottom, r.left + r.width / 2]; }"""


def word_lines(list_: Any) -> list[list[tuple[str, float]]]:
    """The words of ``list_`` (a locator) line by line as the page shows them, top first:
    each line's words (word, middle across), left first."""
    lines: dict[int, list[tuple[float, str]]] = {}
    for word, top, _, middle in list_.evaluate(WORD_BOXES):
        lines.setdefault(round(top), []).append((middle, word))
    return [[(w, m) for m, w in sorted(line)] for _, line in sorted(lines.items())]


def word_beside(list_: Any, page: Any, *, down: bool) -> str | None:
    """The word of ``list_`` Down (``down``) or Up should move to from what ``page`` has
    focused: of the words wholly below (above) it, on the nearest line, the nearest across."""
    top, bottom, middle = page.evaluate(FOCUSED_BOX)
    boxes = list_.evaluate(WORD_BOXES)
    beyond = [b for b in boxes if (b[1] >= bottom - 2 if down else b[2] <= top + 2)]
    if not beyond:
        return None
    edge = min(b[1] for b in beyond) if down else max(b[2] for b in beyond)
    line = [b for b in beyond if abs((b[1] if down else b[2]) - edge) < 2]
    return str(min(line, key=lambda b: abs(b[3] - middle))[0])


def at_word(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.dataset.word"))


def test_up_and_down_move_to_the_word_above_and_below(pages: Pages, server: ServeProcess) -> None:
    """A phone wraps the solver's words into lines of several: Down went to the next word,
    most often beside it on the same line, and Up to the one before. Down and Up go to the
    word on the line below and above, the nearest across; Right and Left along the line
    (and on to the next); Home and End as before. In a challenge's row on a wider screen,
    each word over its "+ learn", Down goes from a word to the one under it, Up from a
    "+ learn" to its own word; on a phone a list of missed words does the same as the
    solver's, a "+ learn" beside its word counting as on its line."""
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.wait_for_selector("#words .word")
    words = page.locator("#words")
    lines = word_lines(words)
    assert len(lines) > 6 and len(lines[1]) >= 3, lines  # several words a line at 390 px
    words.locator(f"button.word[data-word='{lines[1][1][0]}']").focus()
    for step in range(4):  # down a line each time, though a word is beside on its line
        line = next(i for i, ws in enumerate(lines) if at_word(page) in [w for w, _ in ws])
        expected = word_beside(words, page, down=True)
        assert expected in [w for w, _ in lines[line + 1]], (step, expected)
        page.keyboard.press("ArrowDown")
        assert at_word(page) == expected
    page.keyboard.press("ArrowUp")
    line = next(i for i, ws in enumerate(lines) if at_word(page) in [w for w, _ in ws])
    assert line == 4
    on_line = [w for w, _ in lines[line]]
    at = on_line.index(at_word(page))
    page.keyboard.press("ArrowLeft" if at else "ArrowRight")  # along the line
    assert at_word(page) == on_line[at - 1 if at else 1]
    page.keyboard.press("Home")
    assert at_word(page) == lines[0][0][0]
    page.keyboard.press("ArrowUp")  # no line above the first: it stays
    assert at_word(page) == lines[0][0][0]
    page.keyboard.press("End")
    assert at_word(page) == lines[-1][-1][0]
    page.keyboard.press("ArrowDown")  # nor below the last
    assert at_word(page) == lines[-1][-1][0]

    played = get_json(server.url + "/api/solve", {"board": FXIE})["words"]
    bob = [w["word"] for w in played[:4]]
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": bob})
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    end_challenge(challenge, "body[data-phase='results'] .learn-one")
    row = challenge.locator("#challenge-results tr[data-name='bob'] .word-list")
    lines = word_lines(row)
    assert [len(line) for line in lines] == [2, 2], lines  # each over its "+ learn"
    row.locator("button.word").first.focus()
    challenge.keyboard.press("ArrowDown")  # not the word beside, nor its "+ learn"
    assert challenge.evaluate(AT) == ["word", lines[1][0][0]]
    challenge.keyboard.press("ArrowRight")
    assert challenge.evaluate(AT) == ["learn", lines[1][0][0]]
    challenge.keyboard.press("ArrowUp")  # its own word, above it
    assert challenge.evaluate(AT) == ["word", lines[1][0][0]]
    challenge.keyboard.press("ArrowUp")
    assert challenge.evaluate(AT) == ["word", lines[0][0][0]]
    challenge.set_viewport_size({"width": 390, "height": 844})
    unfound = challenge.locator("#unfound")
    lines = word_lines(unfound)
    assert len(lines[0]) >= 2, lines
    unfound.locator("button.word").first.focus()
    challenge.keyboard.press("ArrowRight")
    assert challenge.evaluate(AT) == ["learn", lines[0][0][0]]
    expected = word_beside(unfound, challenge, down=True)
    assert expected in [w for w, _ in lines[1]]
    challenge.keyboard.press("ArrowDown")
    assert challenge.evaluate(AT) == ["word", expected]


def test_the_solver_s_keys_are_shown_while_the_keyboard_is_in_its_words(
    pages: Pages, server: ServeProcess
) -> None:
    """The keys of the solver's one Tab stop were told to screen readers alone: a line says
    them at the foot of the screen while the keyboard is in the words (no word moves as it
    comes), and goes when the keyboard leaves; a click (or a phone's tap) on a word, which
    is not the keyboard's, shows none."""
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#words .word")
    hint = page.locator("#words-keys")
    assert not hint.evaluate(SHOWN)
    first = page.locator("#words button.word").first
    before = first.evaluate("(e) => e.getBoundingClientRect().top + scrollY")
    page.focus("#word-sort")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_WORD) is not None
    assert hint.evaluate(SHOWN) and "arrow keys" in (hint.text_content() or "")
    assert first.evaluate("(e) => e.getBoundingClientRect().top + scrollY") == before
    line, height = hint.bounding_box(), page.evaluate("() => innerHeight")
    assert line is not None and height - 100 < line["y"] < line["y"] + line["height"] <= height
    page.keyboard.press("ArrowRight")
    assert hint.evaluate(SHOWN)
    page.keyboard.press("Tab")  # out of the words
    assert not hint.evaluate(SHOWN)
    page.click("#words button.word[data-word='fame']")
    assert page.evaluate(FOCUSED_WORD) == "fame" and not hint.evaluate(SHOWN)
    phone = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"), **PHONE)
    phone.wait_for_selector("#words .word")
    phone.tap("#words button.word[data-word='fame']")
    assert not phone.locator("#words-keys").evaluate(SHOWN)


AT = """() => { const e = document.activeElement;
  return e && e.matches('button.word, button.learn-one')
    ? [e.classList.contains('learn-one') ? 'learn' : 'word', e.dataset.word] : null; }"""
STOPS_IN = "(list) => [...list.querySelectorAll('button')].filter((b) => b.tabIndex === 0).length"


def test_a_missed_list_is_one_tab_stop_with_its_learn_buttons(
    pages: Pages, server: ServeProcess
) -> None:
    """A missed word's chip and its "+ learn" button were two Tab stops a word (FXIE's 56
    words missed, over 100 to Tab through): a list of missed words is one, a group whose
    description says the keys (shown while the keyboard is in it): Right goes to a word's
    "+ learn" and on to the next word, Left back, Down and Up from word to word, Home and End
    to the ends, Page Down between the groups of points; Enter on "+ learn" keeps the word;
    Tab leaves the list and Shift+Tab comes back where it was. So in the daily board's words
    not found, and a challenge's (each row's words only that player found a stop too)."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#dict-select option", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) #play-missed .learn-one")
    missed = page.locator("#play-missed")
    assert missed.evaluate(STOPS_IN) == 1
    assert "Right to a word" in described(page, "group", "Words you missed, best first")
    words = page.eval_on_selector_all(
        "#play-missed button.word", "bs => bs.map(b => b.dataset.word)"
    )
    firsts = page.eval_on_selector_all(
        "#play-missed .group", "gs => gs.map(g => g.querySelector('button.word').dataset.word)"
    )
    learnable = set(
        page.eval_on_selector_all("#play-missed .learn-one", "bs => bs.map(b => b.dataset.word)")
    )
    assert words[0] in learnable and words[1] in learnable and len(firsts) > 1
    page.focus("#play-change-settings")
    page.keyboard.press("Tab")  # "Keep missed words to learn", then the list
    page.keyboard.press("Tab")
    assert page.evaluate(AT) == ["word", words[0]]
    assert page.locator("#play-missed-keys").evaluate(SHOWN)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(AT) == ["learn", words[0]]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(AT) == ["word", words[1]]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(AT) == ["learn", words[0]]
    page.keyboard.press("Enter")  # kept
    page.wait_for_selector(f"#play-missed .learn-one.kept[data-word='{words[0]}']")
    assert page.evaluate(AT) == ["learn", words[0]]
    below = word_beside(missed, page, down=True)
    page.keyboard.press("ArrowDown")  # from "+ learn" to the word under it, on the next line
    assert page.evaluate(AT) == ["word", below]
    above = word_beside(missed, page, down=False)
    page.keyboard.press("ArrowUp")
    assert page.evaluate(AT) == ["word", above]
    page.keyboard.press("End")
    assert page.evaluate(AT) == ["word", words[-1]]
    page.keyboard.press("Home")
    page.keyboard.press("PageDown")
    assert page.evaluate(AT) == ["word", firsts[1]]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")  # out of the list at once
    assert page.evaluate("() => document.activeElement.closest('#play-missed')") is None
    assert not page.locator("#play-missed-keys").evaluate(SHOWN)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(AT) == ["learn", firsts[1]]
    assert missed.evaluate(STOPS_IN) == 1
    daily = pages.open(server.url + "/daily?date=2026-11-23")
    daily.click("#daily-start")
    daily.wait_for_selector("#board .cube")
    daily.click("#daily-stop")
    daily.wait_for_selector("#results:not([hidden]) #unfound .learn-one")
    assert daily.locator("#unfound").evaluate(STOPS_IN) == 1
    heading = (daily.locator("#unfound-title").text_content() or "").strip()
    assert heading.startswith("Words you did not find (")  # counted, as a challenge's
    assert "Right to a word" in described(daily, "group", heading)
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame", "limbs"]})
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    end_challenge(challenge, "body[data-phase='results'] .learn-one")
    row = challenge.locator("#challenge-results tr[data-name='bob'] .word-list")
    assert row.evaluate(STOPS_IN) == 1
    assert challenge.locator("#unfound").evaluate(STOPS_IN) == 1
    assert "Right to a word" in described(challenge, "group", "Words only bob found")
    row.locator("button.word").first.focus()
    challenge.keyboard.press("ArrowRight")
    assert challenge.evaluate(AT) == ["learn", "fame"]


def test_a_room_s_words_nobody_found_are_named_as_their_heading(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Every list of missed words was a group named "Missed words": in a room, where the list
    is the words nobody found, that said neither whose nor which. Each is named by its
    heading, as it reads: "Words nobody found (N, common first)" in a room, and on the
    challenge page "Words you did not find (...)"."""
    server = clocked_server
    ann = pages.open(server.url + "/room")
    create_room(ann, seconds=str(LONGEST_ROUND), rounds="1", target="0")
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    server.clock.now += LONGEST_ROUND
    ann.wait_for_selector("#results:not([hidden]) #unfound .learn-one")
    heading = (ann.locator("#unfound-title").text_content() or "").strip()
    assert heading.startswith("Words nobody found (")
    assert "Right to a word" in described(ann, "group", heading)
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame"]})
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    end_challenge(challenge, "body[data-phase='results'] #unfound .learn-one")
    heading = (challenge.locator("#unfound-title").text_content() or "").strip()
    assert heading.startswith("Words you did not find (")
    assert "Right to a word" in described(challenge, "group", heading)


def test_your_own_row_of_a_challenge_s_results_is_one_tab_stop(
    pages: Pages, server: ServeProcess
) -> None:
    """Your own row of a challenge's table (words you found, no "+ learn") was a Tab stop a
    word while the others' rows were one: it is one too, a group named "Words only you
    found" whose description says the keys, the arrow keys from word to word, Home and End
    to the ends, and Tab leaves it at once."""
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame"]})
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    enter_words(challenge, ["limbs", "amble", "maw", "mile"])
    end_challenge(challenge, "body[data-phase='results'] .learn-one")
    row = challenge.locator("#challenge-results tr[data-name='ann'] .word-list")
    words = row.evaluate(
        "(list) => [...list.querySelectorAll('button.word')].map((b) => b.dataset.word)"
    )
    assert len(words) == 4
    assert row.evaluate(STOPS_IN) == 1
    assert "arrow keys" in described(challenge, "group", "Words only you found")
    row.locator("button.word").first.focus()
    challenge.keyboard.press("ArrowRight")
    assert challenge.evaluate(AT) == ["word", words[1]]
    challenge.keyboard.press("ArrowLeft")
    assert challenge.evaluate(AT) == ["word", words[0]]
    below = word_beside(row, challenge, down=True)
    challenge.keyboard.press("ArrowDown")
    assert challenge.evaluate(AT) == ["word", below]
    challenge.keyboard.press("End")
    assert challenge.evaluate(AT) == ["word", words[-1]]
    challenge.keyboard.press("Tab")
    assert challenge.evaluate("() => document.activeElement.closest('tr.you')") is None
    assert row.evaluate(STOPS_IN) == 1


LOOK = """(e) => { const s = getComputedStyle(e);
  return [s.opacity, s.fontStyle, s.textDecorationLine, s.textDecorationStyle]; }"""


def test_a_missed_word_s_level_has_a_key_on_a_touch_screen(
    pages: Pages, server: ServeProcess
) -> None:
    """On a touch screen (no hover: a chip's title is never shown) a missed word's level was
    its chip's fading and slant alone, with nothing saying what they meant: the line counting
    the board's words by level names each level in a small chip of its look, the key to the
    missed words', on a 390 px phone in one line's room (the chips' text is the word's); a
    challenge's words you did not find, with no such line, have the key alone."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    assert page.evaluate("() => matchMedia('(hover: none)').matches")
    page.wait_for_selector("#dict-select option", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.click("#play-end")
    page.wait_for_selector("#play-missed button.word[data-level='obscure']")
    key = page.locator("#play-levels")
    assert key.is_visible()
    assert "Missed words below look like their level here." in (key.text_content() or "")
    for level in ("common", "standard", "obscure"):
        sample = key.locator(f".level-sample[data-level='{level}']")
        assert sample.text_content() == level and sample.is_visible()
        chip = page.locator(f"#play-missed button.word[data-level='{level}']").first
        assert sample.evaluate(LOOK) == chip.evaluate(LOOK), level
    assert page.locator(".level-sample[data-level='obscure']").evaluate(LOOK)[1] == "italic"
    box = key.bounding_box()
    assert box is not None and box["height"] < 70  # three lines of help text at most
    made = make_challenge(server.url, seconds=LONG_ROUND)  # a challenge's: the key alone
    challenge = pages.open(server.url + made["path"], **PHONE)
    start_challenge(challenge, "ann")
    end_challenge(challenge)
    challenge.wait_for_selector("#unfound button.word[data-level='obscure']")
    key = challenge.locator("#unfound-key")
    assert key.is_visible() and key.text_content() == "By level: common, standard, obscure."
    for level in ("common", "standard", "obscure"):
        sample = key.locator(f".level-sample[data-level='{level}']")
        chip = challenge.locator(f"#unfound button.word[data-level='{level}']").first
        assert sample.evaluate(LOOK) == chip.evaluate(LOOK), level


def test_a_missed_word_s_level_is_told_by_more_than_its_fading(
    pages: Pages, server: ServeProcess, axe_source: str
) -> None:
    """A standard word's chip was a common one's at 0.85 opacity, hard to tell apart: each
    level has a look of its own beside its fading (a standard word's dotted underline, an
    obscure one's slant), in the light scheme and the dark one, the key's chips the same, and
    the results' text keeps its contrast (axe)."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#dict-select option", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.click("#play-end")
    page.wait_for_selector("#play-missed button.word[data-level='obscure']")
    for scheme in in_each_scheme(page):
        looks = {}
        for level in ("common", "standard", "obscure"):
            chip = page.locator(f"#play-missed button.word[data-level='{level}']").first
            looks[level] = tuple(chip.evaluate(LOOK)[1:])  # all but the opacity
            sample = page.locator(f"#play-levels .level-sample[data-level='{level}']")
            assert tuple(sample.evaluate(LOOK)[1:]) == looks[level], (level, scheme)
        assert len(set(looks.values())) == 3, (looks, scheme)
        assert looks["standard"][1:] == ("underline", "dotted")
        assert looks["obscure"][0] == "italic"
    audit_in_each_scheme(page, axe_source, "solo results' levels")


ZOOMED = {"width": 320, "height": 256}
"""A 1280x1024 desktop at 400 % zoom, in CSS pixels (WCAG 1.4.10's reflow)."""

IN_VIEW = """() => {
  const box = (e) => e.getBoundingClientRect();
  const board = box(document.getElementById('board'));
  const field = box(document.activeElement);
  return { board: board.top >= 0 && board.bottom <= innerHeight && board.left >= 0
             && board.right <= innerWidth,
           field: field.top >= 0 && field.bottom <= innerHeight && field.right <= innerWidth,
           wide: document.documentElement.scrollWidth > innerWidth }; }"""


ALL_IN_VIEW = {"board": True, "field": True, "wide": False}


def in_view_once_scrolled(page: Any) -> dict[str, bool]:
    """IN_VIEW once the page has made its own scroll to its focused word box: polled until
    all is in view (a loaded machine's page scrolled after the 300 ms this once waited), or
    as it is after PAGE_TIMEOUT_MS."""
    deadline = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    while True:
        seen: dict[str, bool] = page.evaluate(IN_VIEW)
        if seen == ALL_IN_VIEW or time.monotonic() > deadline:
            return seen
        page.wait_for_timeout(50)


def test_a_round_at_400_percent_zoom_shows_the_board_and_the_word_box(
    pages: Pages, server: ServeProcess
) -> None:
    """At 400 % zoom on a landscape screen (320x256 CSS px) the board and the round stacked
    were taller than the screen: the word box, focused, scrolled the board's top rows off it.
    The board is beside the round, wholly on the screen with the word box, nothing wider than
    the screen (solo play, the daily board, a challenge), and stays there as the page scrolls
    on to the words found."""
    solo = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), viewport=ZOOMED)
    solo.click("#play-start")
    solo.wait_for_selector("#play-form:not([hidden])")
    daily = pages.open(server.url + "/daily?date=2026-11-23", viewport=ZOOMED)
    daily.click("#daily-start")
    daily.wait_for_selector("#board .cube")
    challenge = pages.open(
        server.url + make_challenge(server.url, seconds=LONG_ROUND)["path"], viewport=ZOOMED
    )
    start_challenge(challenge, "ann")
    for page in (solo, daily, challenge):
        assert in_view_once_scrolled(page) == ALL_IN_VIEW, page.url
    words = get_json(server.url + "/api/solve", {"board": FXIE})["words"]
    enter_words(challenge, [entry["word"] for entry in words[:8]])
    challenge.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    assert challenge.evaluate("() => scrollY") > 0
    assert challenge.evaluate(IN_VIEW)["board"]
