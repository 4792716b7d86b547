"""The room page's steps, as a player takes them in a browser page (Playwright): a room
created (:func:`create_room`, a match of one round with :data:`ONE_ROUND`), joined from its
link (:func:`join`), its round started (:func:`create_and_start_a_round`), its connections
routed and its timers the test's (:func:`routed_room_page`), a word typed
(:func:`type_word`), a match of one round played to its end (:func:`play_one_round_match`),
players' names as long as the server takes them in emoji (:data:`FAMILY`,
:func:`utf16_units`, :func:`type_name`); a class of 32 joined from the projector's page
(:func:`join_pupils`, :data:`PROJECTOR`) and a table's cells as read (:func:`cells`). The
room tests and the other browser tests that need a room import them from here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from browser import Pages
from browser_fixtures import LONGEST_ROUND

ONE_ROUND = {"seconds": "60", "rounds": "1", "target": "0"}
"""A match of one round of a minute: `create_room(page, **ONE_ROUND)`."""
PROJECTOR = {"viewport": {"width": 1024, "height": 768}}
"""A school's projector: `players.open(url, **PROJECTOR)`."""


def create_room(page: Any, name: str = "ann", **fields: str) -> str:
    """A room created by ``name`` on the room page open in ``page``, each of ``fields`` set
    first, in the order given (``dict="es"`` chosen in #create-dict, then ``size="5"`` typed
    in #create-size, which a Spanish list shows): its code, once the room is there and the
    page shows it (the server's "joined" gives the code, its "room" after it the settings and
    the lobby: a look at #match-info between the two read the entry page's empty line)."""
    page.fill("#create-name", name)
    for field, value in fields.items():
        box = page.locator(f"#create-{field}")
        if box.evaluate("box => box.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    page.click("#create-button")
    page.wait_for_selector("body[data-code][data-phase='lobby']")
    return str(page.locator("body").get_attribute("data-code"))


def join(players: Pages, server: Any, code: str, name: str, **options: Any) -> Any:
    """A new page (``options`` as :meth:`Pages.open` takes them: a phone's) whose player
    opened the link of room ``code`` on ``server`` (anything with its ``url``) and joined it
    as ``name``: back once the page shows the room."""
    page = players.open(f"{server.url}/room/{code}", **options)
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector(f"body[data-code='{code}'][data-phase]")
    return page


def create_and_start_a_round(page: Any, name: str = "ann", seconds: int = LONGEST_ROUND) -> None:
    """On the room page: ``name`` creates a room whose rounds last ``seconds`` (the longest
    round: on ``clocked_server`` it ends when the test moves the clock) and starts its first."""
    create_room(page, name, seconds=str(seconds))
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")


def routed_room_page(players: Pages, url: str, route: Callable[[Any], None], **options: Any) -> Any:
    """The room page of the server at ``url`` in a new page (``options`` as :meth:`Pages.open`
    takes them: a phone's), its room connections through ``route`` (a handler of Playwright's
    ``route_web_socket``: :func:`kept_in` or :func:`cut_off_by`) and its timers the test's
    from before its scripts run (Playwright's clock, running until the test pauses it)."""
    page = players.open(url + "/", **options)
    page.route_web_socket("**/ws/rooms", route)
    page.clock.install()
    page.goto(url + "/room")
    page.wait_for_selector("body[data-ready='true']")
    return page


def kept_in(sockets: list[Any]) -> Callable[[Any], None]:
    """A route that passes each connection through to the server and keeps it in ``sockets``
    (the test closes one: ``sockets[-1].close()``)."""

    def through_to_the_server(socket: Any) -> None:
        sockets.append(socket)
        socket.connect_to_server()

    return through_to_the_server


def cut_off_by(dead: list[bool]) -> Callable[[Any], None]:
    """A route that passes each connection's messages to the server and back, one flag in
    ``dead`` a connection, until the test sets its flag (``dead[-1] = True``): then nothing
    passes either way, and neither end hears of it (a network switched under the phone)."""

    def through_to_the_server(socket: Any) -> None:
        server = socket.connect_to_server()
        this = len(dead)
        dead.append(False)
        socket.on_message(lambda message: None if dead[this] else server.send(message))
        server.on_message(lambda message: None if dead[this] else socket.send(message))

    return through_to_the_server


def type_word(page: Any, word: str, timeout: float | None = None) -> dict[str, str]:
    """``word`` typed in the round and sent: back once the page lists it (within
    ``timeout`` ms, the page's own limit without one), with what the page said of it."""
    page.fill("#word-input", word)
    page.press("#word-input", "Enter")
    page.wait_for_selector(f"#my-words li[data-word='{word}']", timeout=timeout)
    status = page.locator("#feedback").get_attribute("data-status") or ""
    return {"word": word, "status": status}


def match_end_lines(page: Any) -> list[str]:
    """The lines of the room's page that say its match is over, as the player sees them."""
    lines = page.locator("#room").inner_text().splitlines()
    return [line for line in lines if re.search(r"match (is )?over", line, flags=re.IGNORECASE)]


def play_one_round_match(server: Any, rooms: list[Any], words: list[list[str]]) -> None:
    """A match of one round (FXIE) in the room of ``rooms`` (the host's page first) on the
    clocked ``server`` (``clocked_server``), each page's ``words`` entered, ended by the
    test's clock: back once every page shows it over, said once."""
    rooms[0].click("#start-button")
    for page, entered in zip(rooms, words, strict=True):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        assert page.locator("#board").get_attribute("data-board") == "fxie amlo ewbx astu"
        for word in entered:
            type_word(page, word)
    server.clock.now += 61
    for page in rooms:
        page.wait_for_selector("body[data-phase='over'] #match-over:visible")
        # it was said twice, one line under the other: "Match over: nobody scored." and
        # "The match is over: ann (host) can start a rematch."
        said = page.locator("#match-over").inner_text()
        assert match_end_lines(page) == [said], "the end of the match said more than once"


# Names of emoji, each as long as the server takes (24 characters, code points), twice as many
# UTF-16 units or more (what a maxlength counts): a family (4 people joined, 7 characters, 11
# units), a country's flag (2 regional letters, 4 units), Scotland's (a flag and 6 tags, 14).
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
FRANCE = "\U0001f1eb\U0001f1f7"
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
LONGEST_NAMES = [f"{FAMILY * 3} Bo", FRANCE * 12, f"{SCOTLAND * 3} Al"]


def utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def type_name(page: Any, box: str, name: str) -> None:
    """``name`` typed (pasted) into the empty box ``box``, as the browser lets it in."""
    page.fill(box, "")
    page.focus(box)
    page.keyboard.insert_text(name)


def join_pupils(projector: Any, code: str, names: list[str]) -> None:
    """Each name joins the room from its own socket, opened by the projector's page (kept open
    in ``window.pupils``): a class without a browser each."""
    projector.evaluate(
        """([code, names]) => { window.pupils = names.map(name => {
          const socket = new WebSocket(`ws://${location.host}/ws/rooms`);
          socket.onopen = () => socket.send(JSON.stringify({ type: "join", code, name }));
          return socket;
        }); }""",
        [code, names],
    )


def cells(page: Any, table: str) -> list[list[str]]:
    """The cells of the table ``#table``'s body, a list a row, as the page shows them."""
    rows = page.locator(f"#{table} tbody tr")
    return [rows.nth(n).locator("td").all_inner_texts() for n in range(rows.count())]
