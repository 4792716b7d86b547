"""What a solver finds: words with a path each, scored by the rules.

>>> from boggle import Board, Lexicon, solve
>>> board = Board.parse("fxie amlo ewbx astu")
>>> solution = solve(board, Lexicon.from_words(["fame", "fax", "ox", "zebra"]))
>>> [(found.word, found.points) for found in solution]
[('fame', 1), ('fax', 1)]
>>> solution.score
2
"""

from __future__ import annotations

import json
from collections import Counter, namedtuple
from collections.abc import Iterable, Iterator
from functools import cached_property

from boggle.model import render
from boggle.model.board import Board, Cell
from boggle.model.errors import BoardError, RulesError
from boggle.model.letters import written_name
from boggle.model.rules import Rules
from boggle.model.word_levels import (
    ALL,
    UNKNOWN,
    WORD_LEVELS,
    WordFrequency,
    check_choice,
    keeps,
    rank,
)
from boggle.model.wording import counted

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from collections.abc import Container, Mapping
    from typing import Any, NamedTuple

    from boggle.wordlists.lexicon import Lexicon

    class _FoundFields(NamedTuple):
        word: str
        path: tuple[Cell, ...]

    class _ScoredFields(NamedTuple):
        word: str
        path: tuple[Cell, ...]
        points: int
else:  # the same named tuples, made without importing typing
    _FoundFields = namedtuple("Found", ["word", "path"])
    _ScoredFields = namedtuple("ScoredWord", ["word", "path", "points"])


class Found(_FoundFields):
    """A word and one path that spells it (cells in order, ``(row, col)``).

    >>> Found("ax", ((1, 0), (0, 1))).path[0]
    (1, 0)
    """

    __slots__ = ()


class ScoredWord(_ScoredFields):
    """A found word with its points under the rules.

    >>> ScoredWord("fame", ((0, 0), (1, 0), (1, 1), (2, 0)), 1).to_json()["path"][1]
    [1, 0]
    """

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The word as ``boggle solve --json`` lists it.

        >>> ScoredWord("ax", ((1, 0), (0, 1)), 0).to_json()
        {'word': 'ax', 'points': 0, 'path': [[1, 0], [0, 1]]}
        """
        return {"word": self.word, "points": self.points, "path": [list(c) for c in self.path]}


class Solution:
    """Every word of a board, once each, sorted alphabetically, with points and totals.

    >>> from boggle import Lexicon, solve
    >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["mile", "fame", "limb"]))
    >>> solution.count, solution.score, [found.word for found in solution.words]
    (3, 3, ['fame', 'limb', 'mile'])
    >>> solution.by_word["fame"]
    ScoredWord(word='fame', path=((0, 0), (1, 0), (1, 1), (2, 0)), points=1)

    ``frequencies``: each word's Zipf frequency and level when they were asked for
    (:func:`boggle.wordlists.frequencies.with_frequencies`), else ``None``.
    """

    frequencies: Mapping[str, WordFrequency] | None = None
    given_board: Board | None = None
    """The board as it was given or rolled where :func:`boggle.solve` spelled its faces as
    the list's language spells words (``board``: a Portuguese cube ``Ã`` is ``a`` to the
    list, which folds it), else ``None``: the report shows the dice as the player has them
    (``Ç Ã``), as ``boggle judge``, ``play`` and the web page do."""

    def __init__(
        self,
        board: Board,
        rules: Rules,
        lexicon: Lexicon,
        found: Iterable[Found],
        engine: str = "",
    ) -> None:
        if not isinstance(board, Board):
            raise BoardError(
                f"a Solution is of a Board (Board.parse reads its text), not {type(board).__name__}"
            )
        if not isinstance(rules, Rules):
            raise RulesError(
                "a Solution's rules are fixed Rules (choose_rules(rules, board) gives them), "
                f"not {type(rules).__name__}"
            )
        self.board = board
        self.rules = rules
        self.lexicon = lexicon
        self.engine = engine
        first: dict[str, tuple[Cell, ...]] = {}
        for word, path in found:
            if word not in first:
                first[word] = path
        points = rules.points_table(max(map(len, first), default=0))
        self.words: tuple[ScoredWord, ...] = tuple(
            [ScoredWord(word, first[word], points[len(word)]) for word in sorted(first)]
        )

    @classmethod
    def from_scored(
        cls,
        board: Board,
        rules: Rules,
        lexicon: Lexicon,
        words: tuple[ScoredWord, ...],
        engine: str,
        score: int,
    ) -> Solution:
        """A solution from words an engine already made unique, scored and sorted, with
        their total (the ``native`` engine does that work in C); nothing is checked.

        >>> from boggle import CLASSIC, Board, Lexicon
        >>> fax = ScoredWord("fax", ((0, 0), (1, 0), (0, 1)), 1)
        >>> board, lexicon = Board.parse("fx ai"), Lexicon.from_words(["fax"])
        >>> Solution.from_scored(board, CLASSIC, lexicon, (fax,), "mine", 1)
        <Solution fx ai: 1 word, 1 point>
        """
        solution = cls.__new__(cls)
        solution.board = board
        solution.rules = rules
        solution.lexicon = lexicon
        solution.engine = engine
        solution.words = words
        solution.__dict__["score"] = score
        return solution

    def _copy(self, words: tuple[ScoredWord, ...], score: int | None = None) -> Solution:
        if score is None:
            score = sum([w.points for w in words])
        copy = Solution.from_scored(self.board, self.rules, self.lexicon, words, self.engine, score)
        copy.frequencies = self.frequencies
        copy.given_board = self.given_board
        return copy

    def with_frequencies(self, frequencies: Mapping[str, WordFrequency]) -> Solution:
        """The same words, each with its frequency and level: ``frequencies`` maps words
        (at least the solution's, or the whole list's: it is kept, not copied) to them; a
        word it lacks is ``0.0``, ``obscure``.

        >>> from boggle import Board, Lexicon, solve
        >>> from boggle.model.word_levels import WordFrequency
        >>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame"]))
        >>> rich = solution.with_frequencies({"fame": WordFrequency(4.2, "common")})
        >>> rich.to_json()["words"][0]["zipf"], rich.to_json()["levels"]
        (4.2, {'common': 1, 'standard': 0, 'obscure': 0})
        """
        copy = self._copy(self.words, self.score)
        copy.frequencies = frequencies
        return copy

    def frequency(self, word: str) -> WordFrequency | None:
        """The frequency and level of a found ``word`` (``None`` without frequencies).

        >>> from boggle import Lexicon, solve
        >>> from boggle.model.word_levels import WordFrequency
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame"]))
        >>> solution.frequency("fame") is None
        True
        >>> solution.with_frequencies({"fame": WordFrequency(4.2, "common")}).frequency("fame")
        WordFrequency(zipf=4.2, level='common')
        """
        return None if self.frequencies is None else self.frequencies.get(word, UNKNOWN)

    def kept(self, choice: str) -> Solution:
        """Only the words that ``choice`` (``common``, ``standard``, ``all``) keeps, scored
        again; needs the frequencies unless ``choice`` is ``all``.

        >>> from boggle import Lexicon, solve
        >>> from boggle.model.word_levels import WordFrequency
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "limb"]))
        >>> rich = solution.with_frequencies({"fame": WordFrequency(4.2, "common")})
        >>> [word.word for word in rich.kept("common")], rich.kept("all").count
        (['fame'], 2)
        """
        if check_choice(choice) == ALL:
            return self
        if self.frequencies is None:
            raise ValueError(
                "the solution has no frequencies: see boggle.wordlists.frequencies.at_level"
            )
        allowed = {level for level in WORD_LEVELS if keeps(choice, level)}
        get = self.frequencies.get
        return self._copy(
            tuple([item for item in self.words if get(item.word, UNKNOWN).level in allowed])
        )

    def only(self, words: Container[str]) -> Solution:
        """Only the found words that are in ``words`` (a set of a level's words, say), scored
        again, with the same frequencies.

        >>> from boggle import Lexicon, solve
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "limb"]))
        >>> [word.word for word in solution.only({"limb", "zoo"})]
        ['limb']
        """
        return self._copy(tuple([item for item in self.words if item.word in words]))

    def level_counts(self) -> dict[str, int] | None:
        """How many words are ``common``, ``standard`` and ``obscure`` (``None`` without
        frequencies).

        >>> from boggle import Lexicon, solve
        >>> from boggle.model.word_levels import WordFrequency
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "limb"]))
        >>> solution.with_frequencies({"fame": WordFrequency(4.2, "common")}).level_counts()
        {'common': 1, 'standard': 0, 'obscure': 1}
        """
        if self.frequencies is None:
            return None
        counts = dict.fromkeys(WORD_LEVELS, 0)
        get = self.frequencies.get
        for item in self.words:
            counts[get(item.word, UNKNOWN).level] += 1
        return counts

    def best_known_first(self) -> list[ScoredWord]:
        """The words, common first, then by frequency, then alphabetically (alphabetically
        without frequencies): the order that teaches.

        >>> from boggle import Lexicon, solve
        >>> from boggle.model.word_levels import WordFrequency
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "limb", "mile"]))
        >>> levels = {"mile": WordFrequency(4.5, "common"), "limb": WordFrequency(3.0, "standard")}
        >>> [word.word for word in solution.with_frequencies(levels).best_known_first()]
        ['mile', 'limb', 'fame']
        """
        if self.frequencies is None:
            return list(self.words)
        get = self.frequencies.get

        def order(item: ScoredWord) -> tuple[int, float, str]:
            found = get(item.word, UNKNOWN)
            return rank(found.level), -found.zipf, item.word

        return sorted(self.words, key=order)

    def __iter__(self) -> Iterator[ScoredWord]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.by_word

    def __repr__(self) -> str:
        """The board, its words and points, in one line.

        >>> from boggle import Lexicon, solve
        >>> solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "mile"]))
        <Solution fxie amlo ewbx astu: 2 words, 2 points>
        """
        return (
            f"<Solution {self.board}: {counted(len(self), 'word')}, {counted(self.score, 'point')}>"
        )

    def __str__(self) -> str:
        """What ``print(solution)`` shows: the report of :meth:`text`, as ``boggle solve``
        prints it.

        >>> from boggle import Lexicon, solve
        >>> print(solve("fx ai", Lexicon.from_words(["fax"])))
        F X
        A I
        <BLANKLINE>
        1 POINT WORDS (LENGTH 3): 1
          FAX: [(0,0),(1,0),(0,1)]
        <BLANKLINE>
        WORDS: 1
        TOTAL SCORE: 1
        """
        return self.text()

    @cached_property
    def by_word(self) -> dict[str, ScoredWord]:
        """The found words by their text."""
        return {item.word: item for item in self.words}

    @cached_property
    def score(self) -> int:
        """Total points: every word counts once."""
        return sum(item.points for item in self.words)

    @property
    def count(self) -> int:
        """Number of distinct words."""
        return len(self.words)

    def counts_by_length(self) -> dict[int, int]:
        """How many words of each length, by ascending length.

        >>> from boggle import Lexicon, solve
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "fax", "limb"]))
        >>> solution.counts_by_length()
        {3: 1, 4: 2}
        """
        return dict(sorted(Counter(len(item.word) for item in self.words).items()))

    def groups(self) -> list[tuple[int, int, list[ScoredWord]]]:
        """Words grouped by ``(points, length)``, ascending, as the Haskell paper prints them.

        >>> from boggle import Lexicon, solve
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "fax", "limb"]))
        >>> [(points, length, [w.word for w in ws]) for points, length, ws in solution.groups()]
        [(1, 3, ['fax']), (1, 4, ['fame', 'limb'])]
        """
        buckets: dict[tuple[int, int], list[ScoredWord]] = {}
        for item in self.words:
            buckets.setdefault((item.points, len(item.word)), []).append(item)
        return [(points, length, buckets[points, length]) for points, length in sorted(buckets)]

    @cached_property
    def foreign_letters(self) -> tuple[str, ...]:
        """The board's letters no word of the list uses (a hint: another language's board?)."""
        return tuple(
            sorted({letter for face in self.board.faces for letter in face} - self.lexicon.alphabet)
        )

    def to_json(self, paths: bool = True) -> dict[str, Any]:
        """The solution as ``boggle solve --json`` prints it (``foreign_letters`` only
        when the board has letters the list never uses; ``given_board`` only when the
        board was spelled as the list's language spells words, the board as given beside
        ``board`` as solved; with frequencies, each word's
        ``zipf`` and ``level``, and ``levels``: how many words of each level); the words
        without their ``path`` unless ``paths`` (``--no-paths``).

        >>> from boggle import Lexicon, solve
        >>> result = solve("fxie amlo ewbx astu", Lexicon.from_words(["fax"])).to_json()
        >>> result["board"], result["score"], result["words"]
        ('fxie amlo ewbx astu', 1, [{'word': 'fax', 'points': 1, 'path': [[0, 0], [1, 0], [0, 1]]}])
        >>> solve("fxie amlo ewbx astu", Lexicon.from_words(["fax"])).to_json(paths=False)["words"]
        [{'word': 'fax', 'points': 1}]
        """
        words = [self.word_json(item) for item in self.words]
        if not paths:
            for entry in words:
                del entry["path"]
        result = {
            "board": str(self.board),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "rules": self.rules.to_json(),
            "dictionary": self.lexicon.to_json(),
            "engine": self.engine,
            "count": self.count,
            "score": self.score,
            "counts_by_length": {str(k): v for k, v in self.counts_by_length().items()},
            "words": words,
        }
        counts = self.level_counts()
        if counts is not None:
            result["levels"] = counts
        if self.foreign_letters:
            result["foreign_letters"] = list(self.foreign_letters)
        if self.given_board is not None:
            result["given_board"] = str(self.given_board)  # the dice as given: "maça çãoa ..."
        return result

    def word_json(self, item: ScoredWord) -> dict[str, Any]:
        """One word as :meth:`to_json` lists it: with its ``zipf`` and ``level`` when the
        solution has frequencies, and ``written``, how its language writes it, when the list
        folds its accents (:mod:`boggle.wordlists.written`: ``aerea`` is ``["aérea"]``).

        >>> from boggle import load_lexicon, solve
        >>> solution = solve("aer aea xxx", load_lexicon("es"))
        >>> solution.word_json(solution.by_word["aerea"])["written"]
        ['aérea']
        """
        entry = item.to_json()
        if self.frequencies is not None:
            entry.update(self.frequencies.get(item.word, UNKNOWN).to_json())
        forms = self.written.get(item.word)
        if forms is not None:
            entry["written"] = list(forms)
        return entry

    def shown(self, word: str) -> str:
        """``word`` as a report shows it: in capitals, with how its language writes it where
        the list folds it.

        >>> from boggle import load_lexicon, solve
        >>> solution = solve("aer aea xxx", load_lexicon("es"))
        >>> solution.shown("aerea"), solution.shown("era")
        ('AEREA (aérea)', 'ERA')
        """
        return written_name(word, self.written.get(word, ()))

    @cached_property
    def written(self) -> Mapping[str, tuple[str, ...]]:
        """The written forms of the list's words that its language writes otherwise (see
        :meth:`boggle.wordlists.lexicon.Lexicon.written_forms`); empty for most lists."""
        return self.lexicon.written_forms()

    def json_text(self, paths: bool = True) -> str:
        """:meth:`to_json` as one line of JSON text.

        >>> from boggle import Lexicon, solve
        >>> solve("fxie amlo ewbx astu", Lexicon.from_words(["fax"])).json_text()[:36]
        '{"board": "fxie amlo ewbx astu", "ro'
        """
        return json.dumps(self.to_json(paths), ensure_ascii=False)

    def text(self, paths: bool = True) -> str:
        """A report for people: the board, then words grouped by points, then the total (its
        numbers grouped by thousands: ``TOTAL SCORE: 2,438``).

        >>> from boggle import Lexicon, solve
        >>> print(solve("fx ai", Lexicon.from_words(["fax", "fix"])).text())
        F X
        A I
        <BLANKLINE>
        1 POINT WORDS (LENGTH 3): 2
          FAX: [(0,0),(1,0),(0,1)]
          FIX: [(0,0),(1,1),(0,1)]
        <BLANKLINE>
        WORDS: 2
        TOTAL SCORE: 2
        """
        lines = [render.board_text(self.given_board or self.board), ""]  # the dice as given
        for points, length, items in self.groups():
            plural = "POINT" if points == 1 else "POINTS"
            lines.append(f"{points:,} {plural} WORDS (LENGTH {length}): {len(items):,}")
            for item in items:
                shown = self.shown(item.word)
                if paths:
                    lines.append(f"  {shown}: {render.path_text(item.path)}")
                else:
                    lines.append(f"  {shown}")
            lines.append("")
        lines.append(f"WORDS: {self.count:,}")
        lines.append(f"TOTAL SCORE: {self.score:,}")
        return "\n".join(lines)
