"""Challenges in the results file: judged by the library, one result a name, ranked best
first with the words only each player found, kept across reopening, pruned with the rounds,
and a version-1 file upgraded to hold them without losing its rounds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, judge_round, load_lexicon, solve
from boggle.rooms import ChallengeLimits, ChallengeStore, ResultStore, RoomError
from boggle.rooms.challenges import CreationGate, FoundWord, pack_words, unpack_words
from boggle.rooms.storage import DAY, FILE_NAME, SCHEMA_VERSION, TABLES, VERSION_1

LEXICON = load_lexicon()
BOARD = Board.parse("fxie amlo ewbx astu")
SOLUTION = solve(BOARD, LEXICON)
WORDS = [w.word for w in SOLUTION.words]


def make(store: ChallengeStore, seconds: int = 120, now: float = 0.0) -> str:
    return store.create(BOARD, "en-70", LEXICON, None, None, seconds, now=now).code


def test_a_result_is_judged_by_the_library_whatever_is_posted() -> None:
    store = ChallengeStore(ResultStore(None))
    code = make(store)
    entries = [WORDS[0], "zzzz", WORDS[0], "qqq", WORDS[1], "ox", "FAME"]
    result = store.post(code, "ann", entries, LEXICON)
    expected = judge_round(BOARD, {"ann": entries}, LEXICON).player("ann")
    assert result.score == expected.score
    counted = [v.word for v in expected.verdicts if v.status.value == "counted"]
    assert [w.word for w in result.words] == counted
    assert "zzzz" not in {w.word for w in result.words}


def test_one_result_a_name_whatever_its_case_and_spaces() -> None:
    store = ChallengeStore(ResultStore(None))
    code = make(store)
    store.post(code, "Ann Lee", [WORDS[0]], LEXICON)
    with pytest.raises(RoomError) as refused:
        store.post(code, "  ann   LEE ", [WORDS[1]], LEXICON)
    assert refused.value.code == "name_taken"
    assert [r.name for r in store.results(code)] == ["Ann Lee"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a\x00b"])
def test_a_bad_name_is_refused(name: str) -> None:
    store = ChallengeStore(ResultStore(None))
    with pytest.raises(RoomError) as refused:
        store.post(make(store), name, [], LEXICON)
    assert refused.value.code == "bad_name"


def test_the_limits_on_words_results_and_round_length() -> None:
    store = ChallengeStore(ResultStore(None), ChallengeLimits(max_results=2, max_words=3))
    code = make(store)
    with pytest.raises(RoomError, match="at most 3") as refused:
        store.post(code, "ann", WORDS[:4], LEXICON)
    assert refused.value.code == "too_many_words"
    store.post(code, "ann", WORDS[:3], LEXICON)
    store.post(code, "bob", [], LEXICON)
    with pytest.raises(RoomError) as full:
        store.post(code, "cat", [], LEXICON)
    assert full.value.code == "full"
    for seconds in (4, 3601):
        with pytest.raises(RoomError) as bad:
            make(store, seconds)
        assert bad.value.code == "bad_seconds"


@pytest.mark.parametrize("code", ["ABCDEFGH", "abc", "ABCDEF10", ""])
def test_an_unknown_or_malformed_code_is_unknown(code: str) -> None:
    store = ChallengeStore(ResultStore(None))
    with pytest.raises(RoomError) as refused:
        store.find(code)
    assert refused.value.code == "unknown_challenge"
    with pytest.raises(RoomError):
        store.post(code, "ann", [], LEXICON)


def test_results_best_first_with_ranks_and_the_words_only_each_found() -> None:
    store = ChallengeStore(ResultStore(None))
    code = make(store)
    by_points = sorted(SOLUTION.words, key=lambda w: -w.points)
    big, small = [w.word for w in by_points[:3]], [w.word for w in by_points[-3:]]
    store.post(code, "low", small, LEXICON, now=1.0)
    store.post(code, "high", [*big, small[0]], LEXICON, now=2.0)
    store.post(code, "same", small, LEXICON, now=3.0)
    shown = store.results(code)
    assert [r.name for r in shown] == ["high", "low", "same"]
    assert [r.rank for r in shown] == [1, 2, 2]
    assert shown[0].only == tuple(big)
    assert shown[1].only == () and shown[2].only == ()
    assert shown[0].to_json()["count"] == 4


def test_the_challenge_keeps_its_board_list_rules_and_time(tmp_path: Path) -> None:
    board = Board.parse("abcde fghij klmno pqrst uvwxy")
    store = ChallengeStore(ResultStore(tmp_path))
    made = store.create(board, "en-70", LEXICON, "classic", 5, 60)
    store.post(made.code, "ann", [WORDS[0]], LEXICON)
    store.store.close()
    again = ChallengeStore(ResultStore(tmp_path))
    found = again.find(made.code.lower())
    assert (str(found.board), found.dictionary, found.seconds) == (str(board), "en-70", 60)
    assert (found.preset, found.rules.min_length) == ("classic", 5)
    assert found.to_json()["rules"]["preset"] == "classic"
    assert [r.name for r in again.results(made.code)] == ["ann"]
    by_size = again.create(board, "en-70", LEXICON, None, None, 60)
    assert (by_size.preset, by_size.rules.name) == ("big", "big")


def test_a_minimum_no_word_of_the_board_reaches_is_refused_yet_a_kept_one_loads(
    tmp_path: Path,
) -> None:
    store = ChallengeStore(ResultStore(tmp_path))
    with pytest.raises(RoomError) as refused:
        store.create(BOARD, "en-70", LEXICON, "classic", 17, 60)
    assert refused.value.code == "bad_min_length"
    assert refused.value.message.startswith("min_length must be from 1 to 16 on this board")
    made = store.create(BOARD, "en-70", LEXICON, "classic", 16, 60)
    assert made.rules.min_length == 16
    with store.store.transaction() as db:  # as one made before the refusal was kept
        db.execute("UPDATE challenges SET min_length = 17 WHERE code = ?", (made.code,))
    assert store.find(made.code).rules.min_length == 17


def test_challenges_unplayed_for_keep_days_are_pruned(tmp_path: Path) -> None:
    results = ResultStore(tmp_path, keep_days=2)
    store = ChallengeStore(results)
    old, played, fresh = make(store, now=0.0), make(store, now=0.0), make(store, now=3 * DAY)
    store.post(played, "ann", [WORDS[0]], LEXICON, now=2.5 * DAY)
    store.post(old, "bob", [WORDS[0]], LEXICON, now=0.5 * DAY)
    assert results.prune(now=4 * DAY) == 1
    with pytest.raises(RoomError):
        store.find(old)
    assert [r.name for r in store.results(played)] == ["ann"]
    store.find(fresh)
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("SELECT count(*) FROM challenge_results").fetchone()[0] == 1
    db.close()


def test_a_version_1_file_is_upgraded_and_keeps_its_rounds(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as old:
        old.executescript(TABLES + VERSION_1)  # what version 1 made
        old.execute("INSERT INTO rounds VALUES ('ABCDEF', 1, 1, 10.0, '{\"scores\":{}}', NULL)")
        old.execute("PRAGMA user_version = 1")
    old.close()
    results = ResultStore(tmp_path, keep_days=None)
    assert results.results("ABCDEF")["rounds"] == [{"scores": {}, "finished": 10.0}]
    code = make(ChallengeStore(results))
    results.close()
    with sqlite3.connect(path) as upgraded:
        assert upgraded.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        assert upgraded.execute("SELECT code FROM challenges").fetchall() == [(code,)]
    upgraded.close()


def test_creation_is_rate_limited_per_address_and_can_be_lifted() -> None:
    gate = CreationGate(ChallengeLimits(per_address=2, seconds_per_challenge=10))
    gate.admit("192.0.2.1", 0.0)
    gate.admit("192.0.2.1", 0.0)
    with pytest.raises(RoomError) as refused:
        gate.admit("192.0.2.1", 1.0)
    assert refused.value.code == "rate_limited" and refused.value.retry_after == 9
    gate.admit("192.0.2.2", 1.0)  # another address has its own
    gate.admit("192.0.2.1", 10.0)
    lifted = CreationGate(ChallengeLimits(per_address=0))
    for _ in range(50):
        lifted.admit("192.0.2.1", 0.0)


cells = st.tuples(st.integers(0, 8), st.integers(0, 8))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.text("abcdeé", min_size=1, max_size=6), st.integers(0, 20), st.lists(cells)),
        max_size=8,
    ),
    st.sampled_from(["fxie amlo ewbx astu", "/".join(["abcdefghi"] * 9)]),
)
def test_words_pack_and_unpack_to_themselves(
    found: list[tuple[str, int, list[tuple[int, int]]]], text: str
) -> None:
    board = Board.parse(text)
    words = tuple(
        FoundWord(w, p, tuple((r % board.rows, c % board.cols) for r, c in path))
        for w, p, path in found
    )
    assert unpack_words(pack_words(words, board), board) == words


def test_a_name_in_fullwidth_letters_has_the_result_of_the_same_name() -> None:
    """A challenge took a second result under ANN in fullwidth letters beside "ann"'s."""
    store = ChallengeStore(ResultStore(None))
    code = make(store)
    store.post(code, "ann", [WORDS[0]], LEXICON)
    with pytest.raises(RoomError) as refused:
        store.post(code, "\uff21\uff2e\uff2e", [WORDS[1]], LEXICON)
    assert refused.value.code == "name_taken"
    assert [r.name for r in store.results(code)] == ["ann"]


def test_a_version_2_file_keys_its_results_names_as_names_are_compared_now(
    tmp_path: Path,
) -> None:
    """A result posted under "\u0430nn" (its a Cyrillic) before look-alike letters were
    compared kept the key "\u0430nn": once they were, the same name (or "ann") posted again
    made a second result. Opening the file keys it again; a result whose new key another of
    its challenge holds keeps the old one, both kept."""
    path = tmp_path / FILE_NAME
    results = ResultStore(tmp_path, keep_days=None)
    store = ChallengeStore(results)
    code, both = make(store), make(store)
    results.close()
    with sqlite3.connect(path) as old:  # the results as layout 2 keyed them
        for challenge, name in ((code, "\u0430nn"), (both, "ann"), (both, "\u0430nn")):
            old.execute(
                "INSERT INTO challenge_results VALUES (?, ?, ?, 1.0, 1, '')",
                (challenge, name, name),
            )
        old.execute("PRAGMA user_version = 2")
    old.close()
    store = ChallengeStore(ResultStore(tmp_path, keep_days=None))
    for name in ("\u0430nn", "ann", "ANN"):
        with pytest.raises(RoomError) as refused:
            store.post(code, name, [WORDS[0]], LEXICON)
        assert refused.value.code == "name_taken"
    assert [r.name for r in store.results(code)] == ["\u0430nn"]
    assert sorted(r.name for r in store.results(both)) == ["ann", "\u0430nn"]
    store.store.close()
