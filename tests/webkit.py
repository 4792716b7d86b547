"""WebKit, Safari's engine, for the browser tests: Debian's WebKitGTK (its MiniBrowser driven
by WebKitWebDriver through Selenium) on a virtual X display of the test's own (Xvfb), in
windows whose page is a phone's 390x844.

Playwright's own WebKit cannot be downloaded where the tests run; WebKitGTK is Debian's
(`.ci/install-webkit` installs `webkit2gtk-driver` and `xvfb`). Without them, or without
Selenium, a test skips with a reason locally and fails in CI.

WebKitGTK's WebDriver has no console log and no script run before a page's own, so each
page gets a collector of its JavaScript errors, unhandled promise rejections and
Content-Security-Policy violations as soon as it has loaded (:data:`COLLECT_ERRORS`); an
error while the page starts shows as a page that never says it is ready.
"""

from __future__ import annotations

import glob
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
"""The page's size in a WebKit window: an iPhone's (12 to 15) in CSS pixels."""

WAIT_SECONDS = 60
"""How long a WebKit test waits for a page's state before it fails (as the Chromium tests'
``PAGE_TIMEOUT_MS``): long enough for a loaded CI machine; a passing test never waits it out."""

ASK_SECONDS = 2 * WAIT_SECONDS
"""How long one WebDriver command may take before it fails: without a limit, a driver that
never started its browser (seen once here on a loaded machine) held its test for ever."""

START_TRIES = 2
"""Drivers tried for a window: a session that does not start within :data:`ASK_SECONDS`
is given up and a fresh driver started."""

# MiniBrowser's toolbar is wider than a phone: GTK's own style sheet (read from
# $XDG_CONFIG_HOME/gtk-3.0/gtk.css) shrinks it, so the window, and the page, can be 390 px wide.
# Only the browser's chrome is styled so: a page's controls are drawn by WebKit itself.
SMALL_TOOLBAR_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n"

COLLECT_ERRORS = """
if (!window.webkitTestErrors) {
  const errors = window.webkitTestErrors = [];
  window.addEventListener("error", (event) => {
    errors.push(`${event.message} (${event.filename}:${event.lineno})`);
  });
  window.addEventListener("unhandledrejection", (event) => {
    errors.push(`unhandled rejection: ${event.reason}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    errors.push(`policy violation: ${event.violatedDirective} ${event.blockedURI}`);
  });
}
"""
"""The page's errors, gathered in ``window.webkitTestErrors`` from now on."""


def need(found: str | None, message: str) -> str:
    """``found``, or a skip that says ``message`` (a failure in CI, where it must be there)."""
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def webkit_programs() -> tuple[str, str, str]:
    """WebKitWebDriver's, MiniBrowser's and Xvfb's paths, or a skip that says which is missing."""
    install = "run .ci/install-webkit (apt-get install webkit2gtk-driver xvfb)"
    driver = need(shutil.which("WebKitWebDriver"), f"no WebKitWebDriver on the PATH: {install}")
    browsers = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    browser = need(browsers[-1] if browsers else None, f"no WebKitGTK MiniBrowser: {install}")
    xvfb = need(shutil.which("Xvfb"), f"no Xvfb on the PATH: {install}")
    try:
        import selenium  # noqa: F401 - the [test] extra's
    except ImportError:
        need(None, 'selenium is not installed: pip install ".[test]"')
    return driver, browser, xvfb


@contextmanager
def virtual_display(xvfb: str) -> Iterator[str]:
    """An X display of its own (":N", the first number free: Xvfb picks it) until the block
    ends, for browsers that need one."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write_end)
    try:
        ready, _, _ = select.select([read_end], [], [], WAIT_SECONDS)
        number = os.read(read_end, 16).decode().strip() if ready else ""
        if not number:
            server.kill()
            _, error = server.communicate()
            raise RuntimeError(f"Xvfb gave no display: {error.decode(errors='replace')}")
        yield f":{number}"
    finally:
        os.close(read_end)
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them, ... (read from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is still running (an exited process not yet reaped is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def end_processes(pids: list[int], grace: float = 10) -> None:
    """Each of ``pids`` gone: waited for up to ``grace`` seconds, then killed."""
    deadline = time.monotonic() + grace
    for pid in pids:
        while running(pid) and time.monotonic() < deadline:
            time.sleep(0.05)  # polled until it has exited, not a fixed wait
        if running(pid):
            with suppress(ProcessLookupError):  # it exited just now
                os.kill(pid, signal.SIGKILL)


class WebKitPhones:
    """WebKit windows (each a browser of its own: its own player) of a phone's page size on
    ``display``, opened once the page says it is ready; :meth:`close` quits them, ends what
    they left running and fails on the errors of their pages (``errors``)."""

    def __init__(self, display: str) -> None:
        self.driver_path, self.browser_path, _ = webkit_programs()
        self.config = tempfile.TemporaryDirectory(prefix="boggle-webkit-")
        (Path(self.config.name) / "gtk-3.0").mkdir()
        (Path(self.config.name) / "gtk-3.0" / "gtk.css").write_text(SMALL_TOOLBAR_CSS)
        self.env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=self.config.name)
        self.services: list[Any] = []  # a WebKitWebDriver each window
        self.drivers: list[Any] = []
        self.errors: list[str] = []

    def open(self, url: str) -> Any:
        """A new WebKit window on ``url``, its page 390x844 and ready
        (``body[data-ready='true']``), collecting its errors."""
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = self.browser_path
        options.add_argument("--automation")
        for tries_left in reversed(range(START_TRIES)):
            service = Service(executable_path=self.driver_path, env=self.env)
            service.start()
            # Remote, not webdriver.WebKitGTK: that one still hands Selenium's connection a
            # bare address, which Selenium itself warns is deprecated
            address = ClientConfig(remote_server_addr=service.service_url, timeout=ASK_SECONDS)
            connection = RemoteConnection(client_config=address)
            try:
                driver = webdriver.Remote(command_executor=connection, options=options)
            except Exception:  # a driver that never started its browser: a fresh one
                self.stop_service(service)
                if not tries_left:
                    raise
                continue
            self.services.append(service)
            break
        self.drivers.append(driver)
        driver.set_script_timeout(WAIT_SECONDS)
        driver.set_window_size(PHONE_WIDTH, PHONE_HEIGHT)
        chrome = driver.execute_script("return window.outerHeight - window.innerHeight")
        driver.set_window_size(PHONE_WIDTH, PHONE_HEIGHT + chrome)  # the page, not the window
        self.go(driver, url)
        size = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        assert size == [PHONE_WIDTH, PHONE_HEIGHT], f"WebKit's page is {size}, not a phone's"
        return driver

    def go(self, driver: Any, url: str) -> None:
        """``driver``'s window on ``url``, once the page is ready, collecting its errors."""
        driver.get(url)
        driver.execute_script(COLLECT_ERRORS)
        wait_for(driver, "body[data-ready='true']")

    def collect(self, driver: Any) -> None:
        """The errors of ``driver``'s page so far, moved to ``errors``."""
        self.errors += driver.execute_script(
            "const errors = window.webkitTestErrors || []; return errors.splice(0);"
        )

    @staticmethod
    def stop_service(service: Any) -> None:
        """``service``'s WebKitWebDriver stopped, and what it left running ended."""
        left = descendants(service.process.pid)  # MiniBrowser and its web processes
        service.stop()
        end_processes(left)  # when quitting left them

    def close(self) -> None:
        for driver in self.drivers:
            try:
                self.collect(driver)
            finally:
                driver.quit()
        for service in self.services:
            self.stop_service(service)
        self.config.cleanup()
        assert self.errors == [], f"JavaScript errors or policy violations in WebKit: {self.errors}"


def wait_for(driver: Any, selector: str, *, shown: bool = True) -> Any:
    """The first element ``selector`` finds, once it is there and (unless not ``shown``:
    in the page, maybe out of sight) shown."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    where = (By.CSS_SELECTOR, selector)
    located = (
        expected_conditions.visibility_of_element_located(where)
        if shown
        else expected_conditions.presence_of_element_located(where)
    )
    said = "shown" if shown else "in the page"
    return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(
        located, f"{selector} was not {said} within {WAIT_SECONDS} s"
    )


def wait_until(driver: Any, script: str, *args: Any) -> Any:
    """What ``script`` (a function body: ``return ...``) returns, once it is true."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(
        lambda d: d.execute_script(script, *args), f"never true: {script}"
    )
