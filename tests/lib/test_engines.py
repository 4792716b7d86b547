"""Each engine's own behaviour: limits, refusals and the details of its algorithm."""

from __future__ import annotations

import pytest

from boggle import CLASSIC, Board, EngineError, Lexicon, solve
from boggle.cli.main import main
from boggle.engines import get_engine
from boggle.engines.letterhash import (
    MAX_PATHS,
    LetterHashTable,
    estimated_paths,
    solve_letterhash,
)
from boggle.engines.prefixes import word_prefixes
from boggle.model.letters import letter_indices, letter_set_mask
from boggle.study.paths import count_paths

QU_LEXICON = Lexicon.from_words(["quote", "quotes", "qat", "suq", "equates", "tie", "ties"])
QU_BOARD = Board.parse("qod etn asi")


def test_prefixes_finds_qu_words_the_seed_missed() -> None:
    words = {f.word for f in solve(QU_BOARD, QU_LEXICON, CLASSIC, engine="prefixes")}
    assert "quote" in words and "qat" not in words


def test_word_prefixes_include_every_beginning() -> None:
    assert word_prefixes(["tea"]) == {"t", "te", "tea"}


def test_letter_set_hash_ignores_order_and_repeats() -> None:
    indices = letter_indices("abcdefghijklmnopqrstuvwxyz", latin_first=False)
    assert letter_set_mask("listen", indices) == letter_set_mask("silent", indices)
    assert letter_set_mask("aab", indices) == letter_set_mask("ab", indices) == 0b11


def test_letter_set_hash_uses_the_lexicons_alphabet_order() -> None:
    table = LetterHashTable(Lexicon.from_words(["äb", "bä"]), table_bits=4)
    assert table.alphabet == ["b", "ä"]
    assert table.hash("ä") == 0b10
    assert sorted(table.buckets[0b11] or []) == ["bä", "äb"]


def test_letterhash_buckets_hold_words_sharing_a_letter_set() -> None:
    table = LetterHashTable(Lexicon.from_words(["stop", "pots", "tops", "spot", "cat"]), 20)
    assert sorted(table.buckets[table.hash("stop") % table.size] or []) == [
        "pots",
        "spot",
        "stop",
        "tops",
    ]
    assert table.largest_bucket() == 4


def test_letterhash_estimate_is_the_exact_path_count_on_small_boards() -> None:
    assert estimated_paths(5, 5, 8) == sum(count_paths(5, 5, 8))


def test_letterhash_stops_at_its_maximum_length() -> None:
    lexicon = Lexicon.from_words(["quote", "quotes", "dote"])
    short = {f.word for f in solve_letterhash(QU_BOARD, lexicon, CLASSIC, max_length=5)}
    assert short == {"quote", "dote"}
    assert get_engine("letterhash").max_length == 8


def test_letterhash_refuses_boards_over_its_path_limit() -> None:
    board = Board.parse("abcdef " * 6)
    assert estimated_paths(6, 6, 8) > MAX_PATHS
    with pytest.raises(EngineError, match="paths"):
        solve(board, QU_LEXICON, CLASSIC, engine="letterhash")


def test_letterhash_refusal_is_one_line_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["solve", "abcdef " * 6, "--engine", "letterhash", "--dict", "en-50"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "letterhash" in err


def test_pathtable_without_numpy_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_numpy(name: str, *args: object, **kwargs: object) -> object:
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("no numpy")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    with pytest.raises(EngineError, match="NumPy"):
        solve(QU_BOARD, Lexicon.from_words(["toe"]), CLASSIC, engine="pathtable")


def test_pathtable_keeps_only_rows_that_are_prefixes() -> None:
    from boggle.engines.pathtable import neighbour_table, prefix_numbers

    numbers = prefix_numbers(Lexicon.from_words(["tea", "ten"]))
    assert numbers.lengths.tolist() == [0, 1, 2, 3, 3]
    assert numbers.is_word.tolist() == [False, False, False, True, True]
    corner = neighbour_table(Board.parse("ab cd")).tolist()[0]
    assert corner == [1, 2, 3, -1, -1, -1, -1, -1]


def test_pathtable_refuses_a_table_over_its_path_limit() -> None:
    """With no limit, a 500x500 board held 1.8 GB and still ran after 150 s; a board of
    one letter under a list of one long word of it grows without end on 5x5."""
    from boggle.engines.pathtable import solve_pathtable

    with pytest.raises(EngineError, match="limit 8"):
        list(solve_pathtable(QU_BOARD, QU_LEXICON, CLASSIC, max_paths=8))
    board = Board.parse("aaaaa " * 5)
    with pytest.raises(EngineError, match=r"pathtable .* 5x5 board \(limit 2,000,000\)"):
        solve(board, Lexicon.from_words(["a" * 25]), CLASSIC, engine="pathtable")


def test_pathtable_refusal_is_one_line_on_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import boggle.engines.pathtable

    monkeypatch.setattr(boggle.engines.pathtable, "MAX_PATHS", 1000)
    status = main(["solve", "abcdef " * 6, "--engine", "pathtable", "--dict", "en-50"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "pathtable" in err and "limit 1,000" in err


@pytest.mark.parametrize("engine", ["trie", "prefixes", "letterhash", "heap"])
def test_the_python_engines_step_through_the_neighbour_table(
    engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Board.neighbours`` checks the cell it is given (any integer, not a bool, on the
    board): called at every step of a search, that check took the ``letterhash`` engine
    1.6 times the CPU time on 4x4 boards. The engines' cells are their own: they read
    ``Board.neighbour_table``."""

    def checked(self: Board, index: int) -> tuple[int, ...]:
        raise AssertionError(f"{engine} called Board.neighbours({index})")

    monkeypatch.setattr(Board, "neighbours", checked)
    words = {f.word for f in solve(QU_BOARD, QU_LEXICON, CLASSIC, engine=engine)}
    assert "quote" in words
