"""Check an installed boggle: run by .ci/wheel and by cibuildwheel on every wheel it builds.

Run it with the Python of the environment the wheel went into, from outside the source tree:

    python .ci/wheel_check.py --source src/boggle [--web]

It checks that ``boggle`` comes from that environment (not from a source tree), that the
compiled core loads and solves, that ``boggle solve`` prints the words of a board from the
bundled default list, that every data file of the source package (word lists, licences,
web pages and scripts, ``.pyi`` stubs, ``py.typed``) was installed, and with ``--web`` that
``boggle serve`` answers each page and every script, style and icon the pages name.
Standard library only; one line per check, exit status 1 on the first failure.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import json
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

BOARD = "fxie amlo ewbx astu"
# Words on BOARD in every bundled English list (en-50, en-70 and en-80 all find them)
WORDS_ON_BOARD = {"fame", "east", "mix", "limbo", "amble"}
NOT_DATA = {".py", ".pyc", ".so", ".pyd", ".dylib", ".dll"}
PAGES = ["/", "/solve", "/play", "/daily", "/room", "/words", "/challenge/ABCDEF", "/sw.js"]
STATIC_NAME = re.compile(r"/static/[\w./-]+\.\w+")


class CheckFailed(Exception):
    """One check did not hold."""


def check(condition: bool, message: str) -> None:
    """Print ``ok: message`` or raise ``CheckFailed(message)``."""
    if not condition:
        raise CheckFailed(message)
    print(f"ok: {message}")


def installed_package() -> Path:
    """The folder of the ``boggle`` that this Python imports, checked to be installed."""
    import boggle

    package = Path(boggle.__file__).resolve().parent
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    platlib = Path(sysconfig.get_paths()["platlib"]).resolve()
    check(package.parent in {site, platlib}, f"boggle is imported from {package}")
    return package


def check_core(package: Path) -> None:
    """The compiled core is in the package, loads, and is the engine ``solve`` uses."""
    import boggle

    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    binaries = [path for path in package.rglob("*") if path.name.endswith(suffixes)]
    check(len(binaries) >= 1, f"compiled core in the package: {[b.name for b in binaries]}")
    for binary in binaries:
        relative = binary.relative_to(package.parent).as_posix()
        suffix = max((s for s in suffixes if relative.endswith(s)), key=len)
        name = relative.removesuffix(suffix).replace("/", ".")
        module = importlib.import_module(name)
        check(Path(module.__file__ or "").resolve() == binary, f"{name} loads from {binary.name}")
    solution = boggle.solve(BOARD, engine="native")
    found = {scored.word for scored in solution.words}
    check(
        found >= WORDS_ON_BOARD and solution.score > 0,
        f"boggle.solve(engine='native'): {len(found)} words, {solution.score} points",
    )


def check_command() -> None:
    """``boggle solve`` from this environment, on the bundled default list."""
    command = shutil.which("boggle", path=str(Path(sys.executable).parent)) or shutil.which(
        "boggle"
    )
    check(command is not None, f"the boggle command is installed: {command}")
    assert command is not None
    result = subprocess.run(
        [command, "solve", "--json", BOARD], capture_output=True, text=True, timeout=120
    )
    check(result.returncode == 0, f"boggle solve exits 0 (stderr: {result.stderr.strip()!r})")
    answer = json.loads(result.stdout)
    found = {entry["word"] for entry in answer["words"]}
    check(
        found >= WORDS_ON_BOARD and answer["engine"] == "native",
        f"boggle solve: {answer['count']} words from {answer['dictionary']['name']} "
        f"({answer['dictionary']['words']} words), engine {answer['engine']}",
    )


def data_files(root: Path) -> set[str]:
    """Every file under ``root`` that is not Python code, bytecode or a built binary."""
    return {
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix not in NOT_DATA
        and not path.name.endswith(".egg-info")
    }


def check_data(package: Path, source: Path | None) -> None:
    """The package data arrived: all of the source package's with ``source``, else the core."""
    installed = data_files(package)
    if source is not None:
        missing = sorted(data_files(source) - installed)
        check(
            not missing,
            f"every data file of {source} is installed ({len(installed)} files)"
            + (f"; missing: {missing}" if missing else ""),
        )
    for needed in ("py.typed", "data/wordlists.json", "web/static/app.js", "web/pages/home.html"):
        check(needed in installed, f"installed: {needed}")
    check(any(name.endswith(".pyi") for name in installed), "installed: the core's .pyi stub")


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> tuple[int, bytes]:
    """The status and body of a GET (errors included, as their status)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status), bytes(answer.read())
    except urllib.error.HTTPError as error:
        return int(error.code), b""


def check_web() -> None:
    """``boggle serve`` answers its pages and every static file the pages name."""
    command = shutil.which("boggle", path=str(Path(sys.executable).parent)) or "boggle"
    port = free_port()
    with tempfile.TemporaryFile("w+") as log:
        server = subprocess.Popen(
            [command, "serve", "--port", str(port), "--round-processes", "0"],
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            fetch_site(f"http://127.0.0.1:{port}", server, log)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def fetch_site(base: str, server: subprocess.Popen[str], log: IO[str]) -> None:
    """The pages at ``base``, the static files they name, and a solve through the API."""
    deadline = time.monotonic() + 60
    while True:
        try:
            fetch(base + "/")
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise CheckFailed(f"boggle serve did not start: {log.read()}") from None
            time.sleep(0.2)
    named: set[str] = set()
    for page in PAGES:
        status, body = fetch(base + page)
        check(status == 200 and len(body) > 0, f"GET {page}: {status}, {len(body)} bytes")
        named |= set(STATIC_NAME.findall(body.decode()))
    # the files the pages name, then the files those name (module imports, icons), ...
    fetched: set[str] = set()
    while named - fetched:
        path = min(named - fetched)
        status, body = fetch(base + path)
        check(status == 200 and len(body) > 0, f"GET {path}: {status}, {len(body)} bytes")
        fetched.add(path)
        named |= set(STATIC_NAME.findall(body.decode(errors="replace")))
    check(len(fetched) >= 5, f"the pages and their files name {len(fetched)} static files")
    request = urllib.request.Request(
        base + "/api/solve",
        data=json.dumps({"board": BOARD}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        solved = json.loads(answer.read())
    check(
        {entry["word"] for entry in solved["words"]} >= WORDS_ON_BOARD,
        f"POST /api/solve: {solved['count']} words",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--source",
        type=Path,
        help="the source package (src/boggle) whose data files must all be installed",
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="also serve the web app and fetch its pages (needs the [web] extra)",
    )
    options = parser.parse_args()
    try:
        package = installed_package()
        if options.source is not None:
            check(options.source.resolve() != package, "the source is not the installed package")
        check_core(package)
        check_command()
        check_data(package, options.source)
        if options.web:
            check_web()
    except CheckFailed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
