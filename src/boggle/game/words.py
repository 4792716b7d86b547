"""One typed word checked on its own: its path on the board, its verdict, its points.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> check = check_word("Fame", Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame"]),
...     CLASSIC)
>>> check.status.value, check.points, check.path
('counted', 1, ((0, 0), (1, 0), (1, 1), (2, 0)))
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from boggle.model.board import Board, Cell
from boggle.model.checks import whole_number
from boggle.model.errors import BoggleError, JudgeError
from boggle.model.letters import (
    bare_letters,
    lower_letters,
    not_text,
    typed_letters,
    unaccented,
    upper_letters,
    written_name,
)
from boggle.model.rules import Rules
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.spelling import fold_board, lexicon_profile

if TYPE_CHECKING:
    from boggle.model.solution import Solution

PATH_STEP_BUDGET = 2_000_000
"""The most steps :func:`find_path` takes before it gives up (well under a second)."""


class Status(StrEnum):
    """The verdict on one entry of a player's list (see :mod:`boggle.game`).

    >>> Status("crossed_off").label
    'crossed off'

    A status is made from its value (a verdict's ``status`` in ``judge_round``'s JSON); a
    text that is none is a :class:`BoggleError` listing them (a ``ValueError`` too):

    >>> Status("crossed off")
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: a verdict's status is one of counted, crossed_off, \
not_a_word, not_on_board, too_short, repeated, invalid, unchecked; got 'crossed off'
    """

    COUNTED = "counted"
    CROSSED_OFF = "crossed_off"
    NOT_A_WORD = "not_a_word"
    NOT_ON_BOARD = "not_on_board"
    TOO_SHORT = "too_short"
    REPEATED = "repeated"
    INVALID = "invalid"
    UNCHECKED = "unchecked"

    @property
    def label(self) -> str:
        """The status for people: ``crossed off``, ``not on the board``..."""
        return _LABELS[self]

    @classmethod
    def _missing_(cls, value: object) -> Status:
        """No status has ``value``: one line listing those there are, not the enum's
        "'nope' is not a valid Status"."""
        shown = repr(value) if len(repr(value)) <= 40 else f"a {type(value).__name__}"
        raise BoggleError(
            f"a verdict's status is one of {', '.join(status.value for status in cls)}; got {shown}"
        )


_LABELS = {
    Status.COUNTED: "counted",
    Status.CROSSED_OFF: "crossed off",
    Status.NOT_A_WORD: "not a word",
    Status.NOT_ON_BOARD: "not on the board",
    Status.TOO_SHORT: "too short",
    Status.REPEATED: "repeated",
    Status.INVALID: "invalid",
    Status.UNCHECKED: "unchecked (no board)",
}


class PathSearchError(BoggleError):
    """A word's path was not settled within the step budget.

    >>> find_path(Board.parse("aaaa aaaa aaaa aaaa"), "a" * 15, budget=2)
    Traceback (most recent call last):
    ...
    boggle.game.words.PathSearchError: gave up looking for a path of 'aaaaaaaaaaaaaaa' after 2 steps
    """


def find_path(board: Board, word: str, *, budget: int | None = None) -> tuple[Cell, ...] | None:
    """A path of cells spelling ``word`` on ``board`` (each cube once), or ``None``.

    Multi-letter faces match as a whole: ``qu`` spells the two letters ``q``, ``u``.
    The search is bounded: a word needing more letters than the board has is
    refused at once; otherwise the cells that could still finish the word (with
    cubes reused) are found first, from its end, and only those are tried, from
    the word's start and, if that runs long, from its end.  Past ``budget``
    steps (default :data:`PATH_STEP_BUDGET`; a whole number of at least 1) it raises
    :class:`PathSearchError`.

    >>> find_path(Board.parse("fxie amlo ewbx astu"), "fame")
    ((0, 0), (1, 0), (1, 1), (2, 0))
    >>> find_path(Board.parse("q[th] ei"), "quithe"), find_path(Board.parse("ab cd"), "abba")
    (((0, 0), (1, 1), (0, 1), (1, 0)), None)
    >>> find_path(Board.parse("aaaa aaaa aaaa aaaa"), "a" * 15 + "b") is None
    True
    """
    budget = PATH_STEP_BUDGET if budget is None else whole_number("budget", budget, at_least=1)
    if not word or not _letters_suffice(board, word):
        return None
    table = board.neighbour_table
    try:
        trail = _search(board.faces, table, word, budget // 2)
    except PathSearchError:
        backwards = tuple(face[::-1] for face in board.faces)
        try:
            trail = _search(backwards, table, word[::-1], budget - budget // 2)
        except PathSearchError:
            raise _gave_up(word, budget) from None
        if trail is not None:
            trail.reverse()
    return None if trail is None else tuple(board.cell(i) for i in trail)


def _search(
    faces: Sequence[str], table: Sequence[Sequence[int]], word: str, budget: int
) -> list[int] | None:
    """Depth-first search for the cells spelling ``word``, trying only cells that can
    finish it; raises :class:`PathSearchError` past ``budget`` steps."""
    finishing = _finishing_cells(faces, table, word, budget)
    if finishing is None:
        return None
    length = len(word)
    steps = sum(len(cells) for cells in finishing.values())
    for start in sorted(finishing[0]):
        used = {start}
        trail = [start]
        ends = [len(faces[start])]
        tries = [iter(table[start])]
        while tries:
            if ends[-1] == length:
                return trail
            allowed = finishing.get(ends[-1], frozenset())
            for cell in tries[-1]:
                steps += 1
                if cell in allowed and cell not in used:
                    used.add(cell)
                    trail.append(cell)
                    ends.append(ends[-1] + len(faces[cell]))
                    tries.append(iter(table[cell]))
                    break
            else:
                used.discard(trail.pop())
                ends.pop()
                tries.pop()
            if steps > budget:
                raise _gave_up(word, budget)
    return None


def _gave_up(word: str, budget: int) -> PathSearchError:
    shown = word if len(word) <= 40 else word[:37] + "..."
    return PathSearchError(f"gave up looking for a path of {shown!r} after {budget:,} steps")


def _letters_suffice(board: Board, word: str) -> bool:
    """True if the board's faces hold every letter of ``word`` as often as it needs."""
    needed = Counter(word)
    held = Counter("".join(board.faces))
    return all(held[letter] >= count for letter, count in needed.items())


def _finishing_cells(
    faces: Sequence[str], table: Sequence[Sequence[int]], word: str, budget: int
) -> dict[int, frozenset[int]] | None:
    """For each position of ``word``, the cells whose face matches there and from which
    the rest of the word can be spelled (cubes may repeat); ``None`` if none can start it."""
    length = len(word)
    at: dict[int, list[int]] = {}
    for cell, face in enumerate(faces):
        at.setdefault(ord(face[0]), []).append(cell)
    finishing: dict[int, frozenset[int]] = {}
    steps = 0
    for position in range(length - 1, -1, -1):
        cells = []
        for cell in at.get(ord(word[position]), ()):
            face = faces[cell]
            if not word.startswith(face, position):
                continue
            end = position + len(face)
            steps += 8
            if end == length or not finishing.get(end, frozenset()).isdisjoint(table[cell]):
                cells.append(cell)
        if cells:
            finishing[position] = frozenset(cells)
        if steps > budget:
            raise _gave_up(word, budget)
    return finishing if 0 in finishing else None


def typed_word(entry: str, lexicon: Lexicon | None = None) -> str:
    """An entry as the judge reads it: trimmed, lowercase (``" Fame "`` is ``fame``), and
    spelled as ``lexicon``'s language spells its words (German ``straße`` is ``strasse``,
    French ``cœur`` is ``coeur``, ``été`` is ``ete``): the one reading of a typed word, in
    the terminal, the page, the rooms and the judge.

    >>> german = Lexicon.from_words(["strasse"])
    >>> german.language = "de"
    >>> typed_word(" Straße ", german), typed_word("Straße")
    ('strasse', 'straße')

    Letters typed in their compatibility forms are the letters (:func:`typed_letters`),
    and the Turkish ``İ`` is ``i`` (:func:`~boggle.model.letters.lower_letters`):

    >>> typed_word("\\uff23\\uff21\\uff34"), typed_word("İT")
    ('cat', 'it')

    An accented letter that no word of ``lexicon`` uses is its base letter, so no word is
    lost to an accent the list cannot hold: ``café`` in an English round is ``cafe``, as an
    English dictionary writes it; a letter of the list's alphabet stays (Spanish ``ñ``,
    Polish ``ż``):

    >>> typed_word("Café", Lexicon.from_words(["cafe"])), typed_word("café")
    ('cafe', 'café')
    >>> typed_word("NAÏVE", Lexicon.from_words(["naïve", "cafe"]))
    'naïve'
    """
    return _reading(entry, lexicon)[0]


def reading_note(entry: str, lexicon: Lexicon | None = None) -> str:
    """What a verdict on ``entry`` says of how it was read: ``read as CAFE, without accents``
    when :func:`typed_word` dropped accents ``lexicon`` has no letter for, else ``""`` (a
    verdict judged from the word alone, a room's word found in its solution, says it too).

    >>> english = Lexicon.from_words(["cafe"])
    >>> reading_note("Café", english), reading_note("cafe", english)
    ('read as CAFE, without accents', '')
    """
    return _reading(entry, lexicon)[1]


def _reading(entry: str, lexicon: Lexicon | None) -> tuple[str, str]:
    """:func:`typed_word`'s word, and what a verdict says of it when accents the list holds
    no letter for were dropped (``read as CAFE, without accents``), else ``""``."""
    word = lower_letters(typed_letters(entry.strip()))
    if lexicon is None:
        return word, ""
    if lexicon.language not in (None, "en"):
        word = lexicon_profile(lexicon).fold(word)
    if word.isascii():
        return word, ""
    alphabet = lexicon.alphabet
    letters = []
    for letter in word:
        if letter.isascii() or letter in alphabet:
            letters.append(letter)
        elif unicodedata.combining(letter):  # an accent left apart (i and the dot of İ
            continue  # lowered by a browser, Polish z and a grave): dropped as on a letter
        else:  # its base letter; a letter with none (ø, ß, a Hangul syllable) stays
            bare = unaccented(letter)
            letters.append(bare if bare.isalpha() else letter)
    folded = "".join(letters)
    if folded == word:
        return word, ""
    return folded, f"read as {upper_letters(folded)}, without accents"


SPELLING_STEPS = 20_000
"""The most prefixes :func:`spelled_with_diacritics` tries (a few milliseconds)."""


def spelled_with_diacritics(
    word: str, lexicon: Lexicon, letters: Collection[str] | None = None, limit: int = 3
) -> tuple[str, ...]:
    """The words of ``lexicon`` that are ``word`` with other diacritics: the same word read
    without them (:func:`~boggle.model.letters.bare_letters`), at most ``limit``, sorted;
    with ``letters`` (a board's), only words made of them.  A list whose words keep
    diacritics as letters of their own (Polish ``ż``, Spanish ``ñ``) holds such words; a
    list that folds them holds none.

    >>> polish = Lexicon.from_words(["żaba", "żółw", "zupa"])
    >>> spelled_with_diacritics("zaba", polish), spelled_with_diacritics("zolw", polish)
    (('żaba',), ('żółw',))
    >>> spelled_with_diacritics("zaba", polish, letters="zaba")
    ()
    """
    bare = bare_letters(word)
    alphabet = lexicon.alphabet if letters is None else lexicon.alphabet & frozenset(letters)
    choices: dict[str, list[str]] = {}
    for letter in sorted(alphabet):
        choices.setdefault(bare_letters(letter), []).append(letter)
    options = [choices.get(letter, ()) for letter in bare]
    if not all(options):
        return ()  # a letter no word has here
    words = lexicon.words
    found: list[str] = []
    stack = [""]
    steps = 0
    while stack and steps < SPELLING_STEPS:
        prefix = stack.pop()
        steps += 1
        if len(prefix) == len(bare):
            if prefix != word and prefix in lexicon:
                found.append(prefix)
            continue
        for letter in options[len(prefix)]:
            longer = prefix + letter
            place = bisect_left(words, longer)
            if place < len(words) and words[place].startswith(longer):
                stack.append(longer)
    return tuple(sorted(found)[:limit])


def list_check(entry: str, lexicon: Lexicon) -> tuple[bool, tuple[str, ...]]:
    """Whether ``entry``, read as a round reads it (:func:`typed_word`), is a word of
    ``lexicon``; for one that is not, the words of the list it is with other diacritics (a
    did-you-mean, :func:`spelled_with_diacritics`), so that ``boggle define`` and
    ``GET /api/define`` say alike that a word is not the list's, rather than link its entry.

    >>> polish = Lexicon.from_words(["żółw", "dom"])
    >>> list_check("DOM", polish), list_check("zolw", polish), list_check("xyz", polish)
    ((True, ()), (False, ('żółw',)), (False, ()))
    """
    word = typed_word(entry, lexicon)
    if word in lexicon:
        return True, ()
    return False, spelled_with_diacritics(word, lexicon)


def suggested_forms(spellings: Iterable[str], lexicon: Lexicon) -> dict[str, tuple[str, ...]]:
    """How the language writes each of ``spellings`` (a did-you-mean of :func:`list_check`)
    that ``lexicon`` folds (:meth:`~boggle.wordlists.lexicon.Lexicon.written_forms`): the
    Portuguese list's ``coraçao`` is written ``coração``; a word written as the list holds it
    is left out.  A did-you-mean names its words by these as every heading does
    (:func:`~boggle.model.letters.written_name`: ``CORAÇAO (coração)``).

    >>> from boggle import load_lexicon
    >>> suggested_forms(["coraçao", "casa"], load_lexicon("pt"))
    {'coraçao': ('coração',)}
    """
    forms = lexicon.written_forms()
    return {word: forms[word] for word in spellings if forms.get(word)}


def diacritics_note(
    word: str, spellings: Sequence[str], written: Mapping[str, Sequence[str]] | None = None
) -> str:
    """What a verdict on ``word`` says of the words of the board it is without their
    diacritics (:func:`spelled_with_diacritics`): which, named as every heading names them
    (with how their language writes them, ``written``: :func:`suggested_forms`), and the
    letters to type.

    >>> diacritics_note("zaba", ["żaba"]), diacritics_note("zolw", ["żółw"])
    ('ŻABA is on the board: type ż', 'ŻÓŁW is on the board: type ż, ó, ł')
    >>> diacritics_note("coracao", ["coraçao"], {"coraçao": ("coração",)})
    'CORAÇAO (coração) is on the board: type ç'
    >>> diacritics_note("zaba", [])
    ''
    """
    forms = written or {}
    notes = []
    for spelling in spellings:
        letters: list[str] = []
        for typed, letter in zip(word, spelling, strict=False):
            if typed != letter and letter not in letters:
                letters.append(letter)
        named = written_name(spelling, forms.get(spelling, ()))
        notes.append(f"{named} is on the board: type {', '.join(letters)}")
    return "; ".join(notes)


def _on_the_board(
    word: str, board: Board, lexicon: Lexicon, solution: Solution | None
) -> tuple[str, ...]:
    """The board's words that are ``word`` with other diacritics (``board`` as the list
    spells it), the first three, read from its ``solution`` when it is the board's (the
    list's words of the board's letters are taken first, so that a word of the solution is
    not left out behind three that are not on the board; a page judging a kept round offline
    names the same words)."""
    letters = {letter for face in board.faces for letter in face}
    if solution is not None and solution.board == board and solution.lexicon is lexicon:
        # the solution's words read without diacritics, every one: the list's variants of
        # the word, tried prefix by prefix, stopped after SPELLING_STEPS (a page judging a
        # kept round offline, which has the board's words, named others past them)
        bare = bare_letters(word)
        same = (item for item in solution.by_word if item != word and bare_letters(item) == bare)
        return tuple(sorted(same)[:3])
    spellings = spelled_with_diacritics(word, lexicon, letters)
    on_board = []
    for spelling in spellings:
        try:
            if find_path(board, spelling) is not None:
                on_board.append(spelling)
        except PathSearchError:
            continue
    return tuple(on_board)


@dataclass(frozen=True)
class WordCheck:
    """One typed entry checked against the board, the word list and the rules;
    ``points`` are what it scores if it counts.

    >>> from boggle.model.rules import CLASSIC
    >>> check_word(" Fax", Board.parse("fx ai"), Lexicon.from_words(["fax"]), CLASSIC)
    WordCheck(entry=' Fax', word='fax', status=<Status.COUNTED: 'counted'>, \
path=((0, 0), (1, 0), (0, 1)), in_dictionary=True, message='', points=1)
    """

    entry: str
    word: str
    status: Status
    path: tuple[Cell, ...] | None = None
    in_dictionary: bool = False
    message: str = ""
    points: int = 0


def check_word(
    entry: str,
    board: Board | None,
    lexicon: Lexicon,
    rules: Rules,
    solution: Solution | None = None,
) -> WordCheck:
    """The verdict on one entry on its own: ``counted`` if it is a good word.

    The word is looked up in the word list first; given the board's
    ``solution``, a listed word's path is read from it, with no search.
    Cross-off and repeats need the other entries; :func:`judge_round` adds them.

    >>> from boggle.model.rules import CLASSIC
    >>> lexicon = Lexicon.from_words(["fame", "axe", "ox"])
    >>> board = Board.parse("fxie amlo ewbx astu")
    >>> [check_word(w, board, lexicon, CLASSIC).status.value for w in ["Fame", "ox", "fax", "exam"]]
    ['counted', 'too_short', 'not_a_word', 'not_on_board']

    A word typed without the diacritics of a word of the board (where the list keeps them
    as letters, as Polish does) is refused, and the verdict says which word is there:

    >>> polish = Lexicon.from_words(["żaba"])
    >>> check_word("zaba", Board.parse("ża ba"), polish, CLASSIC).message
    'ŻABA is on the board: type ż'

    An entry of accents alone (combining marks, with no letter to sit on) has no letters:

    >>> check_word("\u0301\u0308", board, lexicon, CLASSIC).message
    'no letters'
    """
    if not isinstance(entry, str):
        raise JudgeError(f"a word typed must be text, got {entry!r} ({type(entry).__name__})")
    word, read = _reading(entry, lexicon)
    if not word:  # nothing typed, or only what is no letter (accents on their own)
        message = "no letters" if entry.strip() else "empty line"
        return WordCheck(entry, word, Status.INVALID, message=message)
    if problem := not_text(word):
        return WordCheck(entry, word, Status.INVALID, message=f"not valid text: it has {problem}")
    if not word.isalpha():
        return WordCheck(
            entry,
            word,
            Status.INVALID,
            message=f"{entry.strip()!r} has characters that are not letters",
        )
    in_dictionary = word in lexicon
    if len(word) < rules.min_length:
        return WordCheck(
            entry,
            word,
            Status.TOO_SHORT,
            in_dictionary=in_dictionary,
            message=verdict_message(f"shorter than {rules.min_length} letters", read),
        )
    if board is None:
        status = Status.UNCHECKED if in_dictionary else Status.NOT_A_WORD
        return WordCheck(entry, word, status, in_dictionary=in_dictionary, message=read)
    if lexicon.language not in (None, "en"):
        board = fold_board(board, lexicon)  # as the word: an accent the language plays without
    if (
        in_dictionary
        and solution is not None
        and solution.board == board
        and solution.lexicon is lexicon
        and solution.rules.min_length <= len(word)
    ):
        found = solution.by_word.get(word)
        path = None if found is None else found.path
    else:
        try:
            path = find_path(board, word)
        except PathSearchError as error:
            status = Status.NOT_ON_BOARD if in_dictionary else Status.NOT_A_WORD
            return WordCheck(entry, word, status, in_dictionary=in_dictionary, message=str(error))
    if path is None or not in_dictionary:  # ZABA, where the board has ŻABA: say so
        spellings = _on_the_board(word, board, lexicon, solution)
        note = diacritics_note(word, spellings, suggested_forms(spellings, lexicon))
        message = verdict_message(note, read)
        if path is None:
            return WordCheck(
                entry, word, Status.NOT_ON_BOARD, in_dictionary=in_dictionary, message=message
            )
        return WordCheck(entry, word, Status.NOT_A_WORD, path, in_dictionary, message=message)
    return WordCheck(entry, word, Status.COUNTED, path, True, read, rules.points(word))


def verdict_message(*notes: str) -> str:
    """A verdict's notes in one message, the empty ones left out: why a word was refused,
    then how it was read (:func:`reading_note`).

    >>> verdict_message("shorter than 3 letters", "read as CAFE, without accents")
    'shorter than 3 letters; read as CAFE, without accents'
    >>> verdict_message("you already have this word", ""), verdict_message("", "")
    ('you already have this word', '')
    """
    return "; ".join(note for note in notes if note)
