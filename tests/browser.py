"""Headless Chromium (the system's, driven by Playwright) for the browser tests: the browser,
pages that collect JavaScript errors and Content-Security-Policy violations, and whether an
element is in view (:func:`in_view`, :func:`wait_in_view`).

Needs the `chromium-headless-shell` package, or else `chromium` (`.ci/install-browser` installs
the first); without either a test skips with a reason locally and fails in CI.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
"""The system browsers tried, in order. Chromium's headless shell (Debian's
`chromium-headless-shell`, the build Playwright itself runs headless) comes first: the same
Blink and V8 as `chromium` from the same source, without the desktop browser around them,
it takes about a third of the CPU a page takes in `chromium --headless` (the browser tests
are most of CI's time)."""


def system_chromium() -> str:
    """The system browser's path, or a skip (a failure in CI, where it must be installed)."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    message = (
        "no system Chromium on the PATH: run .ci/install-browser"
        " (apt-get install chromium-headless-shell)"
    )
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def chromium() -> Iterator[Any]:
    """The system Chromium, headless, until the block ends."""
    executable = system_chromium()
    from playwright.sync_api import expect, sync_playwright

    # expect(...) waits as long as a page's own waits do (its default is 5 s)
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


# The style as Safari before 15.4 reads it: a rule whose selector has :focus-visible or :has()
# is dropped, and its own stylesheet draws a ring around whatever has the focus (:focus), a box
# focused by the page as well as by the keyboard.
OLD_SAFARI_STYLE = """() => {
  const unread = /:focus-visible|:has\\(/;
  const drop = (rules) => {
    for (let i = rules.length - 1; i >= 0; i -= 1) {
      const rule = rules[i];
      if (rule.selectorText !== undefined && unread.test(rule.selectorText)) {
        rule.parentRule ? rule.parentRule.deleteRule(i) : rule.parentStyleSheet.deleteRule(i);
      } else if (rule.cssRules) {
        drop(rule.cssRules);
      }
    }
  };
  for (const sheet of document.styleSheets) drop(sheet.cssRules);
  document.styleSheets[0].insertRule(":focus { outline: auto 5px -webkit-focus-ring-color; }", 0);
}"""


PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}
"""A page's context options for a phone: 390x844 CSS pixels, touch, a mobile viewport."""
PHONE_2X: dict[str, Any] = {**PHONE, "device_scale_factor": 2}
"""The phone at two device pixels to a CSS pixel, as screenshots of a real phone are."""
PAGE_TIMEOUT_MS = 60_000
"""How long a browser test waits for a page's state before it fails: long enough for a CI
machine whose two cores also run the other tests' servers and browsers (at a load of 20 a
page took over 20 s to be ready); a passing test never waits it out."""


RECORD_MESSAGES = """(ids) => {
  window.messages = {};
  for (const id of ids) {
    const element = document.getElementById(id);
    window.messages[id] = [];
    new MutationObserver(() => window.messages[id].push(element.textContent))
      .observe(element, { childList: true, characterData: true, subtree: true });
  }
}"""
"""Each live region's text after each change (a batch of a task's changes: its text then),
by id, in ``window.messages``: ``page.evaluate(RECORD_MESSAGES, ["feedback"])``."""


def stop_clock(page: Any) -> None:
    """The page's clock (installed: ``Pages.open(url, clock=True)``) stands still from now
    until the test runs it (``page.clock.run_for``): what the page shows for a moment (a
    verdict's bubble, 1.6 s) is still there however slowly a loaded machine reads it."""
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    page.clock.pause_at(now + timedelta(seconds=1))


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly inside the page's viewport (from top to foot and side
    to side) as it is scrolled now, and not empty."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["height"] > 0
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )


IN_VIEW = """(selector) => {
  const element = document.querySelector(selector);
  if (!element || getComputedStyle(element).visibility === "hidden") return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
    && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
}"""


def wait_in_view(page: Any, selector: str, timeout: float | None = None) -> None:
    """Back once the element is shown and wholly inside the viewport (as :func:`in_view`
    reads it), however the page gets it there (it scrolls after an action), within
    ``timeout`` ms (the page's own limit without one); else an AssertionError that gives
    where the element was."""
    from playwright.sync_api import TimeoutError as TimedOut

    try:
        page.wait_for_function(IN_VIEW, arg=selector, timeout=timeout)
    except TimedOut as error:
        box = page.locator(selector).bounding_box()
        raise AssertionError(f"{selector} is not in view: {box}") from error


class Pages:
    """Pages, each in its own browser context (its own player), opened once the page says
    it is ready; the JavaScript errors and policy violations of all of them in `errors`."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.init_scripts: list[str] = []  # run in every page opened, before the page's own

    def open(self, url: str, *, clock: bool = False, **context_options: Any) -> Any:
        """The page at ``url`` in a new context (a 1000x900 window unless the options,
        Playwright's ``new_context`` arguments, say otherwise); with ``clock`` its timers
        are the test's from the start (Playwright's clock, running until the test stops it:
        :func:`stop_clock`)."""
        context_options.setdefault("viewport", {"width": 1000, "height": 900})
        context = self.browser.new_context(**context_options)
        self.contexts.append(context)
        for script in self.init_scripts:
            context.add_init_script(script)
        opened = context.new_page()
        if clock:
            opened.clock.install()
        opened.set_default_timeout(PAGE_TIMEOUT_MS)
        opened.on("pageerror", lambda error: self.errors.append(str(error)))
        opened.on("console", self._console)
        opened.goto(url)
        opened.wait_for_selector("body[data-ready='true']")
        return opened

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        assert self.errors == [], f"JavaScript errors or policy violations: {self.errors}"


def wait_for_held(
    page: Any, held: list[Any], count: int = 1, what: str = "no check was sent"
) -> None:
    """Wait (up to PAGE_TIMEOUT_MS) until ``count`` requests a route of ``page`` keeps are in
    ``held``: a loaded machine's page took longer than the 5 s this waited once."""
    deadline = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    while len(held) < count and time.monotonic() < deadline:
        page.wait_for_timeout(25)
    assert len(held) >= count, what


def enter_word_held(page: Any, word: str, held: list[Any]) -> None:
    """Type ``word`` in the round's word box and press Enter, then wait until its check is
    held (``held``: the requests a route of ``page`` keeps unanswered)."""
    page.fill("#word-input", word)
    page.press("#word-input", "Enter")
    wait_for_held(page, held)


def device_clock_changes_mid_round(
    page: Any, key: str, round_ms: int, taken_up: Callable[[Any], None]
) -> None:
    """A round on ``page`` (opened with ``clock``) through two changes of the device's clock
    (Date.now(); a phone syncing its time, or its player changing it): an hour forward, and
    the round goes on, a reload taking it up again (``taken_up(page)`` checks it, not ended);
    then an hour back, and the end kept for a reload (``ends`` in sessionStorage's ``key``)
    is at most the round's own ``round_ms`` away, not an hour more.  A second of the page's
    clock runs after each change (its ticks see it), run through, not waited out."""
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    page.clock.set_system_time(now + timedelta(hours=1))
    page.clock.run_for(1000)
    assert page.locator("#word-input").is_enabled()  # not ended: the hour did not pass
    page.reload()
    page.wait_for_selector("#board .cube")
    page.clock.run_for(1000)
    taken_up(page)
    page.clock.set_system_time(now - timedelta(hours=1))
    page.clock.run_for(1000)
    left = page.evaluate("key => JSON.parse(sessionStorage.getItem(key)).ends - Date.now()", key)
    assert 0 < left <= round_ms, left  # the round's own time, not an hour more


def hold_first_check(page: Any) -> list[Any]:
    """The next /api/check of ``page`` held, never answered (a reload then cancels it, as the
    page unloads); every later one goes through to the server. The held request in the list."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/check", hold)
    return held


def listen_as_the_page_is_left(page: Any) -> None:
    """A listener for ``page``'s pagehide (another of its scripts, an extension's, saving
    something as the page goes), as many pages have: between it and the page's other
    listeners the page runs what the unload's cancelled requests rejected (Chromium), as a
    browser that cancels them as a navigation begins (Firefox) runs it before the unload."""
    page.evaluate("() => window.addEventListener('pagehide', () => {})")
