"""The JSON API through FastAPI's test client: answers equal the library's, and every bad
input gets a 4xx JSON error of one line."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boggle import DEFAULT_WORDLIST, Board, load_lexicon, roll_board, solve
from boggle.dice.cubes import MAX_SEED, SEED_RANGE
from boggle.game.word_setting import with_levels

fastapi = pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient  # noqa: E402

from boggle.web import routes as web_routes  # noqa: E402
from boggle.web.app import Limits, WebConfig, create_app  # noqa: E402

FXIE = "fxie amlo ewbx astu"


def client_for(config: WebConfig | None = None) -> TestClient:
    return TestClient(create_app(config or WebConfig(preload=False)))


CLIENT_LIMITS = Limits(solve_seconds=60.0)
"""The limits of the tests' shared ``client``: the default limits but the time of a solve,
room enough for a machine under load to load a word list on first use (5 s was not: the
Spanish list's first daily round was a 408); the time limit is tested on its own."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with client_for(WebConfig(preload=False, limits=CLIENT_LIMITS)) as running:
        yield running


def assert_error(response: Any, status: int) -> str:
    """The response is a JSON error with this status and a one-line message."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["status"] == status
    message: str = body["error"]
    assert message and "\n" not in message
    return message


# --------------------------------------------------------------------------- happy paths


def test_solve_gives_the_json_of_boggle_solve(client: TestClient) -> None:
    response = client.post("/api/solve", json={"board": FXIE})
    assert response.status_code == 200
    body = response.json()
    expected = with_levels(solve(FXIE)).to_json()  # as `boggle solve --json`: with levels
    for key in ("board", "rows", "cols", "rules", "dictionary", "count", "score", "words"):
        assert body[key] == expected[key]
    assert body.get("levels") == expected.get("levels")
    assert body["faces"] == [list(row) for row in ("fxie", "amlo", "ewbx", "astu")]
    assert body["elapsed_ms"] >= 0


def test_solve_with_named_list_rules_and_min_length(client: TestClient) -> None:
    body = client.post(
        "/api/solve",
        json={"board": FXIE, "dictionary": DEFAULT_WORDLIST, "rules": "big", "min_length": 5},
    ).json()
    assert body["rules"]["name"].startswith("big")
    assert body["rules"]["min_length"] == 5
    assert body["words"] and all(len(entry["word"]) >= 5 for entry in body["words"])


@pytest.mark.parametrize(
    ("route", "fields"),
    [("/api/solve", {}), ("/api/check", {"word": "fame"}), ("/api/play", {"words": ["fame"]}),
     ("/api/hint", {})],
)  # fmt: skip
def test_a_minimum_longer_than_the_board_holds_is_422(
    client: TestClient, route: str, fields: dict[str, Any]
) -> None:
    answer = client.post(route, json={"board": FXIE, "min_length": 17, **fields})
    message = assert_error(answer, 422)
    assert message.startswith("min_length must be from 1 to 16 on this board"), message
    assert message.endswith("got 17")


def test_enable_as_an_offered_list_gives_the_published_figures(enable_path: Path) -> None:
    # Not a test of the time limit: loading ENABLE on a machine under load may take seconds.
    limits = Limits(solve_seconds=60.0)
    config = WebConfig(extra_dictionaries={"enable": enable_path}, preload=False, limits=limits)
    with client_for(config) as running:
        solved = running.post("/api/solve", json={"board": FXIE, "dictionary": "enable"})
        assert solved.status_code == 200, solved.text
        body = solved.json()
        assert (body["count"], body["score"]) == (77, 90)
        offered = running.get("/api/dictionaries")
        assert offered.status_code == 200, offered.text
        listed = offered.json()["dictionaries"]
        assert {"name": "enable", "words": 173_528}.items() <= next(
            entry for entry in listed if entry["name"] == "enable"
        ).items()


def test_roll_is_reproducible_and_matches_the_dice(client: TestClient) -> None:
    for dice in ("classic", "new", "big", "superbig"):
        first = client.post("/api/roll", json={"dice": dice, "seed": 11}).json()
        again = client.post("/api/roll", json={"dice": dice, "seed": 11}).json()
        assert first == again
        assert first["board"] == str(roll_board(dice, 11))
    uniform = client.post("/api/roll", json={"dice": "uniform", "rows": 3, "cols": 7}).json()
    assert (uniform["rows"], uniform["cols"]) == (3, 7)
    assert Board.parse(uniform["board"]).size == 21


def test_check_gives_a_verdict_with_points_and_path(client: TestClient) -> None:
    solution = solve(FXIE)
    found = solution.words[0]
    good = client.post("/api/check", json={"board": FXIE, "word": found.word.upper()}).json()
    assert good["status"] == "counted"
    assert good["points"] == found.points
    assert [tuple(cell) for cell in good["path"]] == list(found.path)
    off = client.post("/api/check", json={"board": FXIE, "word": "zebra"}).json()
    assert off["status"] != "counted" and off["points"] == 0


def test_check_judges_a_word_alone_while_play_remembers_the_round(client: TestClient) -> None:
    """``counted`` (a verdict, of the word alone) and ``accepted`` (a round's feedback) differ:
    docs/api.md, "Rounds and matches"."""
    word = solve(FXIE).words[0].word
    checks = [client.post("/api/check", json={"board": FXIE, "word": word}).json() for _ in "ab"]
    assert [c["status"] for c in checks] == ["counted", "counted"] and checks[1]["points"] > 0
    played = client.post("/api/play", json={"board": FXIE, "words": [word, word]}).json()
    assert [f["status"] for f in played["feedback"]] == ["accepted", "already_found"]
    assert [f["points"] for f in played["feedback"]][1] == 0


def test_a_word_typed_with_accents_the_list_lacks_is_read_without_them(
    client: TestClient,
) -> None:
    """`naïve` in an English round was "not a word": the list spells it naive. The check
    (daily, challenges), a solo round and the judge read it so, and say so; a Spanish
    round keeps its ñ."""
    board, read = "naiv xxxe xxxx xxxx", "read as NAIVE, without accents"
    check = client.post("/api/check", json={"board": board, "word": "Naïve"}).json()
    assert (check["word"], check["status"], check["points"]) == ("naive", "counted", 2)
    assert check["message"] == read
    played = client.post("/api/play", json={"board": board, "words": ["naïve", "naive"]}).json()
    assert [(f["word"], f["status"]) for f in played["feedback"]] == [
        ("naive", "accepted"),
        ("naive", "already_found"),
    ]
    assert played["feedback"][0]["message"] == read
    judged = client.post(
        "/api/judge", json={"board": board, "players": [{"name": "ann", "words": ["NAÏVE"]}]}
    )
    verdict = judged.json()["players"][0]["words"][0]
    assert (verdict["word"], verdict["status"], verdict["message"]) == ("naive", "counted", read)
    spanish = {"board": "añox xxxx xxxx xxxx", "word": "año", "dictionary": "es"}
    assert client.post("/api/check", json=spanish).json()["word"] == "año"


def test_judge_crosses_off_shared_words(client: TestClient) -> None:
    words = [entry.word for entry in solve(FXIE).words[:3]]
    body = client.post(
        "/api/judge",
        json={
            "board": FXIE,
            "players": [
                {"name": "ann", "words": words},
                {"name": "bob", "words": words[:1]},
            ],
        },
    ).json()
    scores = body["scores"]
    lexicon = load_lexicon()
    assert scores["bob"] == 0
    rules_points = {entry.word: entry.points for entry in solve(FXIE, lexicon).words}
    assert scores["ann"] == sum(rules_points[w] for w in words[1:])


def test_lists_options_health_page_and_static(client: TestClient) -> None:
    lists = client.get("/api/dictionaries").json()
    assert lists["default"] == DEFAULT_WORDLIST
    assert any(entry["default"] for entry in lists["dictionaries"])
    options = client.get("/api/options").json()
    assert {"classic", "new", "big", "superbig", "uniform"} <= {d["name"] for d in options["dice"]}
    assert options["limits"]["max_side"] == Limits().max_side
    assert client.get("/api/health").json()["status"] == "ok"
    page = client.get("/")
    assert page.status_code == 200 and "<title>" in page.text
    assert client.get("/static/app.js").status_code == 200
    assert "/api/solve" in client.get("/openapi.json").json()["paths"]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "board",
    ["fx1e amlo ewbx astu", "fxie aml ewbx astu", "   ", "ab!c", "[zz]abc", ""],
)
def test_malformed_boards_are_400_or_422(client: TestClient, board: str) -> None:
    response = client.post("/api/solve", json={"board": board})
    assert_error(response, 422 if board == "" else 400)


def fullwidth(text: str) -> str:
    """``text`` as a phone's East Asian keyboard types it: ``a`` is U+FF41, a space U+3000."""
    return "".join("\u3000" if c == " " else chr(ord(c) + 0xFEE0) for c in text)


def test_a_board_in_fullwidth_letters_is_the_board(client: TestClient) -> None:
    wide = fullwidth(FXIE)
    solved = client.post("/api/solve", json={"board": wide}).json()
    expected = client.post("/api/solve", json={"board": FXIE}).json()
    assert solved["board"] == FXIE and solved["faces"] == expected["faces"]
    assert solved["words"] == expected["words"] and solved["count"] > 0
    word = expected["words"][0]["word"]
    checked = client.post("/api/check", json={"board": wide, "word": fullwidth(word)}).json()
    assert checked["status"] == "counted"


@pytest.mark.parametrize(
    ("board", "says"),
    [(fullwidth("fx1e amlo ewbx astu"), "not a letter"), (fullwidth("[zz]ab cde"), "[zz]")],
)
def test_a_bad_fullwidth_board_is_400(client: TestClient, board: str, says: str) -> None:
    assert says in assert_error(client.post("/api/solve", json={"board": board}), 400)


@pytest.mark.parametrize("name", ["nosuchlist", "../../etc/passwd", "/etc/passwd", "enable.txt"])
def test_unknown_or_path_like_lists_are_refused(
    client: TestClient, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    real_open = Path.open

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    message = assert_error(client.post("/api/solve", json={"board": FXIE, "dictionary": name}), 400)
    assert "unknown word list" in message
    assert not any("passwd" in path for path in opened)


def test_oversized_boards_are_413(client: TestClient) -> None:
    side = Limits().max_side + 1
    too_wide = " ".join(["a" * side] * 2)
    assert_error(client.post("/api/solve", json={"board": too_wide}), 413)
    assert_error(client.post("/api/check", json={"board": too_wide, "word": "aa"}), 413)
    assert_error(
        client.post("/api/roll", json={"dice": "uniform", "rows": side, "cols": side}), 413
    )


def test_oversized_bodies_are_413_with_or_without_content_length(client: TestClient) -> None:
    big = b'{"board": "' + b"a" * (Limits().max_body_bytes + 10) + b'"}'
    headers = {"Content-Type": "application/json"}
    assert_error(client.post("/api/solve", content=big, headers=headers), 413)

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(big), 4096):
            yield big[start : start + 4096]

    assert_error(client.post("/api/solve", content=chunks(), headers=headers), 413)


@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("/api/solve", {"board": 1234}),
        ("/api/solve", {"board": ["fxie"]}),
        ("/api/solve", {"board": FXIE, "rules": ["classic"]}),
        ("/api/solve", {"board": FXIE, "rules": "huge"}),
        ("/api/solve", {"board": FXIE, "min_length": 0}),
        ("/api/solve", {"board": FXIE, "min_length": "3"}),
        ("/api/solve", {"board": FXIE, "path": "/etc/passwd"}),
        ("/api/solve", {}),
        ("/api/roll", {"dice": "loaded"}),
        ("/api/roll", {"seed": -1}),
        ("/api/roll", {"seed": "7"}),
        ("/api/check", {"board": FXIE}),
        ("/api/judge", {"board": FXIE, "players": []}),
        ("/api/judge", {"board": FXIE, "players": [{"name": "ann", "words": 7}]}),
    ],
)
def test_wrong_types_and_fields_are_422(client: TestClient, route: str, body: Any) -> None:
    assert_error(client.post(route, json=body), 422)


@pytest.mark.parametrize("content", [b"not json", b"{", b"[1, 2]", b'"fxie"'])
def test_bodies_that_are_not_a_json_object_are_422(client: TestClient, content: bytes) -> None:
    response = client.post(
        "/api/solve", content=content, headers={"Content-Type": "application/json"}
    )
    message = assert_error(response, 422)
    assert "0:" not in message and "JSON decode error" not in message
    if content in (b"not json", b"{"):
        assert message.startswith("the request body is not JSON: ")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"board": "fxie", "min_length": ' + b"9" * 5000 + b"}", "a number of over 4,300 digits"),
        (b"[" * 5_000 + b"]" * 5_000, "nested too deeply"),
        # was "it has a number of over 4,300 digits": a byte not UTF-8 is a ValueError too
        (b'{"board": "fxie", "rules": "\xff"}', "it is not UTF-8 (the byte 0xff at byte 28)"),
    ],
    ids=["long-number", "deep", "not-utf-8"],
)
def test_json_nobody_can_read_is_a_422_that_says_why(
    client: TestClient, content: bytes, reason: str
) -> None:
    """Both were a 400 "There was an error parsing the body", FastAPI's own words."""
    response = client.post(
        "/api/solve", content=content, headers={"Content-Type": "application/json"}
    )
    message = assert_error(response, 422)
    assert (
        message.startswith("the request body is not JSON that can be read: ") and reason in message
    )


@pytest.mark.parametrize("kind", ["application/x-www-form-urlencoded", "text/plain", None])
def test_a_body_sent_without_the_json_content_type_is_told_so(
    client: TestClient, kind: str | None
) -> None:
    """``curl -d '{"board": ...}'`` without ``-H 'content-type: application/json'`` (curl's
    default is a form) was a 422 "Input should be a valid dictionary or object to extract
    fields from", which says nothing of the header."""
    headers = {} if kind is None else {"Content-Type": kind}
    response = client.post("/api/solve", content=b'{"board": "fxie"}', headers=headers)
    message = assert_error(response, 422)
    assert message.startswith("send the body as JSON, with content-type: application/json (")
    assert (kind or "no content-type") in message


def test_unknown_route_and_wrong_method_are_json(client: TestClient) -> None:
    assert_error(client.get("/api/nothing"), 404)
    assert_error(client.get("/api/solve"), 405)


def test_judge_limits_players_and_words(client: TestClient) -> None:
    limits = Limits()
    many = [{"name": f"p{i}", "words": []} for i in range(limits.max_players + 1)]
    assert_error(client.post("/api/judge", json={"board": FXIE, "players": many}), 413)
    long_list = [{"name": "ann", "words": ["a"] * (limits.max_words_per_player + 1)}]
    assert_error(client.post("/api/judge", json={"board": FXIE, "players": long_list}), 413)


def test_slow_solve_is_408_and_other_clients_are_answered_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solve is held until the test lets it go (after its 408): the health request is
    answered while it is held, whatever the load (no timing: the order is the test's)."""
    release, entered = threading.Event(), threading.Event()
    real_solve = web_routes.solve

    def stuck_solve(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        release.wait(60)
        return real_solve(*args, **kwargs)

    monkeypatch.setattr(web_routes, "solve", stuck_solve)
    config = WebConfig(limits=Limits(solve_seconds=0.5), preload=False)
    with client_for(config) as running:
        answers: dict[str, Any] = {}

        def slow_request() -> None:
            answers["slow"] = running.post("/api/solve", json={"board": FXIE})

        worker = threading.Thread(target=slow_request)
        worker.start()
        assert entered.wait(60), "the solve never started"
        health = running.get("/api/health")
        assert health.status_code == 200  # answered while the solve is held
        worker.join(60)
        release.set()
        message = assert_error(answers["slow"], 408)
        assert "0.5 s" in message
        assert running.get("/api/health").status_code == 200


def test_counting_the_lists_may_take_longer_than_a_solve_but_not_without_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first /api/dictionaries reads every offered list to count it: on a busy machine
    that passed the 5 s of a solve and was a 408. It has LIST_COUNTING_SECONDS instead."""
    from boggle.wordlists.catalogue import Catalogue

    real_entries = Catalogue.entries
    delay = {"seconds": 1.0}

    def slow_entries(self: Catalogue) -> Any:
        time.sleep(delay["seconds"])
        return real_entries(self)

    monkeypatch.setattr(Catalogue, "entries", slow_entries)
    config = WebConfig(limits=Limits(solve_seconds=0.5), preload=False)
    with client_for(config) as running:
        listed = running.get("/api/dictionaries")
        assert listed.status_code == 200, listed.text
        assert DEFAULT_WORDLIST in {d["name"] for d in listed.json()["dictionaries"]}
        monkeypatch.setattr(web_routes, "LIST_COUNTING_SECONDS", 0.2)
        message = assert_error(running.get("/api/dictionaries"), 408)
        assert "0.5 s" in message  # never below the solve's own limit


# --------------------------------------------------------------------------- property


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.integers(1, 5),
    cols=st.integers(1, 5),
    letters=st.lists(st.sampled_from("aeiorstlndqu"), min_size=25, max_size=25),
)
def test_solve_over_http_equals_the_library(
    client: TestClient, rows: int, cols: int, letters: list[str]
) -> None:
    board = Board.from_rows(
        [
            ["qu" if letter == "q" else letter for letter in letters[r * cols : (r + 1) * cols]]
            for r in range(rows)
        ]
    )
    body = client.post("/api/solve", json={"board": str(board)}).json()
    expected = with_levels(solve(board))
    assert body["words"] == expected.to_json()["words"]
    assert body["score"] == expected.score


def test_a_body_that_trickles_in_is_408() -> None:
    """Over a real socket (the test client reads bodies whole): a client that sends half a
    body and waits gets a 408, and the server goes on answering."""
    import socket

    from served import served

    config = WebConfig(limits=Limits(body_seconds=0.5), preload=False)
    with served(create_app(config)) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as slow:
            body = b'{"board": "fxie amlo ewbx astu"}'
            slow.sendall(
                b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body[:10]
            )
            answer = b""
            while b"}" not in answer.partition(b"\r\n\r\n")[2]:
                chunk = slow.recv(4096)
                assert chunk, f"the server closed the connection: {answer!r}"
                answer += chunk
        head, _, payload = answer.decode().partition("\r\n\r\n")
        assert head.startswith("HTTP/1.1 408")
        assert "took longer" in json.loads(payload)["error"]
        with socket.create_connection(("127.0.0.1", port), timeout=10) as quick:
            quick.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert quick.recv(4096).startswith(b"HTTP/1.1 200")


# --------------------------------------------------------------------------- rounds as the CLI


def test_judge_takes_a_players_words_as_one_text_like_the_cli(client: TestClient) -> None:
    as_list = {"name": "ann", "words": ["fame", "mile", "zzz"]}
    as_text = {"name": "ann", "words": "fame\r\nmile\nzzz\n\n"}
    by_list = client.post("/api/judge", json={"board": FXIE, "players": [as_list]}).json()
    by_text = client.post("/api/judge", json={"board": FXIE, "players": [as_text]}).json()
    assert by_text["scores"] == by_list["scores"] and by_text["scores"]["ann"] > 0
    assert by_text["players"] == by_list["players"]


def test_options_give_integer_limits_as_integers(client: TestClient) -> None:
    limits = client.get("/api/options").json()["limits"]
    for name in ("max_side", "max_cells", "max_body_bytes", "max_players"):
        assert type(limits[name]) is int, name
    assert limits["solve_seconds"] == CLIENT_LIMITS.solve_seconds


def test_options_give_the_name_limit_rooms_and_challenges_take() -> None:
    """The pages' name boxes read the limit here: the library's one number by default, and
    the server's own where its rooms or challenges are set otherwise (the lower, a name
    being for either)."""
    from boggle.rooms import RoomsConfig
    from boggle.rooms.challenges import ChallengeLimits
    from boggle.rooms.limits import MAX_NAME_LENGTH, RoomLimits

    with client_for() as running:
        limits = running.get("/api/options").json()["limits"]
    assert limits["max_name_length"] == MAX_NAME_LENGTH
    assert RoomLimits().max_name_length == ChallengeLimits().max_name_length == MAX_NAME_LENGTH
    rooms = RoomsConfig(limits=RoomLimits(max_name_length=12))
    with client_for(WebConfig(preload=False, rooms=rooms)) as running:
        assert running.get("/api/options").json()["limits"]["max_name_length"] == 12
    rooms = RoomsConfig(challenges=ChallengeLimits(max_name_length=9))
    with client_for(WebConfig(preload=False, rooms=rooms)) as running:
        assert running.get("/api/options").json()["limits"]["max_name_length"] == 9


@pytest.mark.parametrize("dictionary", ["en-70", "es"])
def test_the_daily_share_line_names_the_list_by_its_title_on_one_line(
    client: TestClient, dictionary: str
) -> None:
    titles = {
        entry["name"]: entry["title"]
        for entry in client.get("/api/dictionaries").json()["dictionaries"]
    }
    result = client.post(
        "/api/daily/result", json={"date": "2026-11-23", "dictionary": dictionary, "words": []}
    ).json()
    share = result["share"]
    assert share.startswith(f"boggle daily 2026-11-23, 4x4, {titles[dictionary]}: "), share
    assert f"{dictionary})" not in share and f"{dictionary}:" not in share
    assert "\n" not in share and len(share) <= 120, share


@pytest.mark.parametrize("date", ["2026-02-30", "0000-01-01", "2026-13-01"])
def test_a_daily_date_of_no_day_is_refused_as_no_such_day(client: TestClient, date: str) -> None:
    """Written YYYY-MM-DD, they were answered "a date is written YYYY-MM-DD"."""
    answer = client.get("/api/daily", params={"date": date})
    assert answer.status_code == 400 and answer.json()["error"] == f"no such day: {date!r}"
    answer = client.post("/api/daily/result", json={"date": date, "words": []})
    assert answer.status_code == 400 and answer.json()["error"] == f"no such day: {date!r}"
    answer = client.get("/api/daily", params={"date": "23/11/2026"})
    assert "YYYY-MM-DD" in answer.json()["error"]


def test_play_tells_each_entry_as_the_library_play_session_does(client: TestClient) -> None:
    from boggle.game import PlaySession

    entries = ["fame", "FAME", "zzz", "ox", "mile", "f4me", "exam", "limbs"]
    answer = client.post("/api/play", json={"board": FXIE, "words": entries}).json()
    board = Board.parse(FXIE)
    session = PlaySession(board, solve(board))
    expected = [session.submit(entry) for entry in entries]
    assert [(f["word"], f["status"], f["points"]) for f in answer["feedback"]] == [
        (f.word, f.status, f.points) for f in expected
    ]
    assert {f["status"] for f in answer["feedback"]} >= {"accepted", "already_found", "invalid"}
    assert (answer["score"], answer["maximum"]) == (session.score, session.maximum)
    assert [w["word"] for w in answer["found"]] == session.found
    assert answer["missed"] is None
    finished = client.post(
        "/api/play", json={"board": FXIE, "words": entries, "finished": True}
    ).json()
    assert [(w["word"], w["points"]) for w in finished["missed"]] == [
        (w.word, w.points) for w in session.missed()
    ]
    # each with its level, where the server has frequencies (None without them)
    levels = with_levels(solve(board))
    assert [w["level"] for w in finished["missed"]] == [
        (frequency.level if (frequency := levels.frequency(w.word)) else None)
        for w in session.missed()
    ]
    too_many = ["fame"] * (Limits().max_words_per_player + 1)
    assert_error(client.post("/api/play", json={"board": FXIE, "words": too_many}), 413)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10**30])
def test_a_seed_out_of_range_is_refused_as_the_command_line_refuses_it(
    client: TestClient, seed: int
) -> None:
    """/api/roll stopped at 2^53 in pydantic's words, the command line at 2^64 - 1 in its
    own: one range and one line now (``boggle roll --seed`` says the same after its
    ``argument --seed:``)."""
    message = assert_error(client.post("/api/roll", json={"seed": seed}), 422)
    assert message == f"seed: a seed is {SEED_RANGE}, got {seed:,}"


@pytest.mark.parametrize("seed", [2**53 + 1, MAX_SEED])
def test_a_seed_up_to_the_top_of_the_range_rolls_the_librarys_board(
    client: TestClient, seed: int
) -> None:
    rolled = client.post("/api/roll", json={"seed": seed}).json()
    assert rolled["seed"] == seed and rolled["board"] == str(roll_board("new", seed))
