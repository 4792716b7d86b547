"""The web app can be added to a phone's home screen: a manifest with icons drawn here
(scripts/draw_icons.py), and a service worker that keeps the pages and static files, never
the API, so a reload on a flaky connection still shows the page (in a real browser:
headless Chromium; without it that test skips with a reason locally and fails in CI)."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from typing import Any

import pytest
import script_modules

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from browser import Pages
from fastapi.testclient import TestClient
from serve_process import serving

from boggle.web.app import WebConfig, create_app
from boggle.web.pages import STATIC, static_version

ROOT = Path(__file__).resolve().parents[2]
OFFLINE_MESSAGE = (
    "you are offline: try again once connected (the boards and their words come from the server)"
)
NOTHING_KEPT = (
    "you are offline, and no board is kept for offline play with these settings: "
    "the play page keeps some while connected"
)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("path", ["/", "/solve", "/room", "/daily"])
def test_every_page_names_the_manifest_and_icons(client: TestClient, path: str) -> None:
    html = client.get(path).text
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in html
    assert 'rel="icon" href="/static/icons/icon.svg"' in html


def test_the_manifest_and_its_icons(client: TestClient) -> None:
    answer = client.get("/static/manifest.webmanifest")
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200, icon["src"]
        assert image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(image.content)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_the_icons_are_the_ones_the_script_draws() -> None:
    draw_icons: Any = script_modules.load_script("draw_icons", ROOT / "scripts" / "draw_icons.py")
    assert (draw_icons.ICONS / "icon.svg").read_text(encoding="utf-8") == draw_icons.svg()
    small = draw_icons.png(24)  # the PNG writer, on a size quick to draw
    assert png_size(small) == (24, 24)
    for size in draw_icons.SIZES:
        assert png_size((draw_icons.ICONS / f"icon-{size}.png").read_bytes()) == (size, size)
        maskable = draw_icons.ICONS / f"icon-maskable-{size}.png"
        assert png_size(maskable.read_bytes()) == (size, size)


def test_the_maskable_icons_keep_the_dice_inside_the_safe_zone(client: TestClient) -> None:
    """A home screen that cuts the icon to a circle (the safe zone: radius 40% of the side)
    cuts none of a maskable icon's dice; the plain icon, filling the square, would lose the
    corner dice's corners."""
    draw_icons: Any = script_modules.load_script("draw_icons", ROOT / "scripts" / "draw_icons.py")
    manifest = client.get("/static/manifest.webmanifest").json()
    maskable = [icon["src"] for icon in manifest["icons"] if icon["purpose"] == "maskable"]
    assert maskable == [f"/static/icons/icon-maskable-{size}.png" for size in draw_icons.SIZES]
    side = 40  # small: quick to draw

    def outside_the_circle(scale: float) -> set[bytes]:
        rows = draw_icons.pixels(side, scale)
        colours = set()
        for y, row in enumerate(rows):
            for x in range(side):
                distance = ((x + 0.5 - side / 2) ** 2 + (y + 0.5 - side / 2) ** 2) ** 0.5
                if distance > draw_icons.SAFE_RADIUS * side:
                    colours.add(row[3 * x : 3 * x + 3])
        return colours

    assert outside_the_circle(draw_icons.MASKABLE_SCALE) == {bytes(draw_icons.BOARD)}
    assert outside_the_circle(1.0) != {bytes(draw_icons.BOARD)}


def test_the_service_worker_is_served_from_the_root(client: TestClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"
    # its cache is named after the static files: an upgrade gives a new worker, a new cache
    assert f'const VERSION = "{static_version()}";' in answer.text


def test_the_service_worker_keeps_every_script_and_the_stylesheet() -> None:
    """The worker's cache, filled at install, has every script a page may load: a page
    offline never runs a script of an older version kept from before an upgrade."""
    source = (STATIC / "sw.js").read_text(encoding="utf-8")
    listed = re.search(r"const FILES = \[([^\]]*)\];", source)
    assert listed is not None
    files = set(re.findall(r'"([^"]+)"', listed.group(1)))
    on_disk = {path.name for path in STATIC.glob("*.js") if path.name != "sw.js"}
    assert files == on_disk | {"style.css"}


def test_a_reload_offline_still_shows_the_page_but_not_the_api(pages: Pages) -> None:
    with serving(None, "--solve-timeout", "60") as server:  # the limit is not tested here
        page = pages.open(server.url + "/daily")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()  # now under the worker, which keeps what the page loads
        page.wait_for_selector("body[data-ready='true']")
        # the worker's one cache is named after the server's static files
        assert page.evaluate("() => caches.keys()") == [f"boggle-static-{static_version()}"]
        kept = page.evaluate(
            f"async () => (await (await caches.open('boggle-static-{static_version()}')).keys())"
            ".map(r => new URL(r.url).pathname)"
        )
        assert "/daily" in kept and "/static/style.css" in kept and "/static/daily.js" in kept
        # every script is kept at install, not only those of the pages visited
        assert "/static/room.js" in kept and "/static/words.js" in kept
        assert not [path for path in kept if not (path.startswith("/static/") or "." not in path)]
        assert not [path for path in kept if path.startswith("/api/")]
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='true']")  # the page and its scripts, from the cache
    assert page.locator("#daily-start").is_visible()
    # the word lists (API) did not come: the page says why in a player's words, and no
    # request left failing unheeded (the options' answer awaited after the lists' failed)
    assert page.locator("#error").text_content() == OFFLINE_MESSAGE
    page.context.set_offline(False)


def test_after_one_visit_to_the_front_page_the_others_open_offline(pages: Pages) -> None:
    """A phone that opened the front page once (say, to add it to the home screen) and is
    then offline: solo play, the daily board and My words still open, with their scripts,
    and Start says the player is offline (with no board kept for offline play, the play page
    never opened while online) rather than naming `boggle serve`."""
    with serving(None) as server:
        page = pages.open(server.url + "/")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.context.set_offline(True)
        for path in ["/play", "/daily", "/words"]:
            page.goto(server.url + path)
            page.wait_for_selector("body[data-ready='true']")
        page.goto(server.url + "/play")
        page.wait_for_selector("body[data-ready='true']")
        page.click("#play-start")
        expect = pytest.importorskip("playwright.sync_api").expect
        # no board kept for offline play (the play page keeps them: tests/web/test_offline_*)
        expect(page.locator("#error")).to_have_text(NOTHING_KEPT)
        page.context.set_offline(False)
