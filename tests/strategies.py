"""Hypothesis strategies shared by the property tests: boards and small word lists."""

from __future__ import annotations

from hypothesis import strategies as st

from boggle import Board, Lexicon

SMALL_ALPHABET = "aeinrstqu"
MULTI = ["qu", "th", "in", "er", "he", "an"]


@st.composite
def boards(
    draw: st.DrawFn,
    max_side: int = 5,
    alphabet: str = SMALL_ALPHABET,
    uniform_max_side: int | None = None,
) -> Board:
    """Random boards over a small alphabet so words are found, with Qu and multi-letter faces;
    half of them of one face, those at most ``uniform_max_side`` a side when it is given."""
    uniform = draw(st.booleans())
    side = min(max_side, uniform_max_side or max_side) if uniform else max_side
    rows = draw(st.integers(1, side))
    cols = draw(st.integers(1, side))
    letters = [c for c in alphabet if c != "q"]
    face = st.one_of(st.sampled_from(letters), st.sampled_from(MULTI))
    if uniform:  # boards full of one face: worst case for duplicates
        faces = [draw(face)] * (rows * cols)
    else:
        faces = draw(st.lists(face, min_size=rows * cols, max_size=rows * cols))
    return Board(tuple(faces), rows, cols)


@st.composite
def lexicons(draw: st.DrawFn, alphabet: str = SMALL_ALPHABET) -> Lexicon:
    words = draw(st.lists(st.text(alphabet, min_size=1, max_size=9), min_size=1, max_size=60))
    return Lexicon.from_words(words, name="random")


@st.composite
def board_and_lexicon(draw: st.DrawFn, max_side: int = 5) -> tuple[Board, Lexicon]:
    """A board, and a word list that includes some words read off the board's paths.

    Boards of one face are at most 3x3 here: with words read off its paths, every path of
    such a board spells a word, and the engines walk them all (for a nine-letter word the
    heap engine takes 0.1 s on 3x3, 17 s on 4x4; the trie engine 27 s on 5x5, minutes on
    6x6).  The duplicates they test are the same on 3x3, and longer paths of one face are
    tested in ``test_engine_agrees_on_boards_of_one_face`` (4x4, words of up to six).
    """
    board = draw(boards(max_side=max_side, uniform_max_side=3))
    words = draw(st.lists(st.text(SMALL_ALPHABET, min_size=1, max_size=8), max_size=40))
    for _ in range(draw(st.integers(0, 15))):
        cell = draw(st.integers(0, board.size - 1))
        path = [cell]
        for _ in range(draw(st.integers(0, 8))):
            options = [n for n in board.neighbours(path[-1]) if n not in path]
            if not options:
                break
            path.append(draw(st.sampled_from(options)))
        words.append("".join(board.faces[i] for i in path))
    return board, Lexicon.from_words(words or ["a"], name="random")
