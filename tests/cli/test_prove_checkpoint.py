"""A prove checkpoint is a regular file of this proof, each line checked (issue 32, findings 5
and 6): special files are refused at once, lines of the wrong shape, of another proof, out of
range, twice or edited are refused in one line, never trusted."""

from __future__ import annotations

import errno
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from boggle.cli.commands import prove as prove_command
from boggle.cli.main import main
from boggle.model.errors import BoggleError
from boggle.model.rules import rules_for_board
from boggle.search import checkpoint as checkpoint_module
from boggle.search.checkpoint import Checkpoint, line_check
from boggle.search.options import ProofOptions
from boggle.search.prove import layout_for, prove
from boggle.wordlists.lexicon import Lexicon

WORDS = ["tea", "eat", "ate", "tee", "seat", "east", "teas", "sate", "aster", "rates", "stare"]


def prove_argv(small_list: str, checkpoint: Path | str, *extra: str) -> list[str]:
    return [
        "prove", "--size", "2x3", "--above", "3", "--buckets", "2", "--dict", small_list,
        "--checkpoint", str(checkpoint), *extra,
    ]  # fmt: skip


def assert_one_line(capsys: pytest.CaptureFixture[str], says: str) -> None:
    assert_one_line_text(capsys.readouterr().err, says)


def assert_one_line_text(err: str, says: str) -> None:
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and says in lines[0], err


def special(kind: str, tmp_path: Path) -> str:
    if kind.startswith("/dev/"):
        return kind
    path = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "missing-folder":  # newcomer 20: said 'No such file or directory'
        return str(tmp_path / "no-such-folder" / "proof.jsonl")
    elif kind == "file-as-folder":
        path.write_text("boards\n", encoding="utf-8")
        return str(path / "proof.jsonl")
    elif kind == "file-as-deep-folder":
        path.write_text("boards\n", encoding="utf-8")
        return str(path / "more" / "proof.jsonl")
    elif kind == "file-with-slash":  # researcher 28: said "Is a directory"
        path.write_text("boards\n", encoding="utf-8")
        return f"{path}/"
    elif kind == "missing-with-slash":
        return f"{path}/"
    elif kind == "in-proc":  # researcher 28: said "no directory '/proc/self'"
        return "/proc/self/proof.jsonl"
    elif kind == "dangling-link":
        path.symlink_to(tmp_path / "nowhere.jsonl")
    elif kind == "link-to-dev-zero":
        path.symlink_to("/dev/zero")
    return str(path)


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("/dev/zero", "not a regular file"),
        ("/dev/full", "not a regular file"),
        ("/dev/null", "not a regular file"),
        ("fifo", "not a regular file"),
        ("directory", "is a directory; give a file name"),
        ("missing-folder", "no directory"),
        ("file-as-folder", "not a directory:"),
        ("file-as-deep-folder", "not a directory: "),  # the file named, not 'FILE/more'
        ("file-with-slash", "file-with-slash' is a file, and the '/' after it names a directory"),
        ("missing-with-slash", "a name ending in '/' names a directory; give a file name"),
        ("in-proc", "'/proc/self' takes no new files; give a file in another directory"),
        ("dangling-link", "symbolic link"),
        ("link-to-dev-zero", "symbolic link"),
    ],
)
def test_a_special_file_as_checkpoint_is_one_line_at_once(
    kind: str, says: str, tmp_path: Path, small_list: str
) -> None:
    if kind == "in-proc" and not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    path = special(kind, tmp_path)
    argv = prove_argv(small_list, path)
    done = subprocess.run(
        [sys.executable, "-m", "boggle", *argv], capture_output=True, text=True, timeout=60
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (shlex.join(argv), done.stderr)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and says in lines[0], done.stderr
    if kind == "dangling-link":
        assert not (tmp_path / "nowhere.jsonl").exists()  # nothing made through the link
    if kind == "file-as-deep-folder":
        assert lines[0].endswith("file-as-deep-folder'")


@pytest.fixture
def finished(tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]) -> Path:
    """A whole proof's checkpoint."""
    path = tmp_path / "proof.jsonl"
    assert main(prove_argv(small_list, path)) == 0
    capsys.readouterr()
    return path


def rewrite(path: Path, change: str) -> None:
    """Change a sound checkpoint's class lines as ``change`` says."""
    header_line, *lines = path.read_text().splitlines()
    header = json.loads(header_line)
    records = [json.loads(line) for line in lines]
    shaped = {
        "five": "5",
        "list": "[1, 2]",
        "null": "null",
        "empty-object": "{}",
        "string": '"index"',
        "nested-deep": "[" * 100_000,
    }
    if change in shaped:
        lines[0] = shaped[change]
    elif change == "no-boards":
        del records[0]["boards"]
    elif change == "boards-a-number":
        records[0]["boards"] = 7
    elif change == "boards-of-numbers":
        records[0]["boards"] = [[1, 2]]
    elif change == "bounds-a-string":
        records[0]["bounds"] = "many"
    elif change == "bounds-null":
        records[0]["bounds"] = None
    elif change == "index-a-string":
        records[0]["index"] = "0"
    elif change == "index-out-of-range":
        records[0]["index"] = 10_000
    elif change == "index-negative":
        records[0]["index"] = -1
    elif change == "twice":
        records[1] = dict(records[0])
    elif change == "edited-score":
        records[0]["bounds"] += 1
    elif change == "no-check":
        del records[0]["check"]
    elif change == "board-below-threshold":
        records[0]["boards"] = [["aeetst", 1]]
        records[0]["check"] = line_check(header, records[0])
    if change not in shaped:
        lines = [json.dumps(record) for record in records]
    path.write_text("\n".join([header_line, *lines]) + "\n")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("five", "not a finished class"),
        ("list", "not a finished class"),
        ("null", "not a finished class"),
        ("empty-object", "not a finished class"),
        ("string", "not a finished class"),
        ("nested-deep", "line 2 is damaged (not JSON)"),
        ("no-boards", "not a finished class"),
        ("no-check", "not a finished class"),
        ("boards-a-number", "boards are not"),
        ("boards-of-numbers", "boards are not"),
        ("board-below-threshold", "boards are not"),
        ("bounds-a-string", "bounds is not"),
        ("bounds-null", "bounds is not"),
        ("index-a-string", "class number"),
        ("index-out-of-range", "class number 10000"),
        ("index-negative", "class number -1"),
        ("twice", "recorded twice"),
        ("edited-score", "checksum does not match"),
    ],
)
def test_a_class_line_of_the_wrong_shape_is_refused_in_one_line(
    change: str, says: str, finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rewrite(finished, change)
    before = finished.read_bytes()
    assert main(prove_argv(small_list, finished)) == 2
    assert_one_line(capsys, says)
    assert finished.read_bytes() == before  # refused, not cut or appended to


def test_a_hand_made_checkpoint_claiming_every_class_is_refused(
    finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    header_line, *lines = finished.read_text().splitlines()
    claims = [
        json.dumps({"index": index, "boards": [], "bounds": 0, "seconds": 0})
        for index in range(len(lines))
    ]
    finished.write_text("\n".join([header_line, *claims]) + "\n")
    assert main(prove_argv(small_list, finished)) == 2
    assert_one_line(capsys, "not a finished class")


def test_lines_spliced_from_another_proof_are_refused(
    tmp_path: Path, finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The other proof differs only in its word list (one word more, the same letters): its
    lines, checksums included, fit the shape of this one's, but a line's checksum covers the
    proof it belongs to."""
    other_list = tmp_path / "other.txt"
    other_list.write_text("\n".join([*WORDS, "rate"]) + "\n")
    other = tmp_path / "other.jsonl"
    assert main(prove_argv(str(other_list), other)) == 0
    capsys.readouterr()
    header_line, *_ = finished.read_text().splitlines()
    _, *other_lines = other.read_text().splitlines()
    finished.write_text("\n".join([header_line, *other_lines]) + "\n")
    assert main(prove_argv(small_list, finished)) == 2
    assert_one_line(capsys, "checksum does not match")


def test_a_sound_checkpoint_still_resumes_whole(
    finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = finished.read_text()
    assert main([*prove_argv(small_list, finished), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["resumed_classes"] == result["top_level_classes"] == whole.count("\n") - 1
    assert finished.read_text() == whole


def test_an_empty_file_is_taken_as_a_new_checkpoint(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty file (made by ``mktemp`` or ``touch``, or a proof stopped before its first
    line was written) holds nothing to lose: it was refused as 'not a prove checkpoint'."""
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    assert main([*prove_argv(small_list, empty), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    lines = empty.read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "boggle-prove-checkpoint"
    assert len(lines) == 1 + first["top_level_classes"]
    assert main([*prove_argv(small_list, empty), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["resumed_classes"] == first["top_level_classes"]
    assert again["boards"] == first["boards"]


def test_a_header_without_its_line_end_is_kept(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkpoint of its first line alone with no line end (an editor's save, or
    ``printf '%s' "$(head -1 FILE)"``) was cut to nothing as a torn line while the proof took
    it as its header: its classes were appended headless, and the next run refused the file
    as 'not a prove checkpoint'."""
    made = tmp_path / "made.jsonl"
    assert main([*prove_argv(small_list, made), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    header = made.read_text().splitlines()[0]
    bare = tmp_path / "bare.jsonl"
    bare.write_text(header)  # no line end
    assert main([*prove_argv(small_list, bare), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"] == first["boards"]
    lines = bare.read_text().splitlines()
    assert lines[0] == header and len(lines) == 1 + first["top_level_classes"]
    assert main([*prove_argv(small_list, bare), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["resumed_classes"] == first["top_level_classes"]
    assert again["boards"] == first["boards"]


def test_an_append_only_checkpoint_is_not_truncated_and_a_failed_cut_names_it(
    finished: Path,
    small_list: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sound checkpoint was truncated to its own length at every resume, which an
    append-only file (``chattr +a``) refuses: 'boggle: error: Operation not permitted',
    naming no file, for a checkpoint with nothing to cut."""

    def refused(descriptor: int, length: int) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(checkpoint_module.os, "ftruncate", refused)
    whole = finished.read_text()
    assert main([*prove_argv(small_list, finished), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed_classes"] > 0
    assert finished.read_text() == whole
    finished.write_text(whole + whole.splitlines()[1][:9])  # a torn last line to cut
    assert main(prove_argv(small_list, finished)) == 2
    assert_one_line(capsys, f"cannot write checkpoint '{finished}': Operation not permitted")


FILE_SIZE_LIMIT = """
import resource, signal, sys
from boggle.cli.main import main
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead
limit = int(sys.argv.pop(1))
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="file size limits are POSIX")
def test_a_checkpoint_the_disk_refuses_is_named_and_goes_on_later(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A class line the file system refused (a full disk; here a file size limit) was told
    as 'cannot write the output: File too large', naming no file (the proof's output was
    fine); it now names the checkpoint, and the classes written before it are kept."""
    whole = tmp_path / "whole.jsonl"
    assert main([*prove_argv(small_list, whole), "--json"]) == 0
    boards = json.loads(capsys.readouterr().out)["boards"]
    header, first, second = whole.read_bytes().splitlines(keepends=True)[:3]
    limit = len(header) + len(first) + len(second) // 2  # the second class line refused
    path = tmp_path / "limited.jsonl"
    argv = prove_argv(small_list, path)
    done = subprocess.run(
        [sys.executable, "-c", FILE_SIZE_LIMIT, str(limit), *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert_one_line_text(done.stderr, f"cannot write checkpoint {str(path)!r}: File too large")
    assert main([*argv, "--json"]) == 0  # no limit now: goes on from the classes kept
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["resumed_classes"] == 1 < resumed["top_level_classes"]
    assert resumed["boards"] == boards


def test_a_file_of_blank_lines_is_still_not_overwritten(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "blank.jsonl"
    blank.write_text("\n\n")
    assert main(prove_argv(small_list, blank)) == 2
    assert_one_line(capsys, "not a prove checkpoint; not overwriting it")
    assert blank.read_text() == "\n\n"


def test_a_checkpoint_a_running_proof_holds_is_refused_untouched(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two proofs on one checkpoint at once wrote over each other's lines (the first wrote
    at its own offset after the second cut and appended): the file, damaged, was refused
    for good.  The proof holding it now keeps it; another is refused in one line."""
    path = tmp_path / "held.jsonl"
    assert main(prove_argv(small_list, path)) == 0
    capsys.readouterr()
    whole = path.read_bytes()
    lexicon = Lexicon.from_file(small_list)
    rules = rules_for_board(2, 3)
    layout = layout_for(lexicon, 2, 3, 2)
    held = Checkpoint.open(str(path), 2, 3, lexicon, rules, 3, layout)
    assert held is not None
    try:
        assert main(prove_argv(small_list, path)) == 2
        assert_one_line(capsys, "is in use by another proof")
        assert path.read_bytes() == whole
    finally:
        held.close()
    assert main(prove_argv(small_list, path)) == 0  # let go: it resumes


def test_a_new_checkpoint_is_held_from_its_first_line(tmp_path: Path, small_list: str) -> None:
    path = tmp_path / "new.jsonl"
    lexicon = Lexicon.from_file(small_list)
    args = (2, 3, lexicon, rules_for_board(2, 3), 3, layout_for(lexicon, 2, 3, 2))
    first = Checkpoint.open(str(path), *args)
    assert first is not None
    try:
        with pytest.raises(BoggleError, match="in use by another proof"):
            Checkpoint.open(str(path), *args)
    finally:
        first.close()


def test_a_damaged_line_after_a_sound_header_is_named(
    finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = finished.read_text().splitlines(keepends=True)
    lines[2] = lines[2][5:]  # a line another writer wrote over
    finished.write_text("".join(lines))
    assert main(prove_argv(small_list, finished)) == 2
    assert_one_line(capsys, "line 3 is damaged (not JSON)")


def test_a_checkpoint_of_another_word_list_says_so_not_its_digest(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "(dictionary: 'f4f942ef...', here '8c87d0df...')": two 64-digit digests."""
    path = tmp_path / "proof.jsonl"
    assert main(prove_argv(small_list, path)) == 0
    other = tmp_path / "other.txt"
    other.write_text("cab\nbad\n")
    capsys.readouterr()
    assert main(prove_argv(str(other), path)) == 2
    err = capsys.readouterr().err
    assert_one_line_text(err, "is for another proof (made with another word list); give the")
    assert "here '" not in err


def _refuse(*_: object) -> None:
    raise BoggleError("this proof would take too long")  # as `prove` refuses without --yes


def test_a_proof_refused_before_any_class_leaves_no_checkpoint_it_made(
    tmp_path: Path, small_list: str
) -> None:
    """A refused proof left a file of one line, which the same proof with other settings
    (``--buckets``, say) was then refused as 'for another proof'."""
    path = tmp_path / "refused.jsonl"
    lexicon = Lexicon.from_file(small_list)
    options = ProofOptions(checkpoint=str(path), bucket_count=2)
    with pytest.raises(BoggleError, match="too long"):
        prove(2, 3, lexicon, rules_for_board(2, 3), 3, options, on_plan=_refuse)
    assert not path.exists()
    prove(2, 3, lexicon, rules_for_board(2, 3), 3, options)
    whole = path.read_bytes()
    with pytest.raises(BoggleError, match="too long"):  # a checkpoint of work is kept
        prove(2, 3, lexicon, rules_for_board(2, 3), 3, options, on_plan=_refuse)
    assert path.read_bytes() == whole


def test_a_proof_refused_before_any_class_leaves_an_empty_file_it_was_given(
    tmp_path: Path, small_list: str
) -> None:
    """An empty file the user made (``touch``, ``mktemp``) was removed by a proof refused
    (too long without ``--yes``, say), as if the proof had made it: it is the user's, and is
    left there, empty, with its mode."""
    path = tmp_path / "mine.jsonl"
    path.touch()
    path.chmod(0o600)
    lexicon = Lexicon.from_file(small_list)
    options = ProofOptions(checkpoint=str(path), bucket_count=2)
    with pytest.raises(BoggleError, match="too long"):
        prove(2, 3, lexicon, rules_for_board(2, 3), 3, options, on_plan=_refuse)
    assert path.read_bytes() == b"" and path.stat().st_mode & 0o777 == 0o600
    prove(2, 3, lexicon, rules_for_board(2, 3), 4, options)  # other settings: taken, empty
    assert path.read_text().count("\n") > 1


BAD_BYTE = b"\xff".decode("utf-8", "surrogateescape")  # what argv holds for the byte 0xff


@pytest.mark.parametrize(
    ("make", "says"),
    [
        ("not-a-checkpoint", "not a prove checkpoint"),
        ("another-proof", "is for another proof"),
        ("damaged-line", "line 3 is damaged"),
        ("edited-line", "checksum does not match"),
        ("nul", "is not a valid path"),
    ],
)
def test_a_checkpoint_path_that_is_not_utf8_is_shown_as_typed(
    make: str, says: str, tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every checkpoint message names the file as :func:`quoted` shows it: the byte 0xff
    as the ``\\xff`` typed, never Python's ``\\udcff``."""
    path = tmp_path / f"pro{BAD_BYTE}of.jsonl"
    if make != "not-a-checkpoint":
        assert main(prove_argv(small_list, path)) == 0
    capsys.readouterr()
    argv = prove_argv(small_list, path)
    if make == "not-a-checkpoint":
        path.write_text("my notes\n")
    elif make == "another-proof":
        argv[argv.index("--above") + 1] = "4"
    elif make == "damaged-line":
        lines = path.read_text().splitlines(keepends=True)
        path.write_text("".join([*lines[:2], lines[2][5:], *lines[3:]]))
    elif make == "edited-line":
        rewrite(path, "edited-score")
    else:
        argv[argv.index("--checkpoint") + 1] = f"{path}\0"
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert_one_line_text(err, says)
    assert "udcff" not in err and "pro\\xffof.jsonl" in err, err


class _StopAtFirstClass:
    """A progress bar whose first class is a Ctrl-C (as a terminal's, mid-proof)."""

    def update(self, _: int) -> None:
        raise KeyboardInterrupt

    def close(self) -> None:
        pass


def test_an_interrupted_proof_names_its_checkpoint_as_typed(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setattr(prove_command, "progress_bar", lambda *_, **__: _StopAtFirstClass())
    path = tmp_path / f"pro{BAD_BYTE}of.jsonl"
    assert main(prove_argv(small_list, path)) == 130
    err = capsys.readouterr().err
    assert "goes on from the checkpoint '" in err and "pro\\xffof.jsonl'" in err, err
    assert "udcff" not in err


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("above", 3.0, "above: 3.0, here 3"),
        ("above", "3", "above: '3', here 3"),
        ("rules", "scoring-true", "rules: "),
        ("rules", "min-length-float", "rules: "),
    ],
)
def test_a_header_field_of_another_type_is_another_proof(
    field: str,
    value: object,
    says: str,
    finished: Path,
    small_list: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Researcher 28: the header was compared with Python's ``==``, so ``"above": 3.0`` (or a
    ``true`` where a 1 was) passed for this proof's header and its lines were trusted; the
    types count: an int stays an int, a bool is not an int."""
    header_line, *lines = finished.read_text().splitlines()
    header = json.loads(header_line)
    if value == "scoring-true":
        header["rules"]["scoring"]["3"] = True  # the 1 point of a 3-letter word
    elif value == "min-length-float":
        header["rules"]["min_length"] = 3.0
    else:
        header[field] = value
    finished.write_text("\n".join([json.dumps(header), *lines]) + "\n")
    before = finished.read_bytes()
    assert main(prove_argv(small_list, finished)) == 2
    assert_one_line(capsys, f"is for another proof ({says}")
    assert finished.read_bytes() == before


def test_a_whole_last_class_line_without_its_line_end_is_kept_and_ended(
    finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Researcher 28: a checkpoint whose last class line was whole (JSON, its checksum
    matching) but for its line end (an editor's save, ``$(cat FILE)``) had that line taken
    for a torn one: cut, and its class proved again."""
    whole = finished.read_text()
    classes = whole.count("\n") - 1
    finished.write_text(whole.removesuffix("\n"))
    assert main([*prove_argv(small_list, finished), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["resumed_classes"] == classes == result["top_level_classes"]
    assert finished.read_text() == whole  # the line kept and ended, nothing appended


@pytest.mark.parametrize("damage", ["edited", "torn", "twice"])
def test_a_last_line_without_its_line_end_that_is_not_sound_is_still_cut(
    damage: str, finished: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    header_line, *lines = finished.read_text().splitlines()
    last = json.loads(lines[-1])
    if damage == "edited":
        last["bounds"] += 1
        tail = json.dumps(last)
    elif damage == "torn":
        tail = lines[-1][:-1]  # its closing brace lost
    else:
        tail = lines[0]  # a class the file holds already
    finished.write_text("\n".join([header_line, *lines[:-1], tail]))
    assert main([*prove_argv(small_list, finished), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["resumed_classes"] == len(lines) - 1  # the last class proved again
    assert finished.read_text().splitlines()[:-1] == [header_line, *lines[:-1]]
    assert json.loads(finished.read_text().splitlines()[-1])["index"] == last["index"]
