"""A challenge's round in a browser test: the steps the challenge, accessibility, first-screen,
phone, sound and other browser tests share, written once. A challenge of FXIE is made through
the API (the results of players before you posted with it), then in the page a name is typed
and the round started, words entered and the round ended with "I'm done"::

    made = make_challenge(server.url, seconds=LONG_ROUND, played={"bob": ["fame"]})
    page = pages.open(server.url + made["path"])
    play_challenge(page, "ann", ["fame"])  # back at everyone's results

A test that looks at the page between the steps calls them one by one (`start_challenge`,
`enter_words`, `end_challenge`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from room_boards import FXIE
from serve_process import get_json

from boggle.rooms.challenges import ChallengeLimits

LONG_ROUND = ChallengeLimits().max_seconds
"""A round no test outlasts (an hour): the page times a challenge's round, and one of 30 s
could run out under a test still at its steps on a loaded machine (an audit, waits of up
to a minute each), taking "I'm done" and the word box away before the test was done."""
CHALLENGES_SERVER = ("--solve-timeout", "60", "--challenges-per-address", "0")
"""The options of a `boggle serve` for a module of challenges: no limit to the challenges one
address makes (a module makes more than 10 within 15 s), and a solve's limit a loaded
machine's first requests stay within (not what is tested)::

    with serving(tmp_path_factory.mktemp("data"), *CHALLENGES_SERVER) as running: ...
"""
RESULTS = "body[data-phase='results']"
"""Everyone's results shown: what `end_challenge` waits for unless told otherwise."""


def make_challenge(
    url: str,
    *,
    seconds: int = 120,
    played: Mapping[str, list[str]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A challenge of FXIE made on the server at ``url`` (``POST /api/challenges``; its other
    fields in ``fields``, ``dictionary="es"``), with the words of each player who ``played``
    it before posted: the server's answer (``code``, ``path``, ...)."""
    made: dict[str, Any] = get_json(
        url + "/api/challenges", {"board": FXIE, "seconds": seconds, **fields}
    )
    for name, words in (played or {}).items():
        get_json(f"{url}/api/challenges/{made['code']}/results", {"name": name, "words": words})
    return made


def start_challenge(page: Any, name: str | None = "ann", *, tap: bool = False) -> None:
    """The challenge open in ``page`` started under ``name`` (``None``: the name the test
    typed itself), Start clicked, or tapped with ``tap``: back once the board is there."""
    if name is not None:
        page.fill("#challenge-name", name)
    (page.tap if tap else page.click)("#challenge-start")
    page.wait_for_selector("#board .cube")


def enter_words(page: Any, words: Iterable[str]) -> None:
    """Each of ``words`` typed in the round's box and entered, the next once it is listed
    under the board (words the round takes: one it refuses is not listed)."""
    for word in words:
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
        page.wait_for_selector(f"#my-words li[data-word='{word}']")


def end_challenge(page: Any, shown: str = RESULTS, *, tap: bool = False) -> None:
    """The round ended with "I'm done" (clicked, or tapped with ``tap``): back once ``shown``
    (a selector: everyone's results unless told otherwise) is in the page."""
    (page.tap if tap else page.click)("#challenge-stop")
    page.wait_for_selector(shown)


def play_challenge(
    page: Any,
    name: str = "ann",
    words: Iterable[str] = (),
    *,
    shown: str = RESULTS,
    tap: bool = False,
) -> None:
    """A whole round of the challenge open in ``page``: started under ``name``, ``words``
    entered, ended; back once ``shown`` (everyone's results unless told otherwise) is there."""
    start_challenge(page, name, tap=tap)
    enter_words(page, words)
    end_challenge(page, shown, tap=tap)
