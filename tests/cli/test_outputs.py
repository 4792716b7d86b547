"""Files a command writes: no overwrite unasked, never over an input, whole or not at all
(issue 13.11), and optional extras checked before measuring (issue 13.12)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from command_line import run_without

from boggle.cli.main import main
from boggle.files.cache import atomic_file
from boggle.model.errors import OutputError


@pytest.fixture
def words(tmp_path: Path) -> Path:
    path = tmp_path / "mine.txt"
    path.write_text("lime\nale\nfame\n")
    return path


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def test_dicts_export_refuses_an_existing_file_without_force(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "existing.txt"
    target.write_text("keep me\n")
    assert main(["dicts", "export", str(words), str(target)]) == 2
    assert "already exists; give --force to overwrite it" in error_line(capsys)
    assert target.read_text() == "keep me\n"
    assert main(["dicts", "export", str(words), str(target), "--force"]) == 0
    assert target.read_text() == "ale\nfame\nlime\n"


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_dicts_export_never_writes_over_its_input(
    words: Path, force: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    same = str(words.parent / "." / words.name)
    assert main(["dicts", "export", str(words), same, *force]) == 2
    assert "is also the input" in error_line(capsys)
    assert words.read_text() == "lime\nale\nfame\n"


@pytest.mark.parametrize(
    "command",
    [
        ["dicts", "export", "WORDS", "OUT"],
        ["trie", "--dict", "WORDS", "--out", "OUT.dot"],
        ["stats", "--random", "3", "--plot", "OUT.png"],
    ],
    ids=["dicts-export", "trie", "stats-plot"],
)
def test_a_pipe_is_never_replaced_by_an_output_even_with_force(
    tmp_path: Path, words: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Sweep 14: ``dicts export LIST /dev/null --force``, run as root, renamed its file over
    the system's /dev/null, leaving a plain file there; a FIFO was replaced the same way.
    A device, pipe or socket is refused, with or without --force (tested on a FIFO here:
    the /dev/null case is the same check, and a regression must not replace it)."""
    fifo = tmp_path / "out"
    argv = [part.replace("WORDS", str(words)) for part in command]
    argv = [part.replace("OUT", str(fifo)) for part in argv]
    os.mkfifo(argv[-1])
    for force in ([], ["--force"]):
        assert main([*argv, *force]) == 2
        assert "is a pipe (FIFO), not a regular file; give a file name" in error_line(capsys)
        assert stat.S_ISFIFO(os.lstat(argv[-1]).st_mode)


def test_a_device_is_refused_as_an_output(words: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dicts", "export", str(words), os.devnull]) == 2
    assert "'/dev/null' is a device, not a regular file" in error_line(capsys)
    assert stat.S_ISCHR(os.lstat(os.devnull).st_mode)


def test_the_atomic_writer_never_replaces_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="is a pipe"), atomic_file(fifo) as out:
        out.write(b"never")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]  # no temporary left


@pytest.mark.parametrize(
    "command",
    [
        ["dicts", "export", "WORDS", "FOLDER/out.txt"],
        ["trie", "--dict", "WORDS", "--out", "FOLDER/t.dot"],
        ["stats", "--random", "100000000", "--dict", "WORDS", "--plot", "FOLDER/p.png"],
    ],
    ids=["dicts-export", "trie", "stats-plot"],
)
def test_an_output_in_a_folder_it_cannot_go_in_is_refused_before_any_work(
    tmp_path: Path,
    words: Path,
    command: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sweep 14: ``stats --plot`` into a read-only folder failed after the whole run (its
    report lost with it), ``trie --out`` and ``dicts export`` into a missing one said only
    "No such file or directory"; each is refused at once (100 million boards never start)."""

    def argv(folder: Path) -> list[str]:
        named = [part.replace("WORDS", str(words)) for part in command]
        return [part.replace("FOLDER", str(folder)) for part in named]

    assert main(argv(tmp_path / "missing")) == 2
    assert f"no directory '{tmp_path / 'missing'}'" in error_line(capsys)
    assert main(argv(words)) == 2
    assert f"not a directory: '{words}'" in error_line(capsys)
    opened = os.open

    def read_only(path: str, flags: int, mode: int = 0o777) -> int:  # as if the folder were
        if str(path).startswith(f"{tmp_path}/.") and flags & os.O_CREAT:
            raise PermissionError(13, "Permission denied", path)
        return opened(path, flags, mode)

    monkeypatch.setattr(os, "open", read_only)
    assert main(argv(tmp_path)) == 2
    assert f"'{tmp_path}' is not writable" in error_line(capsys)


@pytest.mark.parametrize(
    ("command", "kind", "says"),
    [
        (["dicts", "export", "WORDS", "OUT"], "in-proc", "'/proc/self' takes no new files; "),
        (["trie", "--dict", "WORDS", "--out", "OUT.dot"], "in-proc", "'/proc/self' takes no new"),
        (["stats", "--random", "100000000", "--plot", "OUT.svg"], "in-proc", "takes no new"),
        (["dicts", "export", "WORDS", "OUT"], "under-file", "not a directory: 'FILE'"),
        (["trie", "--dict", "WORDS", "--out", "OUT.dot"], "under-file", "not a directory: 'FILE'"),
        (
            ["stats", "--random", "100000000", "--plot", "OUT.svg"],
            "under-file",
            "directory: 'FILE'",
        ),
        (["dicts", "export", "WORDS", "OUT", "--force"], "file-slash", "'FILE' is a file, and the"),
        (["dicts", "export", "WORDS", "OUT"], "missing-slash", "a name ending in '/' names a dir"),
        (["bench", "runtime", "--sizes", "3", "--out", "OUT"], "in-proc", "'/proc/self' takes no"),
        (["bench", "runtime", "--sizes", "3", "--out", "OUT"], "under-file", "directory: 'FILE'"),
    ],
)
def test_an_output_path_says_what_is_wrong_with_it(
    tmp_path: Path,
    words: Path,
    command: list[str],
    kind: str,
    says: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Researcher 28: outputs said "no directory '/proc/self'" (a directory that is there;
    as root it passed the check and failed after the work), "no directory 'FILE/more'" for
    a path under a file, and "'FILE/' already exists" for a file with a '/' after it; they
    say what is wrong, as the prover's checkpoint does."""
    if kind == "in-proc" and not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    file = tmp_path / "file"
    file.write_text("boards\n")
    out = {
        "in-proc": "/proc/self/out",
        "under-file": f"{file}/more/out",
        "file-slash": f"{file}/",
        "missing-slash": f"{tmp_path}/missing/",
    }[kind]
    argv = [part.replace("WORDS", str(words)).replace("OUT", out) for part in command]
    assert main(argv) == 2
    assert says.replace("FILE", str(file)) in error_line(capsys)
    assert file.read_text() == "boards\n"


def test_trie_out_refuses_an_existing_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "mine.dot"
    target.write_text("my drawing\n")
    assert main(["trie", "--out", str(target), "--dict", "en-50"]) == 2
    assert "already exists" in error_line(capsys)
    assert target.read_text() == "my drawing\n"
    assert main(["trie", "--out", str(target), "--dict", "en-50", "--force"]) == 0
    assert target.read_text().startswith("digraph")


def test_trie_out_refuses_a_file_named_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Audit 12: ``trie --out t.dot --out t.dot`` wrote the file twice in one run (and said
    so twice); another path to the same folder names the same file."""
    monkeypatch.chdir(tmp_path)
    assert main(["trie", "--out", "t.dot", "--out", "t.dot", "--dict", "en-50"]) == 2
    assert (
        error_line(capsys).rstrip().endswith("'t.dot' is named twice; give each output file once")
    )
    assert not (tmp_path / "t.dot").exists()
    (tmp_path / "sub").mkdir()
    argv = ["trie", "--out", "t.dot", "--out", "sub/../t.dot", "--dict", "en-50"]
    assert main(argv) == 2
    assert "'sub/../t.dot' is 't.dot' again" in error_line(capsys)
    (tmp_path / "here").symlink_to(tmp_path)
    assert main(["trie", "--out", "t.dot", "--out", "here/t.dot", "--dict", "en-50"]) == 2
    assert "'here/t.dot' is 't.dot' again" in error_line(capsys)
    assert not (tmp_path / "t.dot").exists()
    assert main(["trie", "--out", "t.dot", "--out", "u.dot", "--dict", "en-50"]) == 0
    assert (tmp_path / "t.dot").read_text() == (tmp_path / "u.dot").read_text()


def test_bench_out_refuses_existing_results_before_measuring(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results"
    out.mkdir()
    (out / "memory.csv").write_text("mine\n")
    assert (
        main(["bench", "memory", "--dict", str(words), "--engine", "trie", "--out", str(out)]) == 2
    )
    err = error_line(capsys)
    assert "memory.csv' already exists; give --force" in err
    assert (out / "memory.csv").read_text() == "mine\n"


def test_an_interrupted_write_leaves_the_old_file(
    tmp_path: Path, words: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    target = tmp_path / "existing.txt"
    target.write_text("keep me\n")

    def full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["dicts", "export", str(words), str(target), "--force"]) == 2
    assert target.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["existing.txt", "mine.txt"]


def test_bench_runtime_without_matplotlib_fails_before_measuring(tmp_path: Path) -> None:
    done = run_without(
        "matplotlib",
        "bench",
        "runtime",
        "--sizes",
        "3",
        "--repeat",
        "1",
        "--out",
        "results",
        cwd=tmp_path,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "boggle: error: plots need matplotlib: pip install 'boggle[analysis]' "
        "(or give --no-plots)\n"
    )
    assert not (tmp_path / "results").exists()


def test_bench_runtime_without_numpy_skips_pathtable_and_says_so(
    tmp_path: Path, words: Path
) -> None:
    done = run_without(
        "numpy",
        "bench",
        "runtime",
        "--sizes",
        "3",
        "--repeat",
        "1",
        "--dict",
        str(words),
        "--engine",
        "trie",
        "--engine",
        "pathtable",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "pathtable: skipped: the pathtable engine needs NumPy" in done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert any(row[:2] == ["trie", "3"] for row in rows)
    assert not any(row and row[0] == "pathtable" for row in rows)


def test_paths_without_numpy_says_numpy_makes_it_fast(tmp_path: Path) -> None:
    done = run_without("numpy", "paths", "--size", "5", "--length", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "NumPy is not installed" in done.stderr and "pip install 'boggle[numpy]'" in done.stderr
    assert "total" in done.stdout


def test_paths_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect", reason="pexpect gives the command a terminal")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "paths", "--size", "4"],
        encoding="utf-8",
        timeout=60,
        cwd=str(tmp_path),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "16/16" in (child.before or "") and "k=16" in (child.before or "")


def test_long_commands_tell_their_progress_in_lines_off_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Off a terminal (a log file), prove and stats get a line a minute at most, none for a
    run shorter than that; the other commands no bar at all."""
    from boggle.cli.commands import _progress

    monkeypatch.setattr(_progress.sys.stderr, "isatty", lambda: False, raising=False)
    assert _progress.progress_bar(" steps") is None
    lines = _progress.progress_bar(" classes", total=4, initial=1, lines_for="boggle prove")
    assert isinstance(lines, _progress.ProgressLines)
    lines.update(1)
    assert capsys.readouterr().err == ""  # sooner than a minute: quiet
    lines.last -= _progress.LINE_SECONDS
    lines.set_postfix_str("mean 1.00 CPU s")
    lines.update(1)
    assert capsys.readouterr().err.startswith("boggle prove: 3 of 4 classes (75%), ")
    assert lines.count == 3
