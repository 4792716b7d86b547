"""Properties every solution must have, on random boards and word lists."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import board_and_lexicon

from boggle import Board, Lexicon, Rules, solve
from boggle.model.rules import STANDARD_SCORING


def has_path(board: Board, word: str) -> bool:
    """Independent brute force: can ``word`` be read along some path of ``board``?"""

    def extend(index: int, rest: str, used: frozenset[int]) -> bool:
        face = board.faces[index]
        if not rest.startswith(face):
            return False
        rest = rest[len(face) :]
        if not rest:
            return True
        return any(extend(n, rest, used | {n}) for n in board.neighbours(index) if n not in used)

    return any(extend(i, word, frozenset({i})) for i in range(board.size))


@settings(max_examples=150, deadline=None)
@given(board_and_lexicon(), st.integers(1, 5))
def test_solution_is_sound_and_complete(case: tuple[Board, Lexicon], min_length: int) -> None:
    board, lexicon = case
    rules = Rules("test", min_length=min_length, scoring=STANDARD_SCORING)
    solution = solve(board, lexicon, rules, engine="trie")
    for item in solution:
        assert item.word in lexicon
        assert len(item.word) >= min_length
        assert board.is_path(item.path)
        assert board.spell(item.path) == item.word
        assert item.points == rules.points_for_length(len(item.word))
    expected = {w for w in lexicon if len(w) >= min_length and has_path(board, w)}
    assert {item.word for item in solution} == expected
    assert solution.score == sum(rules.points(w) for w in expected)
    words = [item.word for item in solution]
    assert words == sorted(set(words))


@settings(max_examples=150, deadline=None)
@given(board_and_lexicon(max_side=4))
def test_find_path_agrees_with_brute_force(case: tuple[Board, Lexicon]) -> None:
    from boggle.game import find_path

    board, lexicon = case
    for word in lexicon:
        path = find_path(board, word)
        assert (path is not None) == has_path(board, word)
        if path is not None:
            assert board.is_path(path) and board.spell(path) == word
