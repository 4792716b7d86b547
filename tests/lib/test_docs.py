"""The examples in docs/*.md run as doctests, so the documents stay true to the code."""

from __future__ import annotations

import argparse
import doctest
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from boggle import Lexicon

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(DOCS.glob("*.md"))


def test_there_are_documents_with_examples() -> None:
    assert any(">>> " in page.read_text(encoding="utf-8") for page in PAGES)


def _without_fences(text: str) -> str:
    """Markdown code fences become blank lines, so a fence ends an example's output."""
    return "\n".join("" if line.startswith("```") else line for line in text.splitlines())


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_examples_in_docs(page: Path) -> None:
    text = _without_fences(page.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


# The README, the other documents at the top, and the documentation site.

import re  # noqa: E402 - the tests below need it alone

ROOT = DOCS.parent
README = ROOT / "README.md"
DOCUMENTS = [README, ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *PAGES]
TEST_COMMAND = 'pip install ".[test]" && python -m pytest'


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_the_readme_is_short() -> None:
    assert len(README.read_bytes()) <= 12_000


def test_quick_start_makes_a_venv_first_and_ci_runs_its_test_command_verbatim() -> None:
    quick_start = _section(README.read_text(encoding="utf-8"), "Quick start")
    lines = quick_start.splitlines()
    first = lines.index('pip install . && boggle solve "fxie amlo ewbx astu"')
    assert lines.index(TEST_COMMAND) == first + 1
    assert quick_start.index("python3 -m venv") < quick_start.index("pip install")
    assert TEST_COMMAND in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readme_shows_every_command_and_links_every_page() -> None:
    from boggle.cli.main import COMMAND_HELP

    readme = README.read_text(encoding="utf-8")
    missing = [name for name in COMMAND_HELP if f"boggle {name} " not in readme]
    assert missing == [], f"no example of these commands in the README: {missing}"
    unlinked = [page.name for page in PAGES if f"(docs/{page.name})" not in readme]
    assert unlinked == [], f"the README's table of documents lacks {unlinked}"


NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def test_the_readme_counts_the_engines_there_are() -> None:
    """The README's `boggle solve` example says how many engines `--engine` takes."""
    from boggle.engines import BUILT_IN

    said = re.findall(r"any of (\w+) engines", README.read_text(encoding="utf-8"))
    assert said == [NUMBER_WORDS[len(BUILT_IN) - 1]]


def test_the_readme_is_no_lab_notebook() -> None:
    readme = README.read_text(encoding="utf-8")
    for phrase in ("this round", "the issue", "seed 0", "2026-", "load average"):
        assert phrase not in readme.lower(), phrase


SEED = re.compile(r"\bseeds?\s+0\d\d", re.IGNORECASE)


def test_no_numbered_seed_in_the_code_or_the_readme() -> None:
    """The background documents are named by their article or algorithm (docs/background.md)."""
    suffixes = {".py", ".c", ".h", ".cu", ".pyi", ".html", ".js", ".css", ".txt", ".json"}
    files = [README] + [
        path
        for folder in ("src", "benchmarks", "scripts")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and path.suffix in suffixes
    ]
    assert len(files) > 50
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in files
        for match in SEED.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []


def test_the_background_page_describes_every_seed_document() -> None:
    background = (DOCS / "background.md").read_text(encoding="utf-8")
    for title in ("Tangleword", "At Play With J: Boggle", "prefix", "Solving Boggle in Haskell"):
        assert title in background


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _slug(heading: str) -> str:
    """A heading's anchor as MkDocs (Python-Markdown's toc) and GitHub make it, for plain
    ASCII headings: code marks and links reduced to their text, punctuation dropped."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def test_slugs_are_the_ones_mkdocs_makes() -> None:
    assert _slug("The compiled core against the `trie` engine and hybrid-boggle") == (
        "the-compiled-core-against-the-trie-engine-and-hybrid-boggle"
    )
    assert _slug('The measurements of "Solving Boggle in Haskell"') == (
        "the-measurements-of-solving-boggle-in-haskell"
    )


@pytest.mark.parametrize("document", DOCUMENTS, ids=[d.name for d in DOCUMENTS])
def test_links_resolve(document: Path) -> None:
    """Every relative link names a file that exists, and its #anchor a heading there."""
    text = re.sub(r"`[^`\n]*`", "", FENCE.sub("", document.read_text(encoding="utf-8")))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        path = (document.parent / file).resolve() if file else document
        if not path.exists() or (anchor and path.suffix == ".md" and anchor not in _anchors(path)):
            broken.append(target)
    assert broken == []


def test_the_site_lists_every_page_once() -> None:
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def pages(nav: object) -> list[str]:
        if isinstance(nav, str):
            return [nav]
        if isinstance(nav, list):
            return [page for item in nav for page in pages(item)]
        assert isinstance(nav, dict)
        return [page for item in nav.values() for page in pages(item)]

    listed = pages(config["nav"])
    assert sorted(listed) == sorted(page.name for page in PAGES)
    assert config["strict"] is True and config["theme"]["name"] == "material"
    assert any("mkdocstrings" in plugin for plugin in config["plugins"] if isinstance(plugin, dict))


def test_the_home_page_links_every_page() -> None:
    """Newcomer 19: the site's home listed every page but Records."""
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    others = [page.name for page in PAGES if page.name != "index.md"]
    assert [name for name in others if f"]({name})" not in home] == []


def test_the_api_reference_covers_the_public_api() -> None:
    import inspect

    import boggle

    reference = (DOCS / "api.md").read_text(encoding="utf-8")
    public = [
        name
        for name in boggle.__all__
        if inspect.isclass(getattr(boggle, name)) or inspect.isfunction(getattr(boggle, name))
    ]
    missing = [name for name in public if f"::: boggle.{name}\n" not in reference]
    assert missing == []
    for name in ("score_many", "search", "prove"):
        assert re.search(rf"^::: boggle\.[\w.]*\b{name}$", reference, re.MULTILINE), name


PLAYER_FILE = re.compile(r"--player \w+=(\S+)")


@pytest.mark.parametrize("document", DOCUMENTS, ids=[path.name for path in DOCUMENTS])
def test_the_word_lists_a_judge_example_reads_are_written_before_it(document: Path) -> None:
    """A newcomer runs the commands as written: a ``--player NAME=FILE`` list is made by a
    command above it (``printf ... > FILE``), not left for the reader to guess."""
    for block in FENCE.findall(document.read_text(encoding="utf-8")):
        for match in PLAYER_FILE.finditer(block):
            file = match.group(1)
            assert f"> {file}" in block[: match.start()], f"{document.name}: {file} is not made"


def test_the_readmes_python_example_gives_what_its_comments_say(enable_path: Path) -> None:
    """Newcomer 18: the README's library example is no doctest (it reads ENABLE2K), so it is
    run here, each ``expression  # value`` line compared with its value."""
    import ast

    readme = README.read_text(encoding="utf-8")
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert "../shared/data/enable.txt" in block
    namespace: dict[str, object] = {}
    checked = 0
    for line in block.replace("../shared/data/enable.txt", enable_path.as_posix()).splitlines():
        code, _, said = line.partition("  # ")
        if said:
            assert eval(code, namespace) == ast.literal_eval(said.strip()), line
            checked += 1
        else:
            exec(code, namespace)
    assert checked == 2


# The commands the documents show, held to the command line's parser.

FENCED = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SHELLS = {"", "sh", "bash", "console", "shell"}
SHELL_OPERATORS = {"|", "||", "&&", ";", "&"}
REDIRECTION = re.compile(r"\d*[<>]+&?")
WRAPPERS = {"nice", "timeout", "time", "env", "nohup"}
"""Commands that run the one after them: ``nice -n 19 timeout -s INT 300 boggle prove ...``."""
PLACEHOLDER = re.compile(r"[A-Z]-1")
"""A number the reader fills in, such as ``--above B-1`` in docs/records.md."""


def _boggle_commands(block: str) -> Iterator[tuple[str, list[str]]]:
    """Each ``boggle ...`` command of a shell block: its line and its arguments, read as the
    shell reads them (quotes, ``# comments``, ``&&`` and pipes, redirections left out)."""
    import shlex

    for line in block.replace("\\\n", " ").splitlines():
        line = line.strip().removeprefix("$ ")
        if "boggle " not in line:
            continue
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words: list[str] = []
        for token in [*lexer, ";"]:
            if token not in SHELL_OPERATORS:
                words.append(token)
                continue
            while words[:1] and (words[0] in WRAPPERS or "=" in words[0]) and "boggle" in words:
                words = words[words.index("boggle") :]
            if words[:1] == ["boggle"]:
                arguments = []
                for word, previous in zip(words[1:], words, strict=False):
                    if not REDIRECTION.fullmatch(word) and not REDIRECTION.fullmatch(previous):
                        arguments.append("1" if PLACEHOLDER.fullmatch(word) else word)
                yield line, arguments
            words = []


def test_the_command_reader_sees_what_the_shell_runs() -> None:
    block = (
        "boggle roll | boggle solve - > out.txt   # a comment\nboggle prove --above B-1\n"
        "nice -n 19 timeout -s INT 60 boggle prove \\\n  --size 3x3\npython -m boggle roll\n"
    )
    assert list(_boggle_commands(block)) == [
        ("boggle roll | boggle solve - > out.txt   # a comment", ["roll"]),
        ("boggle roll | boggle solve - > out.txt   # a comment", ["solve", "-"]),
        ("boggle prove --above B-1", ["prove", "--above", "1"]),
        ("nice -n 19 timeout -s INT 60 boggle prove    --size 3x3", ["prove", "--size", "3x3"]),
    ]


@pytest.mark.parametrize("document", DOCUMENTS, ids=[d.name for d in DOCUMENTS])
def test_every_command_a_document_shows_is_one_the_parser_takes(
    document: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Newcomer 24: a command copied from a page must at least parse: its subcommand, its
    options, their values and choices (running them all is the newcomer's job)."""
    from boggle.cli.main import build_parser

    parser = build_parser()
    refused = []
    for language, block in FENCED.findall(document.read_text(encoding="utf-8")):
        if language not in SHELLS:
            continue
        for line, arguments in _boggle_commands(block):
            try:
                parser.parse_args(arguments)
            except SystemExit as refusal:
                if refusal.code:
                    refused.append(f"{line}: {capsys.readouterr().err.strip()}")
    assert refused == []


INLINE_COMMAND = re.compile(r"boggle ((?:bench|dicts) [\w-]+|\w+)((?: [^`\n|&;<>(#]*)?)")


def _parsers() -> dict[str, argparse.ArgumentParser]:
    """Every command's parser by its words: ``solve``, ``bench runtime``, ``dicts export``."""
    from boggle.cli.main import build_parser

    def children(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        return dict(actions[0].choices) if actions else {}

    found: dict[str, argparse.ArgumentParser] = {}
    for name, command in children(build_parser()).items():
        found[name] = command
        for child, parser in children(command).items():
            found[f"{name} {child}"] = parser
    return found


def test_every_option_a_document_names_beside_its_command_is_one_of_its_options() -> None:
    """``boggle solve --stream`` in a sentence, a table or a block names an option
    ``solve`` has (or a command's subcommand, e.g. ``bench runtime``, has). The changelog
    is history: it names options since renamed, and wrong ones that are refused."""
    parsers = _parsers()
    unknown = []
    for document in [path for path in DOCUMENTS if path.name != "CHANGELOG.md"]:
        for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
            for match in INLINE_COMMAND.finditer(line):
                parser = parsers.get(match.group(1))
                if parser is None:
                    continue
                options = {option for action in parser._actions for option in action.option_strings}
                for word in match.group(2).split():
                    option = word.split("=")[0].rstrip(".,:)'\"")
                    if option.startswith("--") and len(option) > 2 and option not in options:
                        unknown.append(f"{document.name}:{number}: {match.group(1)} {option}")
    assert unknown == [], unknown


def test_the_option_check_sees_a_wrong_option() -> None:
    match = INLINE_COMMAND.search("`boggle bench runtime --sizes 3-8 --frob`")
    assert match is not None and match.group(1) == "bench runtime"
    options = {o for action in _parsers()["bench runtime"]._actions for o in action.option_strings}
    assert "--sizes" in options and "--frob" not in options


API_ROW = re.compile(r"^\| ((?:`(?:GET|POST) /api/[^`]*`(?:, )?)+) \|([^|]*)\|", re.MULTILINE)
API_ROUTE = re.compile(r"`(GET|POST) (/api/[^`?]*)")
BODY_FIELD = re.compile(r"[{,]\s*\"(\w+)\"(?=\s*[:,}])")
"""A field's name in a body as the table writes it: ``{"board": ...}`` or ``{"date", "size"}``."""


def _listed(text: str) -> str:
    """``text`` without the contents of its JSON lists (their strings are values, not fields)."""
    while (shorter := re.sub(r"\[[^\[\]]*\]", "()", text)) != text:
        text = shorter
    return text


def test_every_route_and_body_field_the_api_table_names_is_served() -> None:
    """Newcomer 24: docs/server.md's table of the API names only routes the server has, and
    only fields their request bodies take (the OpenAPI description is the server's word)."""
    pytest.importorskip("fastapi", reason="the web app needs the web extra: pip install '.[web]'")
    from boggle.web.app import WebConfig, create_app

    described = create_app(WebConfig(preload=False)).openapi()
    schemas = described["components"]["schemas"]
    rows = API_ROW.findall((DOCS / "server.md").read_text(encoding="utf-8"))
    assert len(rows) >= 10
    unknown = []
    for routes, body in rows:
        fields: set[str] = set()
        for method, path in API_ROUTE.findall(routes):
            operation = described["paths"].get(path, {}).get(method.lower())
            if operation is None:
                unknown.append(f"{method} {path}")
                continue
            schema = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if schema is not None:
                fields |= set(schemas[schema["schema"]["$ref"].split("/")[-1]]["properties"])
        named = set(BODY_FIELD.findall(_listed(body.split(" — ")[0])))
        unknown += [f"{routes}: {field}" for field in sorted(named - fields)]
    assert unknown == [], unknown


def test_the_round_docs_play_md_shows_is_judged_as_its_prose_says() -> None:
    """Newcomer 29: docs/play.md's ``round.json`` ran nowhere. It is a round ``boggle judge``
    reads; ``lima`` is challenged, so the challenge rule is ``listed`` by default and an entry
    not in the word list scores -1; ``words`` may be a list or one text of lines."""
    import json

    from boggle import Lexicon
    from boggle.game.reading import judge_json

    block = (DOCS / "play.md").read_text(encoding="utf-8").split("```json\n", 1)[1]
    round_data = json.loads(block.split("```", 1)[0])
    result = judge_json(round_data, Lexicon.from_words(["fame", "mile", "limb"]))
    assert result.challenge == "listed"
    verdicts = {
        player.name: [(v.word, v.status.value, v.total) for v in player.verdicts]
        for player in result.players
    }
    assert verdicts == {
        "ann": [("fame", "crossed_off", 0), ("lima", "not_a_word", -1)],
        "bob": [("fame", "crossed_off", 0), ("mile", "counted", 1)],
    }


def test_the_python_example_of_docs_scale_md_runs_on_a_smaller_run() -> None:
    """Newcomer 29: docs/scale.md's library example ran nowhere (a million boards on a local
    cluster). Run as written on 3,000 boards in this process, its names hold, and
    ``board_at`` gives the run's best board alone, as its comment says."""
    block = (DOCS / "scale.md").read_text(encoding="utf-8").split("In Python:\n\n```python\n")[1]
    code = block.split("```", 1)[0]
    assert "1_000_000" in code and 'where="local:2"' in code
    code = code.replace("1_000_000", "3_000").replace(', where="local:2"', "")
    *setup, figures, alone = [line.split("  #")[0] for line in code.strip().splitlines() if line]
    namespace: dict[str, object] = {}
    exec("\n".join(setup), namespace)
    mean, std, top, best = eval(figures, namespace)
    assert 0 < mean < top and std > 0 and best.score >= top
    board = eval(alone, namespace)
    assert str(board).replace(" ", "") == best.board


def test_the_by_language_example_of_docs_scale_md_prints_what_its_comment_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/scale.md showed no way to the boards of another language in Python:
    ``score_stats(n, "new", spanish)`` rolled the English cubes. Run as written, the loop
    prints the means its last comment gives (each ``boggle stats --dict NAME``'s mean)."""
    pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")
    text = (DOCS / "scale.md").read_text(encoding="utf-8")
    code = text.split("one call per list;")[1].split("```python\n", 1)[1].split("```", 1)[0]
    *lines, said = code.strip().splitlines()
    exec("from boggle.study.stats import score_stats\n" + "\n".join(lines), {})
    printed = ", ".join(capsys.readouterr().out.strip().splitlines())
    assert said == f"# {printed}"


def test_the_gpu_pages_stats_figures_name_the_list_they_were_made_with(enable: Lexicon) -> None:
    """docs/gpu.md gave ``boggle stats --random 1000000000 --engine gpu --seed 1`` a best
    board of 1,991 and a mean of 141.01: ENABLE2K's figures (the device check passes
    ``--dict $ENABLE``); the command as shown reads ``en-70``, where that board scores 1,411
    and the mean is about 107."""
    from boggle import solve

    rows = [
        line
        for line in (DOCS / "gpu.md").read_text(encoding="utf-8").splitlines()
        if line.startswith(("| `boggle stats --random 1", "| `stats --random 1"))
    ]
    assert len(rows) >= 8
    for row in rows:
        assert "--dict ../shared/data/enable.txt`" in row, row
    assert solve("inom esir stab relh", enable).score == 1991


def test_the_search_page_says_when_a_seeded_search_is_reproducible() -> None:
    """docs/search.md said ``--seed SEED`` with ``--jobs 1`` is reproducible, three times, but a
    run stopped by ``--seconds`` goes as far as its time lets it (two runs of ``--seconds 1
    --seed 1`` printed different boards); ``boggle search --help`` names the condition."""
    text = " ".join((DOCS / "search.md").read_text(encoding="utf-8").split())
    said = [text[m.start() - 60 : m.end() + 60] for m in re.finditer("reproducible", text)]
    assert len(said) >= 3
    for words in said:
        assert "`--seconds`" in words, words


FORM = r"(?:plural|past tense|present tense|past participle|-ing form|comparative|superlative)"
FORM_SAID = re.compile(rf"`([a-z]+)`(?::| is)? \"?({FORM}\b[^\"`]*?) of `?([a-z]+)\b")
"""What form a word is, as the prose says it: ``lapses`: plural of `lapse``."""
HEADLINE = re.compile(r"\b([A-Z]{2,}):? \(((?:[^()]|\([^()]*\))*)\)")
"""What form a word is, as ``boggle define`` heads it: ``RAN (past tense or ... of run)``."""
FORM_PART = re.compile(rf"({FORM}\b.*?) of ([a-z]+)$")


def _forms_said(text: str) -> Iterator[tuple[str, str]]:
    """Each ``(word, "FORM of BASE")`` that ``text`` says of an English word."""
    text = re.sub(r"\s+", " ", text)
    for word, form, base in FORM_SAID.findall(text):
        yield word, f"{form} of {base}"
    for word, inside in HEADLINE.findall(text):
        for part in inside.split("; "):
            if said := FORM_PART.match(part):
                yield word.lower(), f"{said[1]} of {said[2]}"


def test_the_form_reader_sees_what_the_prose_says() -> None:
    text = (
        '(`lapses`: plural of\n`lapse`, `ran`: past tense of `run`), `fared` "past tense or'
        ' past participle of fare", "LAPSES (plural of lapse; ...)", LIMBS: (common word;'
        " plural of limb), `bis` is not the plural of `Bi`"
    )
    assert list(_forms_said(text)) == [
        ("lapses", "plural of lapse"),
        ("ran", "past tense of run"),
        ("fared", "past tense or past participle of fare"),
        ("lapses", "plural of lapse"),
        ("limbs", "plural of limb"),
    ]


def test_what_form_a_word_is_the_documents_say_as_boggle_define_says_it() -> None:
    """Newcomer 31: docs/play.md said ``ran`` is the "past tense of run", where ``boggle
    define ran`` says "past tense or past participle of run": each form a document names is
    one the definitions give (its start, before a ``:`` that explains it)."""
    from boggle.definitions import english_definitions, inflections

    glossary = english_definitions().extract
    wrong, checked = [], 0
    for document in (d for d in DOCUMENTS if d.name != "CHANGELOG.md"):  # it says what was
        for word, said in _forms_said(document.read_text(encoding="utf-8")):
            given = inflections(word, glossary)
            checked += 1
            if not any(name == said or name.startswith(f"{said}:") for name in given):
                wrong.append(f"{document.name}: {word!r} is {said!r}; define says {given}")
    assert wrong == [] and checked >= 8


def test_the_level_tables_language_rows_are_of_the_lists_as_shipped() -> None:
    """docs/words.md's level table gave the nl, pt, pl and de rows of lists that had since
    lost their numerals and abbreviations (pl 462,829 words for 461,191), and the English
    rows of lists before their accents were folded (en-70 111,593 words for 111,817): each
    row of a bundled or system list is measured on the list as it is."""
    from boggle import bundled_lists, load_lexicon
    from boggle.wordlists.sources import system_list_path

    text = (DOCS / "words.md").read_text("utf-8")
    table = text.split("## Coverage", 1)[1].split("\n\n")[2]
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]
    rows = {row[0]: int(row[1].replace(",", "")) for row in cells[2:]}
    sizes = {entry.name: entry.words for entry in bundled_lists()}
    assert {name: rows[name] for name in sizes} == sizes
    for code in ("de", "fr"):
        if system_list_path(code) is not None:
            assert rows[code] == load_lexicon(code, code).count, code


def test_the_polish_fall_in_words_found_is_accounted_for_step_by_step() -> None:
    """docs/words.md said Polish's words found on boards fell from 130,967 to 112,834 and
    gave 1,201 of it to the abbreviations without a vowel, leaving the other 16,932 unsaid:
    its table of the list's steps runs from the first measure's figure to the level table's
    row, each step's words the list as shipped then (the last one's, the list's size)."""
    from boggle import bundled_lists

    text = (DOCS / "words.md").read_text("utf-8")
    coverage = text.split("## Coverage", 1)[1].split("\n## ", 1)[0]
    tables = [part for part in coverage.split("\n\n") if part.startswith("|")]
    levels, steps = (
        [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()[2:]]
        for table in tables[:2]
    )
    assert steps[0][0].startswith("as first built") and "130,967" in coverage
    figures = [(int(row[1].replace(",", "")), int(row[2].replace(",", ""))) for row in steps]
    assert figures[0][1] == 130_967
    polish = next(row for row in levels if row[0] == "pl")
    assert figures[-1] == (int(polish[1].replace(",", "")), int(polish[5].replace(",", "")))
    assert figures[-1][0] == next(entry.words for entry in bundled_lists() if entry.name == "pl")
    for (before, _), (after, _), row in zip(figures, figures[1:], steps[1:], strict=False):
        assert f"less {before - after:,} " in row[0], row
