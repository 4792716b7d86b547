"""``stats --plot`` writes its file whole or not at all, and never through a link (issue 32,
finding 7): a link at the path, even to nothing, is an existing file (refused without
--force); --force replaces the link itself, never the file it names; a full disk leaves
neither a partial file nor a temporary one."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from boggle.cli.main import main

pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")
pytest.importorskip("matplotlib", reason="plots need matplotlib: pip install '.[analysis]'")

WORDS = ["tea", "eat", "ate", "seat", "east", "rest", "stare", "tears", "rates", "treats"]


def stats(capsys: pytest.CaptureFixture[str], small_list: str, *argv: str) -> tuple[int, str]:
    status = main(["stats", "--random", "50", "--seed", "1", "--dict", small_list, *argv])
    return status, capsys.readouterr().err


def assert_one_line(status: int, err: str, says: str) -> None:
    assert status == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and says in err, err


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_dangling_link_is_refused_without_force(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "hist.png"
    target = tmp_path / "elsewhere" / "made-through-the-link.png"
    target.parent.mkdir()
    link.symlink_to(target)
    assert_one_line(*stats(capsys, small_list, "--plot", str(link)), "--force")
    assert link.is_symlink() and not target.exists()


def test_a_link_to_a_file_is_refused_without_force(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    system_file = tmp_path / "passwd"
    system_file.write_text("root:x:0:0\n")
    link = tmp_path / "hist.svg"
    link.symlink_to(system_file)
    assert_one_line(*stats(capsys, small_list, "--plot", str(link)), "--force")
    assert system_file.read_text() == "root:x:0:0\n" and link.is_symlink()


@pytest.mark.parametrize("dangling", [False, True])
def test_force_replaces_the_link_not_its_target(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str], dangling: bool
) -> None:
    system_file = tmp_path / "passwd"
    if not dangling:
        system_file.write_text("root:x:0:0\n")
    link = tmp_path / "hist.png"
    link.symlink_to(system_file)
    status, err = stats(capsys, small_list, "--plot", str(link), "--force")
    assert status == 0, err
    assert not link.is_symlink() and link.read_bytes().startswith(b"\x89PNG")
    if dangling:
        assert not system_file.exists()
    else:
        assert system_file.read_text() == "root:x:0:0\n"
    assert leftovers(tmp_path) == []


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path,
    small_list: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plot = tmp_path / "hist.png"
    plot.write_bytes(b"old")

    def full_disk(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    assert_one_line(
        *stats(capsys, small_list, "--plot", str(plot), "--force"), "No space left on device"
    )
    assert plot.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("existing", [False, True])
def test_a_real_full_disk_leaves_no_partial_plot(
    full_disk: Path, small_list: str, capsys: pytest.CaptureFixture[str], existing: bool
) -> None:
    (full_disk / "filler").write_bytes(b"x" * 56 * 1024)  # nearly full
    plot = full_disk / "hist.svg"
    argv = ["--plot", str(plot)]
    if existing:
        plot.write_bytes(b"old")
        argv.append("--force")
    assert_one_line(*stats(capsys, small_list, *argv), "No space left on device")
    assert sorted(p.name for p in full_disk.iterdir()) == sorted(
        ["filler", *(["hist.svg"] if existing else [])]
    )
    if existing:
        assert plot.read_bytes() == b"old"


def test_the_plot_title_names_the_list_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The figure's title names the list as the text report does (``word list    'x'``)."""
    odd = tmp_path / "my\tlist.txt"
    odd.write_text("\n".join(WORDS) + "\n")
    plot = tmp_path / "hist.svg"
    status, _ = stats(capsys, str(odd), "--plot", str(plot))
    assert status == 0
    assert "50 boards (new 4x4), 'my\\tlist.txt': mean" in plot.read_text()
