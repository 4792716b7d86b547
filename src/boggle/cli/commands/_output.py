"""Files a command writes: never over an existing file unasked, never over one of its inputs.

Every command that writes files (``dicts export``, ``trie --out``, ``bench ... --out``)
checks all of them with :func:`check_outputs` *before* doing any work, and
writes each whole or not at all (:func:`boggle.files.cache.atomic_file`).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable
from pathlib import Path

from boggle.files.cache import check_replaceable, new_file_problem, writable_dir
from boggle.model.errors import OutputError
from boggle.model.wording import quoted


def add_force_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--force", action="store_true", help="overwrite output files that already exist"
    )


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.exists() and second.exists() and os.path.samefile(first, second)
    except (OSError, ValueError):
        return False


def check_outputs(
    paths: Iterable[str | os.PathLike[str]],
    force: bool,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
    folders_made: bool = False,
) -> None:
    """:class:`OutputError` if writing ``paths`` would overwrite a file unasked or an input,
    or write one file twice.

    An existing file is overwritten only with ``force``; a directory, a device or a pipe
    (``/dev/null``: the atomic writer would put a plain file in its place), or a file
    that is one of ``inputs``, never.  A symbolic link at a path counts as a file there,
    even a link to nothing: with ``force`` the atomic writer replaces the link itself,
    never the file it names.  A file named twice (``trie --out t.dot --out ./t.dot``, or
    through another path to its folder) is refused: the run would write it twice.  A file
    whose folder is missing or not writable is refused too, before the work that would end
    in writing it (``stats --plot`` in a read-only folder failed after the whole run);
    ``folders_made``: the caller makes the folders (``bench --out DIR``), so a missing one is
    no mistake.

    >>> check_outputs(["/"], force=True)
    Traceback (most recent call last):
    ...
    boggle.model.errors.OutputError: '/' is a directory; give a file name
    >>> check_outputs(["t.dot", "t.dot"], force=True)
    Traceback (most recent call last):
    ...
    boggle.model.errors.OutputError: 't.dot' is named twice; give each output file once
    >>> check_outputs(["t.dot", "./t.dot"], force=True)
    Traceback (most recent call last):
    ...
    boggle.model.errors.OutputError: './t.dot' is 't.dot' again; give each output file once
    """
    sources = [Path(source) for source in inputs if source is not None]
    named: dict[str, str] = {}
    for named_path in paths:
        typed = os.fspath(named_path)
        path = Path(typed)
        shown = quoted(typed)  # as typed: Path("./t.dot") would show 't.dot'
        # the name in its folder: the atomic writer replaces a link there, not what it names
        where = os.path.normcase(os.path.join(os.path.realpath(path.parent), path.name))
        same = named.get(where)
        if same is not None:
            twice = "is named twice" if same == typed else f"is {quoted(same)} again"
            raise OutputError(f"{shown} {twice}; give each output file once")
        named[where] = typed
        if path.is_dir():
            raise OutputError(f"{shown} is a directory; give a file name")
        if typed.endswith("/"):  # 'FILE/' is not FILE: "already exists" misled
            raise OutputError(f"cannot write {shown}: {new_file_problem(typed)}")
        check_replaceable(typed)  # a device or a pipe: never replaced, even with force
        if any(_same_file(path, source) for source in sources):
            raise OutputError(f"{shown} is also the input; write to another file")
        if os.path.lexists(path) and not force:  # a link counts, even one to nothing
            raise OutputError(f"{shown} already exists; give --force to overwrite it")
        _check_folder(typed, folders_made)


def _check_folder(typed: str, folders_made: bool) -> None:
    """:class:`OutputError` unless the folder of the file ``typed`` names can take it: it is
    there, a directory that takes a new file (tried: ``/proc/self`` does not, even as root),
    or, with ``folders_made``, one the caller will make (a file in the way refused now)."""
    if folders_made:  # made by the caller: checked as they are (boggle.files.cache.writable_dir)
        return
    problem = new_file_problem(typed)
    if problem is not None:
        raise OutputError(f"cannot write {quoted(typed)}: {problem}")


def output_dir(path: Path) -> Path:
    """The directory ``path``, created if needed; :class:`OutputError` if it cannot be."""
    return writable_dir(path, "output directory")
