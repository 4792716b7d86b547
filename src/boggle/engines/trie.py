"""The reference engine: depth-first search over a trie ("Solving Boggle in Haskell").

Written to be read, not to be fast: every other engine is checked against it.
The trie holds every word of the lexicon, one node per prefix.  From each cube
the search walks the trie along the letters of the faces it steps on; a face of
several letters (``qu``, ``th``) walks several trie edges at once.  When no
word continues the letters read so far, the walk stops.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> board = Board.parse("qod etn asi")
>>> lexicon = Lexicon.from_words(["quote", "qat", "dote"])
>>> sorted(found.word for found in solve_trie(board, lexicon, CLASSIC))
['dote', 'quote']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from boggle.model.board import Board
from boggle.model.rules import Rules
from boggle.model.solution import Found
from boggle.wordlists.lexicon import Lexicon


class TrieNode:
    """One prefix: the letters that can follow it, and the word it completes, if any."""

    __slots__ = ("children", "word")

    def __init__(self) -> None:
        self.children: dict[str, TrieNode] = {}
        self.word: str | None = None

    def follow(self, letters: str) -> TrieNode | None:
        """The node reached by reading ``letters`` from here, or ``None``."""
        node = self
        for letter in letters:
            child = node.children.get(letter)
            if child is None:
                return None
            node = child
        return node

    def count_nodes(self) -> int:
        """Number of nodes in the subtree rooted here."""
        return 1 + sum(child.count_nodes() for child in self.children.values())


def build_trie(words: Iterable[str]) -> TrieNode:
    """A trie holding ``words``."""
    root = TrieNode()
    for word in words:
        node = root
        for letter in word:
            child = node.children.get(letter)
            if child is None:
                child = node.children[letter] = TrieNode()
            node = child
        node.word = word
    return root


def lexicon_trie(lexicon: Lexicon) -> TrieNode:
    """The lexicon's trie, built once and kept on the lexicon."""
    root: TrieNode = lexicon.cached("trie", lambda lex: build_trie(lex.words))
    return root


def solve_trie(board: Board, lexicon: Lexicon, rules: Rules) -> Iterator[Found]:
    """Yield every word of ``lexicon`` on ``board`` once, with the first path found."""
    root = lexicon_trie(lexicon)
    reported: set[str] = set()

    neighbours = board.neighbour_table  # the cells' numbers are the search's own

    def extend(node: TrieNode, path: list[int]) -> Iterator[Found]:
        word = node.word
        if word is not None and word not in reported and len(word) >= rules.min_length:
            reported.add(word)
            yield Found(word, tuple(board.cell(index) for index in path))
        for neighbour in neighbours[path[-1]]:
            if neighbour in path:
                continue
            child = node.follow(board.faces[neighbour])
            if child is not None:
                path.append(neighbour)
                yield from extend(child, path)
                path.pop()

    for start, face in enumerate(board.faces):
        node = root.follow(face)
        if node is not None:
            yield from extend(node, [start])
