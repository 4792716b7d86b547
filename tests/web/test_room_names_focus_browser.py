"""Where the keyboard and the screen are after a room's name form is answered (headless
Chromium driven by Playwright): on a phone "Change your name" scrolled the page to its top and
put the focus on "Room CODE", the notice "You are Pippa now." out of sight; a name taken (a
Join's or a rename's) left the focus on the button pressed, not in the name box to retype.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages
from browser_fixtures import ClockedServer
from room_page import ONE_ROUND, create_room, join, play_one_round_match

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 640},
    "has_touch": True,
    "is_mobile": True,
}
IN_VIEW = """(id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
}"""
FOCUSED = """() => {
  const active = document.activeElement;
  const near = active.parentElement?.closest("[id]")?.id || "";
  return [active.id || active.tagName.toLowerCase(), near,
          active.selectionStart ?? null, active.selectionEnd ?? null];
}"""
"""The focused element (its id, or its tag), the id of the nearest element above it
that has one, and what of its text is selected (a text box's)."""


def test_a_phone_s_rename_keeps_its_place_and_shows_the_notice(
    players: Pages, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    ann = players.open(server.url + "/room")
    code = create_room(ann, "ann", **ONE_ROUND)
    phone = join(players, server, code, "pip", **PHONE)
    ann.wait_for_selector("#players li[data-name='pip']")
    play_one_round_match(server, [ann, phone], [["fame"], []])
    phone.locator("#rename summary").scroll_into_view_if_needed()
    phone.locator("#rename summary").tap()
    # the box holds the name to change once its toggle event (a task after the tap) has run:
    # filled before, "Pippa" was typed after "pip" put in ("pipPippa")
    playwright_api.expect(phone.locator("#rename-name")).to_have_value("pip")
    phone.fill("#rename-name", "Pippa")
    assert phone.evaluate("() => window.scrollY") > 0, "the form was in view at the top"
    phone.locator("#rename-button").tap()
    # the room's update (the players' line drawn again) comes after `renamed`
    phone.wait_for_selector("#players li[data-name='Pippa']")
    assert phone.text_content("#notice") == "You are Pippa now."
    _, near, *_ = phone.evaluate(FOCUSED)
    assert near == "rename", "the focus left the rename's place"
    assert phone.evaluate("() => window.scrollY") > 0, "the page jumped to its top"
    assert phone.evaluate(IN_VIEW, "notice"), "the notice is out of sight"


def test_a_name_taken_puts_the_focus_back_in_the_name_box(
    players: Pages, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    ann = players.open(server.url + "/room")
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = players.open(f"{server.url}/room/{code}")
    bob.fill("#join-name", "ann")
    bob.click("#join-button")
    bob.wait_for_selector("#error:visible")
    assert bob.text_content("#error") == "the name 'ann' is taken in this room"
    assert bob.evaluate(FOCUSED) == ["join-name", "join-form", 0, 3]
    assert bob.get_attribute("#join-name", "aria-describedby") == "error"
    bob.keyboard.type("bob")  # typed over the name selected
    bob.keyboard.press("Enter")
    bob.wait_for_selector(f"body[data-code='{code}'][data-phase='lobby']")
    assert bob.locator("#join-name").get_attribute("aria-describedby") is None

    bob.click("#rename summary")
    # the name to change, filled when the box has opened (its toggle event comes after the
    # click): "ann" filled before it went after "bob", a rename to "bobann", no error
    playwright_api.expect(bob.locator("#rename-name")).to_have_value("bob")
    bob.fill("#rename-name", "ann")
    bob.click("#rename-button")
    bob.wait_for_selector("#error:visible")
    assert bob.evaluate(FOCUSED) == ["rename-name", "rename-form", 0, 3]
    assert bob.get_attribute("#rename-name", "aria-describedby") == "error"
    bob.keyboard.type("Bobby")
    bob.keyboard.press("Enter")
    bob.wait_for_selector("#players li[data-name='Bobby']")
    assert bob.locator("#error").is_hidden()
    assert bob.locator("#rename-name").get_attribute("aria-describedby") is None
