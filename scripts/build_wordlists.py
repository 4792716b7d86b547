"""Build the word lists bundled with boggle from Debian packages.

    python scripts/build_wordlists.py [PACKAGE.deb ...] [--only en,es,nl,pt,pl] [--out DIR]

The English lists come from ``scowl``; ``es``, ``nl``, ``pt`` and ``pl`` from
``wspanish``, ``wdutch``, ``wportuguese`` and ``wpolish`` (see
``wordlist_languages.py`` beside this script). A package whose .deb is not
given is fetched with ``apt-get download`` in a temporary folder. The
package is unpacked with ``dpkg-deb -x`` when that exists, otherwise by reading
its ar archive and ``data.tar.*`` here. SCOWL's word files are named
``CATEGORY.SIZE`` (``english-words.50``); the list of size S takes every word
of the ``english-words`` and ``american-words`` files whose size is at most S.
Every other category is left out: proper names, abbreviations, contractions,
capitalised words (``*-upper``), the British, Canadian and Australian
spellings and the spelling variants.

Accents are folded, as English word games (ENABLE, TWL, SOWPODS) write such
loanwords: SCOWL's ``café``, ``naïve`` and ``crèche`` are ``cafe``, ``naive`` and
``creche``. A word is then kept only when it is plain lowercase ASCII a-z: anything
with an apostrophe, hyphen, digit or capital is dropped, and so is a word with a
letter that has no a-z base (``smørbrød``, ``encyclopædia``). Each list is written
sorted and unique, one word per line with ``\\n`` endings, gzipped with mtime 0
so that a rebuild gives the same bytes. Beside the lists go ``wordlists.json``
(the manifest boggle reads), ``SCOWL-COPYRIGHT.txt``, the package's
copyright and licence notice, and ``en-names.txt.gz``: the words of the lists that SCOWL
also lists Capitalised as names (``Barney``, from its proper-name and upper-case files),
which word frequencies never call common, and ``en-written.txt.gz``: how SCOWL writes each
folded word of the largest list (``café`` for ``cafe``), which boggle shows beside the word.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wordlist_languages import SOURCES, build_languages  # beside this script

SIZES = (50, 70, 80)
"""The sizes bundled: SCOWL's own levels (it has 10 20 35 40 50 55 60 70 80 95)."""

DEFAULT_SIZE = 70
CATEGORIES = ("english-words", "american-words")
"""The only SCOWL categories the lists take; every other file in final/ is left out of them."""

NAME_CATEGORIES = (
    "english-proper-names",
    "american-proper-names",
    "english-upper",
    "american-upper",
)
"""SCOWL's Capitalised words (names of people and places, words always written with a
capital): read only for ``en-names.txt.gz``."""

NAMES_FILE = "en-names.txt.gz"
"""The words of the English lists that are also names (``barney``, ``dora``), outside the
smallest list: word frequencies count the name with the word, so such a word is never
``common`` (``boggle.wordlists.frequencies``)."""

WRITTEN_FILE = "en-written.txt.gz"
"""SCOWL's spelling (``café``) of each word of the English lists that folding accents
changed (``cafe``), one per line: one file for the three lists, each taking the forms of its
own words (``boggle.wordlists.written``)."""

FINAL_DIR = PurePosixPath("usr/share/dict/scowl")
"""Where Debian's package puts SCOWL's final/ files."""

COPYRIGHT = PurePosixPath("usr/share/doc/scowl/copyright")
CONTROL_VERSION = re.compile(r"^Version:\s*(\S+)\s*$", re.MULTILINE)
PLAIN_WORD = re.compile(r"[a-z]+")
FILE_NAME = re.compile(r"(?P<category>[a-z_0-9-]+)\.(?P<size>[0-9]+)")

DESCRIPTIONS = {
    50: "SCOWL size 50 (English and American words): the common words of a small "
    "dictionary; misses real but less common words players find",
    70: "SCOWL size 70 (English and American words): about a large desk dictionary; "
    "the default, large enough to accept the uncommon-but-real words players find, "
    "without the obscure words of sizes 80 and up",
    80: "SCOWL size 80 (English and American words): adds rare, archaic and technical "
    "words, as in a big unabridged dictionary",
}


def decode(data: bytes) -> str:
    """The text of a SCOWL file: UTF-8 when it is valid UTF-8, else ISO-8859-1.

    SCOWL's upstream files are ISO-8859-1; Debian's package converts them to
    UTF-8. Either way its accented words are then folded (:func:`folded`).
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def folded(word: str) -> str:
    """``word`` without its accents (combining marks), as English word games write it.

    A letter with no base letter (``ø``, ``æ``, ``ß``) stays as it is.

    >>> folded("café"), folded("naïve"), folded("smørbrød")
    ('cafe', 'naive', 'smørbrød')
    """
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFD", word)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not unicodedata.combining(c))
    )


def plain_words(lines: Iterable[str]) -> set[str]:
    """The lines that are a plain lowercase a-z word once their accents are folded
    (``café`` is ``cafe``), stripped of their line ending."""
    kept: set[str] = set()
    for line in lines:
        word = folded(line.strip())
        if PLAIN_WORD.fullmatch(word):
            kept.add(word)
    return kept


def written_forms(final_dir: Path, size: int) -> dict[str, set[str]]:
    """SCOWL's own spelling of each word of size <= ``size`` that folding accents changed
    (``cafe``: ``{"café"}``), for the words no file writes plain (as the other languages'
    forms are gathered: a plain word is a word itself)."""
    files = scowl_files(final_dir)
    forms: dict[str, set[str]] = {}
    plain: set[str] = set()
    for category in CATEGORIES:
        for level, path in files.get(category, {}).items():
            if level <= size:
                for line in decode(path.read_bytes()).splitlines():
                    form = unicodedata.normalize("NFC", line.strip())
                    word = folded(form)
                    if not PLAIN_WORD.fullmatch(word):
                        continue
                    if word == form:
                        plain.add(word)
                    else:
                        forms.setdefault(word, set()).add(form)
    return {word: found for word, found in forms.items() if word not in plain}


def scowl_files(final_dir: Path) -> dict[str, dict[int, Path]]:
    """SCOWL's ``CATEGORY.SIZE`` files in ``final_dir``, by category and then size."""
    found: dict[str, dict[int, Path]] = {}
    for path in sorted(final_dir.iterdir()):
        match = FILE_NAME.fullmatch(path.name)
        if match and path.is_file():
            found.setdefault(match["category"], {})[int(match["size"])] = path
    return found


def words_up_to(final_dir: Path, size: int) -> list[str]:
    """Every plain word of ``english-words`` and ``american-words`` of size <= ``size``, sorted.

    ``final_dir`` holds SCOWL's final/ files. It must have an
    ``english-words.SIZE`` file, so that a size SCOWL does not have is an error
    rather than a silently smaller list.
    """
    files = scowl_files(final_dir)
    if size not in files.get("english-words", {}):
        levels = " ".join(str(level) for level in sorted(files.get("english-words", {})))
        raise ValueError(
            f"{final_dir} has no english-words.{size} (SCOWL sizes there: {levels or 'none'})"
        )
    kept: set[str] = set()
    for category in CATEGORIES:
        for level, path in files.get(category, {}).items():
            if level <= size:
                kept |= plain_words(decode(path.read_bytes()).splitlines())
    return sorted(kept)


def name_words(final_dir: Path, size: int) -> set[str]:
    """The Capitalised words (``Barney``) of SCOWL's name categories of size <= ``size``,
    in lower case, where that is plain a-z once accents are folded."""
    names: set[str] = set()
    for category in NAME_CATEGORIES:
        for level, path in scowl_files(final_dir).get(category, {}).items():
            if level <= size:
                lines = decode(path.read_bytes()).split()
                names |= plain_words(
                    w.lower() for w in lines if w[:1].isupper() and w[1:].islower()
                )
    return names


def list_text(words: Sequence[str]) -> bytes:
    """The list file's uncompressed content: one word per line, each ending in ``\\n``."""
    return "".join(word + "\n" for word in words).encode("ascii")


def build_lists(
    final_dir: Path,
    out: Path,
    version: str,
    copyright_file: Path,
    sizes: Sequence[int] = SIZES,
    default_size: int = DEFAULT_SIZE,
) -> list[dict[str, Any]]:
    """Write ``en-SIZE.txt.gz`` for each size, ``wordlists.json``, :data:`NAMES_FILE` (the
    names of size <= ``default_size`` that are words of the largest list but not of the
    smallest), :data:`WRITTEN_FILE` (the written forms of the largest list's folded words, each
    list's entry counting its own) and the copyright notice.

    ``final_dir`` holds SCOWL's final/ word files; ``version`` is the Debian
    package version (``2020.12.07-2``). Returns the manifest written.
    """
    if default_size not in sizes:
        raise ValueError(f"the default size {default_size} is not among {list(sizes)}")
    out.mkdir(parents=True, exist_ok=True)
    upstream = version.rsplit("-", 1)[0]
    manifest: list[dict[str, Any]] = []
    largest = written_forms(final_dir, max(sizes))
    forms_text = "".join(f + "\n" for f in sorted(f for s in largest.values() for f in s))
    forms_bytes = forms_text.encode("utf-8")
    (out / WRITTEN_FILE).write_bytes(gzip.compress(forms_bytes, compresslevel=9, mtime=0))
    for size in sorted(sizes):
        words = words_up_to(final_dir, size)
        text = list_text(words)
        own = written_forms(final_dir, size)
        if own != {word: largest[word] for word in set(words) & set(largest)}:
            raise ValueError(
                f"size {size}'s written forms are not those of size {max(sizes)} for its words"
            )
        name = f"en-{size}"
        file = f"{name}.txt.gz"
        (out / file).write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
        manifest.append(
            {
                "name": name,
                "file": file,
                "words": text.count(b"\n"),
                "sha256": hashlib.sha256(text).hexdigest(),
                "description": DESCRIPTIONS.get(size, f"SCOWL size {size}"),
                "default": size == default_size,
                "scowl_version": upstream,
                "source": f"Debian package scowl {version}",
                "language": "en",
                "licence": "SCOWL (permissive, see SCOWL-COPYRIGHT.txt)",
                "written": {
                    "file": WRITTEN_FILE,
                    "forms": sum(len(found) for found in own.values()),
                    "sha256": hashlib.sha256(forms_bytes).hexdigest(),
                },
            }
        )
    write_manifest(out, manifest)
    names = name_words(final_dir, default_size) & set(words_up_to(final_dir, max(sizes)))
    names -= set(words_up_to(final_dir, min(sizes)))
    (out / NAMES_FILE).write_bytes(
        gzip.compress(list_text(sorted(names)), compresslevel=9, mtime=0)
    )
    shutil.copyfile(copyright_file, out / "SCOWL-COPYRIGHT.txt")
    return manifest


# Unpacking the .deb


def ar_members(deb: bytes) -> dict[str, bytes]:
    """The members of an ar archive (a .deb is one), by name."""
    if not deb.startswith(b"!<arch>\n"):
        raise ValueError("not a Debian package: no ar archive header")
    members: dict[str, bytes] = {}
    offset = 8
    while offset + 60 <= len(deb):
        header = deb[offset : offset + 60]
        if header[58:60] != b"`\n":
            raise ValueError(f"damaged ar archive at byte {offset}")
        name = header[:16].decode("ascii").strip().removesuffix("/")
        size = int(header[48:58].decode("ascii").strip())
        members[name] = deb[offset + 60 : offset + 60 + size]
        offset += 60 + size + size % 2
    return members


def _tar_member(members: dict[str, bytes], prefix: str) -> tarfile.TarFile:
    for name, body in members.items():
        if name.startswith(prefix + ".tar"):
            if name.endswith(".zst"):
                raise ValueError(f"{name} is zstd-compressed; Python 3.11 cannot read it")
            return tarfile.open(fileobj=io.BytesIO(body))  # gz, xz, bz2 or plain
    raise ValueError(f"the package has no {prefix}.tar member")


def extract_deb_python(deb: Path, dest: Path) -> None:
    """Unpack the package's files under ``dest``, as ``dpkg-deb -x`` does, without dpkg."""
    root = dest.resolve()
    with _tar_member(ar_members(deb.read_bytes()), "data") as archive:
        for member in archive.getmembers():
            if not member.isfile():
                continue  # folders are made as needed; links are not needed here
            target = (root / member.name).resolve()
            if not target.is_relative_to(root):
                raise ValueError(f"{member.name!r} would be written outside {dest}")
            source = archive.extractfile(member)
            if source is None:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read())


def deb_version_python(deb: Path) -> str:
    """The Version field of the package's control file, read without dpkg."""
    with _tar_member(ar_members(deb.read_bytes()), "control") as archive:
        for member in archive.getmembers():
            if PurePosixPath(member.name).name == "control" and member.isfile():
                source = archive.extractfile(member)
                if source is not None:
                    match = CONTROL_VERSION.search(source.read().decode("utf-8"))
                    if match:
                        return match.group(1)
    raise ValueError(f"{deb} has no Version in its control file")


def extract_deb(deb: Path, dest: Path) -> str:
    """Unpack ``deb`` under ``dest``; its version. Uses dpkg-deb when there is one."""
    dpkg_deb = shutil.which("dpkg-deb")
    if dpkg_deb is None:
        extract_deb_python(deb, dest)
        return deb_version_python(deb)
    subprocess.run([dpkg_deb, "-x", str(deb), str(dest)], check=True)
    field = subprocess.run(
        [dpkg_deb, "-f", str(deb), "Version"], check=True, capture_output=True, text=True
    )
    return field.stdout.strip()


def download_deb(folder: Path, package: str = "scowl") -> Path:
    """``apt-get download PACKAGE`` into ``folder``; the .deb it fetched."""
    subprocess.run(["apt-get", "download", package], cwd=folder, check=True)
    debs = sorted(folder.glob(f"{package}_*.deb"))
    if len(debs) != 1:
        raise RuntimeError(f"expected one {package} .deb in {folder}, found {len(debs)}")
    return debs[0]


def write_manifest(out: Path, entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Write ``wordlists.json``: ``entries`` replace the lists of the same name, others stay.

    English lists come first, then the languages in ``SOURCES`` order.
    """
    path = out / "wordlists.json"
    kept: dict[str, dict[str, Any]] = {}
    if path.exists():
        kept = {entry["name"]: entry for entry in json.loads(path.read_text("utf-8"))}
    kept.update({entry["name"]: entry for entry in entries})
    order = list(SOURCES)
    manifest = sorted(
        kept.values(),
        key=lambda e: (e["name"] in order, order.index(e["name"]) if e["name"] in order else 0),
    )
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        json.dump(manifest, handle, indent=2, ensure_ascii=False)
        handle.write("\n")
    return manifest


def build_from_deb(deb: Path | None, out: Path) -> list[dict[str, Any]]:
    """Build the lists from a scowl .deb, downloading one when ``deb`` is None."""
    with tempfile.TemporaryDirectory(prefix="scowl-") as temp:
        work = Path(temp)
        if deb is None:
            deb = download_deb(work)
        unpacked = work / "unpacked"
        unpacked.mkdir()
        version = extract_deb(deb, unpacked)
        final_dir = unpacked / FINAL_DIR
        if not final_dir.is_dir():
            raise ValueError(f"{deb} has no {FINAL_DIR}/: is it the scowl package?")
        return build_lists(final_dir, out, version, unpacked / COPYRIGHT)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build boggle's bundled word lists from Debian packages."
    )
    parser.add_argument(
        "debs",
        nargs="*",
        type=Path,
        metavar="DEB",
        help="packages already downloaded (scowl_*.deb, wspanish_*.deb, ...); "
        "the others are fetched with apt-get download",
    )
    parser.add_argument(
        "--only",
        default=",".join(["en", *SOURCES]),
        help="the lists to build: en (the English lists) and language codes "
        f"(default: en,{','.join(SOURCES)})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "src" / "boggle" / "data",
        help="where to write the lists (default: src/boggle/data)",
    )
    args = parser.parse_args(argv)
    given = {deb.name.split("_")[0]: deb.resolve() for deb in args.debs}
    codes = [code.strip() for code in args.only.split(",") if code.strip()]
    unknown = [code for code in codes if code != "en" and code not in SOURCES]
    if unknown:
        parser.error(f"unknown list {unknown[0]!r}; choose from en, {', '.join(SOURCES)}")

    def fetch(package: str, folder: Path) -> Path:
        return given[package] if package in given else download_deb(folder, package)

    entries: list[dict[str, Any]] = []
    if "en" in codes:
        entries += build_from_deb(given.get("scowl"), args.out)
    languages = [code for code in codes if code != "en"]
    if languages:
        args.out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="wordlists-") as temp:
            built = build_languages(languages, args.out, fetch, extract_deb, Path(temp))
        write_manifest(args.out, built)
        entries += built
    for entry in entries:
        default = " (default)" if entry["default"] else ""
        size = (args.out / entry["file"]).stat().st_size
        print(f"{entry['name']}{default}: {entry['words']:,} words, {size:,} bytes gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
