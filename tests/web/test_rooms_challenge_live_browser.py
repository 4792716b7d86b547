"""The challenge a room's host made of a round (kept by the room, in every ``room`` message)
on the pages of the room as they are, live (headless Chromium driven by Playwright): a page
showed it only once reloaded.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import pytest
from browser import Pages
from browser_fixtures import ClockedServer
from room_page import ONE_ROUND, create_room, join, play_one_round_match

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def test_the_room_s_challenge_shows_on_the_new_host_s_page_without_a_reload(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Ann (the host) made a challenge of the round and left; the role passed to Bob, whose
    results kept "Challenge a friend" (a challenge of his own words) until he reloaded the
    page, which then showed the room's link. The room's message that makes him host draws
    it at once, as the reload did."""
    server = clocked_server
    expect = playwright_api.expect
    ann = players.open(server.url + "/room")
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob")
    ann.wait_for_selector("#players li[data-name='bob']")
    play_one_round_match(server, [ann, bob], [[], ["fame"]])
    assert bob.locator("#challenge-button").inner_text() == "Challenge a friend"
    ann.fill("#challenge-your-name", "ann")
    ann.click("#challenge-button")
    made = ann.wait_for_selector("#challenge-link").get_attribute("data-code")
    assert made
    expect(bob.locator("#challenge-link")).to_have_count(0)  # the host's, not a player's
    ann.click("#leave-button")
    expect(bob.locator("#rematch-button")).to_be_visible()  # bob is the host now
    expect(bob.locator("#challenge-link")).to_have_attribute("data-code", made)
    expect(bob.locator("#challenge-button")).to_have_count(0)
    bob.reload()  # what a reload shows: the same
    bob.wait_for_selector("body[data-phase='over'] #results:visible #challenge-link")
    assert bob.locator("#challenge-link").get_attribute("data-code") == made


def test_the_tab_that_takes_the_host_s_seat_back_shows_the_challenge_made_meanwhile(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The host's seat is played on one page at a time: another tab (or device) opening the
    room takes it, and the first says so with "Back to the room". A challenge made on the
    other tab is on the first once it takes the seat back, without a reload."""
    server = clocked_server
    ann = players.open(server.url + "/room")
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob")
    ann.wait_for_selector("#players li[data-name='bob']")
    play_one_round_match(server, [ann, bob], [[], ["fame"]])
    link = ann.locator("#room-link").get_attribute("href") or ""
    other = ann.context.new_page()
    other.goto(server.url + link)
    other.wait_for_selector("body[data-phase='over'] #results:visible #challenge-button")
    ann.wait_for_selector("#seat-button:visible")
    other.fill("#challenge-your-name", "ann")
    other.click("#challenge-button")
    made = other.wait_for_selector("#challenge-link").get_attribute("data-code")
    ann.click("#seat-button")
    ann.wait_for_selector("body[data-phase='over'] #results:visible #challenge-link")
    assert ann.locator("#challenge-link").get_attribute("data-code") == made
