"""The wheel's recipe: every data file is package data, each compiler gets its own flags,
cibuildwheel builds every supported Python, and CI installs the wheel with no compiler.

(.ci/wheel builds and installs the wheel itself; these checks hold the recipe between runs.)
"""

from __future__ import annotations

import ast
import contextlib
import fnmatch
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "boggle"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
CODE_SUFFIXES = {".py", ".pyc", ".so", ".pyd"}


def _matches(relative: str, pattern: str) -> bool:
    """Whether setuptools' glob ``pattern`` takes ``relative`` (``*`` stays in one folder)."""
    parts, globs = relative.split("/"), pattern.split("/")
    return len(parts) == len(globs) and all(map(fnmatch.fnmatch, parts, globs))


def _data_files() -> list[str]:
    return sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in CODE_SUFFIXES
    )


def test_every_data_file_of_the_package_goes_into_the_wheel() -> None:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["boggle"]
    files = _data_files()
    for needed in ("py.typed", "data/wordlists.json", "web/static/app.js", "web/pages/index.html"):
        assert needed in files
    assert any(name.endswith(".pyi") for name in files)
    left_out = [name for name in files if not any(_matches(name, p) for p in patterns)]
    assert left_out == [], f"add to [tool.setuptools.package-data] in pyproject.toml: {left_out}"


def test_the_glob_match_stays_in_one_folder() -> None:
    assert _matches("web/static/app.js", "web/static/*")
    assert not _matches("web/static/icons/icon.svg", "web/static/*")
    assert not _matches("data/en.txt.gz", "web/static/*")


def _setup_constants() -> dict[str, object]:
    """The literal module-level assignments of setup.py (it cannot be imported: it builds)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    constants: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                with contextlib.suppress(ValueError):  # not a literal
                    constants[target.id] = ast.literal_eval(node.value)
    return constants


def test_msvc_gets_no_gcc_flags_and_gcc_no_msvc_flags() -> None:
    constants = _setup_constants()
    gnu, msvc = constants["GNU_FLAGS"], constants["MSVC_FLAGS"]
    switches, sanitizers = (
        [constants["POPCNT"], constants["NO_FALSE_DEP_XOR"]],
        constants["SANITIZERS"],
    )
    assert isinstance(gnu, list) and isinstance(msvc, list) and isinstance(sanitizers, list)
    assert all(str(flag).startswith("-") for flag in [*gnu, *switches, *sanitizers])
    assert all(flag.startswith("/") for flag in msvc) and "/O2" in msvc
    source = (ROOT / "setup.py").read_text()
    # the flags are chosen in the build step, once the compiler is known, never up front
    assert 'compiler_type == "msvc"' in source
    assert "extra_compile_args=" not in source


def test_cibuildwheel_builds_each_supported_python_and_checks_each_wheel() -> None:
    settings = PYPROJECT["tool"]["cibuildwheel"]
    lowest = re.fullmatch(r">=3\.(\d+)", PYPROJECT["project"]["requires-python"])
    assert lowest is not None
    assert f"cp3{lowest.group(1)}-*" in settings["build"]
    assert "*-musllinux_*" in settings["skip"]
    assert "{project}/.ci/wheel_check.py" in settings["test-command"]
    assert (ROOT / ".ci" / "wheel_check.py").is_file()
    assert (
        "web" in settings["test-extras"] and "web" in PYPROJECT["project"]["optional-dependencies"]
    )


def test_the_workflow_builds_wheels_on_linux_macos_and_windows() -> None:
    workflow = (ROOT / ".github" / "workflows" / "wheels.yml").read_text()
    assert "cibuildwheel" in workflow and "bash .ci/wheel" in workflow
    for runner in ("ubuntu-latest", "macos-latest", "windows-latest"):
        assert runner in workflow, runner


def test_ci_installs_the_wheel_with_no_compiler() -> None:
    assert "bash .ci/wheel\n" in (ROOT / ".ci" / "run").read_text()
    script = (ROOT / ".ci" / "wheel").read_text()
    for step in (
        "python -m build",
        "auditwheel repair",
        "python -m venv",
        "CC=/bin/false",
        "--only-binary :all:",
        "boggle solve",
        'python -c "import boggle',
        ".ci/wheel_check.py",
    ):
        assert step in script, step


def test_the_test_extra_holds_every_extra_but_the_gpu() -> None:
    # .ci/run installs ".[test]" once (one build of the core) and then builds the docs,
    # so the test extra must bring every other extra's packages (CuPy needs a GPU)
    extras = PYPROJECT["project"]["optional-dependencies"]
    test = set(extras["test"])
    for name, requirements in extras.items():
        if name not in {"test", "gpu"}:
            assert set(requirements) <= test, (name, sorted(set(requirements) - test))
    installs = [
        line for line in (ROOT / ".ci" / "run").read_text().splitlines() if "pip install" in line
    ]
    assert any('".[test]"' in line for line in installs)
    assert not any("[docs]" in line for line in installs), installs


LINTED = ("src", "tests", "benchmarks", "scripts")
"""Every folder of Python the project keeps, as the developers' guide lints them."""


def test_ci_lints_and_checks_the_format_of_every_python_folder() -> None:
    """``ruff format --check scripts/`` failed on scripts/records.py: CI ran no format
    check, and ``ruff check`` on src and tests alone."""
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    for command in ("ruff check", "ruff format --check"):
        runs = [line.split() for line in lines if line.startswith(command + " ")]
        assert any(set(LINTED) <= set(words) for words in runs), (command, runs)
    assert all((ROOT / folder).is_dir() for folder in LINTED)
