"""POST /api/offline: boards kept ahead for solo rounds with no connection, each with what
judging a round on it needs, as POST /api/play would judge it (the page's judge is held to
/api/play in tests/web/test_offline_browser.py)."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle import Board, Lexicon, solve
from boggle.game import offline
from boggle.game.offline import GIVEN_UP_WORDS, OFFLINE_MAX_BYTES, OFFLINE_ROUNDS, offline_round
from boggle.model.rules import CLASSIC
from boggle.web.app import WebConfig, create_app
from boggle.web.context import Limits, WebContext
from boggle.web.routes import FEEDBACK_LABELS


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebConfig(preload=False))) as test_client:
        yield test_client


def finished(client: TestClient, kept: dict[str, Any], **settings: Any) -> Any:
    body = {"board": kept["board"], "words": [], "finished": True, **settings}
    return client.post("/api/play", json=body).json()


def test_the_server_says_how_many_boards_to_keep_and_rolls_them(client: TestClient) -> None:
    answer = client.post("/api/offline", json={})
    assert answer.status_code == 200
    body = answer.json()
    assert body["keep"] == OFFLINE_ROUNDS == len(body["rounds"])
    assert body["max_bytes"] == OFFLINE_MAX_BYTES and body["labels"] == FEEDBACK_LABELS
    assert len({kept["board"] for kept in body["rounds"]}) == OFFLINE_ROUNDS  # newly rolled
    for kept in body["rounds"]:
        played = finished(client, kept)
        # the words that count are the report's words missed, with what it shows of them
        assert sorted(kept["words"], key=lambda w: w["word"]) == sorted(
            played["missed"], key=lambda w: w["word"]
        )
        assert (kept["maximum"], kept["total"]) == (played["maximum"], played["total"])
        assert kept["levels"] == played["levels"] and kept["other"] == []
        assert kept["min_length"] == 3 and kept["rows"] == kept["cols"] == 4
        assert kept["spelled"] == [face for row in kept["faces"] for face in row]


def test_boards_of_another_language_and_size(client: TestClient) -> None:
    body = client.post("/api/offline", json={"dictionary": "es", "rows": 5, "cols": 5}).json()
    kept = body["rounds"][0]
    assert (kept["rows"], kept["cols"], kept["rules"], kept["min_length"]) == (5, 5, "big", 4)
    reading = kept["reading"]
    assert reading["language"] == "es" and reading["fold"] and reading["fold_accents"]
    assert reading["keep"] == "ñ" and "ñ" in reading["alphabet"]
    played = finished(client, kept, dictionary="es")
    assert kept["maximum"] == played["maximum"]


def test_the_words_a_level_leaves_out_are_the_board_s_own(client: TestClient) -> None:
    """A word of the board outside the level is in ``other``: /api/play sets it apart."""
    pytest.importorskip("wordfreq", reason="the word levels need wordfreq ([test] extra)")
    settings = {"word_level": "common", "other_words": "zero"}
    body = client.post("/api/offline", json=settings).json()
    for kept in body["rounds"]:
        assert kept["setting"] == settings
        counted = {w["word"] for w in kept["words"]}
        assert not counted & set(kept["other"])
        assert {w["level"] for w in kept["words"]} <= {"common"}
        played = client.post(
            "/api/play", json={"board": kept["board"], "words": kept["other"], **settings}
        ).json()
        assert [f["status"] for f in played["feedback"]] == ["set_apart"] * len(kept["other"])


def test_a_board_given_is_that_board_s_round_alone(client: TestClient) -> None:
    """A round started online keeps its own board's words, to go on offline."""
    body = client.post("/api/offline", json={"board": "fxie amlo ewbx astu"}).json()
    assert [kept["board"] for kept in body["rounds"]] == ["fxie amlo ewbx astu"]
    played = finished(client, body["rounds"][0])
    assert body["rounds"][0]["maximum"] == played["maximum"]
    refused = client.post("/api/offline", json={"board": "fxie amlo ewbx astu", "rows": 5})
    assert refused.status_code == 400
    assert refused.json()["error"] == "a board given is not rolled: leave out rows"


def test_a_page_missing_boards_asks_for_those_alone(client: TestClient) -> None:
    """After a round played online the page lacked one board of three and the server rolled
    and solved three for it, two thrown away (a third of the work used): ``count`` asks for
    fewer; more than the server keeps, or beside a board given, is refused in one line."""
    body = client.post("/api/offline", json={"count": 1}).json()
    assert len(body["rounds"]) == 1 and body["keep"] == OFFLINE_ROUNDS
    too_many = client.post("/api/offline", json={"count": OFFLINE_ROUNDS + 1})
    assert too_many.status_code == 400
    assert too_many.json()["error"] == "count must be from 1 to 3 (this server keeps 3 boards)"
    beside = client.post("/api/offline", json={"board": "fxie amlo ewbx astu", "count": 1})
    assert beside.status_code == 400
    assert beside.json()["error"] == "a board given is not rolled: leave out count"


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        ({"dictionary": "es", "dice": "new"}, 400, "leave the dice out"),
        ({"dictionary": "nope"}, 400, "unknown word list"),
        ({"dice": "uniform", "rows": 30, "cols": 30}, 413, "too large for this server"),
        ({"word_level": "rare"}, 422, ""),
        ({"seed": 7}, 422, ""),  # kept boards are never the same roll twice
        ({"board": "abc de"}, 400, ""),
    ],
)
def test_bad_settings_are_one_line(
    client: TestClient, body: dict[str, Any], status: int, said: str
) -> None:
    answer = client.post("/api/offline", json=body)
    assert answer.status_code == status
    assert said in answer.json()["error"]


def test_a_list_s_reading_and_faces_as_it_spells_them() -> None:
    french = Lexicon.from_words(["ete"])
    french.language = "fr"
    kept = offline_round(Board.parse("été/"), french, CLASSIC)
    assert kept["faces"] == [["é", "t", "é"]] and kept["spelled"] == ["e", "t", "e"]
    assert kept["reading"]["fold"] and kept["reading"]["language"] == "fr"
    assert [w["word"] for w in kept["words"]] == ["ete"]


def test_the_operator_sets_how_many_boards_are_kept_or_turns_offline_play_off() -> None:
    """``boggle serve --offline-boards N`` (``Limits.offline_boards``): there was no switch,
    every page fetched three boards.  N boards are rolled and kept; 0 turns the route off
    (403, one line), and ``GET /api/options`` says so, so the page asks for none."""
    one = create_app(WebConfig(limits=Limits(offline_boards=1), preload=False))
    with TestClient(one) as served:
        body = served.post("/api/offline", json={}).json()
        assert body["keep"] == 1 and len(body["rounds"]) == 1
        assert served.get("/api/options").json()["limits"]["offline_boards"] == 1
        refused = served.post("/api/offline", json={"count": 2})
        assert refused.status_code == 400
        assert refused.json()["error"] == "count must be from 1 to 1 (this server keeps 1 board)"
    off = create_app(WebConfig(limits=Limits(offline_boards=0), preload=False))
    with TestClient(off) as served:
        assert served.get("/api/options").json()["limits"]["offline_boards"] == 0
        for asked in ({}, {"board": "fxie amlo ewbx astu"}):
            answer = served.post("/api/offline", json=asked)
            assert answer.status_code == 403
            assert answer.json()["error"] == (
                "offline play is off on this server (boggle serve --offline-boards 0)"
            )
    assert Limits().offline_boards == OFFLINE_ROUNDS


def test_a_listed_word_a_search_gives_up_on_is_kept_with_the_round() -> None:
    """The server, holding the board's solution, says a listed word not on the board is not
    on it without a search; the page searched and said it gave up ("not a word"). The round
    keeps the listed words a search gives up on (``given_up``); a board where none can
    keeps none, and one where too many could says so (``None``)."""
    board = Board.parse("abaaa ababa bbaaa abaaa baaaa")
    long_word = "aaaaaaaaaaabaaaaaaa"  # no path: the search gives up past 2,000,000 steps
    kept = offline_round(board, Lexicon.from_words([long_word, "aba", "baa"]), CLASSIC)
    assert kept["given_up"] == [long_word]
    fxie = offline_round(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame"]), CLASSIC)
    assert fxie["given_up"] == []


def test_given_up_is_named_on_boards_where_more_than_50_words_could_run_long() -> None:
    """``given_up`` was ``None`` (not looked for) wherever more than 50 listed words could
    run long: on every 6x6 board of the superbig dice (faces beginning alike, ``in`` and
    ``i``: every listed word of the board's letters counted), and beside words needing more
    of a letter than the board holds (refused at once, never searched). It names them now."""
    from boggle import load_lexicon
    from boggle.dice.cubes import roll_board
    from boggle.model.rules import BIG

    board = Board.parse("abaaa ababa bbaaa abaaa baaaa")  # 7 b
    long_word = "aaaaaaaaaaabaaaaaaa"
    refused_at_once = ["b" * 8 + "a" * more for more in range(60)]
    lexicon = Lexicon.from_words([long_word, "aba", *refused_at_once])
    assert offline_round(board, lexicon, CLASSIC)["given_up"] == [long_word]
    english = load_lexicon("en-70")
    superbig = roll_board("superbig", 0)
    named = offline_round(superbig, english, BIG)["given_up"]
    assert isinstance(named, list) and 0 < len(named) <= GIVEN_UP_WORDS
    on_board = {item.word for item in solve(superbig, english, BIG).words}
    assert not on_board & set(named)


def test_a_word_without_its_diacritics_names_the_board_s_words_past_20000_steps() -> None:
    """A word typed without the diacritics of words of the board: the server tried the
    list's variants prefix by prefix and stopped after 20,000 (``SPELLING_STEPS``), naming
    others than the page (which reads the board's words) or none. With the board's solution
    it reads the solution's words, as the page does: the first three, sorted."""
    from itertools import product

    from boggle import PlaySession, solve
    from boggle.model.letters import bare_letters

    variants = ["a", "á", "à", "â", "ä", "ã", "å", "ą"]
    words = ["".join(letters) for letters in product(variants, repeat=5)]
    words.remove("aaaaa")
    lexicon = Lexicon.from_words(words)
    board = Board.parse("aáàâ äãåą aáàâ äãåą")
    solution = solve(board, lexicon, CLASSIC)
    said = PlaySession(board, solution).submit("aaaaa")
    first = sorted(item.word for item in solution.words if bare_letters(item.word) == "aaaaa")[:3]
    assert said.status == "not_on_board"
    assert said.message == "; ".join(
        f"{word.upper()} is on the board: type "
        + ", ".join(dict.fromkeys(letter for letter in word if letter != "a"))
        for word in first
    )


def given_up_before(board: Board, lexicon: Lexicon, whole: Any) -> list[str] | None:
    """:func:`boggle.game.offline.given_up` as it was before its words were grouped by
    their letters (each listed word read for each board): the reference its answer keeps."""
    half = offline.PATH_STEP_BUDGET // 2  # the search from the word's start; then from its end
    faces = board.faces
    held = Counter(faces)
    cells = len(faces)
    letters = sum(len(face) for face in faces)
    first: dict[str, str] = {}
    plain = all(first.setdefault(face[0], face) == face for face in held)
    single = {face: count for face, count in held.items() if len(face) == 1}
    multi = [(face, count) for face, count in held.items() if len(face) > 1]
    every = [(count, count) for count in held.values()]

    def could_give_up(word: str | None) -> bool:
        """Whether a search for ``word`` (``None``: any word) may take more than ``half``
        steps: 8 a sequence of dice tried, plus the cells that can finish it (8 a cell a
        position).  With no two faces beginning alike, the word says the face of each die
        of a sequence of a given length, so there are at most the ordered picks of as many
        dice of each face as the word has of it, for each length."""
        if word is None:
            if not plain:
                return True
            length, sequences = letters, min(cells, letters) + 1
        else:
            length = len(word)
            # the faces of the word: its letters held alone, and the multi-letter faces in it
            # (the product below is the same in any order, and only grows)
            spelled = [
                (count, offline._occurrences(word, face)) for face, count in multi if face in word
            ]
            used = [(single[c], word.count(c)) for c in set(word) if c in single] + spelled
            # the prefixes' spellings: one a length where faces begin unlike; else at most
            # one a length for each choice of the multi-letter faces' places (counted only
            # where that quick bound is not low enough)
            many = sum(times for _, times in spelled)
            sequences = min(cells, length) + 1 if plain else (length + 1) << many
        picks = 1
        for count, times in every if word is None else used:
            for taken in range(min(count, times)):
                picks *= count - taken
            if 8 * picks > half:
                return True
        if 8 * sequences * picks + 9 * length * cells <= half:
            return False
        if word is not None and not plain:
            sequences = offline._spellings(word, held)
        return 8 * sequences * picks + 9 * length * cells > half

    # the shortest word a search could run long for: a word of n letters picks at most the
    # n largest of the faces' counts, counts less one, ... (a quick bound, words read below)
    factors = sorted(count - taken for count in held.values() for taken in range(count))[::-1]
    sequences, shortest = 1, 0 if plain else 1  # faces beginning alike: no bound
    for length in range(1, letters + 1 if plain else 1):
        if length <= len(factors):
            sequences *= factors[length - 1]
        if 8 * (min(cells, length) + 1) * sequences + 9 * length * cells > half:
            shortest = length
            break
    if not shortest or not could_give_up(None):
        return []
    on_board = set(whole.by_word)
    shortest = max(shortest, whole.rules.min_length)
    board_letters = set("".join(faces))
    held_letters = Counter("".join(faces))
    may: list[str] = []
    for word in lexicon.words:
        if len(word) < shortest or word in on_board or not board_letters.issuperset(word):
            continue
        if any(held_letters[letter] < word.count(letter) for letter in set(word)):
            continue  # more of a letter than the board holds: refused without a search
        if could_give_up(word):
            may.append(word)
            if len(may) > offline.GIVEN_UP_WORDS:
                return None
    return may


def spanish_board(seed: int) -> Board:
    """A 6x6 board of Spanish letters with ``ch``, ``ll``, ``rr`` and ``qu`` faces."""
    chooser = random.Random(seed)
    faces = [*"aaeeiioosrnldtcmpbgu", "ch", "ll", "rr", "qu"]
    rows = ("".join(f"[{face}]" for face in chooser.choices(faces, k=6)) for _ in range(6))
    return Board.parse(" ".join(rows))


class CountedLexicon(Lexicon):
    """A list that counts the reads of its words."""

    reads = 0

    @property
    def words(self) -> tuple[str, ...]:
        CountedLexicon.reads += 1
        return super().words


def test_given_up_names_the_words_it_named_reading_the_list_once() -> None:
    """``given_up`` read each listed word of the board's letters for each board, 0.2 to 0.4 s
    a 6x6 superbig board (en-70) on a loaded 2-core machine, most of ``/api/offline``'s time
    there; the list's words are now grouped by their letters once a list (a group whose
    letters the board lacks, or none of whose words could run long, is skipped at once):
    the same words named, from the list's words read once whatever the boards."""
    from boggle import load_lexicon
    from boggle.dice.cubes import roll_board, uniform_board
    from boggle.game.offline import given_up
    from boggle.model.rules import BIG
    from boggle.wordlists.spelling import fold_board

    english, spanish = load_lexicon("en-70"), load_lexicon("es")
    tried = [
        *((roll_board("superbig", seed), english) for seed in range(4)),
        (roll_board("big", 3), english),
        (uniform_board(8, 8, seed=0), english),  # more than 5,000: None
        (uniform_board(8, 8, seed=2), english),
        *((spanish_board(seed), spanish) for seed in range(3)),
    ]
    named = []
    for board, lexicon in tried:
        folded = fold_board(board, lexicon) if lexicon.language not in (None, "en") else board
        whole = solve(board, lexicon, BIG)
        named.append(given_up(folded, lexicon, whole))
        assert named[-1] == given_up_before(folded, lexicon, whole), str(board)
    assert None in named and sum(bool(words) for words in named) >= 6
    abaaa = Board.parse("abaaa ababa bbaaa abaaa baaaa")
    counted = CountedLexicon._normalised(("aaaaaaaaaaabaaaaaaa", "aba", "baaaaaaaaaaaaaa"), "c")
    whole = solve(abaaa, counted, CLASSIC)
    CountedLexicon.reads = 0
    for _ in range(3):
        assert given_up(abaaa, counted, whole) == given_up_before(abaaa, counted, whole)
    assert CountedLexicon.reads == 1 + 3  # grouped once; given_up_before reads it each time


def test_the_list_s_index_is_built_outside_the_round_s_time_limit(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words grouped by letters that ``given_up`` reads are built once a list, a second
    or more for a long list on a busy machine: built inside the round's time limit, a
    German board's first ``/api/offline`` was a 408 in CI. The server builds them first,
    outside that limit, and the round is answered."""
    building = offline._letter_groups

    def slow(lexicon: Lexicon) -> Any:
        time.sleep(1.5)
        return building(lexicon)

    monkeypatch.setattr(offline, "_letter_groups", slow)
    words = tmp_path / "mine.txt"
    words.write_text("aaaaaaaaaaabaaaaaaa\naba\nfame\n")
    config = WebConfig(
        limits=Limits(solve_seconds=1.0), preload=False, extra_dictionaries={"mine": words}
    )
    # the list's words' levels (3 s at load 8 with the test's empty cache) are computed in
    # the same preparation: tests/web/test_round_preparation.py
    app = create_app(config)
    board = "abaaa ababa bbaaa abaaa baaaa"  # repeated faces: given_up reads the list
    with TestClient(app) as served:
        answer = served.post("/api/offline", json={"board": board, "dictionary": "mine"})
        assert answer.status_code == 200, answer.json()
        assert answer.json()["rounds"][0]["given_up"] is not None


def test_a_round_process_prepares_the_index_its_own_rounds_read(tmp_path: Any) -> None:
    """The index was built by one round job and the rounds made by another: with 2 round
    processes (``boggle serve --round-processes 2``) the rounds could be made in the other
    process, which built the index inside the round's time limit. One job a request, its
    preparation (the index) in the process that makes the rounds, before their time."""
    from boggle.web.routes import offline_preparation

    words = tmp_path / "mine.txt"
    words.write_text("aaaaaaaaaaabaaaaaaa\naba\nfame\n")
    config = WebConfig(
        limits=Limits(round_processes=2), preload=False, extra_dictionaries={"mine": words}
    )
    app = create_app(config)
    processes = app.state.context.round_processes
    processes.nice = 0  # the tests' priority: at the server's, a loaded suite starved it
    jobs: list[tuple[str, Any]] = []
    run = processes.run

    async def recorded(function: Any, *args: Any, **settings: Any) -> Any:
        jobs.append((function.__name__, settings.get("prepare")))
        return await run(function, *args, **settings)

    processes.run = recorded
    board = "abaaa ababa bbaaa abaaa baaaa"  # its search may give up: the index is read
    with TestClient(app) as served:
        answer = served.post("/api/offline", json={"board": board, "dictionary": "mine"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["rounds"][0]["given_up"] == ["aaaaaaaaaaabaaaaaaa"]
    assert jobs == [("offline_work", (offline_preparation, ("mine", [Board.parse(board)])))]


def test_a_server_starting_builds_no_index_its_rounds_may_never_read(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index ``given_up`` reads of the default list (0.8 CPU s and 19 MB) was built as a
    preloading server started, in each round process, though a server of 4x4 boards almost
    never reads it. The first board that reads it builds it, outside that round's time
    (:func:`test_the_list_s_index_is_built_outside_the_round_s_time_limit`)."""
    from boggle.web import context as web_context

    built: list[str | None] = []
    group = offline._letter_groups

    def counted(lexicon: Lexicon) -> Any:
        built.append(lexicon.name)
        return group(lexicon)

    monkeypatch.setattr(offline, "_letter_groups", counted)
    monkeypatch.setattr(web_context, "freeze_long_lived", lambda: None)  # this test process's
    made = iter(range(10))

    def mine() -> dict[str, Any]:
        """A list of its own (a list loaded is kept by the process: its index with it)."""
        words = tmp_path / f"mine{next(made)}.txt"
        words.write_text(f"aaaaaaaaaaabaaaaaaa\naba\nfame\n{words.stem}\n")
        return {"extra_dictionaries": {"mine": words}, "default_dictionary": "mine"}

    with TestClient(create_app(WebConfig(**mine()))) as served:
        assert built == []  # the list preloaded, not its index
        answer = served.post("/api/offline", json={"board": "fxie amlo ewbx astu"})
        assert answer.json()["rounds"][0]["words"][0]["word"] == "fame"
        assert built == []  # a 4x4 board of faces repeated little: not read
        repeated = {"board": "abaaa ababa bbaaa abaaa baaaa"}
        for _ in range(2):
            answer = served.post("/api/offline", json=repeated)
            assert answer.json()["rounds"][0]["given_up"] == ["aaaaaaaaaaabaaaaaaa"]
            assert built == ["mine"]  # built once
    # a round process's setup: its list loaded, not the index
    processes = WebContext(WebConfig(**mine(), limits=Limits(round_processes=1))).round_processes
    assert processes is not None
    catalogue = web_context.round_process_setup(*processes.setup_args)
    assert built == ["mine"]
    offline.prepare_offline(catalogue.get(None), [Board.parse(repeated["board"])])
    assert built == ["mine", "mine"]  # what builds it there (offline_preparation)


def test_the_list_s_index_is_built_only_for_boards_that_read_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index ``given_up`` reads (0.8 s and 19 MB for the default list, 1.7 s and 42 MB
    for German) was built by a list's first ``/api/offline`` whatever its boards, though
    nearly no 4x4 board has faces repeated enough for a search to give up (``given_up``
    then reads nothing). It is built by the first board that reads it."""
    built: list[str | None] = []
    group = offline._letter_groups

    def counted(lexicon: Lexicon) -> Any:
        built.append(lexicon.name)
        return group(lexicon)

    monkeypatch.setattr(offline, "_letter_groups", counted)
    words = tmp_path / "mine.txt"
    words.write_text("aaaaaaaaaaabaaaaaaa\naba\nfame\n")
    config = WebConfig(preload=False, extra_dictionaries={"mine": words})
    with TestClient(create_app(config)) as served:
        for board in ("fxie amlo ewbx astu", "aabb ccdd eeff gghh"):
            answer = served.post("/api/offline", json={"board": board, "dictionary": "mine"})
            assert answer.status_code == 200, answer.json()
            assert {kept["given_up"] == [] for kept in answer.json()["rounds"]} == {True}
        assert built == []
        repeated = {"board": "abaaa ababa bbaaa abaaa baaaa", "dictionary": "mine"}
        answer = served.post("/api/offline", json=repeated)
        assert answer.json()["rounds"][0]["given_up"] == ["aaaaaaaaaaabaaaaaaa"]
        assert built == ["mine"]
