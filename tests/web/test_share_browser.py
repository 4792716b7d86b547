"""Share buttons beside the Copy ones, where the browser has a share sheet, in a real browser.

On a phone a result or a link went to a friend by Copy, then another app, then a paste. Where
the browser can share (`navigator.share`: phones, on https or this machine) a **Share…**
button beside Copy opens the share sheet with the daily board's line (the round's and the
one kept from earlier today), a room's address, or a challenge's link. Where it cannot (most
computers; headless Chromium here, whose share sheet the tests stand in for) there is none.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from browser import PHONE, Pages
from serve_process import ServeProcess

from boggle.web.lan import LOOPBACK_NAMES, is_loopback_host

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SHARE_SHEET = """
window.shared = [];
navigator.share = (data) => { window.shared.push(data); return Promise.resolve(); };
"""
"""A phone's share sheet, standing in: what the page asked to share, in `window.shared`."""


def shared(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("() => window.shared"))


def daily_result(pages: Pages, server: ServeProcess) -> Any:
    """A phone's page of the daily board with a round played (no word) and its result shown."""
    page = pages.open(server.url + "/daily?date=2026-11-23", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #share-line[data-score]")
    return page


def test_the_daily_result_and_a_room_s_address_open_the_share_sheet(
    pages: Pages, server: ServeProcess
) -> None:
    pages.init_scripts.append(SHARE_SHEET)
    page = daily_result(pages, server)
    page.click("#copy-share-share")
    listed = page.input_value("#daily-dict")  # the same board, to tap
    link = f"{server.url}/daily?date=2026-11-23&size=4&dict={listed}"
    assert shared(page) == [{"text": page.locator("#share-line").text_content(), "url": link}]
    page.reload()  # opened again today: the line kept, shared the same way
    page.wait_for_selector("body[data-ready='true'] #played:not([hidden])")
    page.click("#copy-played-share")
    assert shared(page) == [{"text": page.locator("#played-line").text_content(), "url": link}]

    room = pages.open(server.url + "/room", **PHONE)
    room.fill("#create-name", "ann")
    room.click("#create-button")
    room.wait_for_selector("body[data-code]")
    room.click("#copy-link-share")
    code = room.locator("body").get_attribute("data-code")
    assert shared(room) == [{"url": f"{server.url}/room/{code}"}]


def test_a_challenge_s_link_opens_the_share_sheet(pages: Pages, server: ServeProcess) -> None:
    pages.init_scripts.append(SHARE_SHEET)
    page = pages.open(server.url + "/play?board=fxie+amlo+ewbx+astu", **PHONE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#challenge-button")
    page.fill("#challenge-your-name", "ann")
    page.click("#challenge-button")
    link = page.wait_for_selector("#challenge-link")
    page.click("#challenge-copy-share")
    assert shared(page) == [{"url": link.text_content()}]


def test_without_a_share_sheet_there_is_no_share_button(pages: Pages, server: ServeProcess) -> None:
    page = daily_result(pages, server)
    assert page.evaluate("() => typeof navigator.share") == "undefined"
    assert page.locator(".share-button").count() == 0
    assert page.locator("#copy-share").is_visible()


LAN_SHARE = """
const fetchAsked = window.fetch.bind(window);
window.fetch = (url, options) => String(url) === "/api/share"
  ? Promise.resolve(new Response(JSON.stringify({ urls: ["http://192.168.1.20:8000/"] }),
    { headers: { "Content-Type": "application/json" } }))
  : fetchAsked(url, options);
"""
"""A server started with ``--lan``, standing in: its network address from ``/api/share``."""


def test_the_daily_result_shares_the_lan_address_not_the_machine_s_own(
    pages: Pages, server: ServeProcess
) -> None:
    """The daily board's link to share was on the address the page was opened at: on the
    server's own machine 127.0.0.1, which reaches no friend's phone. Under ``serve --lan``
    it is on the machine's network address, as the room's link is."""
    pages.init_scripts += [SHARE_SHEET, LAN_SHARE]
    page = daily_result(pages, server)
    page.click("#copy-share-share")
    listed = page.input_value("#daily-dict")
    link = f"http://192.168.1.20:8000/daily?date=2026-11-23&size=4&dict={listed}"
    assert shared(page) == [{"text": page.locator("#share-line").text_content(), "url": link}]
    room = pages.open(server.url + "/room", **PHONE)
    room.fill("#create-name", "ann")
    room.click("#create-button")
    room.wait_for_selector("body[data-code]")
    room.click("#copy-link-share")
    code = room.locator("body").get_attribute("data-code")
    assert shared(room) == [{"url": f"http://192.168.1.20:8000/room/{code}"}]


def test_a_challenge_s_links_are_on_the_lan_address_not_the_machine_s_own(
    pages: Pages, server: ServeProcess
) -> None:
    """**Challenge a friend** and the challenge page's "Challenge more friends" gave the link on
    the address the page was opened at: on the server's own machine 127.0.0.1, which reaches
    no friend's phone. Under ``serve --lan`` they are on the machine's network address, as
    the room's and the daily board's links are."""
    pages.init_scripts += [SHARE_SHEET, LAN_SHARE]
    page = pages.open(server.url + "/play?board=fxie+amlo+ewbx+astu", **PHONE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.fill("#challenge-your-name", "ann")
    page.click("#challenge-button")
    link = page.wait_for_selector("#challenge-link")
    code = link.get_attribute("data-code")
    lan = f"http://192.168.1.20:8000/challenge/{code}"
    assert link.text_content() == lan and link.get_attribute("href") == lan
    page.click("#challenge-copy-share")
    assert shared(page) == [{"url": lan}]

    challenge = pages.open(f"{server.url}/challenge/{code}", **PHONE)
    challenge.wait_for_selector("body[data-ready='true']")
    more = challenge.locator("#share-challenge")
    assert more.text_content() == lan and more.get_attribute("href") == lan
    assert page.locator("#challenge-local").is_hidden()  # a friend opens the address given
    assert challenge.locator("#share-local").is_hidden()


LOCAL_ONLY = (
    "Only this device opens 127.0.0.1: for phones on the same Wi-Fi, start the server with"
    " boggle serve --lan, and this page shows the address they open."
)


def test_a_challenge_link_on_a_server_for_this_machine_alone_says_friends_cannot_open_it(
    pages: Pages, server: ServeProcess
) -> None:
    """`boggle serve` without --lan, the page on 127.0.0.1: **Challenge a friend** and the
    challenge page's "Challenge more friends" gave a 127.0.0.1 link that no friend's phone
    opens, and said nothing, where the room's link says so. They say it as the room does."""
    page = pages.open(server.url + "/play?board=fxie+amlo+ewbx+astu", **PHONE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.fill("#challenge-your-name", "ann")
    page.click("#challenge-button")
    code = page.wait_for_selector("#challenge-link").get_attribute("data-code")
    said = page.locator("#challenge-local")
    assert said.is_visible() and said.inner_text() == LOCAL_ONLY
    assert said.locator("code").evaluate("code => code.getClientRects().length") == 1
    page.goto(f"{server.url}/challenge/{code}")  # the maker: the results and the link to send
    page.wait_for_selector("body[data-phase='results']")
    more = page.locator("#share-local")
    more.wait_for(state="visible")
    assert more.inner_text() == LOCAL_ONLY


def test_the_daily_result_on_a_server_for_this_machine_alone_says_friends_cannot_open_it(
    pages: Pages, server: ServeProcess
) -> None:
    """`boggle serve` without --lan, the page on 127.0.0.1: the daily board's **Copy the
    result** copies a 127.0.0.1 link no friend's phone opens, and said nothing, where the
    room's and a challenge's links say so. It says it as they do, once: **Challenge a
    friend** under it does not say it again; and so does today's result kept on a reload."""
    page = daily_result(pages, server)
    said = page.locator("#share-local")
    assert said.is_visible() and said.inner_text() == LOCAL_ONLY
    page.fill("#challenge-your-name", "ann")
    page.click("#challenge-button")
    page.wait_for_selector("#challenge-link")
    assert page.locator("#challenge-local").is_hidden()  # said once, under the result
    assert page.locator("text=Only this device opens").count() == 1
    page.reload()
    page.wait_for_selector("body[data-ready='true'] #played:not([hidden])")
    kept = page.locator("#played-local")
    assert kept.is_visible() and kept.inner_text() == LOCAL_ONLY


def test_the_daily_missed_words_heading_says_their_order_as_the_server_lists_them(
    pages: Pages, server: ServeProcess
) -> None:
    """ "Words you did not find (..., common first)" on a server without word frequencies (no
    wordfreq: ``levels`` null), which lists them best first: the heading says "best first"
    there, as a room's does."""

    def without_frequencies(route: Any) -> None:
        body = route.fetch().json()
        body["levels"] = None
        for word in body["unfound"]:
            word.pop("level", None)
            word.pop("zipf", None)
        route.fulfill(json=body)

    page = pages.open(server.url + "/daily?date=2026-11-22", **PHONE)
    page.route("**/api/daily/result", without_frequencies)
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #share-line[data-score]")
    assert page.locator("#unfound-title").inner_text().endswith(", best first)")


LOOPBACK_CASES = [
    *LOOPBACK_NAMES,
    "LocalHost",
    "127.0.0.2",
    "0.0.0.0",
    "192.168.1.20",
    "[fd00::20]",
    "[::ffff:127.0.0.1]",
    "studio",
    "localhost.localdomain",
]


def test_the_page_and_the_server_take_the_same_addresses_for_this_machine_alone(
    pages: Pages, server: ServeProcess
) -> None:
    """The loopback names are written twice, in two languages: board.js LOOPBACK (the pages'
    note "Only this device opens ...", and the address they share) and lan.py LOOPBACK_NAMES
    (a challenge's `url` made on this machine): the same cases, the same answer."""
    page = pages.open(server.url + "/room")
    addresses = [f"http://{host}:8000/room/ABC234" for host in LOOPBACK_CASES]
    local = page.evaluate(
        """async (addresses) => {
          const { sayLocalOnly } = await import('/static/board.js');
          return addresses.map((address) => sayLocalOnly(document.createElement('p'), address));
        }""",
        addresses,
    )
    held = [is_loopback_host(urlsplit(address).hostname or "") for address in addresses]
    assert dict(zip(LOOPBACK_CASES, local, strict=True)) == dict(
        zip(LOOPBACK_CASES, held, strict=True)
    )
    assert sum(held) == 4  # the three names, in any case
