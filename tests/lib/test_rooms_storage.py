"""The results file: words packed and unpacked exactly, old files upgraded, old rounds
pruned, and a file that cannot be written held, retried and reported, never raised."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, load_lexicon, solve
from boggle.rooms import Phase, ResultStore, Room, RoomSettings, judge
from boggle.rooms.compact import pack_json, pack_round, unpack_round
from boggle.rooms.storage import DAY, FILE_NAME, SCHEMA_VERSION

LEXICON = load_lexicon()
BOARD = Board.parse("fxie amlo ewbx astu")
WORDS = [w.word for w in solve(BOARD, LEXICON).words]

VERSION_0 = """
CREATE TABLE rounds (
    code TEXT NOT NULL, match INTEGER NOT NULL, round INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, match, round));
CREATE TABLE matches (
    code TEXT NOT NULL, match INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, match));
"""
"""The layout before words were packed (each round one JSON document)."""


def played(lists: list[list[str]], challenge: bool = False, board: Board = BOARD) -> dict[str, Any]:
    """The summary of one judged round of a room with these players' entries."""
    room = Room("ABCDEF", RoomSettings(seconds=60, challenge=challenge), LEXICON)
    tokens = [room.join(f"p{i}", 0.0).token for i in range(len(lists))]
    room.start(tokens[0], 0.0, board)
    for token, entries in zip(tokens, lists, strict=True):
        for entry in entries:
            room.submit(token, entry, 1.0)
    job = room.close_round(60.0)
    assert job is not None
    return room.record(judge(job))


def words_in(summary: dict[str, Any]) -> int:
    return sum(len(p["words"]) for p in summary["players"]) + len(summary["unfound"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from([*WORDS, "zzz", "xyzzy", "fa", "FAME", "fame", "ox"]), max_size=15
        ),
        min_size=1,
        max_size=5,
    ),
    st.booleans(),
)
def test_a_packed_round_unpacks_to_the_same_summary_in_few_bytes(
    lists: list[list[str]], challenge: bool
) -> None:
    summary = played(lists, challenge)
    packed = pack_round(summary)
    assert packed is not None
    assert unpack_round(packed.data, packed.unfound, packed.players) == summary
    assert all(p.extra is None for p in packed.players)  # nothing had to be kept whole
    _data, unfound, rows = pack_json(packed)
    words = sum(len(words) + 3 for _, words, _ in rows) + len(unfound)
    # each word nobody found carries its Zipf frequency and level too (~331c): 5 bytes more
    assert words <= 20 * max(1, words_in(summary))  # vs about 200 bytes of JSON a word


def test_large_boards_use_two_characters_a_cell_and_odd_verdicts_are_kept_whole() -> None:
    board = RoomSettings(dice="uniform", rows=9, cols=9).roll(5)
    good = [w.word for w in solve(board, LEXICON).words[:20]]
    summary = played([good, good[:5]], board=board)
    packed = pack_round(summary)
    assert packed is not None and unpack_round(packed.data, packed.unfound, packed.players) == (
        summary
    )
    odd = json.loads(json.dumps(summary))
    odd["players"][0]["words"][0]["message"] = "a note the judge did not write"
    packed = pack_round(odd)
    assert packed is not None and packed.players[0].extra is not None
    assert list(packed.players[0].extra) == ["0"]
    assert unpack_round(packed.data, packed.unfound, packed.players) == odd
    assert pack_round({"scores": {"ann": 1}}) is None  # not a room's summary: stored whole


def test_written_forms_are_packed_with_their_words_and_stored_in_rows() -> None:
    """OLE (olé) found or missed on an English board, and a Spanish word of two forms, are
    packed into their tokens, not kept whole: the round keeps its rows of players."""
    summary = played([["ole", "fame"], ["fame"]])
    written = ["ole", "olé"]  # English writes it both ways
    assert {"word": "ole", "written": written}.items() <= summary["players"][0]["words"][0].items()
    assert any(w.get("written") == written for w in played([["fame"]])["unfound"])
    packed = pack_round(summary)
    assert packed is not None and all(p.extra is None for p in packed.players)
    assert packed.players[0].words.startswith("ole:C1.763=ole/olé ")
    assert unpack_round(packed.data, packed.unfound, packed.players) == summary
    spanish = json.loads(json.dumps(summary))
    spanish["players"][0]["words"][0]["written"] = ["esté", "éste"]
    spanish["unfound"][0]["written"] = ["a/b"]  # a form the token cannot hold: kept whole
    assert pack_round(spanish) is None
    del spanish["unfound"][0]["written"]
    packed = pack_round(spanish)
    assert packed is not None and "=esté/éste" in packed.players[0].words
    assert unpack_round(packed.data, packed.unfound, packed.players) == spanish
    store = ResultStore(None)
    store.save_round("ABCDEF", 1, 1, summary)
    assert store._db.execute("SELECT count(*) FROM round_players").fetchone()[0] == 2
    assert store.results("ABCDEF")["rounds"][0] == {**summary, "finished": ANY}


def test_an_old_results_file_is_upgraded_and_reads_the_same(tmp_path: Path) -> None:
    summary = played([WORDS[:6], WORDS[3:9]])
    other = {"scores": {"ann": 3}}  # a document that does not pack stays whole
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as old:
        old.executescript(VERSION_0)
        old.execute("INSERT INTO rounds VALUES ('ABCDEF', 1, 1, 10.0, ?)", (json.dumps(summary),))
        old.execute("INSERT INTO rounds VALUES ('ABCDEF', 1, 2, 11.0, ?)", (json.dumps(other),))
        old.execute("INSERT INTO matches VALUES ('ABCDEF', 1, 12.0, '{\"winners\":[\"p0\"]}')")
    old.close()
    store = ResultStore(tmp_path, keep_days=None)
    stored = store.results("ABCDEF")
    assert stored["rounds"] == [{**summary, "finished": 10.0}, {**other, "finished": 11.0}]
    assert stored["matches"] == [{"winners": ["p0"], "finished": 12.0}]
    store.close()
    with sqlite3.connect(path) as upgraded:
        assert upgraded.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        seats = upgraded.execute("SELECT count(*) FROM round_players").fetchone()[0]
        assert seats == 2
    upgraded.close()
    assert ResultStore(tmp_path).results("ABCDEF") == stored  # opened again: nothing changes


def test_a_file_from_a_newer_boggle_is_refused_in_one_line(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE_NAME) as newer:
        newer.execute("PRAGMA user_version = 99")
    newer.close()
    with pytest.raises(Exception, match="newer boggle"):
        ResultStore(tmp_path)


def test_rounds_older_than_keep_days_are_pruned_and_the_size_shrinks(tmp_path: Path) -> None:
    store = ResultStore(tmp_path, keep_days=2)
    summary = played([WORDS[:20], WORDS[10:30]])
    for number in range(1, 41):
        store.save_round("OLDONE", 1, number, summary)
    store.save_match("OLDONE", 1, {"winners": ["p0"]})
    store.save_round("NEWONE", 1, 1, summary)
    grown = store.size()
    assert grown == (tmp_path / FILE_NAME).stat().st_size > 0
    now = store.results("NEWONE")["rounds"][0]["finished"]
    assert store.prune(now + DAY) == 0
    store._db.execute("UPDATE rounds SET finished = finished - 3 * ? WHERE code = 'OLDONE'", (DAY,))
    store._db.execute("UPDATE matches SET finished = finished - 3 * ?", (DAY,))
    store._db.commit()
    assert store.prune(now + DAY) == 40
    assert store.results("OLDONE") == {"code": "OLDONE", "rounds": [], "matches": []}
    assert store.results("NEWONE")["rounds"][0]["players"] == summary["players"]
    seats = store._db.execute("SELECT count(*) FROM round_players").fetchone()[0]
    assert seats == 2  # the pruned rounds' players went with them
    assert store.size() < grown
    assert store.health()["keep_days"] == 2
    assert ResultStore(tmp_path / "forever", keep_days=None).prune(now + 10_000 * DAY) == 0


def test_a_file_that_cannot_be_written_holds_the_rounds_and_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = ResultStore(tmp_path)
    summary = played([WORDS[:5]])
    # writes refused as by a read-only file (chmod would not stop root)
    store._db.execute("PRAGMA query_only = ON")
    with caplog.at_level(logging.WARNING, logger="boggle.rooms"):
        assert store.keep_round("ABCDEF", 1, 1, summary) is False
        assert store.keep_round("ABCDEF", 1, 2, summary) is False
        assert store.keep_match("ABCDEF", 1, {"winners": ["p0"]}) is False
    failures = [r for r in caplog.records if "not saved" in r.getMessage()]
    assert len(failures) == 1 and "readonly" in failures[0].getMessage()  # once per cause
    health = store.health()
    assert health["saving"] == "failing" and health["held"] == 3 and health["lost"] == 0
    assert "readonly" in health["error"] and health["failing_since"] is not None
    assert store.known("ABCDEF")  # a held room's code is not given again
    assert store.flush() is False
    store._db.execute("PRAGMA query_only = OFF")
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="boggle.rooms"):
        assert store.flush() is True
    assert any("saved again" in r.getMessage() for r in caplog.records)
    assert store.health()["saving"] == "ok" and store.health()["held"] == 0
    stored = store.results("ABCDEF")
    assert [r["round"] for r in stored["rounds"]] == [1, 1]  # the summary says round 1
    assert stored["rounds"][0]["players"] == summary["players"]
    assert stored["matches"][0]["winners"] == ["p0"]


def test_held_writes_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import boggle.rooms.storage

    monkeypatch.setattr(boggle.rooms.storage, "MAX_HELD", 3)
    store = ResultStore(tmp_path)
    store._db.execute("PRAGMA query_only = ON")
    for number in range(5):
        store.keep_match("ABCDEF", number, {"n": number})
    assert (store.health()["held"], store.health()["lost"]) == (3, 2)
    store._db.execute("PRAGMA query_only = OFF")
    assert store.flush()
    assert [m["n"] for m in store.results("ABCDEF")["matches"]] == [2, 3, 4]


def test_a_round_that_cannot_be_judged_goes_back_to_the_lobby() -> None:
    room = Room("ABCDEF", RoomSettings(seconds=60), LEXICON)
    ann = room.join("ann", 0.0)
    room.start(ann.token, 0.0, BOARD)
    assert room.close_round(60.0) is not None and room.phase is Phase.JUDGING
    room.abandon_round()
    assert room.phase is Phase.LOBBY
    room.start(ann.token, 61.0, BOARD)  # the host can play on
    assert room.phase is Phase.PLAYING


def test_a_room_s_notes_outlive_the_room_and_go_with_its_last_round(tmp_path: Path) -> None:
    """The names the host removed after a room's last round were lost when the room closed:
    the room's notes are kept beside its rounds (a later note replacing the earlier one),
    read back by a server started again, and pruned with the room's last round."""
    store = ResultStore(tmp_path, keep_days=2)
    store.save_round("ROOMAB", 1, 1, {"scores": {"ann": 3, "bob": 1}, "removed": []})
    assert "removed" not in store.results("ROOMAB")
    assert store.keep_note("ROOMAB", "removed", ["bob"])
    assert store.keep_note("ROOMAB", "removed", ["bob", "cy"])
    store.close()
    again = ResultStore(tmp_path, keep_days=2)
    assert again.results("ROOMAB")["removed"] == ["bob", "cy"]
    with pytest.raises(ValueError, match="no note"):
        again.keep_note("ROOMAB", "colour", "red")
    now = again.results("ROOMAB")["rounds"][0]["finished"]
    assert again.prune(now + DAY) == 0 and "removed" in again.results("ROOMAB")
    assert again.prune(now + 3 * DAY) == 1
    assert again._db.execute("SELECT count(*) FROM room_notes").fetchone() == (0,)
    assert not again.known("ROOMCD")
    again.keep_note("ROOMCD", "removed", ["bob"])  # closed before its first round
    assert again.known("ROOMCD")  # its code is not given to another room


def test_an_older_file_that_cannot_be_written_is_opened_read_only_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A layout-3 file the server may not write (chmod 444) stopped `boggle serve` (it is
    upgraded to layout 4 when opened, which writes it), where a file of this layout that
    cannot be written is opened and its writes held. Layout 3 reads as 4 without the rooms'
    notes: it is opened read-only, its results and challenges served, one line of the log
    saying it cannot be written nor upgraded, and each write held, failing with that reason.
    A file of an older layout still is refused with the reason."""
    from boggle.rooms.challenges import ChallengeStore

    store = ResultStore(tmp_path)
    store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
    made = ChallengeStore(store).create(BOARD, "en", LEXICON, None, None, 60)
    store._db.execute("DROP TABLE room_notes")
    store._db.execute("PRAGMA user_version = 3")
    store.close()
    connect = sqlite3.connect

    def read_only(target: str, **options: Any) -> sqlite3.Connection:
        return connect(f"file:{target}?mode=ro", uri=True, **options)  # root ignores chmod

    monkeypatch.setattr(sqlite3, "connect", read_only)
    caplog.set_level(logging.WARNING, logger="boggle.rooms")
    opened = ResultStore(tmp_path)
    assert opened.behind == 3
    assert [record.getMessage() for record in caplog.records] == [
        f"the results file {tmp_path / FILE_NAME} is of layout 3 and cannot be written "
        "(attempt to write a readonly database): its results are served read-only, and nothing "
        f"new is kept until it is made writable and the server started again (it is then "
        f"upgraded to layout {SCHEMA_VERSION})"
    ]
    assert opened.results("ABCDEF")["rounds"][0]["scores"] == {"ann": 3}
    assert opened.known("ABCDEF") and not opened.known("GHJKLM")
    assert ChallengeStore(opened).find(made.code).board == BOARD
    assert opened.health()["saving"] == "failing"
    assert "of layout 3, not upgraded" in opened.health()["error"]
    assert opened.prune(now=1e12) == 0  # nothing deleted, nothing more logged
    caplog.clear()
    assert opened.flush()  # nothing held: nothing "saved again", still failing
    assert opened.health()["saving"] == "failing" and not caplog.records
    assert not opened.keep_round("ABCDEF", 1, 2, {"scores": {"ann": 1}})
    assert not opened.keep_note("ABCDEF", "removed", ["ann"])
    assert opened.health()["held"] == 2
    assert len(caplog.records) == 1 and "of layout 3, not upgraded" in caplog.text
    assert len(opened.results("ABCDEF")["rounds"]) == 1
    opened.close()

    monkeypatch.setattr(sqlite3, "connect", connect)
    older = sqlite3.connect(tmp_path / FILE_NAME)
    older.execute("PRAGMA user_version = 2")
    older.close()
    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(Exception) as refused:
        ResultStore(tmp_path)
    assert str(refused.value) == (
        f"cannot use the results file {tmp_path / FILE_NAME}: attempt to write a readonly "
        f"database (it is of layout 2, upgraded to {SCHEMA_VERSION} when opened: make it "
        "writable)"
    )
