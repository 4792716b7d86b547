"""A button beside a field has the field's top and height, on a phone (390x844) and on a
desktop (1280 wide), measured by bounding boxes in a real browser (headless Chromium, the
system's, driven by Playwright) against `boggle serve`: on a phone the Roll button sat 2 px
above the Seed box (the box's margin in its label), and on a desktop the Solve button was
3 px lower than the board box, a select 2 px higher than the Start button beside it.

The page also sends a seed past 2^53 as its digits (a Number rounded it to another seed).

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import PAGE_TIMEOUT_MS, PHONE, Pages
from serve_process import ServeProcess

from boggle.dice.cubes import MAX_SEED, roll_board

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}

READY = {
    "/play": "#roll-button:not([disabled])",
    "/room": "#join-button:not([disabled])",
    "/daily": "#daily-start:not([disabled])",
}
"""The pages with a button beside a field, and what each shows once it can be used."""

# every shown button whose box is on a field's line and within a gap of it
BESIDE = """() => {
  const shown = (e) => e.getClientRects().length > 0
    && getComputedStyle(e).visibility === "visible";
  const fields = [...document.querySelectorAll(
    "input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]), select")]
    .filter(shown);
  const pairs = [];
  for (const button of [...document.querySelectorAll("button")].filter(shown)) {
    const b = button.getBoundingClientRect();
    for (const field of fields) {
      const f = field.getBoundingClientRect();
      const sameLine = b.top < f.bottom && f.top < b.bottom;
      const gap = Math.min(Math.abs(b.left - f.right), Math.abs(f.left - b.right));
      if (sameLine && gap <= 24) {
        pairs.push({button: button.id || button.textContent.trim(), field: field.id,
                    top: [b.top, f.top], height: [b.height, f.height]});
      }
    }
  }
  return pairs;
}"""


def misaligned(page: Any) -> tuple[list[str], list[str]]:
    """The pairs of a button and the field beside it, and those whose tops or heights
    differ by more than a quarter pixel (sub-pixel layout)."""
    pairs = page.evaluate(BESIDE)
    names = [f"#{p['button']} by #{p['field']}" for p in pairs]
    wrong = [
        f"#{p['button']} by #{p['field']}: tops {p['top']}, heights {p['height']}"
        for p in pairs
        if abs(p["top"][0] - p["top"][1]) > 0.25 or abs(p["height"][0] - p["height"][1]) > 0.25
    ]
    return names, wrong


@pytest.mark.parametrize("screen", SCREENS)
def test_a_button_beside_a_field_has_its_top_and_height(
    server: ServeProcess, pages: Pages, screen: str
) -> None:
    seen: list[str] = []
    wrong: list[str] = []
    for path, ready in READY.items():
        page = pages.open(server.url + path, **SCREENS[screen])
        page.wait_for_selector(ready, timeout=PAGE_TIMEOUT_MS)
        names, bad = misaligned(page)
        seen += [f"{path} {name}" for name in names]
        wrong += [f"{path} {problem}" for problem in bad]
    assert "/play #roll-button by #seed-input" in seen, seen
    assert "/play #solve-button by #board-input" in seen, seen
    assert wrong == [], wrong


def test_the_page_rolls_a_seed_past_2_to_the_53_as_typed(
    server: ServeProcess, pages: Pages
) -> None:
    page = pages.open(server.url + "/play", **PHONE)
    page.wait_for_selector("#roll-button:not([disabled])", timeout=PAGE_TIMEOUT_MS)
    page.fill("#seed-input", str(MAX_SEED))
    page.click("#roll-button")
    rolled = str(roll_board("new", MAX_SEED))
    page.wait_for_function(
        f"() => document.querySelector('#board-input').value === {rolled!r}",
        timeout=PAGE_TIMEOUT_MS,
    )
    assert page.text_content("#seed-last") == f"Last seed: {MAX_SEED}"


# The placeholder's text width (the input's own font, drawn on a canvas) beside the room
# inside the box, and the last-seed line's scrollWidth beside its clientWidth.
FITS = """() => {
  const box = document.getElementById('seed-input');
  const style = getComputedStyle(box);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const line = document.getElementById('seed-last');
  return { placeholder: box.placeholder, wide: context.measureText(box.placeholder).width, room,
           lineText: line ? line.textContent : '', lineShown: Boolean(line && !line.hidden),
           lineScroll: line ? line.scrollWidth : 0, lineClient: line ? line.clientWidth : 0 };
}"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_last_seed_is_said_whole_on_a_phone(
    server: ServeProcess, pages: Pages, width: int
) -> None:
    """After a roll of the widest seed, its digits are all readable at a phone's width: the
    box's placeholder fits the box, and the line saying the last seed fits its own width."""
    page = pages.open(server.url + "/play", viewport={"width": width, "height": 844})
    page.wait_for_selector("#roll-button:not([disabled])", timeout=PAGE_TIMEOUT_MS)
    page.fill("#seed-input", str(MAX_SEED))
    page.click("#roll-button")
    page.wait_for_function(
        "() => document.querySelector('#board-input').value !== ''", timeout=PAGE_TIMEOUT_MS
    )
    page.fill("#seed-input", "")
    fits = page.evaluate(FITS)
    assert fits["wide"] <= fits["room"], fits
    assert fits["lineShown"] and str(MAX_SEED) in fits["lineText"], fits
    assert fits["lineScroll"] <= fits["lineClient"], fits
    assert page.get_attribute("#seed-input", "aria-describedby") == "seed-last"
