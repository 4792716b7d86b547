"""How a word of a folded list is written in its language: the Spanish list's ``aerea`` is
``aérea``.

A language profile that folds accents or respells letters (Spanish, Portuguese, Dutch,
French, German's ``ß``...) makes a list hold ``aerea`` where the language writes ``aérea``.
:func:`read_forms` gives, for a list read with such a profile, each word's written forms
where they differ from the word: from the file the build script ships beside a bundled list
(``es-written.txt.gz``; ``en-written.txt.gz`` for the English lists, whose accents the
build script folds: ``cafe`` is ``café``), or from the system or user file the list was
read from.  A word the list also writes plain (Spanish ``papa`` beside ``papá``) has none:
the plain word is a word itself, and which of them a player meant cannot be told.

English writes its loanwords both ways (``cafe`` and ``café``, ``ole`` and, less often,
``olé``), and its lists hold them plain as English word games do: an English word's forms
begin with the word itself, so that a label says the accented spelling is another way to
write it (``OLE (also olé)``, :func:`~boggle.model.letters.written_name`), not the one.

A list :func:`~boggle.wordlists.loading.load_lexicon` reads is given :func:`read_forms`,
which :meth:`~boggle.wordlists.lexicon.Lexicon.written_forms` calls once:

>>> from boggle.wordlists.loading import load_lexicon
>>> forms = load_lexicon("es").written_forms()
>>> forms["aerea"], "casa" in forms, load_lexicon("en-70").written_forms()["cafe"]
(('aérea',), False, ('cafe', 'café'))
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

from boggle.model.errors import LexiconError
from boggle.model.letters import nfc
from boggle.wordlists.lexicon import Lexicon, read_lines
from boggle.wordlists.sources import DATA_DIR, bundled_lists
from boggle.wordlists.spelling import LanguageProfile, language_profile

_ACCENTS_FOLDED = LanguageProfile("", "", fold_accents=True)
"""How the build script folds the English lists' accents (``café``: ``cafe``)."""

WrittenForms = Mapping[str, tuple[str, ...]]
"""A list's words (as it holds them) to their written forms, for the words that have some."""


def respells(profile: LanguageProfile) -> bool:
    """Whether ``profile`` can hold a word otherwise than its language writes it.

    >>> from boggle.wordlists.spelling import PROFILES
    >>> respells(PROFILES["es"]), respells(PROFILES["pl"]), respells(PROFILES["en"])
    (True, False, False)
    """
    return profile.fold_accents or bool(profile.replace)


def forms_of(lines: Iterable[str], profile: LanguageProfile) -> dict[str, tuple[str, ...]]:
    """The written forms of the words of a raw list (``lines``) read with ``profile``, for
    each word no line writes plain: in lower case, but for a Capitalised word a profile keeps
    (a German noun: ``Straße``, and ``Haus``, which German writes with its capital though
    its letters are the word's; a noun that is also written plain, ``Essen`` beside
    ``essen``, has none).

    >>> from boggle.wordlists.spelling import PROFILES
    >>> forms_of(["aérea", "papa", "papá", "esté", "éste", "casa", "Ávila"], PROFILES["es"])
    {'aerea': ('aérea',), 'este': ('esté', 'éste')}
    >>> forms_of(["Straße", "Haus", "Bär", "ÖL", "Essen", "essen"], PROFILES["de"])
    {'strasse': ('Straße',), 'haus': ('Haus',), 'bär': ('Bär',)}
    """
    written: dict[str, set[str]] = {}
    plain: set[str] = set()
    for raw in lines:
        stripped = raw.strip()
        if stripped.isascii() and stripped.isalpha() and stripped.islower():
            plain.add(stripped)  # what normalise gives for it, at a tenth of the cost
            continue
        word = profile.normalise(raw)
        if word is None:
            continue
        form = nfc(stripped)
        if not (profile.capitalised_words and form.istitle()):
            form = form.lower()  # a capital kept only where the language keeps such words
        if form == word:
            plain.add(word)
        else:
            written.setdefault(word, set()).add(form)
    return {word: tuple(sorted(forms)) for word, forms in written.items() if word not in plain}


def grouped(forms: Iterable[str], profile: LanguageProfile) -> dict[str, tuple[str, ...]]:
    """Written forms (a shipped ``CODE-written.txt.gz``: one per line) by the word
    ``profile`` folds each to.

    >>> from boggle.wordlists.spelling import PROFILES
    >>> grouped(["esté", "éste", "aérea"], PROFILES["es"])
    {'este': ('esté', 'éste'), 'aerea': ('aérea',)}
    >>> grouped([], PROFILES["es"])
    {}
    """
    forms = list(forms)
    if not forms:
        return {}
    # each letter folds alone as in a word (a profile replaces single letters): the forms
    # folded as one text through one table of the few letters met take milliseconds
    text = "\n".join(forms).lower()
    folding = str.maketrans({letter: profile.fold(letter) for letter in set(text)})
    words = text.translate(folding).split("\n")
    by_word: dict[str, tuple[str, ...]] = dict(zip(words, zip(forms), strict=True))  # one each
    if len(by_word) < len(forms):  # some have several: gather theirs
        several = {word for word, count in Counter(words).items() if count > 1}
        gathered: dict[str, list[str]] = {}
        for word, form in zip(words, forms, strict=True):
            if word in several:
                gathered.setdefault(word, []).append(form)
        by_word.update((word, tuple(sorted(found))) for word, found in gathered.items())
    return by_word


class KeptForms(Mapping[str, tuple[str, ...]]):
    """Written forms as the on-disk cache keeps them: each word's forms held as one text
    (tab between several) and split when the word is asked for, so a list's 125,000 forms
    are taken up in milliseconds.

    >>> forms = KeptForms.from_text(KeptForms.text({"este": ("esté", "éste"), "aerea": ("aérea",)}))
    >>> forms["este"], "aerea" in forms, forms.get("casa"), len(forms)
    (('esté', 'éste'), True, None, 2)
    """

    def __init__(self, joined: dict[str, str]) -> None:
        self._joined = joined

    @staticmethod
    def text(forms: WrittenForms) -> str:
        """``forms`` as one text: the words a line each, a NUL, then their forms likewise."""
        return "\n".join(forms) + "\0" + "\n".join("\t".join(found) for found in forms.values())

    @classmethod
    def from_text(cls, text: str) -> KeptForms:
        """The forms :meth:`text` wrote (:class:`ValueError` for a text it did not write)."""
        words, forms = text.split("\0")
        if not words:
            return cls({})
        joined = dict(zip(words.split("\n"), forms.split("\n"), strict=True))
        return cls(joined)

    def __getitem__(self, word: str) -> tuple[str, ...]:
        return tuple(self._joined[word].split("\t"))

    def __contains__(self, word: object) -> bool:
        return word in self._joined

    def __iter__(self) -> Iterator[str]:
        return iter(self._joined)

    def __len__(self) -> int:
        return len(self._joined)


def shipped_forms(name: str) -> str | None:
    """The file of written forms shipped beside the bundled list ``name``; ``None`` for a
    list that has none (one written as it is held, or no bundled list).

    >>> os.path.basename(shipped_forms("en-70") or ""), shipped_forms("pl")
    ('en-written.txt.gz', None)
    """
    entry = next((e for e in bundled_lists() if e.name == name), None)
    if entry is None or not entry.written:
        return None
    return os.path.join(DATA_DIR, entry.written)


def read_forms(lexicon: Lexicon) -> WrittenForms:
    """Each word of ``lexicon`` that its language writes otherwise, with its written forms
    (see the module docstring); empty for a list whose words are written as they are held,
    and for a file that cannot be read again."""
    if lexicon.language is None:
        return {}
    profile = language_profile(lexicon.language)
    if lexicon.bundled:
        shipped = shipped_forms(lexicon.name)
        if shipped is None:
            return {}
        import gzip  # only a bundled folded list's forms need it

        with gzip.open(shipped, "rt", encoding="utf-8") as file:
            forms = file.read().splitlines()
        if respells(profile):
            return grouped(forms, profile)
        # the English lists, folded by the build script (café: cafe) and not by their
        # profile, share one file of the largest list's forms: each takes its own words',
        # the plain word first (English writes cafe too)
        found = grouped(forms, _ACCENTS_FOLDED)
        return {word: (word, *written) for word, written in found.items() if word in lexicon}
    if not respells(profile):
        return {}
    if lexicon.source is None:
        return {}
    try:
        return forms_of(read_lines(lexicon.source), profile)
    except LexiconError:
        return {}
