"""A first visit on a phone, measured in a real browser: headless Chromium (the system's,
driven by Playwright) against `boggle serve`, in a 390x844 touch context (and a 320 px one).

What a newcomer reads must be there whole: the word box's placeholder fits the box in solo
play (before and after a hint: the Hint button keeps its width), on the daily board and in a
challenge.  A word list is named by its language and size, not by its id ("en-70" means
nothing to a newcomer): in the solo, daily board's and a new room's choice of list, and in a
challenge's line.  The first to play a challenge is told why it has no missed words to keep
(a challenge keeps only the words the others found), not "No missed words" after a score of 0.
Practise's first verdict does not move the word box down under the finger.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import Pages
from challenge_round import end_challenge, make_challenge, start_challenge
from serve_process import ServeProcess, get_json

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


def phone(width: int) -> dict[str, Any]:
    return {"viewport": {"width": width, "height": 844}, "has_touch": True, "is_mobile": True}


# The placeholder's width, measured in a hidden copy of its text styled as the placeholder
# is (an input's scrollWidth does not count its placeholder), and the room the box gives it.
PLACEHOLDER_FIT = """input => {
  const style = getComputedStyle(input, '::placeholder');
  const probe = document.createElement('span');
  probe.textContent = input.placeholder;
  for (const name of ['font', 'letterSpacing', 'textTransform', 'wordSpacing']) {
    probe.style[name] = style[name];
  }
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'pre';
  probe.style.visibility = 'hidden';
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const own = getComputedStyle(input);
  const room = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
  return {placeholder: input.placeholder, needed, room};
}"""


def assert_placeholder_whole(page: Any, selector: str) -> None:
    fit = page.locator(selector).evaluate(PLACEHOLDER_FIT)
    assert fit["placeholder"], selector
    assert fit["needed"] <= fit["room"], fit


@pytest.mark.parametrize("width", [390, 320])
def test_the_solo_word_box_shows_its_whole_placeholder_before_and_after_a_hint(
    pages: Pages, server: ServeProcess, width: int
) -> None:
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **phone(width))
    page.fill("#play-time", "120")
    page.tap("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert_placeholder_whole(page, "#play-input")
    before = page.locator("#play-input").bounding_box()["width"]
    page.tap("#play-hint")
    page.wait_for_function(
        "() => document.getElementById('play-hint-text').textContent.includes('hints left')"
    )
    assert page.locator("#play-input").bounding_box()["width"] == before
    assert_placeholder_whole(page, "#play-input")


@pytest.mark.parametrize("width", [390, 320])
def test_the_daily_and_challenge_word_boxes_show_their_whole_placeholder(
    pages: Pages, server: ServeProcess, width: int
) -> None:
    page = pages.open(server.url + "/daily?date=2026-11-23", **phone(width))
    page.tap("#daily-start")
    page.wait_for_selector("#board .cube")
    assert_placeholder_whole(page, "#word-input")

    made = make_challenge(server.url)
    page = pages.open(server.url + made["path"], **phone(width))
    start_challenge(page, "ann", tap=True)
    assert_placeholder_whole(page, "#word-input")


@pytest.mark.parametrize(
    ("path", "select"),
    [("/daily", "#daily-dict"), ("/room", "#create-dict"), ("/play", "#dict-select")],
)
def test_the_word_list_choices_name_their_language(
    pages: Pages, server: ServeProcess, path: str, select: str
) -> None:
    page = pages.open(server.url + path, **phone(390))
    page.wait_for_selector(f"{select} option", state="attached")
    chosen = page.locator(f"{select} option:checked").text_content()
    assert chosen == "English (111,817 words)", chosen
    labels = page.locator(f"{select} option").all_text_contents()
    assert any(label.startswith("Spanish (") for label in labels), labels
    assert not any("en-" in label for label in labels), labels


def test_a_challenge_names_its_word_list_s_language(pages: Pages, server: ServeProcess) -> None:
    made = make_challenge(server.url, dictionary="en-70")
    page = pages.open(server.url + made["path"], **phone(390))
    info = page.locator("#challenge-info").text_content()
    assert info.startswith("A 2 min round on a 4x4 board: English (111,817 words), "), info


def test_the_first_player_of_a_challenge_may_keep_the_words_of_the_board_missed(
    pages: Pages, server: ServeProcess
) -> None:
    """The first player, with nobody's words to compare, was told to come back later; the
    board's words they did not find are listed and offered as after a daily round."""
    made = make_challenge(server.url)
    page = pages.open(server.url + made["path"], **phone(390))
    start_challenge(page, "ann", tap=True)
    end_challenge(page, "body[data-phase='results'] .keep-button", tap=True)
    assert page.locator(".keep-button").is_enabled()
    assert page.locator("#unfound button.word").count() == made_total(server.url, made)


def made_total(url: str, made: dict[str, Any]) -> int:
    """The words of the challenge ``made`` on the server at ``url``."""
    total: int = get_json(f"{url}/api/challenges/{made['code']}")["total"]
    return total


def test_practise_s_first_verdict_does_not_move_the_word_box(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + "/words", **phone(390))
    kept = {"word": "fame", "list": None, "points": 1, "board": FXIE, "date": "2026-11-27"}
    stored = json.dumps({"version": 1, "words": [kept]})
    page.evaluate("value => localStorage.setItem('boggle-learn', value)", stored)
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.tap("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    before = page.locator("#practise-input").bounding_box()["y"]
    page.keyboard.type("fan")
    page.keyboard.press("Enter")
    assert page.locator("#practise-verdict").text_content() == "Not quite: the word is FAME."
    assert page.locator("#practise-input").bounding_box()["y"] == before
