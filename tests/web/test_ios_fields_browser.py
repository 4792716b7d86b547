"""The pages' form fields on an iPhone, checked in a real browser (headless Chromium, the
system's, driven by Playwright, as a 390x844 touch phone) against `boggle serve`.

Safari on iOS zooms the page in when a field whose text is under 16 px gets the focus, and
leaves it zoomed: every text box, number box, select and textarea the pages show (solo play
and the solver, a room's entry, lobby and round, the daily board, a challenge's entry, round
and results, My words while practising, the hidden field a copy goes through) has text of
16 px or more. iOS also capitalises, autocorrects and spell-checks what is typed unless told
not to: the word boxes, the board box and the word filter have none of it (a word game's
"fame" must not become "Fame" or "game"), the name boxes no autocorrection ("Ann" stays
"Ann"), the room code is typed in capitals; a number box asks for the number pad.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import PHONE, Pages
from browser_fixtures import ClockedServer
from challenge_round import LONG_ROUND, end_challenge, make_challenge, start_challenge
from room_page import ONE_ROUND, create_room
from serve_process import ServeProcess, get_json

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
LEAST_FONT_PX = 16.0
"""iOS Safari zooms into a focused field whose font is smaller than this."""

# every field shown now that takes typing or a choice (not a checkbox, radio, range or button)
SHOWN_FIELDS = """() => [...document.querySelectorAll(
    "input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=button])"
    + ":not([type=submit]):not([type=reset]):not([type=hidden]), select, textarea")]
  .filter((field) => field.getClientRects().length > 0
          && getComputedStyle(field).visibility === "visible")
  .map((field) => ({
    id: field.id || field.outerHTML.slice(0, 60),
    tag: field.tagName.toLowerCase(),
    type: field.tagName === "INPUT" ? field.type : "",
    font: parseFloat(getComputedStyle(field).fontSize),
    autocorrect: field.getAttribute("autocorrect"),
    autocapitalize: field.getAttribute("autocapitalize"),
    spellcheck: field.getAttribute("spellcheck"),
    inputmode: field.getAttribute("inputmode"),
  }))"""

WORD_BOXES = {"play-input", "word-input", "practise-input", "board-input", "word-filter"}
"""Where letters are typed as they are: no capital, no correction, no spell-check."""
NAME_BOXES = {"create-name", "join-name", "challenge-name", "rename-name", "challenge-your-name"}
"""Where a player's name is typed: no autocorrection nor spell-check."""


class Fields:
    """The fields seen shown on the pages visited, by id."""

    def __init__(self) -> None:
        self.seen: dict[str, dict[str, Any]] = {}

    def look(self, page: Any, state: str) -> None:
        """The fields ``page`` shows now, noted under ``state`` (for the messages)."""
        shown = page.evaluate(SHOWN_FIELDS)
        assert shown, f"{state}: no field shown"
        for field in shown:
            self.seen.setdefault(field["id"], {**field, "state": state})

    def check(self, expected: set[str]) -> None:
        """Every field of ``expected`` seen, and every field seen fit for an iPhone."""
        missing = expected - set(self.seen)
        assert not missing, f"never shown: {sorted(missing)}"
        small = [
            f"{f['state']}: #{i} {f['font']} px"
            for i, f in self.seen.items()
            if f["font"] < LEAST_FONT_PX
        ]
        assert small == [], f"fields under {LEAST_FONT_PX} px (iOS zooms in on focus): {small}"
        wrong = [
            f"{f['state']}: #{i} {problem}"
            for i, f in self.seen.items()
            for problem in problems(i, f)
        ]
        assert wrong == [], f"fields iOS would type into wrongly: {wrong}"


def problems(field_id: str, field: dict[str, Any]) -> list[str]:
    """What is wrong with ``field`` for an iPhone's keyboard, in words."""
    said = []
    if field["type"] == "number" and field["inputmode"] != "numeric":
        said.append(f"inputmode {field['inputmode']!r}, not the number pad ('numeric')")
    if field_id in WORD_BOXES | NAME_BOXES | {"join-code"}:
        if field["autocorrect"] != "off":
            said.append(f"autocorrect {field['autocorrect']!r}, not 'off'")
        if field["spellcheck"] != "false":
            said.append(f"spellcheck {field['spellcheck']!r}, not 'false'")
    if field_id in WORD_BOXES and field["autocapitalize"] not in ("off", "none"):
        said.append(f"autocapitalize {field['autocapitalize']!r}, not 'off'")
    if field_id == "join-code" and field["autocapitalize"] != "characters":
        said.append(f"autocapitalize {field['autocapitalize']!r}, not 'characters'")
    return said


def test_the_solver_and_solo_play_fields_suit_an_iphone(pages: Pages, server: ServeProcess) -> None:
    fields = Fields()
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"), **PHONE)
    fields.look(page, "solver")
    page.select_option("#dice-select", "uniform")
    page.wait_for_selector("#size-label:not([hidden])")
    fields.look(page, "solver, uniform dice")
    page.select_option("#dice-select", "new")
    page.click("#solve-button")
    page.wait_for_selector("#word-tools:not([hidden])")
    fields.look(page, "solved")
    page.click("#tab-play")
    page.wait_for_selector("#play-start")
    fields.look(page, "play, before a round")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    fields.look(page, "play, a round")
    page.click("#play-end")
    page.wait_for_selector("#challenge-your-name")
    fields.look(page, "play, after a round")
    # the field a copy goes through where the clipboard API is refused (board.js copyText)
    copy_font = page.evaluate(
        """() => { const field = document.createElement("textarea");
             field.className = "copy-field"; document.body.append(field);
             const px = parseFloat(getComputedStyle(field).fontSize);
             field.remove(); return px; }"""
    )
    assert copy_font >= LEAST_FONT_PX, f"the copy field's text is {copy_font} px"
    fields.check(
        {
            "board-input",
            "dice-select",
            "size-input",
            "seed-input",
            "dict-select",
            "rules-select",
            "word-filter",
            "word-sort",
            "play-time",
            "play-words-level",
            "play-words-others",
            "play-input",
            "challenge-your-name",
        }
    )


def test_a_room_s_fields_suit_an_iphone(pages: Pages, clocked_server: ClockedServer) -> None:
    server = clocked_server
    fields = Fields()
    ann = pages.open(server.url + "/room", **PHONE)
    ann.wait_for_selector("#create-dict option", state="attached")
    fields.look(ann, "room entry")
    ann.select_option("#create-dice", "uniform")
    ann.wait_for_selector("#create-size-label:not([hidden])")
    fields.look(ann, "room entry, uniform dice")
    ann.select_option("#create-dice", "new")
    create_room(ann, **ONE_ROUND)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    fields.look(ann, "room round")
    server.clock.now += 61
    ann.wait_for_selector("body[data-phase='over'] #rematch-settings:not([hidden])")
    ann.click("#rematch-settings summary")
    ann.select_option("#rematch-dice", "uniform")
    ann.wait_for_selector("#rematch-size-label:not([hidden])")
    fields.look(ann, "room over, the rematch settings")
    fields.check(
        {
            "create-name",
            "create-dict",
            "create-dice",
            "create-size",
            "create-rules",
            "create-seconds",
            "create-target",
            "create-rounds",
            "create-words-level",
            "create-words-others",
            "join-code",
            "join-name",
            "word-input",
            "rematch-dice",
            "rematch-size",
            "rematch-seconds",
            "rematch-target",
            "rematch-rounds",
        }
    )


def test_the_daily_board_s_fields_suit_an_iphone(pages: Pages, server: ServeProcess) -> None:
    fields = Fields()
    page = pages.open(server.url + "/daily?date=2026-11-23", **PHONE)
    page.wait_for_selector("#daily-dict option", state="attached")
    fields.look(page, "daily, before a round")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    fields.look(page, "daily round")
    fields.check(
        {"daily-size", "daily-dict", "daily-words-level", "daily-words-others", "word-input"}
    )


def test_a_challenge_s_fields_suit_an_iphone(pages: Pages, server: ServeProcess) -> None:
    fields = Fields()
    made = make_challenge(server.url, seconds=LONG_ROUND)
    page = pages.open(server.url + made["path"], **PHONE)
    fields.look(page, "challenge entry")
    start_challenge(page, "ann")
    # the name takes a result meanwhile: at the end the page asks for another
    get_json(f"{server.url}/api/challenges/{made['code']}/results", {"name": "ann", "words": []})
    fields.look(page, "challenge round")
    end_challenge(page, "#rename:not([hidden])")
    fields.look(page, "challenge, another name asked")
    fields.check({"challenge-name", "word-input", "rename-name"})


def test_my_words_fields_suit_an_iphone(pages: Pages, server: ServeProcess) -> None:
    fields = Fields()
    page = pages.open(server.url + "/words", **PHONE)
    kept = [{"word": "fame", "board": FXIE, "points": 1, "date": "2026-11-27"}]
    page.evaluate(
        "(words) => localStorage.setItem('boggle-learn', JSON.stringify({version: 1, words}))",
        kept,
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true'] .kept-word")
    page.click("#practise-start")
    page.wait_for_selector("#practise-input")
    fields.look(page, "my words, practising")
    fields.check({"practise-input"})


# what iOS Safari reads of the page's style, in the page as it is now
IOS_STYLE = """() => {
  const root = getComputedStyle(document.documentElement);
  const board = getComputedStyle(document.getElementById("board"));
  return {
    textSizeAdjust: root.getPropertyValue("-webkit-text-size-adjust"),
    boardTouch: board.touchAction,
    boardHighlight: board.getPropertyValue("-webkit-tap-highlight-color"),
    buttonTouch: getComputedStyle(document.getElementById("play-start")).touchAction,
  };
}"""


def test_ios_neither_enlarges_text_nor_zooms_nor_flashes_the_dice(
    pages: Pages, server: ServeProcess
) -> None:
    """Turned on its side, iOS Safari enlarges a page's text unless the page says 100%; a
    quick second tap (Add, Start, a die) would zoom in where only a tap is meant; a finger on
    a die flashes a grey highlight over it; and during a round a slide on the board is a
    trace, never a scroll or a zoom."""
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.click("#solve-button")
    page.wait_for_selector("#board .cube")
    before = page.evaluate(IOS_STYLE)
    assert before == {
        "textSizeAdjust": "100%",
        "boardTouch": "manipulation",
        "boardHighlight": "rgba(0, 0, 0, 0)",
        "buttonTouch": "manipulation",
    }
    page.click("#tab-play")
    page.click("#play-start")
    page.wait_for_selector("#board.traceable .cube")
    assert page.evaluate(IOS_STYLE)["boardTouch"] == "none"
