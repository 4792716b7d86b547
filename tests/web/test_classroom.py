"""A class plays one room: a teacher and some 30 pupils, all behind the school's one
address (its NAT), on the server's default limits."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Any

import pytest
import room_boards
import room_messages

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient

from boggle.rooms import RoomLimits, RoomsConfig
from boggle.web.app import Limits, WebConfig, create_app

PUPILS = 30


until = functools.partial(room_messages.until, limit=200)
"""A class of 30 sends up to 200 messages before the one a pupil waits for."""


def test_a_class_of_30_behind_one_address_joins_one_room_on_the_default_limits() -> None:
    """A room took 16 players by default: the 17th pupil of a class was refused
    ``room_full``, and the teacher had to know of ``serve --max-players``."""
    assert RoomLimits().max_players >= PUPILS + 1
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig()))
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        teacher = stack.enter_context(client.websocket_connect("/ws/rooms"))
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": {"seconds": 60}})
        code = until(teacher, "joined")["code"]
        for number in range(PUPILS):
            # every pupil's page checks the room's link on arrival, from the one address
            assert client.get(f"/api/rooms/{code}").json() == {"code": code, "open": True}
            pupil = stack.enter_context(client.websocket_connect("/ws/rooms"))
            pupil.send_json({"type": "join", "code": code, "name": f"pupil {number}"})
            assert until(pupil, "joined")["name"] == f"pupil {number}"
        room = until(teacher, "room")
        while len(room["players"]) < PUPILS + 1:
            room = until(teacher, "room")
        assert len(room["players"]) == PUPILS + 1


def test_a_class_of_30_behind_one_address_each_challenges_a_friend() -> None:
    """Creating challenges was limited to 10 an address, then one every 15 s: the 11th
    pupil of a class behind the school's address pressing "Challenge a friend" got a 429.
    Each room connection open from an address now has an allowance of its own."""
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig()))
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        teacher = stack.enter_context(client.websocket_connect("/ws/rooms"))
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": {"seconds": 60}})
        code = until(teacher, "joined")["code"]
        for number in range(PUPILS):
            pupil = stack.enter_context(client.websocket_connect("/ws/rooms"))
            pupil.send_json({"type": "join", "code": code, "name": f"pupil {number}"})
            until(pupil, "joined")
        for number in range(PUPILS):
            made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu"})
            assert made.status_code == 201, (number, made.json())
    # with the class gone, the address has its own 10 again, and no more
    alone = TestClient(create_app(WebConfig(preload=False, rooms=RoomsConfig())))
    answers = [
        alone.post("/api/challenges", json={"board": "fxie amlo ewbx astu"}) for _ in range(11)
    ]
    assert [a.status_code for a in answers] == [201] * 10 + [429]


BOARD_WITH_A_SWEAR_WORD = "shit fame xxxx xxxx"


def solved_words(leave_out_offensive: bool) -> set[str]:
    # the list loaded and cut on the first solve: a loaded machine took longer than the
    # default 5 s a solve may take (a 408, no words), which is not what is tested
    config = WebConfig(
        limits=Limits(solve_seconds=60.0),
        preload=False,
        leave_out_offensive=leave_out_offensive,
    )
    with TestClient(create_app(config)) as client:
        solved = client.post("/api/solve", json={"board": BOARD_WITH_A_SWEAR_WORD})
        checked = client.post("/api/check", json={"board": BOARD_WITH_A_SWEAR_WORD, "word": "shit"})
    assert solved.status_code == 200, solved.text
    words = {entry["word"] for entry in solved.json()["words"]}
    assert checked.json()["status"] == ("not_a_word" if leave_out_offensive else "counted")
    return words


def test_a_server_for_a_class_leaves_the_offensive_words_out_of_its_lists() -> None:
    """The English lists hold slurs and swear words, and a room listed them among the
    words nobody found, on the projector: ``serve --no-offensive`` leaves them out."""
    assert {"shit", "fame", "hit"} <= solved_words(leave_out_offensive=False)
    clean = solved_words(leave_out_offensive=True)
    assert "shit" not in clean and {"fame", "hit"} <= clean


def test_serve_takes_no_offensive() -> None:
    from boggle.cli.main import build_parser

    assert build_parser().parse_args(["serve", "--no-offensive"]).no_offensive is True
    assert build_parser().parse_args(["serve"]).no_offensive is False


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_rooms_results_download_as_a_spreadsheet() -> None:
    """A teacher could keep a class's results only as JSON (`/api/rooms/CODE/results`):
    `results.csv` has a row a player a round and the words nobody found, to send home."""
    with (
        lesson_app() as (client, clock),
        client.websocket_connect("/ws/rooms") as teacher,
        client.websocket_connect("/ws/rooms") as pupil,
    ):
        teacher.send_json({"type": "create", "name": "=Ms Lee", "settings": {"seconds": 60}})
        code = until(teacher, "joined")["code"]
        join(pupil, code, "Sam")
        teacher.send_json({"type": "start"})
        until(pupil, "round_started")
        for word in ("fame", "mile", "zzz"):
            pupil.send_json({"type": "word", "word": word})
            until(pupil, "feedback")
        teacher.send_json({"type": "word", "word": "fame"})
        until(teacher, "feedback")
        clock.now += 61
        pupil.send_json({"type": "ping"})
        until(pupil, "results")
        answer = client.get(f"/api/rooms/{code}/results.csv")
        missing = client.get("/api/rooms/ZZZZZZ/results.csv")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert f'filename="boggle-room-{code}.csv"' in answer.headers["content-disposition"]
    lines = answer.text.splitlines()
    assert lines[0] == "match,round,board,player,rank,score,total,counted,not_counted"
    assert lines[1] == "1,1,fxie amlo ewbx astu,'=Ms Lee,2,0,0,,fame (crossed off)"
    assert lines[2] == (
        "1,1,fxie amlo ewbx astu,Sam,1,1,1,mile,fame (crossed off); zzz (not on board)"
    )
    nobody = lines[3].split(",")
    assert nobody[3] == "(nobody found)" and "limbo" in nobody[7].split()
    assert missing.status_code == 404 and "no room" in missing.json()["error"]


def test_a_lesson_s_room_may_stay_open_longer_between_rounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A room closed after 30 minutes without a word or a start, pupils' pages open or not:
    a lesson that talked over the words between rounds lost its room.  The operator sets it."""
    from boggle.cli.commands.serve import room_limits
    from boggle.cli.main import build_parser, main

    args = build_parser().parse_args(["serve", "--room-idle-minutes", "90"])
    assert room_limits(args).idle_seconds == 90 * 60
    assert room_limits(build_parser().parse_args(["serve"])).idle_seconds == 30 * 60
    assert main(["serve", "--room-idle-minutes", "0"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "boggle: error: --room-idle-minutes must be a positive number of minutes, got 0"
    )


def test_a_server_for_a_class_refuses_a_name_with_an_offensive_word() -> None:
    """``--no-offensive`` left the words out of the lists, but a pupil could still join as
    "Big Shit", read by the class in the players' line and the standings."""
    from boggle.wordlists.offensive import NAME_REFUSED

    app = create_app(WebConfig(preload=False, leave_out_offensive=True))
    with TestClient(app) as client, client.websocket_connect("/ws/rooms") as teacher:
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": {}})
        code = until(teacher, "joined")["code"]
        with client.websocket_connect("/ws/rooms") as pupil:
            pupil.send_json({"type": "join", "code": code, "name": "Big SHIT"})
            refused = until(pupil, "error")
            assert refused["code"] == "bad_name" and refused["message"] == NAME_REFUSED
            pupil.send_json({"type": "join", "code": code, "name": "Sam K"})
            assert until(pupil, "joined")["name"] == "Sam K"
        made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu"}).json()
        posted = client.post(
            f"/api/challenges/{made['code']}/results", json={"name": "shit", "words": []}
        )
        assert posted.status_code == 400 and posted.json()["error"] == NAME_REFUSED
    app = create_app(WebConfig(preload=False))  # a server that keeps every word takes it
    with TestClient(app) as client, client.websocket_connect("/ws/rooms") as player:
        player.send_json({"type": "create", "name": "Big SHIT", "settings": {}})
        assert until(player, "joined")["name"] == "Big SHIT"


def test_a_small_board_for_younger_pupils_is_drawn_from_the_list_s_letters() -> None:
    """A room's only board of another size than its dice's was one of uniform letters: a 3x3
    for younger pupils held a handful of words (``esz yci dpy``), half the boards under 5.
    The room's dice ``letters`` draw each cell from the list's letters, at any size."""
    import statistics

    from boggle import load_lexicon, solve
    from boggle.rooms.settings import LETTERS, RoomSettings

    lexicon = load_lexicon()
    small = RoomSettings.from_json({"dice": LETTERS, "size": 3}, ["en-70"])
    uniform = RoomSettings.from_json({"dice": "uniform", "size": 3}, ["en-70"])
    assert (small.dice, small.rows, small.cols) == ("letters", 3, 3)

    def median_words(settings: RoomSettings) -> float:
        return statistics.median(solve(settings.roll(s, lexicon), lexicon).count for s in range(40))

    assert median_words(small) >= 3 * median_words(uniform)
    assert median_words(small) >= 12
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig()))
    with TestClient(app) as client, client.websocket_connect("/ws/rooms") as teacher:
        settings = {"dice": "letters", "size": 3, "seconds": 60}
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": settings})
        until(teacher, "joined")
        teacher.send_json({"type": "start"})
        faces = until(teacher, "round_started")["faces"]
        assert [len(row) for row in faces] == [3, 3, 3]


def play_round(teacher: Any, clock: FakeClock, *played: tuple[Any, list[str]]) -> dict[str, Any]:
    """The teacher starts a round, each pupil sends their words (each answered) and the
    round's time runs out: its results, as the first pupil is sent them."""
    first = played[0][0]
    teacher.send_json({"type": "start"})
    until(first, "round_started")
    for socket, words in played:
        for word in words:
            socket.send_json({"type": "word", "word": word})
            until(socket, "feedback")
    clock.now += 61
    first.send_json({"type": "ping"})
    return until(first, "results")


@contextlib.contextmanager
def lesson_app() -> Iterator[tuple[Any, FakeClock]]:
    """A lesson's server (a TestClient of the app) and the clock its rooms keep, which the
    test moves (a round ends when it is moved past it); the same boards each run (FXIE for a
    4x4 room, room_boards.same_boards)."""
    clock = FakeClock()
    rooms = RoomsConfig(clock=clock, roll=room_boards.same_boards, progress_seconds=0.1)
    with TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client:
        yield client, clock


def create_lesson(teacher: Any, rounds: int) -> dict[str, Any]:
    """Ms Lee's room of ``rounds`` one-minute rounds, which she runs without playing: her
    seat (``code``, ``token``)."""
    settings = {"seconds": 60, "rounds": rounds, "target": 0, "host_plays": False}
    teacher.send_json({"type": "create", "name": "Ms Lee", "settings": settings})
    return until(teacher, "joined")


def join(socket: Any, code: str, name: str, **extra: Any) -> dict[str, Any]:
    """``name`` joins room ``code`` on ``socket``: the seat (its ``joined`` message)."""
    socket.send_json({"type": "join", "code": code, "name": name, **extra})
    return until(socket, "joined")


def test_a_pupil_back_under_their_name_after_removal_is_not_marked_removed() -> None:
    """A pupil on another device the next day is refused their name while their old seat is
    kept; the teacher removes that seat and the pupil joins again under the same name, their
    points kept by name. The evening (the week's standings on the projector) still marked
    them "(removed)", playing in it."""
    with lesson_app() as (client, clock), client.websocket_connect("/ws/rooms") as teacher:
        code = create_lesson(teacher, rounds=1)["code"]

        def play(pupil: Any, word: str) -> dict[str, Any]:
            teacher.send_json({"type": "start"})
            until(pupil, "round_started")
            pupil.send_json({"type": "word", "word": word})
            assert until(pupil, "feedback")["status"] == "accepted"
            clock.now += 61
            pupil.send_json({"type": "ping"})
            return until(pupil, "results")

        with client.websocket_connect("/ws/rooms") as monday:
            join(monday, code, "Amir")
            play(monday, "fame")
        with client.websocket_connect("/ws/rooms") as tuesday:
            tuesday.send_json({"type": "join", "code": code, "name": "Amir"})
            assert "is away" in until(tuesday, "error")["message"]  # the seat kept
            teacher.send_json({"type": "remove", "name": "Amir"})
            join(tuesday, code, "Amir")
            teacher.send_json({"type": "rematch"})
            results = play(tuesday, "mile")
    assert results["removed"] == []
    assert results["evening"]["players"] == [
        {"rank": 1, "name": "Amir", "total": 2, "rounds": 2, "won": 2}
    ]


def test_a_removal_after_a_closed_room_s_last_round_is_marked_in_its_stored_csv() -> None:
    """A teacher removed a pupil after the last round and then closed the lesson (everyone
    left): the open room's spreadsheet marked the pupil "(removed)", the closed room's did
    not, its stored rounds all older than the removal. The room keeps its names removed."""
    with lesson_app() as (client, clock):
        with (
            client.websocket_connect("/ws/rooms") as teacher,
            client.websocket_connect("/ws/rooms") as pupil,
            client.websocket_connect("/ws/rooms") as rude,
        ):
            code = create_lesson(teacher, rounds=1)["code"]
            for socket, name in ((pupil, "Sam"), (rude, "Big Bum")):
                join(socket, code, name)
            play_round(teacher, clock, (pupil, ["fame"]), (rude, ["mile"]))
            teacher.send_json({"type": "remove", "name": "Big Bum"})
            while until(teacher, "room")["removed"] != ["Big Bum"]:
                pass
            for socket in (pupil, teacher):
                socket.send_json({"type": "leave"})
                until(socket, "left")
        assert client.get(f"/api/rooms/{code}").json() == {"code": code, "open": False}
        standings = client.get(f"/api/rooms/{code}/standings.csv").text
        rounds = client.get(f"/api/rooms/{code}/results.csv").text
    assert "Big Bum (removed)" in standings and "Big Bum (removed)" in rounds
    assert "Sam (removed)" not in standings


def test_a_challenge_made_of_a_room_s_round_is_kept_by_the_room() -> None:
    """The projector's "Make a challenge of this board" kept the link in that browser only:
    the teacher's page reloaded (or opened elsewhere) had lost it, and with it everyone's
    results. The room keeps it: its ``room`` messages carry it, and the closed room's results."""
    with lesson_app() as (client, clock):
        with (
            client.websocket_connect("/ws/rooms") as teacher,
            client.websocket_connect("/ws/rooms") as pupil,
        ):
            seat = create_lesson(teacher, rounds=2)
            code = seat["code"]
            join(pupil, code, "Sam")
            teacher.send_json({"type": "challenge", "code": "ABCDEFGH"})
            assert until(teacher, "error")["code"] == "no_results"
            play_round(teacher, clock, (pupil, []))
            other = client.post("/api/challenges", json={"board": "ab cd"}).json()
            made = client.post("/api/challenges", json={"board": room_boards.FXIE}).json()
            for socket, message, refusal in (
                (pupil, {"code": made["code"]}, "not_host"),
                (teacher, {"code": other["code"]}, "bad_field"),
                (teacher, {"code": "ZZZZZZZZ"}, "unknown_challenge"),
                (teacher, {"code": 7}, "bad_field"),
            ):
                socket.send_json({"type": "challenge", **message})
                assert until(socket, "error")["code"] == refusal
            teacher.send_json({"type": "challenge", "code": made["code"].lower()})
            kept = {"code": made["code"], "path": made["path"], "match": 1, "round": 1}
            while until(pupil, "room")["challenge"] != kept:
                pass
        with client.websocket_connect("/ws/rooms") as projector:  # the page reloaded
            projector.send_json({"type": "rejoin", "code": code, "token": seat["token"]})
            back = until(projector, "room")
            assert back["challenge"] == kept and back["results"]["round"] == 1
            projector.send_json({"type": "leave"})
            until(projector, "left")
        stored = client.get(f"/api/rooms/{code}/results").json()
    assert stored["challenge"] == kept


def test_a_shared_school_device_joins_under_the_next_pupil_s_name() -> None:
    """A school laptop passed on: its browser keeps the last pupil's seat, and the next
    pupil's join under their own name needed the teacher to remove that seat first. A join
    sends the seat its browser has (``token``): under another name, between rounds, the old
    seat is released, its points kept under the old name; under its own name it is the seat
    taken back; with words in the round being played it stays for them to count."""
    pages: dict[str, contextlib.ExitStack] = {}
    with lesson_app() as (client, clock), contextlib.ExitStack() as everything:
        teacher = everything.enter_context(client.websocket_connect("/ws/rooms"))
        code = create_lesson(teacher, rounds=3)["code"]

        def open_page(name: str) -> Any:
            pages[name] = everything.enter_context(contextlib.ExitStack())
            return pages[name].enter_context(client.websocket_connect("/ws/rooms"))

        def join_on_a_page(name: str, token: Any = None) -> tuple[Any, dict[str, Any]]:
            socket = open_page(name)
            extra = {} if token is None else {"token": token}
            return socket, join(socket, code, name, **extra)

        amir, seat = join_on_a_page("Amir")
        teacher.send_json({"type": "start"})
        until(amir, "round_started")
        amir.send_json({"type": "word", "word": "fame"})
        assert until(amir, "feedback")["status"] == "accepted"
        clock.now += 61
        amir.send_json({"type": "ping"})
        until(amir, "results")
        pages["Amir"].close()  # the lesson's end: the laptop goes to the next class
        bea, joined = join_on_a_page("Bea", seat["token"])
        assert joined["name"] == "Bea" and joined["released"] == "Amir"
        assert joined["token"] != seat["token"]
        room = until(bea, "room")
        assert [p["name"] for p in room["players"]] == ["Ms Lee", "Bea"]
        pages["Bea"].close()
        again, back = join_on_a_page("BEA ", joined["token"])  # her own seat: taken back
        assert back["token"] == joined["token"] and "released" not in back
        teacher.send_json({"type": "start"})
        until(again, "round_started")
        again.send_json({"type": "word", "word": "mile"})
        until(again, "feedback")
        pages["BEA "].close()
        cy, during = join_on_a_page("Cy", joined["token"])  # Bea's words count: her seat stays
        assert "released" not in during
        clock.now += 61
        cy.send_json({"type": "ping"})
        results = until(cy, "results")
        assert results["scores"]["Bea"] > 0
        assert {row["name"] for row in results["standings"]} == {"Amir", "Bea", "Cy"}
        _, kept = join_on_a_page("Dan", during["token"])  # Cy's page still open: in use, kept
        assert "released" not in kept
        refused = open_page("Eve")
        refused.send_json({"type": "join", "code": code, "name": "Eve", "token": 7})
        assert until(refused, "error")["code"] == "bad_field"


def test_a_teacher_s_two_classes_standings_in_one_spreadsheet() -> None:
    """Each room's ``standings.csv`` was a table of its own: a teacher running two classes
    copied two spreadsheets into one. ``/api/standings.csv?rooms=A,B`` is one table, a row a
    pupil a room, best first; bad input is one line (400), an unknown room a 404."""
    codes = []
    with lesson_app() as (client, clock):
        for pupil_name, words in (("Sam", ["fame"]), ("Zoe", ["fame", "limbo"])):
            with (
                client.websocket_connect("/ws/rooms") as teacher,
                client.websocket_connect("/ws/rooms") as pupil,
            ):
                codes.append(create_lesson(teacher, rounds=1)["code"])
                join(pupil, codes[-1], pupil_name)
                play_round(teacher, clock, (pupil, words))
        answer = client.get(f"/api/standings.csv?rooms={codes[0].lower()}, {codes[1]},{codes[0]}")
        refusals = [
            client.get(f"/api/standings.csv?rooms={query}")
            for query in ("", ",".join(f"ABCDE{c}" for c in "23456789ABC"), "ABC10O", "ZZZZZZ")
        ]
        missing = client.get("/api/standings.csv")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    assert "boggle-standings-" in answer.headers["content-disposition"]
    lines = answer.text.splitlines()
    assert lines[0] == "rank,player,room,total,rounds,matches,won,finished"
    assert lines[1] == f"1,Zoe,{codes[1]},3,1,1,1,yes"
    assert lines[2] == f"2,Sam,{codes[0]},1,1,1,1,yes"
    assert len(lines) == 3
    assert [r.status_code for r in refusals] == [400, 400, 400, 404]
    assert refusals[0].json()["error"] == (
        "'rooms' takes the codes of 1 to 10 rooms separated by commas, got 0"
    )
    assert "6 characters" in refusals[2].json()["error"]
    assert "ZZZZZZ" in refusals[3].json()["error"]
    assert missing.status_code == 422 and "rooms" in missing.json()["error"]


def test_a_name_changed_after_a_closed_room_s_last_round_stays_in_its_stored_csv() -> None:
    """A pupil changed their name after the last round and the lesson closed: the open
    room's spreadsheet read the rounds under the new name, the closed room's under the old
    one (its stored rounds all older than the change). The room keeps its renames."""
    with lesson_app() as (client, clock):
        with (
            client.websocket_connect("/ws/rooms") as teacher,
            client.websocket_connect("/ws/rooms") as pupil,
        ):
            code = create_lesson(teacher, rounds=1)["code"]
            join(pupil, code, "bob")
            play_round(teacher, clock, (pupil, ["fame"]))
            pupil.send_json({"type": "rename", "name": "Bobby"})
            until(pupil, "renamed")
            for socket in (pupil, teacher):
                socket.send_json({"type": "leave"})
                until(socket, "left")
        assert client.get(f"/api/rooms/{code}").json() == {"code": code, "open": False}
        standings = client.get(f"/api/rooms/{code}/standings.csv").text.splitlines()
    assert standings[1:] == ["1,1,Bobby,1,1,1,yes,1", "evening,1,Bobby,1,1,1,yes,"]
