"""What the accessibility tests measure on a page in a real browser: axe-core's audit
(:func:`audit`, with the ``axe_source`` fixture of tests/browser_fixtures.py), a page opened in
a colour scheme and seen to follow it (:func:`open_in`, the ``scheme`` fixture), and the
contrast of two of its colours (:data:`CONTRAST`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from browser import Pages

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core's script, as `.ci/install-axe` (npm) installs it."""
SCHEMES = ["light", "dark"]
"""The colour schemes a system may say it has (the pages follow it)."""

# a CSS colour's relative luminance (WCAG 2)
LUMINANCE = """(css) => {
  const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}"""


def open_in(pages: Pages, url: str, scheme: str, **options: Any) -> Any:
    """The page at ``url`` in a browser whose system is in the colour ``scheme``, once the
    page is seen to follow it (its background dark in the dark scheme, light in the light
    one), so an audit cannot pass on the other scheme's colours."""
    page = pages.open(url, color_scheme=scheme, **options)
    assert_follows(page, scheme)
    return page


def assert_follows(page: Any, scheme: str) -> None:
    """The page's background is dark in the dark ``scheme``, light in the light one."""
    background = page.evaluate("() => getComputedStyle(document.documentElement).backgroundColor")
    level = page.evaluate(f"(css) => ({LUMINANCE})(css)", background)
    assert (level < 0.05) == (scheme == "dark"), f"{scheme} scheme, background {background}"


def in_each_scheme(page: Any) -> Iterator[str]:
    """Each of :data:`SCHEMES` in turn, the page's system switched to it (the page follows
    it at once, seen by :func:`assert_follows`), then back to the one it was in: a page
    opened, and brought to the state to measure, once for both schemes (the dark scheme
    changes colours only, style.css)."""
    dark = page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        assert_follows(page, scheme)
        yield scheme
    page.emulate_media(color_scheme="dark" if dark else "light")


def audit(page: Any, axe_source: str, state: str) -> None:
    """axe-core's rules (WCAG 2 A and AA, and best practices) on the page as it is now:
    no violation of serious or critical impact."""
    # evaluated through the DevTools protocol, which the page's script policy does not cover
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source)
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => `${v.id} (${v.impact}): ${v.help} at `
                 + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"""
    )
    assert violations == [], f"{state}: {violations}"


def audit_in_each_scheme(page: Any, axe_source: str, state: str) -> None:
    """:func:`audit` of the page as it is now in the light colour scheme and in the dark one
    (:func:`in_each_scheme`)."""
    for scheme in in_each_scheme(page):
        audit(page, axe_source, f"{state} ({scheme})")


CONTRAST = """([text, property, background]) => {
  const luminance = LUMINANCE;
  const fore = luminance(getComputedStyle(document.querySelector(text))[property]);
  const back = luminance(getComputedStyle(document.querySelector(background)).backgroundColor);
  return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
}""".replace("LUMINANCE", LUMINANCE)
