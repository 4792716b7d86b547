"""scripts/build_wordlists.py on small fake SCOWL files and fake .debs: no network needed."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import shutil
import tarfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import script_modules

from boggle.wordlists.spelling import PROFILES, without_numerals, without_vowelless

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_wordlists.py"

# A tiny final/ folder: SCOWL's file names, with the traps the script must avoid.
FAKE_FINAL: dict[str, bytes] = {
    "english-words.10": b"cat\ndog\nit's\ncat\n",
    "english-words.20": b"eat\r\nwell-being\r\nmp3\r\n",  # CRLF, hyphen, digit
    # accents folded (ISO-8859-1 here), a letter with no a-z base dropped
    "english-words.50": "caf\xe9\nna\xefve\nzebra\nZebra\nsm\xf8rbr\xf8d\n\xc9clair\n".encode(
        "iso-8859-1"
    ),
    "american-words.35": b"color\n",
    "english-words.70": b"quern\n",
    # UTF-8, as Debian ships it; the same word in composed and decomposed forms
    "american-words.70": (
        "ambo\ncr\u00e8che\ncre\u0300che\ncr\u00e8che's\nencyclop\u00e6dia\n".encode()
    ),
    "english-words.80": b"zymurgy\n",
    "american-words.95": b"zzz\n",
    "english-words.95": b"abaft\n",
    "british-words.50": b"colour\n",
    "variant_1-words.50": b"aluminium\n",
    "english-proper-names.10": b"Paris\nlondon\n",
    "american-proper-names.50": b"Texas\nboston\n",
    "english-upper.10": b"NASA\nnasa\n",
    # names that are words: Quern and Zymurgy are; Cat is a word of the smallest list, AMBO
    # not Capitalised, Ambo a name of size 80 only (past the default's 70)
    "english-proper-names.50": "Quern\nCat\nCr\u00e8che\n".encode(),
    "american-upper.70": b"Zymurgy\nAMBO\n",
    "english-upper.80": b"Ambo\n",
    "english-abbreviations.35": b"etc\n",
    "english-contractions.10": b"don't\ndont\n",
    "README": b"not a word file\n",
}
EXPECTED = {
    50: ["cafe", "cat", "color", "dog", "eat", "naive", "zebra"],
    70: ["ambo", "cafe", "cat", "color", "creche", "dog", "eat", "naive", "quern", "zebra"],
    80: [
        *["ambo", "cafe", "cat", "color", "creche", "dog", "eat", "naive", "quern", "zebra"],
        "zymurgy",
    ],
}
NOTICE = b"SCOWL is Copyright 2000-2011 by Kevin Atkinson\n"


def load_script() -> ModuleType:
    return script_modules.load_script("build_wordlists", SCRIPT)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script()


@pytest.fixture
def final_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "final"
    folder.mkdir()
    for name, data in FAKE_FINAL.items():
        (folder / name).write_bytes(data)
    return folder


def read_list(path: Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode("ascii").split("\n")[:-1]


def test_words_up_to_takes_english_and_american_words_only(
    script: ModuleType, final_dir: Path
) -> None:
    for size, words in EXPECTED.items():
        assert script.words_up_to(final_dir, size) == words


def test_a_size_scowl_lacks_is_an_error(script: ModuleType, final_dir: Path) -> None:
    with pytest.raises(ValueError, match=r"no english-words\.60 .*10 20 50 70 80 95"):
        script.words_up_to(final_dir, 60)


def test_accents_are_folded_as_english_word_games_write_loanwords(script: ModuleType) -> None:
    """SCOWL spells cafe ``café``: the lists had no CAFE, so a player's café was "not a
    word". A letter with no a-z base (ø, æ) still drops its word."""
    lines = ["café", "nai\u0308ve", "piñata", "smørbrød", "encyclopædia", "Éclair", "café's"]
    assert script.plain_words(lines) == {"cafe", "naive", "pinata"}


def test_decode_reads_utf8_and_iso_8859_1(script: ModuleType) -> None:
    assert script.decode("na\u00efve".encode()) == "na\u00efve"
    assert script.decode("na\u00efve".encode("iso-8859-1")) == "na\u00efve"


def test_build_lists_writes_lists_manifest_and_notice(
    script: ModuleType, final_dir: Path, tmp_path: Path
) -> None:
    notice = tmp_path / "copyright"
    notice.write_bytes(NOTICE)
    out = tmp_path / "out"
    manifest = script.build_lists(final_dir, out, "2020.12.07-2", notice)
    assert manifest == json.loads((out / "wordlists.json").read_text("utf-8"))
    assert [entry["name"] for entry in manifest] == ["en-50", "en-70", "en-80"]
    assert [entry["name"] for entry in manifest if entry["default"]] == ["en-70"]
    for entry, (size, words) in zip(manifest, EXPECTED.items(), strict=True):
        text = gzip.decompress((out / entry["file"]).read_bytes())
        assert text == "".join(word + "\n" for word in words).encode()
        assert entry["file"] == f"en-{size}.txt.gz"
        assert entry["words"] == len(words)
        assert entry["sha256"] == hashlib.sha256(text).hexdigest()
        assert entry["scowl_version"] == "2020.12.07"
        assert entry["source"] == "Debian package scowl 2020.12.07-2"
    assert (out / "SCOWL-COPYRIGHT.txt").read_bytes() == NOTICE
    assert read_list(out / "en-names.txt.gz") == ["creche", "quern", "zymurgy"]
    assert sorted(path.name for path in out.iterdir()) == [
        "SCOWL-COPYRIGHT.txt",
        "en-50.txt.gz",
        "en-70.txt.gz",
        "en-80.txt.gz",
        "en-names.txt.gz",
        "en-written.txt.gz",
        "wordlists.json",
    ]


def test_the_english_lists_get_scowl_s_written_forms_of_the_words_folded(
    script: ModuleType, final_dir: Path, tmp_path: Path
) -> None:
    """café is CAFE in the lists: en-written.txt.gz keeps how SCOWL writes it, once for the
    three lists (the largest's forms; crèche composed and decomposed is one form), and each
    list's entry counts its own words' forms."""
    notice = tmp_path / "copyright"
    notice.write_bytes(NOTICE)
    out = tmp_path / "out"
    manifest = script.build_lists(final_dir, out, "2020.12.07-2", notice)
    text = gzip.decompress((out / "en-written.txt.gz").read_bytes())
    assert text.decode("utf-8").split("\n") == ["café", "crèche", "naïve", ""]
    assert [entry["written"]["forms"] for entry in manifest] == [2, 3, 3]
    for entry in manifest:
        assert entry["written"]["file"] == "en-written.txt.gz"
        assert entry["written"]["sha256"] == hashlib.sha256(text).hexdigest()


def test_a_word_scowl_also_writes_plain_has_no_written_form(
    script: ModuleType, tmp_path: Path
) -> None:
    folder = tmp_path / "final"
    folder.mkdir()
    (folder / "english-words.50").write_text("résumé\nresume\ncafé\nsmørbrød\n", "utf-8")
    assert script.written_forms(folder, 50) == {"cafe": {"café"}}


def test_build_lists_is_reproducible(script: ModuleType, final_dir: Path, tmp_path: Path) -> None:
    notice = tmp_path / "copyright"
    notice.write_bytes(NOTICE)
    first, second = tmp_path / "first", tmp_path / "second"
    script.build_lists(final_dir, first, "1-1", notice)
    script.build_lists(final_dir, second, "1-1", notice)
    for path in first.iterdir():
        assert path.read_bytes() == (second / path.name).read_bytes()


def test_the_default_must_be_built(script: ModuleType, final_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="default size 70"):
        script.build_lists(final_dir, tmp_path / "out", "1-1", tmp_path, sizes=(50, 80))


# Fake .deb packages


def tar_bytes(files: dict[str, bytes], mode: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode) as archive:  # type: ignore[call-overload]
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def ar_bytes(members: dict[str, bytes]) -> bytes:
    out = [b"!<arch>\n"]
    for name, body in members.items():
        header = f"{name:<16}{0:<12}{0:<6}{0:<6}{100644:<8}{len(body):<10}`\n"
        out += [header.encode("ascii"), body, b"\n" if len(body) % 2 else b""]
    return b"".join(out)


def fake_deb(
    path: Path, version: str = "2020.12.07-2", extra: dict[str, bytes] | None = None
) -> Path:
    control = f"Package: scowl\nVersion: {version}\nArchitecture: all\n".encode()
    data = {f"./usr/share/dict/scowl/{name}": body for name, body in FAKE_FINAL.items()}
    data["./usr/share/doc/scowl/copyright"] = NOTICE
    data.update(extra or {})
    path.write_bytes(
        ar_bytes(
            {
                "debian-binary": b"2.0\n",
                "control.tar.gz": tar_bytes({"./control": control}, "w:gz"),
                "data.tar.xz": tar_bytes(data, "w:xz"),
            }
        )
    )
    return path


def test_python_unpacking_matches_the_package(script: ModuleType, tmp_path: Path) -> None:
    deb = fake_deb(tmp_path / "scowl_1_all.deb", version="2020.12.07-2")
    dest = tmp_path / "unpacked"
    script.extract_deb_python(deb, dest)
    for name, body in FAKE_FINAL.items():
        assert (dest / "usr/share/dict/scowl" / name).read_bytes() == body
    assert (dest / "usr/share/doc/scowl/copyright").read_bytes() == NOTICE
    assert script.deb_version_python(deb) == "2020.12.07-2"


def test_python_unpacking_refuses_paths_outside(script: ModuleType, tmp_path: Path) -> None:
    deb = fake_deb(tmp_path / "evil.deb", extra={"../../escape": b"x"})
    with pytest.raises(ValueError, match="outside"):
        script.extract_deb_python(deb, tmp_path / "dest" / "deeper")
    assert not (tmp_path / "escape").exists()


def test_not_a_deb_is_refused(script: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a Debian package"):
        script.ar_members(b"PK\x03\x04")
    no_data = tmp_path / "no-data.deb"
    no_data.write_bytes(ar_bytes({"debian-binary": b"2.0\n"}))
    with pytest.raises(ValueError, match=r"no data\.tar"):
        script.extract_deb_python(no_data, tmp_path / "dest")


@pytest.mark.parametrize("dpkg", ["python", "dpkg-deb"])
def test_main_builds_from_a_deb(
    script: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    dpkg: str,
) -> None:
    if dpkg == "python":
        monkeypatch.setattr(script.shutil, "which", lambda name: None)
    elif shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not installed")

    def no_download(folder: Path) -> Path:
        raise AssertionError("a .deb was given: nothing must be downloaded")

    monkeypatch.setattr(script, "download_deb", no_download)
    deb = fake_deb(tmp_path / "scowl_2020.12.07-2_all.deb")
    out = tmp_path / "out"
    assert script.main([str(deb), "--only", "en", "--out", str(out)]) == 0
    assert read_list(out / "en-70.txt.gz") == EXPECTED[70]
    manifest = json.loads((out / "wordlists.json").read_text("utf-8"))
    assert {entry["source"] for entry in manifest} == {"Debian package scowl 2020.12.07-2"}
    assert "en-70 (default): 10 words" in capsys.readouterr().out


# The other languages' lists


def fake_language_package(root: Path, source: Any) -> Path:
    unpacked = root / "unpacked"
    words = "IJzer\nijzer\néén\nEén\nwel-les\nkaas\nzeeëgel\nAmsterdam\nzeer\nabcdefghijkl\n"
    words += "mmiv\nxii\ncdlxiv\nmix\ncd\n"  # numerals; mix and cd are Dutch words
    words += "abcdéfghijkl\n"  # written with an accent, but too long for the list
    words += "xlx\nbbc\nbrr\n"  # abbreviations without a vowel; brr, an interjection
    words += "NATO\nUNESCO\nKAAS\n"  # abbreviations in capitals; kaas is also written so
    (unpacked / str(source.file)).parent.mkdir(parents=True)
    (unpacked / str(source.file)).write_text(words, encoding="utf-8")
    copyright_file = unpacked / str(source.copyright)
    copyright_file.parent.mkdir(parents=True)
    copyright_file.write_text("(c) OpenTaal\n", encoding="utf-8")
    return unpacked


def test_a_language_list_is_built_with_its_profile_and_notice(
    script: ModuleType, tmp_path: Path
) -> None:
    languages = script.SOURCES
    unpacked = fake_language_package(tmp_path, languages["nl"])
    licences = tmp_path / "licences"
    licences.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    module = __import__("wordlist_languages")
    entry = module.build_language(unpacked, languages["nl"], "1:2.0-1", out, licences)
    text = gzip.decompress((out / "nl.txt.gz").read_bytes()).decode("utf-8")
    # accents folded, Capitalised and hyphenated words, numerals, abbreviations without a
    # vowel (cd, xlx, bbc) and in capitals (NATO, UNESCO) dropped, at most 10 letters
    assert text.split() == ["brr", "een", "ijzer", "kaas", "mix", "zeeegel", "zeer"]
    assert entry["words"] == 7 and entry["language"] == "nl"
    assert entry["licence"] == "BSD-3-Clause"
    assert entry["source"] == "Debian package wdutch 1:2.0-1"
    notice = (out / "nl-COPYRIGHT.txt").read_text("utf-8")
    assert "Licence taken: BSD-3-Clause" in notice and "(c) OpenTaal" in notice
    # the written forms of the folded words the list keeps (een has no plain line: één)
    written = gzip.decompress((out / "nl-written.txt.gz").read_bytes()).decode("utf-8")
    assert written.split("\n") == ["zeeëgel", "één", ""]
    assert entry["written"]["file"] == "nl-written.txt.gz" and entry["written"]["forms"] == 2
    manifest = script.write_manifest(out, [entry])
    assert [e["name"] for e in manifest] == ["nl"]


def test_roman_numerals_are_dropped_but_real_words_and_letters_kept(
    script: ModuleType, tmp_path: Path
) -> None:
    """The rule is the language profile's (``numerals_kept``), so the build and a file read
    with the language's rules drop the same words."""
    words = ["mmiv", "ccc", "xii", "cdlxiv", "mcm", "mix", "mi", "muis", "civiel", "i", "c"]
    kept = without_numerals(words, {"mix", "mi"})
    assert kept == ("mix", "mi", "muis", "civiel", "i", "c")
    assert without_numerals(["mix"], ()) == ()
    assert not hasattr(script.SOURCES["nl"], "numerals_kept")  # one rule, in one place
    filtered = {code for code, profile in PROFILES.items() if profile.numerals_kept is not None}
    assert filtered == {"nl", "pt", "pl"}
    unpacked = tmp_path / "unpacked"
    source = script.SOURCES["pt"]
    (unpacked / source.file).parent.mkdir(parents=True)
    (unpacked / source.file).write_text("xviii\ncdl\nvi\nxi\nmix\ncivil\ni\n", encoding="utf-8")
    words_read = __import__("wordlist_languages").read_list(unpacked, source)
    assert words_read == ["civil", "i", "vi", "xi"]


def test_abbreviations_without_a_vowel_are_dropped_but_interjections_kept(
    script: ModuleType, tmp_path: Path
) -> None:
    """The Dutch list held xlx, bbc, dvd: in Dutch and Portuguese, whose words all have a
    vowel letter, a word without one is an abbreviation, which Boggle does not count;
    the interjections (brr, hm) are words, and a single letter stays.  The rule is the
    language profile's (``vowelless_kept``), so the build and a file read with the
    language's rules drop the same words."""
    words = ["xlx", "bbc", "dvd", "brr", "hm", "ijs", "kaas", "muy", "b"]
    assert without_vowelless(words, {"brr", "hm"}) == ("brr", "hm", "ijs", "kaas", "muy", "b")
    assert not hasattr(script.SOURCES["nl"], "vowelless_kept")  # one rule, in one place
    assert PROFILES["nl"].vowelless_kept == ("brr", "hm", "pst", "st")
    assert PROFILES["pt"].vowelless_kept == ()
    # SJP marks no abbreviation: its lower-case ones have no vowel letter either (bhp, zł);
    # a Polish ą, ę, ó is a vowel letter (mąż), and so is a loanword's ö (glögg)
    polish = PROFILES["pl"].vowelless_kept
    assert polish is not None and {"brr", "hm", "psst", "ćśś"} <= set(polish)
    assert without_vowelless(["bhp", "zł", "mąż", "glögg", "w"], polish) == ("mąż", "glögg", "w")
    unpacked = tmp_path / "unpacked"
    source = script.SOURCES["pl"]
    (unpacked / source.file).parent.mkdir(parents=True)
    (unpacked / source.file).write_text("bhp\nzł\nmąż\nglögg\nw\npsst\n", encoding="utf-8")
    assert __import__("wordlist_languages").read_list(unpacked, source) == [
        "glögg",
        "mąż",
        "psst",
        "w",
    ]


def test_words_the_source_writes_only_in_capitals_are_dropped_in_every_language(
    script: ModuleType, tmp_path: Path
) -> None:
    """NATO, NASA, UNESCO have vowels, and Polish abbreviations (PKP, PZU) and words (w, z,
    mgła) alike may have none: the source's capitals mark the abbreviation in every language,
    so a word it writes only in capitals goes, and one it also writes in lower case stays."""
    module = __import__("wordlist_languages")
    lines = ["NATO", "NASA", "nasa", "PKP", "PZU", "W", "w", "z", "mgła", "mgły", "kot", "ŁKS"]
    for code in script.SOURCES:
        source = script.SOURCES[code]
        unpacked = tmp_path / code
        (unpacked / str(source.file)).parent.mkdir(parents=True)
        (unpacked / str(source.file)).write_text("\n".join(lines) + "\n", encoding="utf-8")
        words = module.read_list(unpacked, source)
        assert not {"nato", "pkp", "pzu"} & set(words), code
        assert "nasa" in words, code
    polish = module.read_list(tmp_path / "pl", script.SOURCES["pl"])
    assert polish == ["kot", "mgła", "mgły", "nasa", "w", "z"]


def test_main_refuses_an_unknown_language(script: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        script.main(["--only", "xx", "--out", str(tmp_path)])
