"""What the pages take from the server, in a real browser: headless Chromium (the system's,
driven by Playwright) against `boggle serve`.

A player's name is held to the server's limit (``limits.max_name_length`` of
``GET /api/options``, the library's ``MAX_NAME_LENGTH``) by every name box: a room's, a
challenge's and "Challenge a friend" after a solo round; none has a number of its own (a
server saying another limit is followed).  The daily board's line to share names the word
list by its title, as the page's list does, on one line.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages
from challenge_round import make_challenge
from serve_process import ServeProcess, get_json

from boggle.rooms.limits import MAX_NAME_LENGTH

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
WIDE: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


def name_boxes(pages: Pages, server: ServeProcess) -> dict[str, Any]:
    """Each page with name boxes, opened: the page of each box."""
    room = pages.open(server.url + "/room", **PHONE)
    made = make_challenge(server.url, seconds=60)
    challenge = pages.open(server.url + made["path"], **PHONE)
    solo = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    solo.click("#play-start")
    solo.wait_for_selector("#play-form:not([hidden])")
    solo.click("#play-end")
    solo.wait_for_selector("#challenge-your-name[data-max-chars]")
    return {
        "#create-name": room,
        "#join-name": room,
        "#challenge-name": challenge,
        "#rename-name": challenge,
        "#challenge-your-name": solo,
    }


# a name put in a box, as typed (some boxes are out of sight until asked for: a taken name's)
TYPED = """([box, name]) => {
  const input = document.querySelector(box);
  input.value = name;
  input.dispatchEvent(new Event("input"));
  return [input.validity.valid, input.validationMessage];
}"""


def test_every_name_box_holds_a_name_to_the_server_s_limit(
    pages: Pages, server: ServeProcess
) -> None:
    most = get_json(server.url + "/api/options")["limits"]["max_name_length"]
    assert most == MAX_NAME_LENGTH
    for box, page in name_boxes(pages, server).items():
        assert page.get_attribute(box, "data-max-chars") == str(most), box
        assert page.evaluate(TYPED, [box, "n" * most]) == [True, ""], box
        valid, said = page.evaluate(TYPED, [box, "n" * (most + 1)])
        assert not valid and said.startswith(f"a name is 1 to {most} printable"), (box, said)


def test_a_server_with_another_name_limit_is_followed(pages: Pages, server: ServeProcess) -> None:
    """The limit is the server's, not a number in the page: a server that says 5 has the
    room's name boxes refuse "annabel" (7) and take "ann"."""
    page = pages.open(server.url + "/room", service_workers="block", **PHONE)
    options = get_json(server.url + "/api/options")
    options["limits"]["max_name_length"] = 5
    page.route(
        "**/api/options",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(options)
        ),
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    for box in ("#create-name", "#join-name"):
        assert page.get_attribute(box, "data-max-chars") == "5"
        valid, said = page.evaluate(TYPED, [box, "annabel"])
        assert not valid and said.startswith("a name is 1 to 5 printable characters"), said
        assert page.evaluate(TYPED, [box, "ann"]) == [True, ""]


@pytest.mark.parametrize("screen", [PHONE, WIDE], ids=["390x844", "1280x800"])
def test_the_daily_share_line_names_the_list_as_the_page_does(
    pages: Pages, server: ServeProcess, screen: dict[str, Any]
) -> None:
    page = pages.open(server.url + "/daily?date=2026-11-23", **screen)
    page.wait_for_selector("#daily-dict option", state="attached")
    page.select_option("#daily-dict", "en-80")
    title = page.eval_on_selector("#daily-dict", "select => select.selectedOptions[0].text")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden])")
    share = page.locator("#share-line").text_content() or ""
    assert share.startswith(f"boggle daily 2026-11-23, 4x4, {title}: 0 points"), share
    assert "en-80" not in share and "\n" not in share
    page.locator("#share-line").scroll_into_view_if_needed()
    width = screen["viewport"]["width"]
    page.screenshot(path=str(ARTIFACTS / f"daily-share-{width}.png"))
    # on the screen, the line wraps within the page: nothing scrolls sideways
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
