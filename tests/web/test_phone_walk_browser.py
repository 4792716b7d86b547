"""A phone player's walk through the pages, on the phones the earlier tests did not take: an
iPhone SE's 375x667 and a small phone's 320x568, upright and on their side (667x375), with
touch (headless Chromium, driven by Playwright, against `boggle serve`): a challenge's
results on a phone on its side do not scroll sideways, "Tap to type a word" covers the word
box however its row wraps, the footer's links are a finger wide; and where the browser has
no ``:has()`` (Safari before 15.4, Firefox before 121) a class's players on the projector go
in columns and a solo round's word box stays above a 360 px phone's keyboard. (An iPhone
SE's keyboard and the board: `test_phone_browser.py`.)

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages
from browser_fixtures import ClockedServer
from challenge_round import make_challenge, play_challenge
from room_page import create_room, join
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SE_ON_ITS_SIDE: dict[str, Any] = {
    "viewport": {"width": 667, "height": 375},
    "has_touch": True,
    "is_mobile": True,
}
"""An iPhone SE (375x667) turned on its side, with touch and a phone's viewport."""


def sideways(page: Any) -> list[int]:
    """The page's layout width (a phone widens it to what sticks out), and how far the
    page scrolls sideways: [667, 0] on a page that fits a 667 px screen."""
    return list(
        page.evaluate(
            "() => [window.innerWidth, document.documentElement.scrollWidth"
            " - document.documentElement.clientWidth]"
        )
    )


def test_a_challenge_s_results_do_not_scroll_sideways_on_a_phone_on_its_side(
    pages: Pages, server: ServeProcess
) -> None:
    """On its side the results stand in a column beside the board and the table scrolls in
    its area, but a word's "learn" for screen readers (absolutely placed) was placed against
    the page, past the table's area: the phone's page grew to 719 px and scrolled sideways."""
    made = make_challenge(server.url, played={"Wolfeschlegelsteinhausen": ["fame"]})
    page = pages.open(server.url + made["path"], **SE_ON_ITS_SIDE)
    play_challenge(page, "ann", tap=True)
    page.wait_for_selector("#challenge-results .learn-one")
    assert sideways(page) == [667, 0]


WITHOUT_HAS = """() => {
  for (const sheet of document.styleSheets) {
    const rules = sheet.cssRules;
    for (let index = rules.length - 1; index >= 0; index -= 1) {
      const rule = rules[index];
      const text = rule.selectorText ?? rule.conditionText ?? "";
      if (text.includes(":has(")) sheet.deleteRule(index);
      else if (rule.cssRules) {
        const inner = rule.cssRules;
        for (let at = inner.length - 1; at >= 0; at -= 1) {
          const innerText = inner[at].selectorText ?? inner[at].conditionText ?? "";
          if (innerText.includes(":has(")) rule.deleteRule(at);
        }
      }
    }
  }
}"""
"""The page's style as a browser without :has() reads it (Safari before 15.4, Firefox before
121): each rule whose selector has it (a browser drops the whole rule) taken out, at the top
and within @media and @supports blocks."""


def test_a_class_s_players_go_in_columns_on_a_projector_without_has(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A class of 14 on a 1024x768 projector whose browser has no :has(): the players' small
    chips in columns beside the board were chosen by :has(> li:nth-child(13)), so there they
    were a player's chips, running down beside the board past the screen's foot."""
    server = clocked_server
    projector = players.open(server.url + "/room", viewport={"width": 1024, "height": 768})
    projector.check("#create-watch")
    code = create_room(projector, "Teacher", seconds="60")
    projector.evaluate(
        """([code, names]) => { window.pupils = names.map(name => {
          const socket = new WebSocket(`ws://${location.host}/ws/rooms`);
          socket.onopen = () => socket.send(JSON.stringify({ type: "join", code, name }));
          return socket;
        }); }""",
        [code, [f"pupil{n:02d}" for n in range(1, 15)]],
    )
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 15")
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #board .cube")
    projector.evaluate(WITHOUT_HAS)
    shown = projector.evaluate("() => getComputedStyle(document.getElementById('players')).display")
    assert shown == "grid"
    last = projector.locator("#players > li").last.bounding_box()
    board = projector.locator("#board").bounding_box()
    assert last is not None and board is not None
    assert last["x"] >= board["x"] + board["width"]  # beside the board
    assert last["y"] + last["height"] <= 768


def test_a_solo_round_s_word_box_is_above_the_keyboard_of_a_narrow_phone_without_has(
    pages: Pages, server: ServeProcess
) -> None:
    """Under 380 px wide /play's round bar takes two lines and the dice leave room for the
    second, where :root:has(body.in-round #play-end) said so: without :has() (Safari before
    15.4) the word box of a 360 px phone went under the keyboard."""
    phone = {"viewport": {"width": 360, "height": 800}, "has_touch": True, "is_mobile": True}
    page = pages.open(server.url + "/play", **phone)
    page.tap("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.evaluate(WITHOUT_HAS)
    page.set_viewport_size({"width": 360, "height": 420})  # what the keyboard leaves
    page.evaluate("() => window.scrollTo(0, 0)")
    for selector in ("#board", "#play-timer", "#play-input"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 420, selector


def test_tap_to_type_covers_the_word_box_on_a_phone_on_its_side(
    players: Pages, server: ServeProcess
) -> None:
    """A room's round started by the host comes to a phone with no tap of its player's:
    "Tap to type a word" covers the word box. On a phone on its side the word box and Add
    take two lines, and the button (one line high) covered Add alone, the word box shown
    above it."""
    host = players.open(server.url + "/room")
    code = create_room(host, "host", seconds="120")
    page = join(players, server, code, "ann", **SE_ON_ITS_SIDE)
    host.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #tap-to-type:not([hidden])")
    form = page.locator("#word-form").bounding_box()
    button = page.locator("#tap-to-type").bounding_box()
    word_box = page.locator("#word-input").bounding_box()
    assert form is not None and button is not None and word_box is not None
    assert form["height"] > 60  # the word box and Add on two lines
    assert button["y"] <= word_box["y"] and button["height"] >= form["height"] - 1


@pytest.mark.parametrize("path", ["/", "/play", "/daily", "/room", "/words"])
def test_the_footer_s_links_are_a_finger_wide(
    pages: Pages, server: ServeProcess, path: str
) -> None:
    """A finger's target is 44 px wide as well as high: the footer's "Home" was 38 px."""
    phone = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}
    page = pages.open(server.url + path, **phone)
    widths = page.eval_on_selector_all(
        "footer.site a", "links => links.map(a => [a.textContent, a.getBoundingClientRect().width])"
    )
    assert widths and all(width >= 44 for _, width in widths), widths


SMALL_PHONE: dict[str, Any] = {
    "viewport": {"width": 320, "height": 568},
    "has_touch": True,
    "is_mobile": True,
}
"""A small phone, 320x568, with touch."""
LONG_NAME = "W" * 24
"""A name as long as the server takes, of one word of wide letters."""


def test_a_long_name_in_a_sentence_does_not_widen_a_small_phone_s_page(
    pages: Pages, server: ServeProcess
) -> None:
    """A name of 24 letters in one word ran past a 320 px screen in the sentences that name
    a player: the room's "WWW... is here: start when ready." (409 px wide), "Not WWW...? Join
    under your name" and a challenge's "You (WWW...) scored ...": the page grew to 425 px and
    scrolled sideways. Now such a name breaks at the screen's edge."""
    host = pages.open(server.url + "/room", **SMALL_PHONE)
    code = create_room(host, LONG_NAME)
    player = join(pages, server, code, "M" * 24, **SMALL_PHONE)
    host.wait_for_selector("#phase:has-text('is here')")
    player.wait_for_selector("#not-you-button:visible")
    assert sideways(host)[1] == 0 and sideways(player)[1] == 0
    made = make_challenge(server.url)
    page = pages.open(server.url + made["path"], **SMALL_PHONE)
    play_challenge(page, LONG_NAME, tap=True)
    assert sideways(page) == [320, 0]
