"""Bad input the API and the room socket echo back: whatever a client sends (a face of 3,000
letters, 2,000 rows, a field named with control characters, a number of 1,900 digits), the
refusal is one short printable line, as the command line's is."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle.rooms import RoomLimits, RoomsConfig
from boggle.web.app import WebConfig, create_app

FXIE = "fxie amlo ewbx astu"
SHORT_LINE = 300
"""The most characters a refusal has here: the longest the API words (a list of the word
lists offered, three problems of a request) with a short value echoed."""

LETTERS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=201, max_size=3000)
"""Long enough that a refusal echoing it whole would be over :data:`SHORT_LINE`."""
ODD_CHARACTERS = st.text(
    st.characters(categories=["Cc", "Cf", "Zl", "Zp"], exclude_characters="\x00"),
    min_size=1,
    max_size=20,
)
"""Control characters, a right-to-left override, line and paragraph separators."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    rooms = RoomsConfig(limits=RoomLimits(messages_per_second=1000, message_burst=1000))
    with TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as running:
        yield running


def short_refusal(response: Any, status: int) -> str:
    """The response is a JSON error of ``status`` whose message is one short printable line."""
    assert response.status_code == status, response.text[:300]
    message: str = response.json()["error"]
    assert len(message) <= SHORT_LINE and message.isprintable(), message[:400]
    return message


def post_json(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


@settings(max_examples=20)
@given(face=LETTERS)
def test_an_unknown_face_of_any_length_is_refused_in_one_short_line(
    client: TestClient, face: str
) -> None:
    """Was the whole face: 3,083 characters for one of 3,000 letters."""
    board = f"[{face}]bc def"
    message = short_refusal(post_json(client, "/api/solve", {"board": board}), 400)
    assert message.startswith("unknown multi-letter face '[") and f"{len(face) + 2:,}" in message


@settings(max_examples=20)
@given(rows=st.integers(13, 1300), wide=st.integers(2, 3))
def test_rows_of_unequal_lengths_are_refused_in_one_short_line(
    client: TestClient, rows: int, wide: int
) -> None:
    """Was every row's length: 6,068 characters for 2,000 rows."""
    board = "/".join("a" * (wide if row % 2 else 1) for row in range(rows))
    message = short_refusal(post_json(client, "/api/solve", {"board": board}), 400)
    assert message.startswith(f"rows have unequal lengths (1, {wide}, 1,")
    assert f"{rows:,} rows" in message


@settings(max_examples=30)
@given(name=st.one_of(LETTERS, ODD_CHARACTERS), where=st.sampled_from(["top", "player"]))
def test_an_unknown_field_is_named_on_one_short_printable_line(
    client: TestClient, name: str, where: str
) -> None:
    """Was the name as sent: 60,032 characters for a name of 60,000, a right-to-left
    override or a control character raw in the line."""
    player: dict[str, Any] = {"name": "ann", "words": ["fame"]}
    body: dict[str, Any] = {"board": FXIE, "players": [player]}
    (body if where == "top" else player)[name] = 1
    message = short_refusal(post_json(client, "/api/judge", body), 422)
    assert message.endswith(": Extra inputs are not permitted")


@pytest.mark.parametrize("kind", ["text/json", "application/jsonx", "text/plain; charset=json"])
def test_a_body_sent_as_a_json_lookalike_type_is_told_to_use_application_json(
    client: TestClient, kind: str
) -> None:
    """FastAPI reads only application/json and application/*+json; these were a 422 "Input
    should be a valid dictionary or object to extract fields from"."""
    response = client.post(
        "/api/solve", content=json.dumps({"board": FXIE}), headers={"content-type": kind}
    )
    message = short_refusal(response, 422)
    assert message.startswith("send the body as JSON, with content-type: application/json (")


@pytest.mark.parametrize("kind", ["application/json; charset=utf-8", "application/merge+json"])
def test_a_body_of_a_json_type_fastapi_reads_is_solved(client: TestClient, kind: str) -> None:
    response = client.post(
        "/api/solve", content=json.dumps({"board": FXIE}), headers={"content-type": kind}
    )
    assert response.status_code == 200 and response.json()["count"] > 0


POST_ROUTES = [
    "/api/solve",
    "/api/check",
    "/api/play",
    "/api/judge",
    "/api/hint",
    "/api/roll",
    "/api/offline",
    "/api/daily/result",
    "/api/challenges",
    "/api/challenges/{code}/results",
]
"""Every route that reads a JSON body (:func:`test_every_route_with_a_json_body_is_listed`)."""


def test_every_route_with_a_json_body_is_listed(client: TestClient) -> None:
    described = client.get("/openapi.json").json()["paths"]
    with_a_body = {
        path
        for path, operations in described.items()
        if "application/json"
        in operations.get("post", {}).get("requestBody", {}).get("content", ())
    }
    assert with_a_body == set(POST_ROUTES)


@pytest.fixture(scope="module")
def challenge_code(client: TestClient) -> str:
    made = client.post("/api/challenges", json={"board": FXIE, "seconds": 90})
    assert made.status_code == 201, made.text
    code: str = made.json()["code"]
    return code


def post_raw(client: TestClient, route: str, code: str, body: bytes) -> Any:
    path = route.replace("{code}", code)
    return client.post(path, content=body, headers={"content-type": "application/json"})


@pytest.mark.parametrize("route", POST_ROUTES)
def test_an_empty_body_is_called_empty(client: TestClient, challenge_code: str, route: str) -> None:
    """Was "Field required", naming no field."""
    message = short_refusal(post_raw(client, route, challenge_code, b""), 422)
    assert message == "the request body is empty; send a JSON object"


@pytest.mark.parametrize("route", POST_ROUTES)
@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (b"[]", "an array"),
        (b"[1, 2]", "an array"),
        (b"null", "null"),
        (b"3", "a number"),
        (b"-2.5e3", "a number"),
        (b'"x"', "a string"),
        (b"true", "true"),
        (b"false", "false"),
    ],
)
def test_a_body_that_is_not_an_object_is_named_by_its_json_type(
    client: TestClient, challenge_code: str, route: str, body: bytes, kind: str
) -> None:
    """Was "Input should be a valid dictionary or object to extract fields from"."""
    message = short_refusal(post_raw(client, route, challenge_code, body), 422)
    assert message == f"the request body must be a JSON object, got {kind}"


@pytest.mark.parametrize("route", POST_ROUTES)
@pytest.mark.parametrize(
    ("body", "name"),
    [
        (b'{"board": "abcd", "board": "efgh"}', "board"),
        (b'{"board": "%s", "players": [{"name": "ann", "name": "bob"}]}' % FXIE.encode(), "name"),
        (b'{"x": 1, "x": 1}', "x"),  # the same value twice: still refused, not guessed at
    ],
)
def test_a_name_given_twice_in_an_object_is_refused_naming_it(
    client: TestClient, challenge_code: str, route: str, body: bytes, name: str
) -> None:
    """Was the last of the two taken, silently: a solve of "efgh" for the first body."""
    message = short_refusal(post_raw(client, route, challenge_code, body), 422)
    assert message == f"the request body names '{name}' twice in one object; give each name once"


def test_a_player_that_is_not_an_object_is_named_with_its_place(client: TestClient) -> None:
    body = b'{"board": "%s", "players": [{"name": "ann", "words": []}, []]}' % FXIE.encode()
    message = short_refusal(post_raw(client, "/api/judge", "", body), 422)
    assert message == "players.1: must be a JSON object, got an array"


@pytest.mark.parametrize("route", POST_ROUTES)
@pytest.mark.parametrize(
    ("name", "shown"), [(r"\ud800", r"'\ud800'"), (r"na\udfffme", r"'na\udfffme'")]
)
def test_a_field_name_with_a_lone_surrogate_is_called_not_unicode(
    client: TestClient, challenge_code: str, route: str, name: str, shown: str
) -> None:
    """JSON lets a name hold half a surrogate pair; this was "Input should be a valid string,
    unable to parse raw data as a unicode string", naming no field."""
    body = b'{"%s": 1}' % name.encode()
    message = short_refusal(post_raw(client, route, challenge_code, body), 422)
    assert message == (
        f"a field name in the body is not valid Unicode (it holds a lone surrogate): {shown}"
    )


def test_a_lone_surrogate_in_a_player_is_placed(client: TestClient) -> None:
    """A name of a player's field and a value: which of the two is bad."""
    head = b'{"board": "%s", "players": [' % FXIE.encode()
    as_a_name = head + b'{"name": "ann", "words": [], "\\udcff": 1}]}'
    message = short_refusal(post_raw(client, "/api/judge", "", as_a_name), 422)
    assert message == (
        "players.0: a field name is not valid Unicode (it holds a lone surrogate): '\\udcff'"
    )
    as_a_value = head + b'{"name": "\\udcff", "words": []}]}'
    message = short_refusal(post_raw(client, "/api/judge", "", as_a_value), 422)
    assert message == (
        "players.0.name: the text is not valid Unicode (it holds a lone surrogate): '\\udcff'"
    )


def room_refusal(client: TestClient, message: str) -> str:
    """The room socket's error for ``message``: one short printable line, the socket open."""
    with client.websocket_connect("/ws/rooms") as socket:
        socket.send_text(message)
        answer = socket.receive_json()
        assert answer["type"] == "error", answer
        shown: str = answer["message"]
        assert len(shown) <= SHORT_LINE and shown.isprintable(), shown[:400]
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}
    return shown


@settings(max_examples=15)
@given(
    digits=st.integers(41, 1900),
    sign=st.sampled_from(["", "-"]),
    setting=st.sampled_from(["size", "seconds", "target", "rounds"]),
)
def test_a_room_setting_of_thousands_of_digits_is_refused_in_one_short_line(
    client: TestClient, digits: int, sign: str, setting: str
) -> None:
    """Was the whole number: 1,960 characters for one of 1,900 digits."""
    number = sign + "9" * digits
    shown = room_refusal(
        client, f'{{"type":"create","name":"ann","settings":{{"{setting}":{number}}}}}'
    )
    assert shown.startswith(f"'{setting}' must be a whole number") and f"{digits:,} digits" in shown


@settings(max_examples=15)
@given(name=LETTERS.map(lambda text: text[:1500]))
def test_an_unknown_room_setting_of_any_length_is_named_in_one_short_line(
    client: TestClient, name: str
) -> None:
    shown = room_refusal(
        client, json.dumps({"type": "create", "name": "ann", "settings": {name: 1}})
    )
    assert shown.startswith("unknown setting '")


@pytest.mark.parametrize(
    "name",
    [
        "\u0301",  # a combining accent on nothing
        "\u0301ann",  # ... sitting on whatever the page shows before the name
        "\u3164",  # a Hangul filler: printable, and shows nothing
        "\u2800 \u2800",  # blank braille
        "e" + "\u0301" * 12,  # an accent stacked a dozen times ("Zalgo")
    ],
)
def test_a_room_name_that_shows_nothing_or_smears_is_refused(client: TestClient, name: str) -> None:
    shown = room_refusal(client, json.dumps({"type": "create", "name": name, "settings": {}}))
    assert shown.startswith("a name is 1 to 24 printable characters")


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ('{"type": "ping", "type": "ping"}', "type"),
        ('{"type": "word", "word": "fame", "word": "mile"}', "word"),
        ('{"type": "create", "name": "ann", "settings": {"size": 4, "size": 5}}', "size"),
    ],
)
def test_a_room_message_giving_a_name_twice_is_refused_naming_it(
    client: TestClient, message: str, name: str
) -> None:
    """Was the last of the two taken, silently (a room of size 5 for the last one)."""
    shown = room_refusal(client, message)
    assert shown == f"a message names '{name}' twice in one object; give each name once"
