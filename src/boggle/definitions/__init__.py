"""What a word means: English glosses from WordNet, a Wiktionary link for other languages.

English words are looked up in the extract of WordNet 3.0 shipped with boggle, then in
the system's WordNet (Debian's ``wordnet-base``) for words outside it, then in boggle's
own short glossary of the words WordNet leaves out (:mod:`boggle.definitions.supplement`:
``they``, ``whom``, ``ouch``...), and only then through the derived-form rules.  An inflected word
is found through its base form as WordNet's morphology finds it (``cats`` -> ``cat``,
``ran`` -> ``run``); a word WordNet lacks may be explained from the word it derives from
(``unkind``: "not kind", with the gloss of ``kind``).  Other languages get a link to the
word's entry in that language's Wiktionary.

>>> entry = define("cats")
>>> entry.base, entry.definitions[0][:48]
('cat', 'feline mammal usually having thick soft fur and ')
>>> define("casa", "es").url
'https://es.wiktionary.org/wiki/Special:Search?search=casa&go=Go'
"""

from __future__ import annotations

import contextlib
import functools
import os
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from urllib.parse import quote

from boggle.definitions.morphology import (
    PARTS_OF_SPEECH,
    POS_NAMES,
    base_forms,
    compound_splits,
    derived_bases,
    inflection_name,
    spelling_variants,
)
from boggle.definitions.supplement import SUPPLEMENT
from boggle.definitions.wordnet import Glossary, GlossExtract, SystemWordNet
from boggle.model.errors import BoggleError
from boggle.model.letters import lower_letters, not_text, typed_letters, unaccented, upper_letters
from boggle.wordlists.sources import DATA_DIR
from boggle.wordlists.spelling import language_profile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dataclasses import dataclass, replace
    from typing import Any

    from boggle.wordlists.lexicon import Lexicon
else:
    from boggle.model.records import dataclass, replace

EXTRACT_FILE = "wordnet-glosses.txt.gz"
"""The extract of WordNet's glosses in the package's data folder."""

MAX_DEFINITIONS = 6
"""The most glosses one word gets (its own senses first, then its base forms')."""

INSTALL_HINT = (
    "no English definitions available: install WordNet (Debian/Ubuntu: apt install "
    "wordnet-base) or reinstall boggle with its data file"
)
"""The one line said when neither the extract nor the system's WordNet can be read."""

WIKTIONARY_URL = "https://{language}.wiktionary.org/wiki/{word}"
"""A word's entry, for a language whose lists keep every word as it is written (Polish)."""

WIKTIONARY_SEARCH_URL = "https://{language}.wiktionary.org/wiki/Special:Search?search={word}&go=Go"
"""Wiktionary's search, which goes straight to the entry it finds (``go``), accents and a
capital letter matched: for a language whose lists fold words (``cancion`` is ``canción``,
``strasse`` is ``Straße``), where the entry's own address is not known."""


class DefinitionError(BoggleError):
    """A word that cannot be looked up: empty, or not made of letters.

    >>> define("c4t")
    Traceback (most recent call last):
    ...
    boggle.definitions.DefinitionError: 'c4t' is not a word: letters only ('4' is not a letter)
    """


class DefinitionsUnavailable(BoggleError):
    """No English definitions can be read (see :data:`INSTALL_HINT`).

    >>> EnglishDefinitions(extract="no-such-file.gz", system=False).define("cat")
    Traceback (most recent call last):
    ...
    boggle.definitions.DefinitionsUnavailable: no English definitions available: install \
WordNet (Debian/Ubuntu: apt install wordnet-base) or reinstall boggle with its data file
    """


@dataclass(frozen=True)
class Definition:
    """What a dictionary says about a word: its glosses (none when it has no entry), the
    base form they belong to, what form of its base forms an inflected word is (``forms``:
    ``lapses`` is the "plural of lapse" and the "present tense (he, she, it) of lapse"),
    where they come from, and for other languages a link.

    >>> entry = Definition("dom", "pl", (), "Wiktionary", url=wiktionary_url("dom", "pl"))
    >>> entry.found, entry.first, entry.url
    (True, None, 'https://pl.wiktionary.org/wiki/dom')
    """

    word: str
    language: str
    definitions: tuple[str, ...]
    source: str
    base: str | None = None
    url: str | None = None
    forms: tuple[str, ...] = ()
    written: tuple[str, ...] = ()
    """How the language writes the word where its list folds it (``aerea``: ``aérea``)."""
    looked_up: str | None = None
    """The spelling the entry was found under when the word as given has none: an English
    word typed with accents (``café``, ``naïve``) is looked up without them (``cafe``)."""

    @property
    def found(self) -> bool:
        """Whether the word has an entry (glosses, or a link to look it up)."""
        return bool(self.definitions) or self.url is not None

    @property
    def first(self) -> str | None:
        """The first gloss, or ``None``."""
        return self.definitions[0] if self.definitions else None

    @property
    def form(self) -> str | None:
        """What form of its base forms the word is, as a heading shows it after the word
        (``forms`` joined), or which entry it is found under when that is another word
        (``flyby``: "see FLY-BY"); ``None`` for a base form itself.

        >>> define("lapses").form
        'plural of lapse; present tense (he, she, it) of lapse'
        >>> define("flyby").form, define("cat").form
        ('see FLY-BY', None)

        A word found without its accents says so first:

        >>> define("café").form, define("cafés").form
        ('found as CAFE, without accents', 'found as CAFES, without accents; plural of cafe')
        """
        shown: str | None = None
        if self.forms:
            shown = "; ".join(self.forms)
        elif self.base and self.base not in (self.word, self.looked_up):
            shown = f"see {upper_letters(_shown(self.base))}"
        if self.looked_up is None:
            return shown
        found_as = f"found as {upper_letters(self.looked_up)}, without accents"
        return f"{found_as}; {shown}" if shown else found_as

    def to_json(self) -> dict[str, Any]:
        """``{"word", "definitions", "source"}``, with ``base``, ``forms`` and ``url`` when
        known.

        >>> Definition("ort", "en", ("a scrap of food",), "my notes", base="ort").to_json()
        {'word': 'ort', 'definitions': ['a scrap of food'], 'source': 'my notes', 'base': 'ort'}
        """
        shown: dict[str, Any] = {
            "word": self.word,
            "definitions": list(self.definitions),
            "source": self.source,
        }
        if self.base is not None:
            shown["base"] = self.base
        if self.forms:
            shown["forms"] = list(self.forms)
        if self.url is not None:
            shown["url"] = self.url
        if self.written:
            shown["written"] = list(self.written)
        if self.looked_up is not None:
            shown["looked_up"] = self.looked_up
        return shown


MAX_WORD_LETTERS = 64
"""Letters of the longest entry looked up (longer is no word; the morphology's rules cost
time that grows with the square of a word's length)."""


REPLACEMENT_CHARACTER = "\ufffd"


def checked_word(entry: str) -> str:
    """An entry as looked up: trimmed, lowercase a letter for a letter (``İ`` is ``i``:
    :func:`~boggle.model.letters.lower_letters`), NFKC (fullwidth letters are the
    letters, the ligature ``ﬁ`` is ``fi``: :func:`~boggle.model.letters.typed_letters`);
    :class:`DefinitionError` if it is empty, holds anything but letters or is longer
    than :data:`MAX_WORD_LETTERS`.

    >>> checked_word("  Cats "), checked_word("İ"), checked_word("\ufb01sh")
    ('cats', 'i', 'fish')
    """
    if not isinstance(entry, str):
        raise DefinitionError(f"the word to define must be text, got {entry!r}")
    if problem := not_text(entry):
        raise DefinitionError(f"the word is not valid text: it has {problem}")
    if REPLACEMENT_CHARACTER in entry:  # what a web server reads bytes that are not UTF-8 as
        raise DefinitionError(
            "the word is not valid text: it has bytes that are not UTF-8 "
            "(read as U+FFFD REPLACEMENT CHARACTER)"
        )
    word = lower_letters(typed_letters(entry.strip()))
    if not word:
        raise DefinitionError("give a word to define")
    if not word.isalpha():
        shown = entry.strip() if len(entry.strip()) <= 40 else entry.strip()[:37] + "..."
        odd = next(char for char in word if not char.isalpha())
        raise DefinitionError(
            f"{shown!r} is not a word: letters only ({_named_char(odd)} is not a letter)"
        )
    if len(word) > MAX_WORD_LETTERS:
        raise DefinitionError(
            f"{word[:20]!r}... is not a word: {len(word):,} letters, at most {MAX_WORD_LETTERS}"
        )
    return word


def _named_char(char: str) -> str:
    """A character as a message names it: quoted, or by its code point and name when it
    would not show alone (a combining mark, a space, a control).

    >>> _named_char("4"), _named_char("\u0307")
    ("'4'", 'U+0307 COMBINING DOT ABOVE')
    """
    if char.isprintable() and not char.isspace() and not unicodedata.combining(char):
        return repr(char)
    name = unicodedata.name(char, "")  # a control character has none
    return f"U+{ord(char):04X} {name}".rstrip()


def _senses(word: str, glossary: Glossary) -> Iterator[tuple[str, str, str]]:
    """(base form, part of speech, gloss) of the word's own senses, then its base forms'."""
    forms_by_pos = {
        pos: base_forms(
            word,
            pos,
            lambda form, pos=pos: glossary.is_lemma(form, pos),  # type: ignore[misc]
            glossary.exceptions.get(pos, {}),
        )
        for pos in PARTS_OF_SPEECH
    }
    for own in (True, False):
        for pos, forms in forms_by_pos.items():
            for form in forms:
                if (form == word) == own:
                    for gloss in glossary.glosses(form, pos):
                        yield form, pos, gloss


def inflections(word: str, glossary: Glossary) -> tuple[str, ...]:
    """What form ``word`` is of each base form ``glossary`` holds it under (morphy's rules
    and exception lists; a symbol is no base form), as a learner reads it.

    >>> from boggle.definitions.supplement import Supplement
    >>> inflections("emojis", Supplement("emoji n: a small picture in a message"))
    ('plural of emoji',)
    >>> inflections("ran", english_definitions().extract)
    ('past tense or past participle of run',)
    """
    names: list[str] = []
    for pos in PARTS_OF_SPEECH:
        is_lemma = functools.partial(glossary.is_lemma, pos=pos)
        for form in base_forms(word, pos, is_lemma, glossary.exceptions.get(pos, {})):
            glosses = glossary.glosses(form, pos)
            if form != word and glosses and not _is_symbol(glosses[0]):
                name = inflection_name(word, _shown(form), pos)
                if name not in names:
                    names.append(name)
    return tuple(names)


def _shown(lemma: str) -> str:
    return lemma.replace("_", " ")


def _first_gloss(word: str, pos: str, glossary: Glossary) -> tuple[str, str] | None:
    """The base form of ``word`` as ``pos`` and its first gloss, or ``None``."""
    is_lemma = functools.partial(glossary.is_lemma, pos=pos)
    for form in base_forms(word, pos, is_lemma, glossary.exceptions.get(pos, {})):
        found = glossary.glosses(form, pos)
        if found:
            return form, found[0]
    return None


def _any_first_gloss(word: str, glossary: Glossary) -> tuple[str, str, str] | None:
    for pos in PARTS_OF_SPEECH:
        found = _first_gloss(word, pos, glossary)
        if found:
            return found[0], pos, found[1]
    return None


def _exact_gloss(word: str, glossary: Glossary) -> tuple[str, str, str] | None:
    for pos in PARTS_OF_SPEECH:
        found = glossary.glosses(word, pos) if glossary.is_lemma(word, pos) else []
        if found and not _is_proper(found[0]):
            return word, pos, found[0]
    return None


def _is_symbol(gloss: str) -> bool:
    """Whether a gloss is a symbol's or an abbreviation's (``Bi: ...``, ``OH: ...``): a
    proper noun of two letters or in capitals, which no word inflects (``Druid`` does).

    >>> [_is_symbol(gloss) for gloss in ("Bi: a metal", "OH: a state", "Druid: a priest")]
    [True, True, False]
    """
    name, colon, _ = gloss.partition(": ")
    return bool(colon) and _is_proper(gloss) and (len(name) <= 2 or name.isupper())


def _is_proper(gloss: str) -> bool:
    """Whether a gloss is a proper noun's (``Miller: ...``, see ``SystemWordNet.glosses``)."""
    name, colon, _ = gloss.partition(": ")
    return bool(colon) and name[:1].isupper()


def look_up(
    word: str, glossary: Glossary, own: bool = True, derived: bool = True
) -> tuple[str | None, list[str]]:
    """The base form a word is found under and its glosses in ``glossary`` (none: ``None, []``).

    Tried in turn, the first that gives a gloss wins: the word and morphy's base forms
    (all their glosses); the hyphenated lemma it runs together (``flyby``: ``fly-by``);
    a derivation (:func:`~boggle.definitions.morphology.derived_bases`) explained from its
    base's first gloss; two words run together (``pinewood``); a phrase that uses the word
    (``quo``: ``status quo``); the word with a final ``e`` added or dropped.  ``own``
    and ``derived`` choose the stages: the first alone, or all but the first.

    >>> from boggle.definitions.supplement import Supplement
    >>> glossary = Supplement("emoji n: a small picture in a message\\nkind a: caring")
    >>> look_up("emojis", glossary)
    ('emoji', ['a small picture in a message'])
    >>> look_up("unkind", glossary)
    ('kind', ['not kind (kind, adjective: caring)'])
    >>> look_up("zzz", glossary)
    (None, [])
    """
    base: str | None = None
    glosses: list[str] = []
    for form, _pos, gloss in _senses(word, glossary) if own else ():
        if form != word and _is_symbol(gloss):
            continue  # "bis" is not the plural of "Bi" (bismuth), nor "ohs" of "OH" (Ohio)
        base = base or form
        if gloss not in glosses:
            glosses.append(gloss)
    if glosses:
        glosses.sort(key=_is_proper)  # stable: common senses first, in WordNet's order
        return base, glosses[:MAX_DEFINITIONS]
    if not derived:
        return None, []
    joined = glossary.joined(word)
    if joined is not None:
        found = glossary.glosses(*joined)
        if found:
            return joined[0], found
    for derivation in derived_bases(word):
        first = _first_gloss(derivation.base, derivation.pos, glossary)
        if first is not None:
            form, gloss = first
            meaning = derivation.meaning.replace("{}", form)
            return form, [f"{meaning} ({form}, {POS_NAMES[derivation.pos]}: {gloss})"]
    for head, tail in compound_splits(word):
        head_gloss = _exact_gloss(head, glossary)
        tail_gloss = _any_first_gloss(tail, glossary) if head_gloss else None
        if head_gloss and tail_gloss:
            return tail_gloss[0], [
                f"{head_gloss[0]} + {tail_gloss[0]} ({head_gloss[0]}: {head_gloss[2]}; "
                f"{tail_gloss[0]}: {tail_gloss[2]})"
            ]
    phrase = glossary.phrase_of(word)
    if phrase is not None:
        found = glossary.glosses(*phrase)
        if found and not _is_proper(found[0]):  # "his" is not explained by "bundle of His"
            return phrase[0], [f"as in \u201c{_shown(phrase[0])}\u201d: {found[0]}"]
    for variant in spelling_variants(word):
        first_variant = _any_first_gloss(variant, glossary)
        if first_variant is not None:
            form, pos, gloss = first_variant
            return form, [f"a spelling of {form} ({form}, {POS_NAMES[pos]}: {gloss})"]
    return None, []


class EnglishDefinitions:
    """English definitions from the bundled extract, then from the system's WordNet.

    >>> bundled = EnglishDefinitions(system=False)
    >>> bundled.available, bundled.define("ran").base
    (True, 'run')
    """

    def __init__(self, extract: str | None = None, system: bool = True) -> None:
        path = extract if extract is not None else os.path.join(DATA_DIR, EXTRACT_FILE)
        self.extract: Glossary | None = None
        try:
            self.extract = GlossExtract(path)
        except (OSError, ValueError, EOFError):
            self.extract = None
        self.use_system = system
        self._system: SystemWordNet | None = None
        self._system_tried = False

    @property
    def system(self) -> SystemWordNet | None:
        """The system's WordNet, opened the first time a word is not in the extract."""
        if self.use_system and not self._system_tried:
            self._system_tried = True
            self._system = SystemWordNet.find()
        return self._system

    @property
    def available(self) -> bool:
        return self.extract is not None or self.system is not None

    def define(self, word: str) -> Definition:
        """The glosses of ``word`` (a checked, lowercase word); raises
        :class:`DefinitionsUnavailable` when there is no dictionary at all.

        >>> entry = EnglishDefinitions(system=False).define("geese")
        >>> entry.base, entry.first[:33]
        ('goose', 'web-footed long-necked typically ')

        A word written with accents that has no entry of its own (WordNet writes ``cafe``,
        ``naive``, ``resume``) is the entry of the word without them, which ``looked_up``
        names, where that spelling has one of its own (or is a form of one: ``cafés``); a
        guess of the derived-form rules at it (``olé``: "as in good ole boy", ``touché``:
        "a spelling of touch") is of that other word, and not given:

        >>> entry = EnglishDefinitions(system=False).define("café")
        >>> entry.word, entry.looked_up, entry.first[:22]
        ('café', 'cafe', 'a small restaurant whe')
        >>> EnglishDefinitions(system=False).define("olé").definitions
        ()
        """
        plain = unaccented(word)
        if plain == word:
            return self._define(word)
        own = self._define(word, derived=False)
        if own.definitions:
            return own
        found = self._spelled(plain)  # its own entry: not a guess at "ole"
        if found is not None:
            return replace(found, word=word, looked_up=plain)
        return self._define(word)

    def _spelled(self, word: str) -> Definition | None:
        """The entry of ``word`` itself: its own (or its base form's), or the hyphenated
        lemma it runs together (``cinecamera``: ``cine-camera``); ``None`` where only a
        guess of the derived-form rules would explain it."""
        own = self._define(word, derived=False)
        if own.definitions:
            return own
        for glossary in (self.extract, self.system):
            joined = None if glossary is None else glossary.joined(word)
            if glossary is not None and joined is not None:
                glosses = glossary.glosses(*joined)
                if glosses:
                    return Definition(word, "en", tuple(glosses), glossary.name, joined[0])
        return None

    def _define(self, word: str, derived: bool = True) -> Definition:
        """:meth:`define` for the word as it is: its own entry and base forms, then (with
        ``derived``) the derived-form rules."""
        stages = [(self.extract, True, False), (self.system, True, False)]
        stages += [(SUPPLEMENT, True, False)]
        if derived:
            stages += [(self.extract, False, True), (self.system, False, True)]
            stages += [(SUPPLEMENT, False, True)]
        for glossary, own, derived_stage in stages:
            if glossary is None:
                continue
            base, glosses = look_up(word, glossary, own, derived_stage)
            if glosses:
                forms = inflections(word, glossary) if own else ()
                return Definition(word, "en", tuple(glosses), glossary.name, base, forms=forms)
        if not self.available:
            raise DefinitionsUnavailable(INSTALL_HINT)
        source = (self.extract or self.system).name  # type: ignore[union-attr]
        return Definition(word, "en", (), source)


@lru_cache(maxsize=1)
def english_definitions() -> EnglishDefinitions:
    """The English definitions this process uses (read once)."""
    return EnglishDefinitions()


def wiktionary_url(word: str, language: str, written: tuple[str, ...] = ()) -> str:
    """Where to read ``word`` (as a list of ``language`` spells it) in that language's
    Wiktionary: its entry when the list writes words as the language does (Polish) or the
    one way the language writes it is known (``written``), else the search that goes to
    the entry of the word as written (a Spanish list's ``cancion`` is ``canción``, whose
    entry is not at ``/wiki/cancion``).

    >>> wiktionary_url("cancion", "es", ("canción",))
    'https://es.wiktionary.org/wiki/canci%C3%B3n'

    >>> wiktionary_url("żółw", "pl")
    'https://pl.wiktionary.org/wiki/%C5%BC%C3%B3%C5%82w'
    >>> wiktionary_url("cancion", "es")
    'https://es.wiktionary.org/wiki/Special:Search?search=cancion&go=Go'
    """
    profile = language_profile(language)
    if len(written) == 1:
        return WIKTIONARY_URL.format(language=profile.code, word=quote(written[0]))
    respelled = profile.fold_accents or profile.replace or profile.capitalised_words
    address = WIKTIONARY_SEARCH_URL if respelled else WIKTIONARY_URL
    return address.format(language=profile.code, word=quote(word))


def define(entry: str, language: str = "en", lexicon: Lexicon | None = None) -> Definition:
    """What ``entry`` means in ``language`` (a code of :data:`boggle.wordlists.spelling.PROFILES`);
    with the word's ``lexicon`` of that language, how the language writes a word the list
    folds (``written``: English too, as a solve of that list shows the word), and the link
    goes to that entry.

    Raises :class:`DefinitionError` for an empty entry or one with other characters than
    letters, :class:`DefinitionsUnavailable` when no English dictionary can be read.

    >>> from boggle.wordlists.loading import load_lexicon
    >>> define(" Geese ").base, define("dom", "pl").url
    ('goose', 'https://pl.wiktionary.org/wiki/dom')
    >>> define("aerea", "es", load_lexicon("es")).written
    ('aérea',)

    With its list, a word is the list's word however it was typed, as a round reads it
    (``Área`` is the Spanish list's ``area``, written ``área``):

    >>> entry = define("Área", "es", load_lexicon("es"))
    >>> entry.word, entry.written
    ('area', ('área',))
    """
    code = language_profile(language).code
    word = checked_word(entry)
    if lexicon is not None:
        from boggle.wordlists.lexicon import Lexicon  # loaded already, where a list was given

        if not isinstance(lexicon, Lexicon):
            raise DefinitionError(
                f"define takes the word's list as a Lexicon (or None), not {type(lexicon).__name__}"
            )
    written: tuple[str, ...] = ()
    listed = word
    if lexicon is not None and lexicon.language == code:
        listed = language_profile(code).fold(word)  # Área is the Spanish list's area
        written = lexicon.written_forms().get(listed, ())
    if code == "en":  # an English list's written forms too (cafe: café), as a solve shows them
        found = english_definitions().define(word)
        # the list's word (cafe) is written cafe and café; a word typed café is not "café"
        # again, nor the cafe it was found under
        shown = (
            written
            if found.word == listed
            else tuple(form for form in written if form not in (found.word, listed))
        )
        # the heading names only the spellings whose meaning is shown: café is defined as
        # cafe (CAFE (also café)), but olé has no entry of its own, and OLE's "good ole boy"
        # is not its meaning (OLE, not OLE (also olé))
        shown = tuple(form for form in shown if _same_entry(form, found))
        if all(form == listed for form in shown):
            shown = ()  # ole alone, once olé is left out: written as the word is
        return replace(found, written=shown) if shown else found
    url = wiktionary_url(word, code, written)  # a search for the word as typed, if need be
    return Definition(listed, code, (), "Wiktionary", url=url, written=written)


def _same_entry(form: str, found: Definition) -> bool:
    """Whether the English spelling ``form`` has the meaning ``found`` shows: it is the word
    defined, or it is defined by the same glosses (``café``, defined as ``cafe``; not
    ``olé``, which has no entry of its own)."""
    if form.lower() == found.word:
        return True
    if not found.definitions:
        return True  # no meaning shown: the spellings are only the list's (a one-line miss)
    return english_definitions().define(form.lower()).definitions == found.definitions


def first_definition(word: str, language: str = "en") -> str | None:
    """The first gloss of ``word``, or ``None`` when it has none (or none can be read).

    >>> first_definition("zzzq") is None
    True
    """
    try:
        return define(word, language).first
    except BoggleError:
        return None


def definitions_for(
    words: Iterable[str], language: str | None = "en", lexicon: Lexicon | None = None
) -> tuple[dict[str, Definition], str | None]:
    """Each word's definition in ``language``, and a one-line warning when none can be read
    (then every word is left out, and the warning names what to install).  A word that
    cannot be looked up (:func:`checked_word`: longer than :data:`MAX_WORD_LETTERS`) is
    left out.  With the words' ``lexicon``, a word its list folds links to the entry of how
    the language writes it, as :func:`define` does (``aerea``: ``aérea``).

    >>> found, warning = definitions_for(["cat", "qqq", "q" * 100])
    >>> found["cat"].first is not None, found["qqq"].first, "q" * 100 in found, warning
    (True, None, False, None)
    """
    found: dict[str, Definition] = {}
    try:
        for word in words:
            with contextlib.suppress(DefinitionError):
                found[word] = define(word, language or "en", lexicon)
    except DefinitionsUnavailable as error:
        return {}, str(error)
    return found, None


__all__ = [
    "Definition",
    "DefinitionError",
    "DefinitionsUnavailable",
    "EnglishDefinitions",
    "checked_word",
    "define",
    "definitions_for",
    "english_definitions",
    "first_definition",
    "inflections",
    "look_up",
    "unaccented",
    "wiktionary_url",
]
