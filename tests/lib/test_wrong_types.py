"""A value of the wrong type given to the main library functions is one line naming what
was expected (a ``BoggleError``), never a Python error from deep inside (newcomer 29)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from boggle import (
    Board,
    BoggleError,
    DiceSet,
    Lexicon,
    PlayerList,
    PlaySession,
    Rules,
    RulesChoice,
    judge_round,
    load_lexicon,
    normalise_word,
    preset,
    roll,
    roll_board,
    rules_for_board,
    solve,
)
from boggle.definitions import define
from boggle.dice.cubes import dice_set
from boggle.game import next_hint
from boggle.scale.threads import score_many
from boggle.search import search
from boggle.study.stats import score_stats

WORDS = Lexicon.from_words(["fame", "mile", "tea", "eat"])
BOARD = Board.parse("fxie amlo ewbx astu")


def _refused(call: Callable[[], object], says: str) -> BoggleError:
    with pytest.raises(BoggleError) as refused:
        call()
    message = str(refused.value)
    assert says in message and "\n" not in message, message
    return refused.value


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: Board.parse(3), "a board is text like 'fxie amlo ewbx astu', not int"),
        (lambda: Board.parse(None), "a board is text like 'fxie amlo ewbx astu', not NoneType"),
        (lambda: Board.parse(b"abcd"), "a board is text like 'fxie amlo ewbx astu', not bytes"),
        (lambda: solve(3, WORDS), "solve takes the board as a Board or its text"),
        (lambda: solve(None, WORDS), "solve takes the board as a Board or its text"),
        (lambda: judge_round(3, {"ann": ["fame"]}, WORDS), "judge_round takes the board as"),
        (lambda: Board("abcd", 2, 2), "a board's faces are a tuple of faces"),
    ],
)
def test_a_board_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``Board.parse(3)`` was "object of type 'int' has no len()", ``solve(None, ...)``
    "'NoneType' object has no attribute 'faces'"; ``Board("abcd", 2, 2)`` made a board whose
    faces were a text, unequal to the board ``Board.parse("ab cd")``."""
    _refused(call, says)


def test_a_boards_faces_given_as_a_list_are_its_tuple() -> None:
    """``Board(["a", "b", "c", "d"], 2, 2)`` kept the list: the board could not be hashed."""
    board: Any = Board(["a", "b", "c", "d"], 2, 2)  # type: ignore[arg-type]
    assert board == Board.parse("ab cd") and hash(board) == hash(Board.parse("ab cd"))


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: Lexicon.from_words("fame"), "takes the words as a list of texts, not one text"),
        (lambda: Lexicon.from_words(None), "Lexicon.from_words takes the words as a list"),
        (lambda: Lexicon.from_words(5), "a list of texts, not int"),
        (lambda: Lexicon.from_words(["fame", 1]), "a word must be text, got 1 (int)"),
        (lambda: Lexicon.from_words(["fame"], name=3), "a word list's name must be text, got 3"),
        (lambda: Lexicon("fame", "mine"), "Lexicon takes the words as a list of texts"),
        (lambda: Lexicon(None, "mine"), "Lexicon takes the words as a list of texts"),
        (lambda: Lexicon(["fame"], None), "a word list's name must be text, got None"),
    ],
)
def test_words_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``Lexicon.from_words("fame")`` was the list of the words a, e, f and m;
    ``from_words(None)`` "'NoneType' object is not iterable", a number among the words
    "'int' object has no attribute 'strip'", and a name of any type was kept."""
    _refused(call, says)


def test_words_from_a_generator_are_read_once() -> None:
    assert Lexicon.from_words(word for word in ["tea", "eat"]).words == ("eat", "tea")
    assert Lexicon((word for word in ["tea", "eat"]), "mine").words == ("eat", "tea")


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: roll(3), "dice are named by text (classic, new, big, superbig, uniform) or are"),
        (lambda: roll(None), "dice are named by text"),
        (lambda: roll_board(3, 1), "dice are named by text"),
        (lambda: dice_set(3), "a dice set is named by text (classic, new, big, superbig)"),
        (lambda: preset(3), "a preset is named by text (classic, big), not int"),
        (lambda: load_lexicon(None, language=3), "a language is named by its code (en, es"),
    ],
)
def test_a_name_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``roll(3)`` was "'int' object has no attribute 'cubes'", ``roll_board(3, 1)``,
    ``preset(3)`` and ``load_lexicon(language=3)`` "'int' object has no attribute 'lower'"."""
    _refused(call, says)


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: judge_round(BOARD, ["fame"], WORDS), "the players are a mapping of name to words"),
        (lambda: judge_round(BOARD, None, WORDS), "or a list of PlayerList, not NoneType"),
        (lambda: judge_round(BOARD, {"ann": [1]}, WORDS), "ann's words must be text, got 1 (int)"),
        (lambda: judge_round(BOARD, {"ann": None}, WORDS), "ann's words are a list of texts"),
        (lambda: PlayerList("ann", "fame"), "PlayerList.from_text reads one text of lines"),
        (lambda: normalise_word(3), "a word must be text, got 3 (int)"),
        (lambda: PlaySession(BOARD, solve(BOARD, WORDS)).submit(3), "a word typed must be text"),
        (lambda: PlaySession(str(BOARD), solve(BOARD, WORDS)), "PlaySession takes the board as"),
        (lambda: PlaySession(BOARD, None), "PlaySession takes the board's Solution"),
    ],
)
def test_players_and_words_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``judge_round(board, ["fame"])`` was "'str' object has no attribute 'name'", a word
    that is a number "'int' object has no attribute 'strip'" (in ``judge_round``,
    ``normalise_word`` and ``PlaySession.submit``); ``PlaySession(board, None)`` "'NoneType'
    object has no attribute 'rules'", and a board's text was taken and failed at the first word."""
    _refused(call, says)


def test_a_players_words_given_as_a_list_are_kept_as_a_tuple() -> None:
    assert PlayerList("ann", ["fame"]).entries == ("fame",)  # type: ignore[arg-type]
    assert judge_round(BOARD, [PlayerList("ann", ("fame",))], WORDS).scores() == {"ann": 1}


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: score_many("fxie amlo ewbx astu", WORDS, jobs=1), "not one text; put it in a"),
        (lambda: score_many(None, WORDS, jobs=1), "as a list of Boards or texts, not NoneType"),
        (
            lambda: score_many(["abcd", 1], WORDS, jobs=1),
            "each board as a Board or its text, not int",
        ),
    ],
)
def test_boards_to_score_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``score_many("fxie amlo ewbx astu", ...)`` scored each letter and said "board 5 (''):
    the board is empty"; a number among the boards was "lines must be str or bytes"."""
    _refused(call, says)


def test_boards_to_score_may_be_boards_texts_or_a_generator() -> None:
    boards = (board for board in [BOARD, "fxie amlo ewbx astu", "abcd"])
    assert score_many(boards, WORDS, jobs=1) == [2, 2, 0]


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: Rules(3, 3), "the rules' name must be text, got 3"),
        (lambda: Rules("mine", 3, 3), "scoring is a list of (length, points) steps like"),
        (lambda: Rules("mine", 3, "3:1"), "steps like ((3, 1), (5, 2)), not str"),
        (lambda: Rules("mine", 3, ((3, 1, 2),)), "; a step was (3, 1, 2)"),
        (lambda: Rules("mine", 3, (3,)), "; a step was 3"),
    ],
)
def test_rules_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``Rules("mine", 3, 3)`` was "'int' object is not iterable", a step of three numbers
    "too many values to unpack", and a name of any type was kept."""
    assert _refused(call, says).setting in (None, "scoring")


def test_a_scoring_table_given_as_lists_is_kept_as_tuples() -> None:
    """``Rules("mine", 3, [(3, 1)])`` kept the list: the rules could not be hashed (nor cached
    by them), and were unequal to the same rules written with tuples."""
    listed = Rules("mine", 3, [[3, 1], (5, 2)])  # type: ignore[arg-type]
    assert listed == Rules("mine", 3, ((3, 1), (5, 2)))
    assert hash(listed) == hash(Rules("mine", 3, ((3, 1), (5, 2))))


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: BOARD.face(0, 4), "cell (0, 4) is not on this 4x4 board: rows 0 to 3, columns 0"),
        (lambda: BOARD.face(-1, 0), "cell (-1, 0) is not on this 4x4 board"),
        (lambda: BOARD.face("a", 1), "cell ('a', 1) is not on this 4x4 board"),
        (lambda: BOARD.index(0, 9), "cell (0, 9) is not on this 4x4 board"),
        (lambda: BOARD.index(True, 0), "cell (True, 0) is not on this 4x4 board"),
        (lambda: BOARD.index(0, False), "cell (0, False) is not on this 4x4 board"),
        (lambda: BOARD.face(True, True), "cell (True, True) is not on this 4x4 board"),
        (lambda: BOARD.cell(True), "cell index True is not on this 4x4 board"),
        (lambda: BOARD.cell(16), "cell index 16 is not on this 4x4 board: 0 to 15"),
        (lambda: BOARD.cell(-1), "cell index -1 is not on this 4x4 board"),
        (lambda: BOARD.cell("x"), "cell index 'x' is not on this 4x4 board"),
        (lambda: BOARD.spell([(0, 0), (0, 4)]), "cell (0, 4) is not on this 4x4 board"),
        (lambda: BOARD.cell(1.0), "cell index 1.0 is not on this 4x4 board"),
        (lambda: BOARD.index(1.0, 0), "cell (1.0, 0) is not on this 4x4 board"),
        (lambda: BOARD.neighbours(-1), "cell index -1 is not on this 4x4 board"),
        (lambda: BOARD.neighbours(True), "cell index True is not on this 4x4 board"),
        (lambda: BOARD.is_path([(True, 0)]), "a cell was (True, 0)"),
    ],
)
def test_a_cell_off_the_board(call: Callable[[], object], says: str) -> None:
    """``face(0, 4)`` on a 4x4 board was the face of (1, 0) and ``face(-1, 0)`` one of the
    last row, ``index(0, 9)`` 9 and ``cell(99)`` (24, 3), with no error: a path off the board
    spelled letters of other cells; ``index(True, 0)`` was 4 (a bool is an ``int``)."""
    _refused(call, says)


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: BOARD.is_path(None), "a path is a list of (row, col) cells, not NoneType"),
        (lambda: BOARD.spell(None), "a path is a list of (row, col) cells, not NoneType"),
        (lambda: BOARD.is_path(3), "a path is a list of (row, col) cells, not int"),
        (lambda: BOARD.spell("ab"), "a path is a list of (row, col) cells; a cell was 'a'"),
        (lambda: BOARD.spell([5]), "a cell was 5"),
        (lambda: BOARD.spell([(0,)]), "a cell was (0,)"),
    ],
)
def test_a_path_that_is_no_list_of_cells(call: Callable[[], object], says: str) -> None:
    """``is_path(None)`` and ``spell(None)`` raised Python's ``TypeError`` ('NoneType' object
    is not iterable), and ``spell([(0,)])`` a ``ValueError``, not the library's error."""
    _refused(call, says)


def test_every_cell_of_a_board_is_found_both_ways() -> None:
    import numpy as np

    for index in range(BOARD.size):
        row, col = BOARD.cell(index)
        assert BOARD.index(row, col) == index and BOARD.cell(np.int64(index)) == (row, col)
        assert BOARD.face(row, col) == BOARD.faces[index]


def test_numpy_integers_are_cells_both_ways() -> None:
    """``index`` and ``face`` refused the NumPy integers ``cell`` took (``np.argmax`` of a
    board's scores gives one): a researcher's ``board.face(*np.unravel_index(...))`` failed.
    Every integer ``operator.index`` takes is one now, but not a bool; the answers are plain
    ``int`` s, and ``cell(1.0)`` is refused rather than ``(0.0, 1.0)``."""
    import numpy as np

    for index in range(BOARD.size):
        row, col = BOARD.cell(np.int32(index))
        assert type(row) is int and type(col) is int
        np_row, np_col = np.unravel_index(np.int64(index), (BOARD.rows, BOARD.cols))
        assert BOARD.index(np_row, np_col) == index
        assert type(BOARD.index(np.int64(row), np.uint8(col))) is int
        assert BOARD.face(np.int16(row), np.int16(col)) == BOARD.faces[index]
        assert BOARD.neighbours(np.int64(index)) == BOARD.neighbours(index)
    assert BOARD.is_path([(np.int64(0), np.int64(0)), (0, 1)])
    assert BOARD.spell([(np.int64(0), np.int64(1))]) == BOARD.faces[1]
    assert BOARD.with_face(np.int64(0), np.int64(0), "z").faces[0] == "z"


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: rules_for_board(0, 0), "a board needs at least one row and one column, got 0x0"),
        (lambda: rules_for_board(-3, 4), "a board needs at least one row and one column"),
        (lambda: rules_for_board(2000, 1), "a 2000x1 board is too large: the limit is 1,000 rows"),
        (lambda: RulesChoice().for_size(0, 4), "rows must be at least 1, got 0"),
    ],
)
def test_the_rules_of_no_board(call: Callable[[], object], says: str) -> None:
    """docs/api.md says ``rules_for_board``'s rows and cols are checked as a board's are, but
    ``rules_for_board(0, 0)`` and ``(-3, 4)`` gave the classic rules."""
    _refused(call, says)


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: score_stats(10, "new", WORDS, where=3), "where takes a Dask Client, 'local:N' or"),
        (lambda: search(2, 2, WORDS, seconds=0.1, where=3.5), "scheduler's address (tcp://HOST"),
        (lambda: define(3), "the word to define must be text, got 3"),
    ],
)
def test_a_cluster_or_a_word_to_define_of_the_wrong_type(
    call: Callable[[], object], says: str
) -> None:
    """``score_stats(..., where=3)`` was "'int' object has no attribute 'nthreads'" and
    ``define(3)`` "'int' object has no attribute 'isascii'"."""
    _refused(call, says)


def test_a_bulk_boards_number_below_0_is_named_as_it_was_given() -> None:
    """``board_at(source, 1, -1)`` said "board numbers start at 0, got first=-1, count=1", a
    ``first`` it was not given; a ``count`` below 0 was "board numbers start at 0" too."""
    from boggle.dice.bulk import BoardSource, board_at, board_lines

    source = BoardSource.named("new")
    assert str(_refused(lambda: board_at(source, 1, -1), "index must be at least 0, got -1")) == (
        "index must be at least 0, got -1"
    )
    _refused(lambda: board_lines(source, 1, -2, 1), "first must be at least 0, got -2")
    _refused(lambda: board_lines(source, 1, 0, -1), "count must be at least 0, got -1")


def test_a_match_adds_only_a_judged_round() -> None:
    """``Match().add(3)`` was "'int' object has no attribute 'scores'"; a round's scores
    given as a dict (``result.scores()``) was "'dict' object has no attribute 'scores'"."""
    from boggle import Match

    match = Match(target=5)
    _refused(lambda: match.add(3), "a match adds a judged round (judge_round's RoundResult)")
    result = judge_round(BOARD, {"ann": ["fame"]}, WORDS)
    _refused(lambda: match.add(result.scores()), "RoundResult), not dict")
    match.add(result)
    assert match.totals == {"ann": 1} and len(match.rounds) == 1


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: Board.from_rows(3), "Board.from_rows takes a list of rows of faces, not int"),
        (lambda: Board.from_rows("abcd"), "not one text (Board.parse reads it)"),
        (lambda: Board.from_rows([[1, 2], [3, 4]]), "a board's faces are text like 'a' or 'qu'"),
        (lambda: BOARD.is_path("ab"), "a path is a list of (row, col) cells; a cell was 'a'"),
        (lambda: BOARD.is_path([(0, 0), ("a", 1)]), "a cell was ('a', 1)"),
        (lambda: BOARD.is_path([[0, 0], [0, 1]]), "a cell was [0, 0]"),
    ],
)
def test_rows_and_paths_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``Board.from_rows(3)`` was "'int' object is not subscriptable", ``from_rows("abcd")``
    a board of four rows; ``is_path("ab")`` "not enough values to unpack", a path of lists
    "unhashable type: 'list'"."""
    _refused(call, says)


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: Lexicon.from_file(3), "a word list file is a path, not int"),
        (lambda: Lexicon.from_file(None), "a word list file is a path, not NoneType"),
        (lambda: define("ran", "es", 3), "define takes the word's list as a Lexicon (or None)"),
    ],
)
def test_a_list_file_or_a_definitions_list_of_the_wrong_type(
    call: Callable[[], object], says: str
) -> None:
    """``Lexicon.from_file(None)`` was "expected str, bytes or os.PathLike object, not
    NoneType"; ``define("ran", "es", 3)`` "'int' object has no attribute 'language'"."""
    _refused(call, says)


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: next_hint(None, [], []), "next_hint takes the board's Solution"),
        (lambda: next_hint(solve(BOARD, WORDS), "mile", []), "a list of texts like ['fame']"),
        (lambda: next_hint(solve(BOARD, WORDS), 3, []), "a list of texts like ['fame']"),
        (lambda: next_hint(solve(BOARD, WORDS), [], 3), "(word number, level) pairs like"),
        (lambda: next_hint(solve(BOARD, WORDS), [], [3]), "(word number, level) pairs like"),
    ],
)
def test_hint_inputs_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``next_hint(None, ...)`` was "'NoneType' object has no attribute 'frequencies'", a
    ``given`` of 3 "'int' object is not subscriptable"; ``found`` given as one text was read
    as its letters."""
    _refused(call, says)


def test_hints_take_lists_and_tuples() -> None:
    solution = solve(BOARD, WORDS)
    first = next_hint(solution, ("mile",), [])
    assert next_hint(solution, {"mile"}, [list(first.step)]).step[0] == first.step[0]


def test_a_loaded_lists_name_of_the_wrong_type(tmp_path: Any) -> None:
    """``load_lexicon(path, name=3)`` made a list named 3 (a bundled list's ignored it)."""
    path = tmp_path / "mine.txt"
    path.write_text("fame\nmile\n", encoding="utf-8")
    _refused(lambda: load_lexicon(path, name=3), "a word list's name must be text, got 3")
    _refused(lambda: load_lexicon("en-70", name=3), "a word list's name must be text, got 3")
    assert load_lexicon(path, name="ours").name == "ours"


def test_lines_to_stream_given_as_one_text() -> None:
    """``iter_scores("fxie amlo ewbx astu", ...)`` scored each letter as a board."""
    from boggle.scale.threads import iter_scores

    _refused(lambda: next(iter_scores("fxie", WORDS, jobs=1)), "not one text; put it in a")
    _refused(lambda: next(iter_scores(None, WORDS, jobs=1)), "as lines (a list, a file...)")
    assert [row.score for row in iter_scores(iter(["fxie amlo ewbx astu"]), WORDS, jobs=1)] == [2]


def test_rules_chosen_for_something_that_is_no_board() -> None:
    """``choose_rules(None, 3)`` was "'int' object has no attribute 'longest_word_length'"."""
    from boggle import choose_rules

    _refused(lambda: choose_rules(None, 3), "the rules are chosen for a Board, not int")
    _refused(lambda: RulesChoice().for_board("fxie"), "the rules are chosen for a Board, not str")
    assert choose_rules(None, BOARD).name == "classic"


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: DiceSet("x", 1, 1, None, "mine"), "a dice set's cubes are a list of cubes"),
        (
            lambda: DiceSet("x", 1, 1, "ab", "mine"),
            "each a list of faces like ('a', 'qu'), not str",
        ),
        (lambda: DiceSet("x", 1, 1, ("ab",), "mine"), "; a cube was 'ab'"),
        (lambda: DiceSet("x", 1, 1, (3,), "mine"), "; a cube was 3"),
        (lambda: DiceSet(3, 1, 1, (("a",),), "mine"), "a dice set's name must be text, got 3"),
    ],
)
def test_dice_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``DiceSet(..., cubes=None)`` was "object of type 'NoneType' has no len()", a cube that
    is a number "'int' object is not iterable"; a cube given as one text ``"ab"`` was read
    as its letters (a cube of the faces a and b), and a name of any type was kept."""
    _refused(call, says)


def test_dice_given_as_lists_are_kept_as_tuples() -> None:
    """A set of cubes given as lists could roll but not be hashed, and was unequal to the
    same set written with tuples."""
    listed = DiceSet("x", 1, 2, [["a", "b"], ["qu", "c"]], "mine")  # type: ignore[arg-type]
    assert listed == DiceSet("x", 1, 2, (("a", "b"), ("qu", "c")), "mine")
    assert hash(listed) == hash(DiceSet("x", 1, 2, (("a", "b"), ("qu", "c")), "mine"))
    assert roll(listed, seed=1).size == 2


@pytest.mark.parametrize(
    "challenged, says",
    [
        ("lima", "ann's challenged words are a list of texts like ['lima'], not str"),
        (3, "a list of texts like ['lima'], not int"),
        ([1], "a list of texts like ['lima']; one was 1"),
    ],
)
def test_challenged_words_of_the_wrong_type(challenged: Any, says: str) -> None:
    """``PlayerList("ann", ("fame",), "lima")`` challenged the letters l, i, m and a; a
    number was "'int' object is not iterable", a number among the words "'int' object has
    no attribute 'strip'"."""
    _refused(lambda: PlayerList("ann", ("fame",), challenged), says)


def test_challenged_words_from_a_generator_are_all_kept() -> None:
    player = PlayerList("ann", ("lima",), (word for word in ["lima", "Fame"]))
    assert player.challenged == frozenset({"lima", "fame"})


def test_a_players_text_of_the_wrong_type() -> None:
    """``PlayerList.from_text("ann", ["fame"])`` was "'list' object has no attribute
    'splitlines'"."""
    _refused(
        lambda: PlayerList.from_text("ann", ["fame"]),
        "ann's words are one text of lines here, not list (PlayerList takes a list of words)",
    )


def test_a_dask_client_is_still_a_place_to_run() -> None:
    """The check of ``where`` takes a ``distributed.Client`` (docs/scale.md passes one made
    from a Kubernetes or Slurm cluster): an in-process one gives the in-process figures."""
    distributed = pytest.importorskip("distributed", reason="needs the dask extra")
    with distributed.Client(
        processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
    ) as client:
        there = score_stats(200, "new", WORDS, seed=4, where=client)
    assert there == score_stats(200, "new", WORDS, seed=4, jobs=1)


def test_a_solution_of_no_board_or_no_rules() -> None:
    """``Solution("abcd", CLASSIC, ...)`` made a solution of a text (its report and JSON
    failed later), and ``Solution(board, None, ...)`` was "'NoneType' object has no
    attribute 'points_table'"."""
    from boggle import CLASSIC, Solution

    _refused(lambda: Solution("abcd", CLASSIC, WORDS, []), "a Solution is of a Board")
    _refused(lambda: Solution(BOARD, None, WORDS, []), "a Solution's rules are fixed Rules")
    _refused(lambda: Solution(BOARD, "classic", WORDS, []), "(choose_rules(rules, board) gives")
    assert Solution(BOARD, CLASSIC, WORDS, [("fame", ((0, 0), (1, 0), (1, 1), (2, 0)))]).score == 1


@pytest.mark.parametrize(
    "lines, says",
    [
        ([1], "iter_scores takes each line as text (or a Board), not int; line 1 was 1"),
        (["fxie", None], "not NoneType; line 2 was None"),
    ],
)
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_line_to_stream_of_the_wrong_type(lines: Any, says: str, jobs: int) -> None:
    """``iter_scores([1], ...)`` was the core's "lines must be str or bytes" (a TypeError)."""
    from boggle.scale.threads import iter_scores

    _refused(lambda: list(iter_scores(lines, WORDS, jobs=jobs)), says)


def test_a_board_among_the_lines_to_stream_is_scored_as_its_text() -> None:
    from boggle.scale.threads import iter_scores

    assert [row.score for row in iter_scores([BOARD, "fxie amlo ewbx astu"], WORDS, jobs=1)] == [
        2,
        2,
    ]


@pytest.mark.parametrize(
    "call, says",
    [
        (
            lambda: search(2, 2, WORDS, seconds=0.1, on_progress=3),
            "on_progress must be a function (or None), got 3 (int)",
        ),
        (lambda: _prove(on_class="print"), "on_class must be a function (or None), got 'print'"),
        (lambda: _prove(on_plan=[1]), "on_plan must be a function (or None), got [1] (list)"),
        (lambda: _estimate(on_class=3), "on_class must be a function (or None), got 3 (int)"),
        (lambda: score_stats(10, "new", WORDS, progress=3), "progress must be a function"),
        (lambda: _study("paths", progress=3), "progress must be a function (or None), got 3"),
        (lambda: _study("compare", on_engine=3), "on_engine must be a function (or None)"),
        (lambda: _study("runtime", on_step=3), "on_step must be a function (or None), got 3"),
        (lambda: _study("structures", on_row=3), "on_row must be a function (or None), got 3"),
        (lambda: _study("engines", on_row=3), "on_row must be a function (or None), got 3"),
    ],
)
def test_a_callback_that_is_no_function(call: Callable[[], object], says: str) -> None:
    """``prove(..., on_class=3)``, ``search(..., on_progress=3)`` and the like were Python's
    "'int' object is not callable" from inside the loop, after the first class or board (a
    proof's checkpoint file was made and removed for it)."""
    assert _refused(call, says).setting in (
        "on_progress",
        "on_class",
        "on_plan",
        "progress",
        "on_engine",
        "on_step",
        "on_row",
    )


def _study(name: str, **callbacks: Any) -> object:
    """One of the studies of ``boggle.study``, on a small case, with ``callbacks``."""
    from boggle.engines import get_engine
    from boggle.model.rules import CLASSIC
    from boggle.study.compare import compare_engines
    from boggle.study.memory import engine_rows, structure_rows
    from boggle.study.paths import path_table
    from boggle.study.runtime import measure_runtime

    if name == "paths":
        return path_table(2, **callbacks)
    if name == "compare":
        return compare_engines(BOARD, WORDS, CLASSIC, ["trie"], **callbacks)
    if name == "runtime":
        return measure_runtime([get_engine("trie")], [2], 1, WORDS, CLASSIC, **callbacks)
    if name == "structures":
        return structure_rows(WORDS, 2, **callbacks)
    return engine_rows([get_engine("trie")], WORDS, **callbacks)


def _prove(**callbacks: Any) -> object:
    from boggle.search import prove

    return prove(2, 2, WORDS, "classic", 1, **callbacks)


def _estimate(**callbacks: Any) -> object:
    from boggle.search.estimate import estimate_proof

    return estimate_proof(2, 2, WORDS, "classic", 1, 2, **callbacks)


@pytest.mark.parametrize("value", ["nope", "crossed off", 3, None])
def test_a_status_that_is_none(value: Any) -> None:
    """``Status`` is made from a verdict's JSON ``status``; ``Status("nope")`` was the enum's
    "'nope' is not a valid Status", which did not say which there are."""
    from boggle import Status

    refused = _refused(lambda: Status(value), "a verdict's status is one of counted, crossed_off")
    assert isinstance(refused, ValueError) and "unchecked; got " in str(refused)
    assert Status("too_short") is Status.TOO_SHORT and Status(Status.COUNTED) is Status.COUNTED


@pytest.mark.parametrize("where", ["threads", "scoring"])
@pytest.mark.parametrize(
    "chunks, says",
    [
        ([[1]], "a board to score is a line of text, not int; line 1 of its chunk was 1"),
        ([["fxie", None]], "not NoneType; line 2 of its chunk was None"),
        (["fxie amlo ewbx astu"], "come in chunks, each a list of lines, not one text"),
        ("fxie", "come in chunks, each a list of lines, not one text"),
        (5, "come in chunks, each a list of lines, not int"),
    ],
)
def test_chunks_of_lines_of_the_wrong_type(where: str, chunks: Any, says: str) -> None:
    """``score_chunks([[1]])`` was the core's "lines must be str or bytes" and
    ``score_text_chunks`` ``join``'s "sequence item 0: expected str instance" (TypeErrors);
    a chunk given as one text scored each of its letters as a board."""
    from boggle.scale import scoring, threads

    module, suffix = (threads, "") if where == "threads" else (scoring, "_on")
    for name in ("score_chunks", "score_text_chunks"):
        function: Any = getattr(module, name + suffix)
        _refused(lambda f=function: list(f(chunks, WORDS)), says)


def test_chunks_of_lines_are_scored_as_before() -> None:
    from boggle.scale.threads import score_chunks, score_text_chunks

    chunk = ["fxie amlo ewbx astu", "ab1c"]
    assert [row.score for row in next(score_chunks([chunk], WORDS, jobs=2))] == [2, None]
    assert next(score_text_chunks((c for c in [tuple(chunk)]), WORDS, jobs=1)).text == (
        "fxie amlo ewbx astu 2\n"
    )
