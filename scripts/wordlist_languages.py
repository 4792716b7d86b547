"""The non-English lists bundled with boggle, built from Debian packages by build_wordlists.py.

Each list is a Debian ``w*`` package whose licence allows shipping it. Its
file in ``usr/share/dict/`` is read with the language's profile
(``boggle.wordlists.spelling``: NFC, accent folding, ``ß``, capitalised words, abbreviations
in capitals or without a vowel, Roman numerals), so the shipped file holds the words exactly
as boggle uses them, and is written sorted, one word per line, gzipped with mtime 0 as
``CODE.txt.gz``. Beside it goes ``CODE-COPYRIGHT.txt``: a header naming the licence taken,
the package's own copyright file, and the full licence text where the licence asks for it;
and, where the profile folds accents or respells letters, ``CODE-written.txt.gz``: the
package's spelling of each folded word (``aérea`` for ``aerea``), which boggle shows beside
the word (``boggle.wordlists.written``).
"""

from __future__ import annotations

import gzip
import hashlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from boggle.wordlists.spelling import PROFILES  # found through the path above
from boggle.wordlists.written import forms_of, respells

COMMON_LICENCES = Path("/usr/share/common-licenses")


@dataclass(frozen=True)
class LanguageSource:
    """Where a bundled language list comes from and under which licence it is shipped."""

    code: str
    package: str
    file: PurePosixPath
    licence: str
    licence_note: str
    description: str
    max_letters: int | None = None
    licence_text: str | None = None  # a file of /usr/share/common-licenses to append

    @property
    def copyright(self) -> PurePosixPath:
        return PurePosixPath(f"usr/share/doc/{self.package}/copyright")


SOURCES: dict[str, LanguageSource] = {
    s.code: s
    for s in (
        LanguageSource(
            "es",
            "wspanish",
            PurePosixPath("usr/share/dict/spanish"),
            "public domain",
            "The word list is in the public domain (Debian's copyright file below).",
            "Spanish (wspanish): accents folded except ñ",
        ),
        LanguageSource(
            "nl",
            "wdutch",
            PurePosixPath("usr/share/dict/dutch"),
            "BSD-3-Clause (OpenTaal's choice of BSD or CC-BY-3.0)",
            "OpenTaal distributes its word list under BSD or CC-BY 3.0, at the user's "
            "choice; boggle takes the BSD licence, whose text and the copyright notice of "
            "the OpenTaal project (Simon Brouwer, Sander van Geloven and others) are in "
            "Debian's copyright file below. Word list by OpenTaal, https://www.opentaal.org/. "
            "Changes: trimmed to words of at most 10 letters, accents folded, Roman "
            "numerals (ccc, mcm), abbreviations written in capitals (NATO) and "
            "abbreviations without a vowel (dvd) dropped.",
            "Dutch (wdutch, OpenTaal): words of up to 10 letters, accents folded, [ij] cubes",
            max_letters=10,
        ),
        LanguageSource(
            "pt",
            "wportuguese",
            PurePosixPath("usr/share/dict/portuguese"),
            "MPL-1.1 (one of GPL-2+, LGPL-2.1+ or MPL-1.1)",
            "The list (Natura project, Universidade do Minho: Jose Joao de Almeida, "
            "Alberto Simoes, Rui Vilela) is under GPL-2+, LGPL-2.1+ or MPL-1.1; boggle "
            "takes MPL-1.1, whose full text follows Debian's copyright file. The shipped "
            "file is the list's words of at most 10 letters, normalised (accents folded "
            "except ç), less Roman numerals, abbreviations written in capitals (NATO) and "
            "abbreviations without a vowel (kg); "
            "the original is Debian's wportuguese package and "
            "http://natura.di.uminho.pt/.",
            "European Portuguese (wportuguese): words of up to 10 letters, accents folded except ç",
            max_letters=10,
            licence_text="MPL-1.1",
        ),
        LanguageSource(
            "pl",
            "wpolish",
            PurePosixPath("usr/share/dict/polish"),
            "Apache-2.0 (one of GPL-2, LGPL-2.1, MPL-1.1, Apache-2.0 or CC-BY-4.0)",
            "The SJP.PL list (Polish Alternative Dictionary Editing Team, Marek Futrega, "
            "https://sjp.pl/) is under GPL-2, LGPL-2.1, MPL-1.1, Apache-2.0 or CC-BY-4.0; "
            "boggle takes Apache-2.0, whose full text follows Debian's copyright file. "
            "Changes: the list is trimmed to words of at most 8 letters (4.3 million "
            "inflected forms in all; the words a board can hold are short), only "
            "all-lowercase words are kept, and abbreviations written in capitals only "
            "(NATO, PKP), abbreviations without a vowel (bhp, mgr) and 78 abbreviations "
            "with one (itp, prof, godz) are dropped.",
            "Polish (wpolish, SJP.PL): words of up to 8 letters, every letter kept",
            max_letters=8,
            licence_text="Apache-2.0",
        ),
    )
}
"""The bundled non-English lists by language code."""


def raw_lines(unpacked: Path, source: LanguageSource) -> list[str]:
    """The lines of the package's list, as the package writes its words."""
    return (unpacked / source.file).read_bytes().decode("utf-8").splitlines()


def read_list(unpacked: Path, source: LanguageSource) -> list[str]:
    """The package's words, normalised by the language's profile (which drops the words
    the list writes only in capitals, its abbreviations: ``NATO``, ``PKP``; those without
    a vowel letter, ``dvd``, ``bhp``: the profile's ``vowelless_kept``; and the Roman
    numerals, ``mmiv``, but its real words, ``mix``: its ``numerals_kept``; the rules a file
    read with the language's rules gets too) and trimmed to the source's length."""
    words = PROFILES[source.code].normalise_words(raw_lines(unpacked, source))
    if source.max_letters is not None:
        words = tuple(word for word in words if len(word) <= source.max_letters)
    return list(words)


def notice(unpacked: Path, source: LanguageSource, version: str, licences: Path) -> str:
    """The ``CODE-COPYRIGHT.txt`` text: what was taken, under which licence, and the texts."""
    parts = [
        f"boggle's '{source.code}' word list is built from the Debian package "
        f"{source.package} {version} by scripts/build_wordlists.py.",
        f"Licence taken: {source.licence}.",
        source.licence_note,
        "=" * 72,
        f"Debian's copyright file of {source.package} ({source.copyright}):",
        "",
        (unpacked / source.copyright).read_text(encoding="utf-8").rstrip(),
    ]
    if source.licence_text is not None:
        parts += ["=" * 72, f"The full text of {source.licence_text}:", ""]
        parts.append((licences / source.licence_text).read_text(encoding="utf-8").rstrip())
    return "\n".join(parts) + "\n"


def build_language(
    unpacked: Path,
    source: LanguageSource,
    version: str,
    out: Path,
    licences: Path = COMMON_LICENCES,
) -> dict[str, Any]:
    """Write ``CODE.txt.gz``, ``CODE-COPYRIGHT.txt`` and, for a list whose profile respells
    words, ``CODE-written.txt.gz``; the list's manifest entry."""
    words = read_list(unpacked, source)
    text = "".join(word + "\n" for word in words).encode("utf-8")
    file = f"{source.code}.txt.gz"
    (out / file).write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
    copyright_text = notice(unpacked, source, version, licences)
    (out / f"{source.code}-COPYRIGHT.txt").write_text(copyright_text, encoding="utf-8")
    entry = {
        "name": source.code,
        "file": file,
        "words": len(words),
        "sha256": hashlib.sha256(text).hexdigest(),
        "description": source.description,
        "default": False,
        "language": source.code,
        "licence": source.licence.split(" (")[0],
        "source": f"Debian package {source.package} {version}",
    }
    written = written_forms_file(unpacked, source, set(words), out)
    if written is not None:
        entry["written"] = written
    return entry


def written_forms_file(
    unpacked: Path, source: LanguageSource, words: set[str], out: Path
) -> dict[str, Any] | None:
    """Write ``CODE-written.txt.gz``: the written forms (``aérea``) of the list's ``words``
    that its profile respells (``aerea``), one per line, sorted; its manifest entry, or
    ``None`` when the profile keeps every word as written."""
    profile = PROFILES[source.code]
    if not respells(profile):
        return None
    found = forms_of(raw_lines(unpacked, source), profile)
    forms = sorted(form for word, written in found.items() if word in words for form in written)
    text = "".join(form + "\n" for form in forms).encode("utf-8")
    file = f"{source.code}-written.txt.gz"
    (out / file).write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
    return {"file": file, "forms": len(forms), "sha256": hashlib.sha256(text).hexdigest()}


def build_languages(
    codes: list[str],
    out: Path,
    fetch: Callable[[str, Path], Path],
    unpack: Callable[[Path, Path], str],
    work: Path,
) -> list[dict[str, Any]]:
    """Build each language of ``codes``: ``fetch(package, folder)`` gives its .deb,
    ``unpack(deb, folder)`` unpacks it and returns its version."""
    entries = []
    for code in codes:
        source = SOURCES[code]
        folder = work / code
        folder.mkdir()
        deb = fetch(source.package, folder)
        unpacked = folder / "unpacked"
        unpacked.mkdir()
        version = unpack(deb, unpacked)
        if not (unpacked / source.file).is_file():
            raise ValueError(f"{deb} has no {source.file}: is it the {source.package} package?")
        entries.append(build_language(unpacked, source, version, out))
    return entries
