"""Depth-first search with a set of words and a set of prefixes (the prefix-set article).

The word list becomes two sets: ``words``, and ``prefixes``, every beginning
of every word (``"c"``, ``"ca"``, ``"cat"`` for ``"cat"``).  From each cube a
recursive search extends the letters read so far by the face of an unvisited
neighbour; it goes on only while the letters are in ``prefixes``, and reports
them when they are in ``words``.  Two hash-set look-ups per step replace the
trie walk of the ``trie`` engine: simpler to write, more memory (every prefix
is a separate string).

The article indexes the board by single characters, so its ``q`` cube reads
``q`` and it never finds a Qu word.  Here a path reads whole faces: the Qu
cube adds ``"qu"``, a ``[th]`` cube adds ``"th"``.

The article builds the sets for each board from the words whose letters are all
on the board (a regular expression over the list); here the sets are built
once per word list and kept on the lexicon, so the per-board filter would only
cost time.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["quote", "qat", "dote", "toe"])
>>> sorted(f.word for f in solve_prefixes(Board.parse("qod etn asi"), lexicon, CLASSIC))
['dote', 'quote', 'toe']
>>> sorted(word_prefixes(["cat", "cab"]))
['c', 'ca', 'cab', 'cat']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from boggle.model.board import Board
from boggle.model.rules import Rules
from boggle.model.solution import Found
from boggle.wordlists.lexicon import Lexicon


def word_prefixes(words: Iterable[str], *, proper: bool = False) -> frozenset[str]:
    """Every non-empty beginning of every word, the words themselves included
    unless ``proper``.

    >>> sorted(word_prefixes(["cat", "car"], proper=True))
    ['c', 'ca']
    """
    shorter = 1 if proper else 0
    return frozenset(word[:i] for word in words for i in range(1, len(word) + 1 - shorter))


class PrefixSets(NamedTuple):
    """The two sets the search consults."""

    words: frozenset[str]
    prefixes: frozenset[str]


def prefix_sets(lexicon: Lexicon) -> PrefixSets:
    """The lexicon's word and prefix sets, built once and kept on the lexicon."""
    sets: PrefixSets = lexicon.cached(
        "prefix-sets", lambda lex: PrefixSets(lex.word_set, word_prefixes(lex.words))
    )
    return sets


def solve_prefixes(board: Board, lexicon: Lexicon, rules: Rules) -> Iterator[Found]:
    """Yield every word of ``lexicon`` on ``board`` once, with the first path found."""
    words, prefixes = prefix_sets(lexicon)
    faces = board.faces
    reported: set[str] = set()

    neighbours = board.neighbour_table  # the cells' numbers are the search's own

    def extending(prefix: str, path: tuple[int, ...]) -> Iterator[Found]:
        if prefix in words and prefix not in reported and len(prefix) >= rules.min_length:
            reported.add(prefix)
            yield Found(prefix, tuple(board.cell(index) for index in path))
        for neighbour in neighbours[path[-1]]:
            if neighbour not in path:
                longer = prefix + faces[neighbour]
                if longer in prefixes:
                    yield from extending(longer, (*path, neighbour))

    for start, face in enumerate(faces):
        if face in prefixes:
            yield from extending(face, (start,))
