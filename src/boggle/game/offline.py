"""A solo round a page can play and judge with no connection: a board kept ahead with
everything the judge needs (the play page keeps :data:`OFFLINE_ROUNDS` of them).

The server judges a solo round word by word (``PlaySession``); a phone on a train has no
server.  :func:`offline_round` gives, for one board, what judging it needs without the word
list: the words that count (each with its points, path, level and written forms), the words
of the list on the board that the game's level leaves out (set apart or refused), the rules'
shortest word, the faces as the list spells them (a typed word not in the solution is "not
a word" when it has a path on them, else "not on the board") and how the list's language
reads a typed word (:func:`~boggle.game.words.typed_word`'s folding and alphabet).  A word
outside both sets and without a path is judged exactly as the server would judge it, since
every listed word with a path is in the solution.

>>> from boggle import Board, Lexicon, solve
>>> from boggle.model.rules import CLASSIC
>>> board = Board.parse("fxie amlo ewbx astu")
>>> kept = offline_round(board, Lexicon.from_words(["fame", "mile", "ox"]), CLASSIC)
>>> [w["word"] for w in kept["words"]], kept["maximum"], kept["min_length"], kept["spelled"][:4]
(['fame', 'mile'], 2, 3, ['f', 'x', 'i', 'e'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from boggle.engines import solve
from boggle.game.word_setting import EVERY_WORD, WordSetting, with_levels
from boggle.game.words import PATH_STEP_BUDGET
from boggle.model.board import Board
from boggle.model.letters import STROKED
from boggle.model.render import faces
from boggle.model.rules import Rules
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.spelling import fold_board, lexicon_profile

if TYPE_CHECKING:
    from boggle.model.solution import Solution

_LetterGroup = tuple[int, int, str, tuple[int, ...], tuple[str, ...]]
"""Words of a list using the same letters: :func:`_letter_groups`."""

LETTER_GROUPS = "offline-letter-groups"
"""The key :func:`given_up`'s index of a list is kept under (:meth:`Lexicon.cached
<boggle.wordlists.lexicon.Lexicon.cached>`): :func:`_letter_groups`."""

OFFLINE_ROUNDS = 3
"""The boards a page keeps ahead for rounds with no connection (one request fetches them),
unless its server says otherwise (``boggle serve --offline-boards N``)."""

MAX_OFFLINE_ROUNDS = 10
"""The most boards a server may have a page keep (``--offline-boards``): each is a solve
and up to a few hundred KB of JSON a request, and the page's room is shared."""

OFFLINE_MAX_BYTES = 1_500_000
"""The most a page keeps for offline rounds, in characters of JSON (``localStorage`` holds
about 5 MB an origin, shared with My words): a board whose words would pass it is not kept."""


def offline_round(
    board: Board, lexicon: Lexicon, rules: Rules, setting: WordSetting = EVERY_WORD
) -> dict[str, Any]:
    """One board and everything needed to judge a solo round on it without the server
    (see the module docstring), as JSON.

    A word of the list outside the setting's level is in ``other``, so the page says "not a
    common word" rather than "not on the board":

    >>> from boggle.model.rules import CLASSIC
    >>> from boggle.model.word_levels import WordFrequency
    >>> board = Board.parse("fxie amlo ewbx astu")
    >>> lexicon = Lexicon.from_words(["fame", "mile"])
    >>> setting = WordSetting("common", "zero")
    >>> solved = solve(board, lexicon, CLASSIC).with_frequencies(
    ...     {"fame": WordFrequency(4.2, "common"), "mile": WordFrequency(2.0, "obscure")})
    >>> kept = kept_round(board, solved, setting)
    >>> [w["word"] for w in kept["words"]], kept["other"], kept["total"]
    (['fame'], ['mile'], 1)
    """
    return kept_round(board, with_levels(solve(board, lexicon, rules)), setting)


def kept_round(board: Board, whole: Solution, setting: WordSetting = EVERY_WORD) -> dict[str, Any]:
    """:func:`offline_round` of a board already solved (``whole``: its
    :class:`~boggle.model.solution.Solution`, with frequencies where there are any)."""
    counted = setting.counted(whole)
    counting = {item.word for item in counted.words}
    lexicon = whole.lexicon
    profile = lexicon_profile(lexicon)
    folded = _as_listed(board, lexicon)
    return {
        "board": str(board),
        "rows": board.rows,
        "cols": board.cols,
        "faces": faces(board),
        "spelled": list(folded.faces),
        "rules": whole.rules.name,
        "min_length": whole.rules.min_length,
        "setting": setting.to_json(),
        "words": [_kept_word(counted.word_json(item)) for item in counted.words],
        "other": sorted(item.word for item in whole.words if item.word not in counting),
        "maximum": counted.score,
        "total": counted.count,
        "levels": whole.level_counts(),
        "given_up": given_up(folded, lexicon, whole),
        "reading": {
            "language": lexicon.language or "en",
            "fold": lexicon.language not in (None, "en"),
            "replace": [list(pair) for pair in profile.replace],
            "fold_accents": profile.fold_accents,
            "keep": profile.keep,
            "alphabet": "".join(sorted(lexicon.alphabet)),
            "stroked": dict(STROKED),
        },
    }


GIVEN_UP_WORDS = 5_000
"""The most words :func:`given_up` names for one board (about 60 KB of JSON): past it (a
uniform board of 8x8 or more, whose letters each repeat several times, read with a long
list: 10,000 to 50,000 words) it names none (``None``)."""


def given_up(board: Board, lexicon: Lexicon, whole: Solution) -> list[str] | None:
    """The listed words, not on ``board`` (as the list spells its faces), whose path search
    may give up (:func:`~boggle.game.words.find_path` past its budget): the server, holding
    the board's ``whole`` solution, says "not on the board" without a search; a page judging
    a kept round has no list, searches, and would say it gave up.  Kept with the round, the
    page says what the server says: it reads them only for a word its search gave up on, so
    a word named here whose search would end (a bound, below, not a search: a search that
    gives up takes a second) changes no verdict.

    The list is read only where some word could run past the budget: a search tries each
    sequence of distinct dice once at most, so a board whose faces repeat little (nearly
    every board) holds too few for that, and none is looked at.  A word is named when the
    sequences of dice that could spell its prefixes could take the search past half its
    budget (the part from the word's start): on a board of faces beginning alike (``in``
    and ``i``) as many times more as the word's prefixes have spellings in its faces.  A
    board where more than :data:`GIVEN_UP_WORDS` words could gives ``None``: none named
    (the page then says it gave up and that it cannot tell whether the list has the word).

    >>> from boggle.model.rules import CLASSIC
    >>> board = Board.parse("abaaa ababa bbaaa abaaa baaaa")
    >>> lexicon = Lexicon.from_words(["aaaaaaaaaaabaaaaaaa", "aba"])
    >>> given_up(board, lexicon, solve(board, lexicon, CLASSIC))
    ['aaaaaaaaaaabaaaaaaa']
    >>> given_up(Board.parse("fxie amlo ewbx astu"), lexicon, solve(board, lexicon, CLASSIC))
    []
    """
    shortest = _shortest_long_search(board)
    if not shortest:
        return []
    half = PATH_STEP_BUDGET // 2  # the search from the word's start; then from its end
    faces = board.faces
    held = Counter(faces)
    cells = len(faces)
    plain = _plain(held)
    single = {face: count for face, count in held.items() if len(face) == 1}
    multi = [(face, count) for face, count in held.items() if len(face) > 1]
    on_board = whole.by_word
    shortest = max(shortest, whole.rules.min_length)
    held_letters = Counter("".join(faces))
    bits, groups, deepest = lexicon.cached(LETTER_GROUPS, _letter_groups)
    outside = 0  # the letters of the list that no face holds
    for letter, bit in bits.items():
        if letter not in held_letters:
            outside |= bit
    # what the picks below multiply by for a letter, by how many of it a word has (1 for a
    # letter held in multi-letter faces alone); a word with more than the board holds is
    # refused, but a group's most may be more
    falling = {letter: _falling(single.get(letter, 0), deepest) for letter in held_letters}
    inside = [
        (face, count, sum(bits.get(letter, 0) for letter in set(face)), set(face) <= bits.keys())
        for face, count in multi
    ]
    may: list[str] = []
    for mask, longest, spelt, most, words in groups:
        if mask & outside or longest < shortest:
            continue  # a letter no face holds, or every word too short
        # the bound below for a word of the group's longest, with the most of each of its
        # letters (it only grows with them): none of the group's words gives up if it cannot
        picks = 1
        for letter, times in zip(spelt, most, strict=True):
            picks *= falling[letter][times]
        many = 0
        inner = []
        for face, count, face_mask, listed in inside:
            if listed and face_mask & mask == face_mask:
                inner.append((face, count))
                times = most[spelt.index(face[0])]  # each begins with a letter of its first
                many += times
                for taken in range(min(count, times)):
                    picks *= count - taken
        sequences = min(cells, longest) + 1 if plain else (longest + 1) << many
        if _steps(sequences, picks, longest, cells) <= half:
            continue
        alone = [letter for letter in spelt if letter in single]
        # the letters some word of the group has more of than the board holds
        scarce = [c for c, times in zip(spelt, most, strict=True) if times > held_letters[c]]
        for word in words:
            length = len(word)
            if length < shortest or word in on_board:
                continue
            if scarce and any(word.count(c) > held_letters[c] for c in scarce):
                continue  # more of a letter than the board holds: refused without a search
            # the word's faces: its letters held alone, and the multi-letter faces in it
            picks = 1
            for letter in alone:
                picks *= falling[letter][word.count(letter)]
            many = 0
            for face, count in inner:
                if face in word:
                    times = _occurrences(word, face)
                    many += times
                    for taken in range(min(count, times)):
                        picks *= count - taken
            if 8 * picks <= half:
                # the prefixes' spellings: one a length where faces begin unlike; else at
                # most one a length for each choice of the multi-letter faces' places
                # (counted only where that quick bound is not low enough)
                sequences = min(cells, length) + 1 if plain else (length + 1) << many
                if _steps(sequences, picks, length, cells) <= half:
                    continue
                if not plain and _steps(_spellings(word, held), picks, length, cells) <= half:
                    continue
            may.append(word)
            if len(may) > GIVEN_UP_WORDS:
                return None
    return sorted(may)


def prepare_offline(lexicon: Lexicon, boards: Iterable[Board] | None = None) -> None:
    """Build now what :func:`given_up` reads of ``lexicon`` (its index of the list's words
    by their letters: about 1.3 s and 19 MB for the default list, 42 MB for German, paid
    once a list, else by the first board of 5x5 or more a server keeps for offline play; at
    the 5 s time limit of a loaded server that first request could fail with a 408).  A
    server calls this where offline rounds are made (the round process), before their time
    limit starts.  With ``boards``, only where one of them may read it
    (:func:`_shortest_long_search`): nearly every board of 5x5 or more, nearly no board of
    4x4.

    >>> lexicon = Lexicon.from_words(["cat", "act", "dog"])
    >>> prepare_offline(lexicon, [Board.parse("fxie amlo ewbx astu")])  # not read: not built
    >>> lexicon.cached(LETTER_GROUPS, lambda _: "not built")
    'not built'
    >>> lexicon = Lexicon.from_words(["cat", "act", "dog"])
    >>> prepare_offline(lexicon)
    >>> [group[-1] for group in lexicon.cached(LETTER_GROUPS, lambda _: "not built again")[1]]
    [('act', 'cat'), ('dog',)]
    """
    if boards is None or any(_shortest_long_search(_as_listed(b, lexicon)) for b in boards):
        lexicon.cached(LETTER_GROUPS, _letter_groups)


def _letter_groups(lexicon: Lexicon) -> tuple[dict[str, int], list[_LetterGroup], int]:
    """The list's words grouped by the letters they use (built once a list, in
    :meth:`~boggle.wordlists.lexicon.Lexicon.cached`): a bit for each letter, and for each
    group the bits of its letters, its longest word, its letters, the most of each letter
    a word of it has, and its words in the list's order (and the most of a letter of any
    word), so :func:`given_up` skips at once a group with a letter the board lacks, or
    whose every word is too short or has too few ways to be spelled for a search to give
    up on it."""
    grouped: dict[str, list[str]] = {}
    for word in lexicon.words:
        grouped.setdefault("".join(sorted(set(word))), []).append(word)
    bits = {letter: 1 << at for at, letter in enumerate(sorted(set("".join(grouped))))}
    groups = [
        (
            sum(bits[letter] for letter in letters),
            max(map(len, words)),
            letters,
            tuple(max(word.count(letter) for word in words) for letter in letters),
            tuple(words),
        )
        for letters, words in grouped.items()
    ]
    return bits, groups, max((max(most) for *_, most, _ in groups), default=1)


def _falling(count: int, most: int) -> list[int]:
    """``count * (count - 1) * ...`` over ``min(count, k)`` factors, for each ``k`` from 0
    to ``most``."""
    products = [1]
    for taken in range(most):
        products.append(products[-1] * max(count - taken, 1))
    return products


def _as_listed(board: Board, lexicon: Lexicon) -> Board:
    """``board`` with its faces as ``lexicon`` spells them (another language's: ``É`` is
    ``e``), as its words are searched for."""
    return fold_board(board, lexicon) if lexicon.language not in (None, "en") else board


def _plain(held: Counter[str]) -> bool:
    """Whether no two of the faces ``held`` begin alike (``in`` and ``i`` do)."""
    first: dict[str, str] = {}
    return all(first.setdefault(face[0], face) == face for face in held)


def _steps(sequences: int, picks: int, length: int, cells: int) -> int:
    """The most steps a search for a word of ``length`` letters on a board of ``cells``
    takes (past half the budget, it may give up): 8 a sequence of dice tried, plus the
    cells that can finish it (8 a cell a position).  With no two faces beginning alike, the
    word says the face of each die of a sequence of a given length, so there are at most
    ``picks`` (the ordered picks of as many dice of each face as the word has of it) for
    each length, ``sequences`` lengths; else as many more as the word's prefixes have
    spellings in the faces."""
    return 8 * sequences * picks + 9 * length * cells


def _shortest_long_search(board: Board) -> int:
    """The fewest letters of a word whose path search on ``board`` (its faces as the list
    spells them) may give up, by :func:`_steps`' quick bound; 0 where none may: a search
    tries each sequence of distinct dice once at most, and on nearly every board of 4x4
    (its faces repeat little) there are too few for that, so :func:`given_up` reads no
    word of the list, nor its index (:func:`prepare_offline`).

    >>> _shortest_long_search(Board.parse("fxie amlo ewbx astu"))
    0
    >>> _shortest_long_search(Board.parse("abaaa ababa bbaaa abaaa baaaa")) > 0
    True
    """
    half = PATH_STEP_BUDGET // 2  # the search from the word's start; then from its end
    faces = board.faces
    held = Counter(faces)
    cells = len(faces)
    letters = sum(len(face) for face in faces)
    plain = _plain(held)
    # a word of n letters picks at most the n largest of the faces' counts, counts less
    # one, ... (a quick bound; given_up reads the words)
    factors = sorted(count - taken for count in held.values() for taken in range(count))[::-1]
    sequences, shortest = 1, 0 if plain else 1  # faces beginning alike: no bound
    for length in range(1, letters + 1 if plain else 1):
        if length <= len(factors):
            sequences *= factors[length - 1]
        if _steps(min(cells, length) + 1, sequences, length, cells) > half:
            shortest = length
            break
    if not shortest:
        return 0
    if plain:  # a word of every face: could any search run long?
        picks = 1
        for count in held.values():
            for taken in range(count):
                picks *= count - taken
        if _steps(min(cells, letters) + 1, picks, letters, cells) <= half:
            return 0
    return shortest


def _spellings(word: str, held: Counter[str]) -> int:
    """How many ways the prefixes of ``word`` (the empty one too) are spelled as a sequence
    of the faces in ``held``: a search's sequences of dice of one spelling are bounded as on
    a board whose faces begin unlike, so all of them by this many times that bound."""
    ways = [1] + [0] * len(word)
    used = [face for face in held if face in word]
    for at in range(len(word)):
        if ways[at]:
            for face in used:
                if word.startswith(face, at):
                    ways[at + len(face)] += ways[at]
    return sum(ways)


def _occurrences(word: str, face: str) -> int:
    """How many times ``face`` occurs in ``word``, overlaps too: the most dice of that face
    a path of ``word`` can use."""
    if len(face) == 1:
        return word.count(face)
    return sum(1 for at in range(len(word)) if word.startswith(face, at))


def _kept_word(entry: dict[str, Any]) -> dict[str, Any]:
    """A word of the board as a round's report lists it: its points, path, written forms and
    level (``None`` without frequencies); its Zipf figure is left out (the report shows none)."""
    return {
        "word": entry["word"],
        "points": entry["points"],
        "path": entry["path"],
        "written": entry.get("written", []),
        "level": entry.get("level"),
    }
