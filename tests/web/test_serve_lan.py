"""``boggle serve --lan``: the address other devices open, printed with a QR code, answered
for; an unknown host name still refused.  And the room page's share address, QR code and
"Copy link" on plain http, in a real browser (headless Chromium; without it those skip with
a reason locally and fail in CI)."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("segno", reason="the web extra (segno) is not installed")
from browser import Pages
from fastapi.testclient import TestClient
from serve_process import ServeProcess, serving

from boggle.web.app import WebConfig, create_app
from boggle.web.lan import lan_addresses

ADDRESSES = lan_addresses()


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServeProcess, str]]:
    """`boggle serve --lan` and what it printed before it began serving."""
    if not ADDRESSES:
        pytest.skip("this machine has no network address besides loopback")
    with serving(tmp_path_factory.mktemp("data"), "--lan", warm=False) as running:
        yield running, "".join(running.output)  # up to "serving on ... (Ctrl-C stops)"


def status_with_host(server: ServeProcess, host: str) -> int:
    request = urllib.request.Request(server.url + "/api/health", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def test_serve_lan_prints_a_network_address_and_answers_for_it(
    lan_server: tuple[ServeProcess, str],
) -> None:
    server, said = lan_server
    urls = re.findall(r"^  (http://\S+)$", said, flags=re.M)
    assert urls, said
    first = re.fullmatch(r"http://([0-9.]+):(\d+)/", urls[0])
    assert first and first.group(1) in ADDRESSES and first.group(1) != "127.0.0.1"
    assert int(first.group(2)) == server.port
    assert "▄" in said or "█" in said, "no QR code drawn"
    assert status_with_host(server, f"{first.group(1)}:{server.port}") == 200
    assert status_with_host(server, f"127.0.0.1:{server.port}") == 200
    assert status_with_host(server, "rebinding.example") == 400
    # and the address answers from the network, not only on loopback
    with urllib.request.urlopen(urls[0] + "api/share", timeout=10) as answer:
        assert answer.read().decode().count(urls[0]) == 1


def test_share_addresses_and_qr_codes_only_of_links_to_this_server() -> None:
    shared = ("http://192.168.1.20:8000/",)
    client = TestClient(create_app(WebConfig(preload=False, share_urls=shared)))
    assert client.get("/api/share").json() == {"urls": list(shared)}
    code = client.get("/api/share/qr.svg", params={"url": shared[0] + "room/ABC234"})
    assert code.status_code == 200 and code.headers["content-type"] == "image/svg+xml"
    assert code.text.startswith("<?xml") and "<svg" in code.text
    own = client.get("/api/share/qr.svg", params={"url": "http://testserver/room/ABC234"})
    assert own.status_code == 200
    for url in ("http://elsewhere.example/", "javascript:alert(1)", "x" * 301):
        refused = client.get("/api/share/qr.svg", params={"url": url})
        assert refused.status_code in (400, 422) and "error" in refused.json()


def test_the_room_page_shares_the_network_address_and_copies_it_on_plain_http(
    lan_server: tuple[ServeProcess, str], pages: Pages
) -> None:
    server, said = lan_server
    shared = re.findall(r"^  (http://\S+)$", said, flags=re.M)[0]
    page: Any = pages.open(server.url + "/room")
    # as on a plain-http network address: no Clipboard API
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert page.evaluate("() => navigator.clipboard") is None
    page.fill("#create-name", "ann")
    page.click("#create-button")
    page.wait_for_selector("body[data-code]")
    code = page.locator("body").get_attribute("data-code")
    link = page.locator("#room-link")
    assert link.text_content() == f"{shared}room/{code}"
    assert link.get_attribute("href") == f"{shared}room/{code}"
    assert page.locator("#share-local").is_hidden()  # the address shared reaches the others
    page.wait_for_function("() => document.getElementById('room-qr').naturalWidth > 0")
    page.click("#copy-link")
    page.wait_for_selector("#copy-link[data-copied='true']")
    assert page.locator("#copy-link").text_content() == "Copied"
