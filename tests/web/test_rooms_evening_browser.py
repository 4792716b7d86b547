"""A club's evening in one room, on the room page: the evening's standings over its
rematches shown after a match, and what happens without the player acting (a player gone,
the connection lost) seen wherever the results are scrolled to."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import PHONE_2X as PHONE
from browser import Pages, in_view
from browser_fixtures import ClockedServer
from room_page import ONE_ROUND, create_room, join, play_one_round_match

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SHOTS = Path("/tmp/roomsb33")
PROJECTOR = {"viewport": {"width": 1280, "height": 800}}


def test_the_evening_over_the_rematches_is_shown_under_the_match_s_standings(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The evening's standings over a room's rematches were only in standings.csv: after a
    second match the room page shows them under the match's standings (the server's
    ``evening``), on a phone and on the organiser's projector; not after the first."""
    server = clocked_server
    SHOTS.mkdir(exist_ok=True)
    projector = players.open(server.url + "/room", **PROJECTOR)
    code = create_room(projector, "Club", **ONE_ROUND)
    ann = join(players, server, code, "ann", **PHONE)
    bob = join(players, server, code, "bob", **PHONE)
    pages = [projector, ann, bob]
    play_one_round_match(server, pages, [[], ["fame"], []])
    assert ann.locator("#evening").is_hidden()  # one match: its standings are the evening
    projector.click("#rematch-button")
    for page in pages:
        page.wait_for_selector("body[data-phase='lobby']")
    play_one_round_match(server, pages, [[], ["fame"], ["limbo", "mile"]])
    for page in pages:
        page.wait_for_selector("#evening:not([hidden])")
        assert page.locator("#evening-title").inner_text() == "The evening: 2 matches"
        rows = page.locator("#evening-standings tbody tr")
        assert [rows.nth(n).get_attribute("data-name") for n in range(rows.count())] == [
            "bob",
            "ann",
            "Club",
        ]
        assert rows.first.locator("td").all_inner_texts() == ["1", "bob", "1", "3"]
        assert rows.nth(1).locator("td").all_inner_texts() == ["2", "ann", "1", "2"]
        assert page.locator("#evening-more").is_hidden()
        # under the match's standings, before each player's words
        top = page.locator("#evening").bounding_box()
        assert top is not None
        standings = page.locator("#standings").bounding_box()
        words = page.locator("#result-players").bounding_box()
        assert standings is not None and words is not None
        assert standings["y"] < top["y"] < words["y"]
    for page, name in ((ann, "phone"), (projector, "projector")):
        page.locator("#evening").scroll_into_view_if_needed()
        assert in_view(page, "#evening-standings")
        page.screenshot(path=str(SHOTS / f"room-evening-{name}.png"))


@pytest.mark.parametrize("screen", ["phone", "projector"])
def test_a_player_gone_and_the_connection_lost_are_seen_scrolled_down_the_results(
    players: Pages, clocked_server: ClockedServer, screen: str
) -> None:
    """A line "bob left the room." and "connection lost; reconnecting…" stood beside the room's
    buttons, off a phone's screen once the player had scrolled down the results: a player
    gone is shown in a toast at the foot of the screen, the connection lost in a banner at
    its top until it is back; their lines, the polite live regions, still say them."""
    server = clocked_server
    SHOTS.mkdir(exist_ok=True)
    size = PHONE if screen == "phone" else PROJECTOR
    ann = players.open(server.url + "/room", **size)
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob", **size)
    cy = join(players, server, code, "cy", **size)
    play_one_round_match(server, [ann, bob, cy], [["fame", "mile"], ["limbo"], []])
    ann.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    ann.wait_for_function("() => window.scrollY > 0")
    assert not in_view(ann, "#phase")

    bob.click("#leave-button")
    bob.wait_for_selector("#entry:not([hidden])")
    toast = ann.locator("#room-toast")
    ann.wait_for_selector("#room-toast.toast-shown")
    assert toast.inner_text() == "bob left the room."
    assert toast.get_attribute("aria-hidden") == "true"  # #who-left says it
    assert ann.locator("#who-left").inner_text() == "bob left the room."
    assert ann.locator("#who-left").get_attribute("role") == "status"
    assert in_view(ann, "#room-toast")
    ann.wait_for_function(
        "() => getComputedStyle(document.getElementById('room-toast')).opacity === '1'"
    )
    ann.screenshot(path=str(SHOTS / f"room-player-left-toast-{screen}.png"))

    cy.context.set_offline(True)
    cy.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    cy.wait_for_selector("#connection-banner:not([hidden])")
    banner = cy.locator("#connection-banner")
    assert banner.inner_text() == "connection lost; reconnecting…"
    assert cy.locator("#notice").inner_text() == "connection lost; reconnecting…"
    assert cy.locator("#notice").get_attribute("role") == "status"
    assert cy.evaluate("() => window.scrollY") > 0
    assert in_view(cy, "#connection-banner")
    box = banner.bounding_box()
    assert box is not None and box["y"] == 0 and box["width"] == cy.viewport_size["width"]
    cy.screenshot(path=str(SHOTS / f"room-reconnecting-banner-{screen}.png"))
    cy.context.set_offline(False)
    cy.wait_for_selector("#connection-banner", state="hidden", timeout=20000)
    assert cy.locator("#notice").is_hidden()

    ann.context.set_offline(True)  # the host's connection gone: cy, scrolled down, sees it
    cy.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    cy.wait_for_function(
        "() => document.getElementById('room-toast').textContent"
        " === 'ann (host) has lost the connection.'"
    )
    assert cy.locator("#room-toast.toast-shown").count() == 1
    assert cy.locator("#host-away").inner_text().startswith("ann (host) has lost the connection:")
    assert in_view(cy, "#room-toast")
