"""The letters: the a-z alphabet, and a word's set of letters as a bit mask.

Letter ``a`` is bit 0 and ``z`` bit 25; letters beyond a-z (``é``) get the
bits after, in sorted order.  The letter-set mask is the Haskell paper's hash
(``wordHash'``, before the modulo): anagrams and words over the same letters
share it.

>>> letter_set_mask("cab"), letter_set_mask("abaca")
(7, 7)
>>> letter_indices("zé")["z"], letter_indices("zé")["é"]
(25, 26)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

LATIN = "abcdefghijklmnopqrstuvwxyz"
"""The 26 letters of plain English words, in order."""


def nfc(text: str) -> str:
    """``text`` in Unicode NFC (composed) form; ASCII is returned as it is.

    >>> nfc("Ba\\u0308r") == "Bär"
    True
    """
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def lower_letters(text: str) -> str:
    """``text`` in lower case, a letter for a letter: ``str.lower`` writes the capital
    ``İ`` (U+0130, the Turkish dotted I) as ``i`` and a combining dot, which is no letter,
    so a word with it was refused as "letters only"; here it is ``i``, as in Turkish.

    >>> lower_letters("İSTANBUL"), "İ".lower() == "i\u0307"
    ('istanbul', True)
    """
    lowered = text.lower()
    if len(lowered) == len(text):  # no letter's lower case is several characters
        return lowered
    return "".join(_lower_letter(char) for char in text)


def _lower_letter(char: str) -> str:
    """One character's lower case without the marks it gains (``İ``: ``i``)."""
    lowered = char.lower()
    return lowered[0] + "".join(c for c in lowered[1:] if not unicodedata.combining(c))


def upper_letters(word: str) -> str:
    """``word`` in capitals as a heading shows it, a letter for a letter: a letter whose
    capital is several (``ß``: ``SS``; ``ŉ``, ``ǰ``) stays as it is, where ``str.upper``
    showed another word (``straße`` as ``STRASSE``) than the one looked up.

    >>> upper_letters("straße"), upper_letters("cat")
    ('STRAßE', 'CAT')
    """
    upper = word.upper()
    if len(upper) == len(word):
        return upper
    return "".join(c.upper() if len(c.upper()) == 1 else c for c in word)


def written_name(word: str, written: Iterable[str] = ()) -> str:
    """A word of a list as every report names it: in capitals as the list spells it
    (:func:`upper_letters`), with how its language writes it where the list folds it
    (``written``, several joined by ``/``): ``AREA (área)``, ``STRASSE (Straße)``; where the
    word itself is among them (English writes ``ole`` and ``olé``), the others are ``also``
    written so. A form that differs from the word in its capital alone (the German noun
    ``Haus``) adds nothing to the word in capitals. The one heading of ``boggle solve``,
    ``play``, ``judge``, ``define`` and My words.

    >>> written_name("area", ("área",)), written_name("este", ("esté", "éste"))
    ('AREA (área)', 'ESTE (esté / éste)')
    >>> written_name("ole", ("ole", "olé")), written_name("haus", ("Haus",)), written_name("cat")
    ('OLE (also olé)', 'HAUS', 'CAT')
    >>> written_name("masse", ("Masse", "Maße"))  # the noun Masse, and Maße
    'MASSE (also Maße)'
    """
    forms = tuple(written)
    shown = upper_letters(word)
    others = " / ".join(form for form in forms if form.lower() != word)
    if not others:
        return shown
    itself = any(form.lower() == word for form in forms)  # Masse, as Maße: MASSE (also Maße)
    return f"{shown} (also {others})" if itself else f"{shown} ({others})"


STROKED = {"ł": "l", "đ": "d", "ø": "o", "ħ": "h", "ŀ": "l", "\u0131": "i", "ŧ": "t", "ƶ": "z"}
"""Letters with a stroke (or without a dot), which Unicode does not split into a letter
and a mark: the plain letter a player types for them."""


def bare_letters(word: str) -> str:
    """``word`` as it is typed without its diacritics: its accents and dots dropped
    (:func:`unaccented`), a letter with a stroke its plain letter (Polish ``ł``: ``l``,
    Danish ``ø``: ``o``); other letters (``ß``, ``œ``) stay.

    >>> bare_letters("żółw"), bare_letters("año"), bare_letters("straße")
    ('zolw', 'ano', 'straße')
    """
    if word.isascii():
        return word
    return "".join(STROKED.get(char, char) for char in unaccented(word))


def unaccented(word: str) -> str:
    """``word`` without its accents (combining marks), as English dictionaries write a
    borrowed word; letters that are no accented letter (``œ``, ``ß``, a Hangul syllable)
    stay.

    >>> unaccented("café"), unaccented("naïve"), unaccented("cœur"), unaccented("한")
    ('cafe', 'naive', 'cœur', '한')
    """
    if word.isascii():
        return word
    bare = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


def typed_letters(text: str) -> str:
    """``text`` as a person's typing is read: Unicode NFKC, so the compatibility forms of a
    letter (the fullwidth letters of an East Asian keyboard, U+FF21 to U+FF5A; the
    ligature U+FB01 ``fi``) are the letters they show, composed as :func:`nfc` composes;
    ASCII is returned as it is.

    >>> typed_letters("\\uff23\\uff21\\uff34"), typed_letters("\\ufb01re")
    ('CAT', 'fire')
    >>> typed_letters("Ba\\u0308r") == nfc("Ba\\u0308r") == "B\\xe4r"
    True

    A word printed escaped where the output lacked a letter (``\\u017bABA`` for ``ŻABA`` in
    an ASCII locale) reads back as the letters, as a board does (:func:`unescaped`, the one
    reading of those escapes):

    >>> typed_letters(r"\\u017bABA"), typed_letters(r"ca\\xf1a"), typed_letters(r"a\\qb")
    ('ŻABA', 'caña', 'a\\\\qb')
    """
    if "\\" in text:
        text = unescaped(text)
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def unescaped(text: str) -> str:
    """``text`` with the escapes a stream that lacks a letter writes (Python's
    ``backslashreplace``: ``\\xf1``, ``\\u017c``, ``\\U0001d400``) read back as the letters,
    so a board printed in a Latin-1 or ASCII locale can be given again; any other backslash
    (a surrogate's ``\\udc80`` too: no letter) stays, to be refused as the character it is.

    >>> unescaped(r"id\\xf1m \\u017caba"), unescaped(r"a\\qb"), unescaped(r"\\U00110000")
    ('idñm żaba', 'a\\\\qb', '\\\\U00110000')
    """
    if "\\" not in text:
        return text
    import re

    def letter(match: re.Match[str]) -> str:
        code = int(match.group(1)[1:], 16)
        return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else match.group(0)

    return re.sub(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})", letter, text)


def board_letters(text: str) -> str:
    """``text`` as a board is read: each character in its compatibility form when that
    is one letter, space or mark of the compact form (the fullwidth letters, slash and
    brackets of an East Asian keyboard, U+FF01 to U+FF5E, are ``a``-``z``, ``/`` and
    ``[ ]``, as :func:`typed_letters` reads them), then composed as :func:`nfc` composes.
    A character that stands for several (the ligature U+FB01 ``fi``, the Dutch U+0133
    ``ij``, the Roman numeral U+216B ``XII``) stays one character, as before: one cube is
    never read as several; a digit or a sign (``\xb2``) stays as typed, to be refused.
    ASCII is returned as it is.

    >>> board_letters("\uff46\uff58\uff49\uff45\uff0f\uff3b\uff54\uff48\uff3d")
    'fxie/[th]'
    >>> board_letters("\ufb01\u0133") == "\ufb01\u0133"
    True
    """
    if text.isascii():
        return text
    composed = unicodedata.normalize("NFC", text)
    table: dict[int, str] = {}
    for char in set(composed):
        compatible = unicodedata.normalize("NFKC", char)
        if len(compatible) == 1 and compatible != char and _board_mark(compatible):
            table[ord(char)] = compatible
    return unicodedata.normalize("NFC", composed.translate(table)) if table else composed


def _board_mark(char: str) -> bool:
    """Whether ``char`` is a letter, a space or a mark of the compact form (``/ , [ ]``):
    what a compatibility form is read as; a digit or a sign (``\xb2``) stays as typed."""
    return char.isalpha() or char.isspace() or char in "/,[]"


def not_text(text: str) -> str | None:
    """What in ``text`` is not text, in words, or ``None`` when it is all text: a byte
    that was not UTF-8 (a command line's or a terminal's undecodable bytes reach Python
    as the surrogate escapes U+DC80-U+DCFF) or another lone surrogate (JSON's ``"\\ud800"``).

    >>> not_text("fame"), not_text("été")
    (None, None)
    >>> not_text(b"ab\\xffc".decode("utf-8", "surrogateescape"))
    'the byte 0xff, which is not UTF-8'
    >>> not_text("\\ud800")
    'a lone surrogate (U+D800)'
    """
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(text[error.start])
        if 0xDC80 <= code <= 0xDCFF:
            return f"the byte 0x{code - 0xDC00:02x}, which is not UTF-8"
        return f"a lone surrogate (U+{code:04X})"
    return None


def letter_indices(alphabet: Iterable[str] = LATIN, *, latin_first: bool = True) -> dict[str, int]:
    """The bit index of each letter: ``a``-``z`` are 0-25, other letters follow in sorted
    order; without ``latin_first``, the letters of ``alphabet`` alone, in sorted order
    (the smallest masks for one word list).

    >>> letter_indices("cä", latin_first=False)
    {'c': 0, 'ä': 1}
    """
    if not latin_first:
        return {letter: index for index, letter in enumerate(sorted(set(alphabet)))}
    indices = {letter: index for index, letter in enumerate(LATIN)}
    for letter in sorted(set(alphabet) - set(indices)):
        indices[letter] = len(indices)
    return indices


LATIN_INDICES: Mapping[str, int] = letter_indices()


def letter_set_mask(word: str, indices: Mapping[str, int] = LATIN_INDICES) -> int:
    """The set of the word's letters as a bit mask (bit ``indices[letter]`` per letter)."""
    mask = 0
    for letter in word:
        mask |= 1 << indices[letter]
    return mask


def indices_for(words: Iterable[str]) -> Mapping[str, int]:
    """Indices covering every letter of ``words`` (the a-z ones when they suffice)."""
    alphabet = set("".join(words))
    return LATIN_INDICES if alphabet <= LATIN_INDICES.keys() else letter_indices(alphabet)
