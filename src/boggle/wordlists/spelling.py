"""Language profiles: how a word list and a board of each language are spelled.

One small table per language (:data:`PROFILES`, documented in
``docs/languages.md``).  Every profile first puts text in Unicode NFC, so a
list or board written in decomposed form (``a`` + combining ring, as files
from macOS often are) reads the same as the composed one.  Then:

* ``replace``: letters written as others (``ß`` -> ``ss``, ``œ`` -> ``oe``);
* ``fold_accents``: accented letters become their base letter, except the
  letters in ``keep`` (Spanish keeps ``ñ``, German ``ä ö ü``);
* ``capitalised_words``: whether a Capitalised word is kept (German nouns)
  or taken for a proper noun and dropped (every other language);
* ``faces``: the multi-letter cubes of the language's boards and dice;
* ``short_forms`` and ``vowelless_kept``: how its abbreviations written as words are told
  (German ``Feb``, ``Dr``, ``bzw``; Dutch ``dvd``, Polish ``bhp``:
  :meth:`LanguageProfile.normalise_words`);
* ``numerals_kept``: whether its list's Roman numerals written as words (``mmiv``, ``ccc``)
  are dropped, and which real words that read as numerals stay (Dutch ``mix``, ``mi``).

``--dict de`` applies the German profile; a file gets one with
``--language CODE``; without it a file is read as English (no folding).
A board is folded to its list's spelling (:func:`fold_board`), and the letters
of a board no word of the list uses are a hint (:func:`foreign_letters`).

>>> PROFILES["de"].normalise("Straße"), PROFILES["de"].normalise("Bär")
('strasse', 'bär')
>>> PROFILES["fr"].normalise("Cœur"), PROFILES["fr"].normalise("cœur")
(None, 'coeur')
>>> PROFILES["es"].normalise("canción"), PROFILES["es"].normalise("año")
('cancion', 'año')
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable

from boggle.model.board import MULTI_LETTER_FACES, Board
from boggle.model.errors import LexiconError
from boggle.model.letters import nfc
from boggle.model.wording import quoted
from boggle.wordlists.lexicon import MAX_WORD_LETTERS, Lexicon

TYPE_CHECKING = False  # the checkers read the standard decorator; at run time it costs 12 ms
if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from boggle.model.records import dataclass


@dataclass(frozen=True)
class LanguageProfile:
    """How one language's words and boards are spelled (see the module docstring)."""

    code: str
    name: str
    fold_accents: bool
    keep: str = ""
    replace: tuple[tuple[str, str], ...] = ()
    capitalised_words: bool = False
    faces: tuple[str, ...] = ("qu",)
    why: str = ""
    short_forms: tuple[str, ...] = ()
    """Abbreviations a list of the language writes as words, as it writes them (``Feb``,
    ``bzw``): those its spelling dictionary writes with a full stop (``Feb.``); dropped."""
    vowelless_kept: tuple[str, ...] | None = None
    """When set, a word of two letters or more with no vowel letter (:func:`has_vowel`) is
    an abbreviation (``Nr``, ``Lkw``, ``kg``) and dropped, except these interjections."""
    numerals_kept: tuple[str, ...] | None = None
    """When set, a word of two letters or more that reads as a Roman numeral
    (:data:`ROMAN_NUMERAL`: ``ccc``, ``mmiv``) is dropped, except these real words."""

    def fold(self, word: str) -> str:
        """``word`` (lowercase, NFC) spelled as this language's lists hold it.

        >>> PROFILES["pt"].fold("ação")
        'açao'
        """
        for written, becomes in self.replace:
            word = word.replace(written, becomes)
        if not self.fold_accents or word.isascii():
            return word
        letters = []
        for letter in word:
            if letter.isascii() or letter in self.keep:
                letters.append(letter)
            else:
                base = unicodedata.normalize("NFD", letter)
                letters.append("".join(c for c in base if not unicodedata.combining(c)))
        return "".join(letters)

    def normalise(self, raw: str) -> str | None:
        """The word as a lexicon of this language stores it, or ``None`` when it is dropped.

        A word with anything but letters is dropped; so is a mixed-case word
        (``iPod``), and a Capitalised one unless ``capitalised_words``.
        """
        word = nfc(raw.strip())
        if not word or not word.isalpha():
            return None
        capitalised = word[0].isupper() and word[1:].islower()
        if not (word.islower() or word.isupper() or (self.capitalised_words and capitalised)):
            return None
        word = self.fold(word.lower())
        if not word.isalpha() or len(word) > MAX_WORD_LETTERS:
            return None
        return word

    def normalise_words(self, lines: Iterable[str]) -> tuple[str, ...]:
        """Normalise, de-duplicate and sort raw lines under this profile.

        A list that writes its words in lower case (or Capitalised) marks an abbreviation
        by writing it in capitals (``NATO``, ``BBC``, ``LCD`` in German's ``wngerman``):
        there, a word of two letters or more written only in capitals is dropped, with or
        without a vowel.  A list written all in capitals keeps its words.  The language's
        ``short_forms`` (German ``Feb``, ``Dr``, ``bzw``) are dropped as written, and, where
        it keeps only interjections without a vowel (``vowelless_kept``), its other words
        without one (``Lkw``, ``kg``); and, where it drops Roman numerals
        (``numerals_kept``), the words that read as one (``mmiv``) but its real words.

        >>> PROFILES["de"].normalise_words(["Haus", "BBC", "NATO", "UFO", "Ufo", "O"])
        ('haus', 'o', 'ufo')
        >>> PROFILES["de"].normalise_words(["HAUS", "NATO"])
        ('haus', 'nato')
        >>> PROFILES["de"].normalise_words(["Feb", "Februar", "Lkw", "Bär", "hm", "vorm"])
        ('bär', 'februar', 'hm', 'vorm')
        >>> PROFILES["pl"].normalise_words(["bhp", "mgr", "zł", "mąż", "w", "psst"])
        ('mąż', 'psst', 'w')
        >>> PROFILES["nl"].normalise_words(["mmiv", "xii", "mix", "vi", "civiel", "i"])
        ('civiel', 'i', 'mix')
        """
        capitals: set[str] = set()
        otherwise: set[str] = set()
        short_forms = frozenset(self.short_forms)
        for line in lines:
            word = self.normalise(line)
            if word is not None and nfc(line.strip()) not in short_forms:
                (capitals if len(word) > 1 and line.strip().isupper() else otherwise).add(word)
        words: Iterable[str] = sorted(otherwise or capitals)  # a list in capitals: words
        if self.vowelless_kept is not None:
            words = without_vowelless(words, self.vowelless_kept)
        if self.numerals_kept is not None:
            words = without_numerals(words, self.numerals_kept)
        return tuple(words)

    def plain_words(self, words: tuple[str, ...]) -> tuple[str, ...]:
        """:meth:`normalise_words` of a file of plain a-z words, given its words (sorted and
        unique, as :meth:`Lexicon.from_file <boggle.wordlists.lexicon.Lexicon.from_file>`
        reads them): the same words, found without the per-word steps.

        Such a word is its own normal form (no accent to fold, no capital), so only the
        rules that drop words apply: the ``short_forms`` written in lower case, and the
        words without a vowel or read as a numeral, looked for in the whole text at once
        and then judged by the same rules (:func:`without_vowelless`,
        :func:`without_numerals`).

        >>> PROFILES["nl"].plain_words(("civiel", "dvd", "i", "mix", "mmiv", "st"))
        ('civiel', 'i', 'mix', 'st')
        >>> PROFILES["de"].plain_words(("bzw", "haus", "kg", "vorm"))
        ('haus', 'vorm')
        """
        if any(written.isascii() for written, _ in self.replace):
            return self.normalise_words(words)  # a rule that rewrites plain letters
        dropped = set(self.short_forms).intersection(words) if self.short_forms else set()
        if self.vowelless_kept is not None or self.numerals_kept is not None:
            text = "\n" + "\n".join(words) + "\n"
            if self.vowelless_kept is not None:
                found = _VOWELLESS.findall(text)
                dropped.update(set(found).difference(without_vowelless(found, self.vowelless_kept)))
            if self.numerals_kept is not None:
                found = _NUMERAL_LETTERS.findall(text)
                dropped.update(set(found).difference(without_numerals(found, self.numerals_kept)))
        at = sorted(bisect_left(words, word) for word in dropped)  # a few, in sorted words
        if not all(k < len(words) and words[k] in dropped for k in at):
            return tuple(word for word in words if word not in dropped)  # not sorted after all
        kept: list[str] = []
        for start, stop in zip([0, *(k + 1 for k in at)], [*at, len(words)], strict=True):
            kept += words[start:stop]
        return words if not at else tuple(kept)

    def fold_face(self, face: str) -> str:
        """A board face spelled as the lists are: ``É`` on a French board is ``e``.

        >>> PROFILES["fr"].fold_face("é"), PROFILES["de"].fold_face("ä")
        ('e', 'ä')
        """
        folded = self.fold(nfc(face).lower())
        return folded if folded.isalpha() else face

    def to_json(self) -> dict[str, object]:
        """The profile as JSON (``boggle dicts --json``, the web API)."""
        return {
            "code": self.code,
            "name": self.name,
            "fold_accents": self.fold_accents,
            "keep": self.keep,
            "replace": dict(self.replace),
            "capitalised_words": self.capitalised_words,
            "faces": list(self.faces),
        }


VOWELS = frozenset("aeiouyæøœĳəɛɔ\u0131")
"""The vowel letters, their accents aside (the German ``ä``, the Polish ``ą`` and ``ó``,
the Swedish ``å``), and those no accent makes, which Unicode does not take apart
(the Danish and Norwegian ``æ`` and ``ø``, the French ``œ``, the Dutch ``ĳ``, the schwa
``ə``, the open ``ɛ`` and ``ɔ``, the Turkish dotless i)."""


def has_vowel(word: str) -> bool:
    """Whether ``word`` (in lower case) has a vowel letter (:data:`VOWELS`), with or
    without an accent.

    >>> has_vowel("lkw"), has_vowel("bär"), has_vowel("mąż"), has_vowel("bhp")
    (False, True, True, False)
    >>> has_vowel("øl"), has_vowel("træ"), has_vowel("sœr"), has_vowel("på"), has_vowel("tv")
    (True, True, True, True, False)
    """
    return not VOWELS.isdisjoint(unicodedata.normalize("NFD", word))


def without_vowelless(words: Iterable[str], kept: Iterable[str]) -> tuple[str, ...]:
    """``words`` less those of two or more letters with no vowel letter (:func:`has_vowel`)
    that are not in ``kept``: abbreviations written as words (``bbc``, ``dvd``, ``bhp``,
    ``Lkw``), where ``kept`` are the language's interjections (``brr``, ``hm``).  A single
    letter stays (the Polish ``w`` and ``z`` are words).  The one rule a language profile
    (:attr:`LanguageProfile.vowelless_kept`) applies, to a file read with its rules as to
    the bundled list its build writes.

    >>> without_vowelless(["bbc", "xlx", "brr", "kaas", "ijs", "b"], {"brr"})
    ('brr', 'kaas', 'ijs', 'b')
    >>> without_vowelless(["bhp", "mąż", "péché", "zł"], ())
    ('mąż', 'péché')
    """
    interjections = frozenset(kept)
    return tuple(w for w in words if len(w) < 2 or w in interjections or has_vowel(w))


ROMAN_NUMERAL = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
"""A Roman numeral in lowercase, as a word list spells it (``ccc``, ``cdlxiv``, ``mmiv``)."""


def without_numerals(words: Iterable[str], kept: Iterable[str]) -> tuple[str, ...]:
    """``words`` less those of two or more letters that read as a Roman numeral
    (:data:`ROMAN_NUMERAL`) and are not in ``kept``, the language's real words of that shape
    (Dutch ``mix``, ``mi``).  A single letter is a letter, not a numeral, and stays.  The one
    rule a language profile (:attr:`LanguageProfile.numerals_kept`) applies, to a file read
    with its rules as to the bundled list its build writes.

    >>> without_numerals(["mmiv", "mix", "muis", "civiel", "i"], {"mix"})
    ('mix', 'muis', 'civiel', 'i')
    """
    real = frozenset(kept)
    return tuple(w for w in words if len(w) < 2 or w in real or not ROMAN_NUMERAL.fullmatch(w))


_VOWELLESS = re.compile(rf"\n([^{''.join(sorted(VOWELS))}\n]{{2,}})(?=\n)")
"""A line of two or more letters without a vowel in a text of plain a-z words, each line
between line ends (a pattern that starts with one is searched for it, not tried at each
letter)."""

_NUMERAL_LETTERS = re.compile(r"\n([ivxlcdm]{2,})(?=\n)")
"""A line of two or more letters of Roman numerals, as :data:`_VOWELLESS`."""

_LIGATURES = (("œ", "oe"), ("æ", "ae"))

GERMAN_UNMARKED_SHORT_FORMS = ("Bde",)
"""An abbreviation igerman98 writes as a word, with a vowel and without a full stop (``Bde``:
Bände; German writes ``Bde.``): of the 66 Capitalised words of up to 4 letters its hunspell
data lists without a flag, the one with a vowel that is an abbreviation and nothing else
and is found on no record board (``Inst``, Institut, is on the German 4x4 and 5x5 records:
left for when they are re-scored; the others are names, ``Tom``, ``Marx``, words, ``Usus``,
``Yen``, ``Flak``, and ``Nato``, ``Fibu``, used as words)."""

GERMAN_SHORT_FORMS = (
    *("Abb", "Abk", "Abs", "Allg", "Anm", "Anz", "Aufl", "Bestellnr", "Bestnr", "Bsp", "Chr"),
    *("Dez", "Dipl", "Dr", "Fa", "Feb", "Frl", "Ing", "Inhaltsverz", "Jg", "Jh", "Jul", "Ltd"),
    *("Mill", "Mio", "Mrd", "Nov", "Nr", "Okt", "Pers", "Pfg", "Prof", "Sa", "Sept", "St"),
    *("Stck", "Std", "Stromvers", "Tel", "Zustandsnr", "abzgl", "allg", "bes", "betr", "bez"),
    *("bspw", "bzgl", "bzw", "ca", "cf", "dto", "einschl", "elektr", "engl", "entspr", "etc"),
    *("evtl", "ext", "ff", "franz", "geb", "gem", "ggf", "griech", "hrsg", "incl", "inkl"),
    *("insbes", "insges", "jmd", "jmdm", "jmdn", "lfd", "lt", "max", "med", "min", "phil"),
    *("resp", "sek", "usw", "vergl", "vgl", "vorl", "vs", "wg", "zus", "zzgl"),
    *GERMAN_UNMARKED_SHORT_FORMS,
)
"""The abbreviations ``wngerman`` lists as words (``Feb``, ``Dr``, ``bzw``): the short forms
the same source, igerman98, writes with a full stop in its spelling dictionaries (its
hunspell ``de_DE.dic``: ``Feb.``, ``Dr.``, ``bzw.``), less ``vorm``, also the word "vor dem"
(and ``MwSt``, which a mixed case drops already); and ``Bde``
(:data:`GERMAN_UNMARKED_SHORT_FORMS`)."""

POLISH_SHORT_FORMS = (
    *("adm", "agr", "anat", "ang", "antr", "aust", "azj", "bibl", "bułg", "chem", "chiń"),
    *("dopł", "dosł", "dypl", "dyw", "egz", "ekol", "ekon", "ekum", "ekw", "elbl", "embr"),
    *("epid", "etn", "etym", "euf", "ewid", "fabr", "ftyz", "galw", "geol", "geom", "gimn"),
    *("gliw", "godz", "gosp", "hebr", "hutn", "insp", "inż", "irań", "isl", "itd", "itp"),
    *("jęz", "norw", "odc", "odp", "ppor", "ppoż", "prod", "proj", "prof", "prok", "publ"),
    *("rekl", "serb", "sygn", "teol", "tydz", "tyg", "ukr", "uniw", "uprz", "urz", "uzup"),
    *("wewn", "wulg", "zagr", "zakł", "zarz", "zazw", "zewn", "zob", "zool", "żarg", "żegl"),
    *("żoł",),
)
"""Abbreviations with a vowel that SJP.PL lists as words, in lower case (``itp``: i tym
podobne, ``prof``: profesor, ``godz``: godzina, ``jęz``: język; Polish writes ``itp.``,
``prof.``): SJP marks none of them (no full stop; its hunspell data, ``pl_PL.dic`` of
``hunspell-pl`` 7.5.0, gives them no flag, as it gives none to its particles and
interjections), so this list is chosen by hand among its entries without a flag, and only
those that are no form of a word: ``fraz`` (of ``fraza``), ``licz`` (count!), ``odm`` (of
``odma``), ``biol`` (of ``biola``), ``hist``, ``poz``, ``geod`` and the like stay."""

PROFILES: dict[str, LanguageProfile] = {
    p.code: p
    for p in (
        LanguageProfile(
            "en",
            "English",
            fold_accents=False,
            why="The current behaviour: letters are kept as the list spells them.",
        ),
        LanguageProfile(
            "es",
            "Spanish",
            fold_accents=True,
            keep="ñ",
            faces=("qu", "ch", "ll", "rr"),
            why="Spanish Scrabble has an Ñ tile but no accented vowels: players ignore "
            "the tilde on á é í ó ú and the diaeresis on ü. CH, LL and RR are tiles of "
            "Spanish Scrabble, so they are cubes here too.",
        ),
        LanguageProfile(
            "pt",
            "Portuguese",
            fold_accents=True,
            keep="ç",
            why="Portuguese players play without accents (the Portuguese Scrabble has no "
            "accented tiles) but keep Ç, which has its own tile. Every Portuguese word has "
            "a vowel, so words without one (kg, sr) are abbreviations and dropped.",
            # The bundled list's 124 words without a vowel are abbreviations (CNN, GNR in
            # capitals; kg, sr in lower case).
            vowelless_kept=(),
            # Natura lists a few numerals (xviii, cdl). Kept: mi (the note), li (read),
            # vi (saw), xi (the interjection).
            numerals_kept=("li", "mi", "vi", "xi"),
        ),
        LanguageProfile(
            "fr",
            "French",
            fold_accents=True,
            replace=_LIGATURES,
            why="French Scrabble and French Boggle have no accented letters, not even Ç: "
            "é è ê ë à â î ï ô û ù ü ÿ ç are played as their base letter; œ and æ as two. "
            "Every French word has a vowel, so words without one (kg, cm, qqn) are "
            "abbreviations and dropped, except interjections (pfft, pst).",
            # wfrench lists 29 words without a vowel: units and abbreviations (kg, ml, bd, st,
            # cpt, qqn) and these interjections.
            vowelless_kept=("brr", "brrr", "hm", "hmm", "pff", "pfft", "psst", "pst"),
        ),
        LanguageProfile(
            "it",
            "Italian",
            fold_accents=True,
            why="Italian Scrabble has no accented tiles: à è é ì ò ù are their base letter. "
            "Every Italian word has a vowel, so a word without one (kg) is an abbreviation "
            "and dropped, except interjections (brr, pst).",
            # witalian lists one word without a vowel: kg.
            vowelless_kept=("brr", "hm", "mh", "pss", "pst", "sst"),
        ),
        LanguageProfile(
            "de",
            "German",
            fold_accents=True,
            keep="äöü",
            replace=(("ß", "ss"), *_LIGATURES),
            capitalised_words=True,
            why="German Scrabble has Ä Ö Ü tiles: the umlauts are letters of their own "
            "(Bär and Bar are different words), so they are kept; ß has no capital tile "
            "and is written SS in capitals, so it becomes ss; other accents (Café) fold. "
            "German nouns are Capitalised, so Capitalised words are kept (proper nouns "
            "cannot be told from nouns and come along); abbreviations are not: the short "
            "forms German writes with a full stop (Feb., Dr., bzw.) and words without a "
            "vowel (Lkw, kg) are dropped.",
            short_forms=GERMAN_SHORT_FORMS,
            vowelless_kept=("brr", "hm", "hmm", "psst", "pst", "sch"),
        ),
        LanguageProfile(
            "nl",
            "Dutch",
            fold_accents=True,
            replace=(("ĳ", "ij"),),
            faces=("qu", "ij"),
            why="Dutch Scrabble has no accented tiles (één is played as een). Dutch writes "
            "ij as one letter (IJsland capitalises both), so Dutch boards have an [ij] "
            "cube; a word spells ij with it or with an i and a j. Every Dutch word has a "
            "vowel, so words without one (dvd, btw, km) are abbreviations and dropped, "
            "except the interjections brr, hm, pst and st.",
            # OpenTaal lists 271 words without a vowel: abbreviations (dvd, btw, cd; those in
            # capitals, BBC and XLX, go as such), and these interjections, Dutch words.
            vowelless_kept=("brr", "hm", "pst", "st"),
            # OpenTaal lists every numeral (ccc, mcm, xii): 3,645 of them. Kept: the Dutch
            # words mix (a blend), mi (the note); its xi is XI, the numeral, in capitals only.
            numerals_kept=("mi", "mix"),
        ),
        LanguageProfile(
            "pl",
            "Polish",
            fold_accents=False,
            faces=(),
            why="Polish Scrabble has tiles for ą ć ę ł ń ó ś ź ż: every letter is kept "
            "(an alphabet of 32 letters). Polish has no q. Every Polish word of two letters "
            "or more has a vowel (ą, ę, ó are vowels), so words without one (bhp, mgr, zł) "
            "are abbreviations and dropped, except interjections (brr, hm, psst, ćśś); so "
            "are its abbreviations with a vowel written as words (itp, prof, godz).",
            short_forms=POLISH_SHORT_FORMS,
            # SJP marks no abbreviation (no full stop, no flag in its hunspell data either):
            # 263 words of the bundled list had no vowel letter, and all but these 30
            # interjections are abbreviations in lower case (bhp, mgr, np, tzn, zł).
            vowelless_kept=(
                *("brr", "bzz", "bzzz", "chrr", "drr", "fff", "frr", "frrr", "grr", "grrrl"),
                *("hm", "hmm", "hmmm", "mhm", "mrr", "pff", "phm", "prr", "pss", "psss"),
                *("psst", "pst", "trr", "trrr", "tss", "tsss", "wrr", "ćśś", "ćśśś", "śś"),
            ),
            # SJP.PL lists a few numerals (cdl, xviii). Kept: the Polish words ci and mi (to
            # you, to me), mdli (feels sick), mix.
            numerals_kept=("ci", "mdli", "mi", "mix"),
        ),
        LanguageProfile(
            "sv",
            "Swedish",
            fold_accents=True,
            keep="åäö",
            why="Å Ä Ö are letters of the Swedish alphabet; other accents (é) fold. Every "
            "Swedish word has a vowel (å, ä, ö are vowels), so a word without one (pc) is an "
            "abbreviation and dropped, except interjections (hm, pst).",
            # wswedish lists one word without a vowel: pc.
            vowelless_kept=("brr", "hm", "hmm", "psst", "pst", "sch"),
        ),
        LanguageProfile(
            "da",
            "Danish",
            fold_accents=True,
            keep="æøå",
            why="Æ Ø Å are letters of the Danish alphabet; other accents (é) fold.",
        ),
    )
}
"""Every language profile by code."""

DEFAULT_LANGUAGE = "en"


def language_profile(code: str) -> LanguageProfile:
    """The profile of ``code`` (``de``, ``es``, ...); one clear error for an unknown code."""
    if not isinstance(code, str):
        raise LexiconError(
            f"a language is named by its code ({', '.join(PROFILES)}), not {type(code).__name__}"
        )
    try:
        return PROFILES[code.lower()]
    except KeyError:
        known = ", ".join(PROFILES)
        raise LexiconError(f"unknown language {code!r}; known languages: {known}") from None


def language_lexicon(words: Iterable[str], language: str, name: str = "custom") -> Lexicon:
    """A lexicon from raw words read with ``language``'s profile.

    >>> language_lexicon(["Straße", "Bär", "iPod"], "de").words
    ('bär', 'strasse')
    """
    profile = language_profile(language)
    lexicon = Lexicon(profile.normalise_words(words), name)
    lexicon.language = profile.code
    return lexicon


def lexicon_profile(lexicon: Lexicon) -> LanguageProfile:
    """The profile a lexicon was read with (English when it names none)."""
    return PROFILES.get(lexicon.language or "en", PROFILES["en"])


def foreign_letters(board: Board, lexicon: Lexicon) -> tuple[str, ...]:
    """The board's letters that no word of ``lexicon`` uses, sorted: a hint, not an error.

    A Polish board solved with an English list finds nothing; this says why.
    """
    alphabet = lexicon.alphabet
    return tuple(sorted({letter for face in board.faces for letter in face} - alphabet))


def respelled_letters(letters: tuple[str, ...], lexicon: Lexicon) -> dict[str, str]:
    """The ``letters`` (a board's :func:`foreign_letters`) that ``lexicon``'s language writes
    as other letters, with what it writes (German ``ß``: ``ss``, French ``œ``: ``oe``): a
    cube of one of them holds no word of the list, whose words spell it out, yet the board
    is that language's.

    >>> german = Lexicon.from_words(["strasse"])
    >>> german.language = "de"
    >>> respelled_letters(("ß", "ł"), german), respelled_letters(("ß",), Lexicon.from_words([]))
    ({'ß': 'ss'}, {})
    """
    replace = dict(lexicon_profile(lexicon).replace)
    return {letter: replace[letter] for letter in letters if letter in replace}


def foreign_letters_warning(letters: tuple[str, ...], lexicon: Lexicon) -> str:
    """The one-line hint for :func:`foreign_letters` (the CLI prints it on stderr).

    >>> foreign_letters_warning(("ł", "ż"), Lexicon.from_words(["cat"]))
    "warning: no word of 'custom' uses the letters ł ż on this board (another language's board?)"

    Letters a-z alone are what a small list of one's own lacks (``fame`` and ``mile`` use
    no ``b``), so they are named without asking about the board's language:

    >>> foreign_letters_warning(("b", "o"), Lexicon.from_words(["fame", "mile"]))
    "warning: no word of 'custom' uses the letters b o on this board"

    A letter the list's language writes as others (:func:`respelled_letters`) is said so,
    not taken for another language's: a German board's ``ß``.

    >>> german = Lexicon.from_words(["strasse"], name="de")
    >>> german.language = "de"
    >>> foreign_letters_warning(("ß",), german)
    "warning: no word of 'de' uses the letters ß on this board (its words write ß as ss)"
    """
    shown = " ".join(letters)
    respelled = respelled_letters(letters, lexicon)
    notes = []
    if respelled:
        written = ", ".join(f"{letter} as {becomes}" for letter, becomes in respelled.items())
        notes.append(f"its words write {written}")
    if not all(letter.isascii() or letter in respelled for letter in letters):
        notes.append("another language's board?")
    asked = f" ({'; '.join(notes)})" if notes else ""
    return (
        f"warning: no word of {quoted(lexicon.name)} uses the letters {shown} on this board{asked}"
    )


def fold_board(board: Board, lexicon: Lexicon) -> Board:
    """``board`` spelled as ``lexicon``'s language spells words: ``é`` is ``e`` in French.

    >>> french = Lexicon.from_words(["ete"])
    >>> french.language = "fr"
    >>> str(fold_board(Board.parse("été/"), french))
    'ete/'
    """
    profile = lexicon_profile(lexicon)
    faces = tuple(_folded_face(face, profile) for face in board.faces)
    return board if faces == board.faces else Board(faces, board.rows, board.cols)


def _folded_face(face: str, profile: LanguageProfile) -> str:
    """The face folded, unless folding makes a multi-letter face no board has (``ß``)."""
    folded = profile.fold_face(face)
    return face if len(folded) > 1 and folded not in MULTI_LETTER_FACES else folded
