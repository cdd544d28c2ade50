"""The documentation stays true: every link leads to a file of the repository (and a heading that
exists), the code map names every module, command-line.md names every command and option, and the
README stays a short page for players."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEVELOPMENT = ROOT / "docs" / "development.md"
COMMAND_LINE = ROOT / "docs" / "command-line.md"
MAPPED_FOLDERS = ("game", "gui", "tools")

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def links(path: Path) -> list[str]:
    """The targets of a page's Markdown links and images, code blocks and inline code left out."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {anchor(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.MULTILINE)}


def broken_links(root: Path, pages: list[Path]) -> list[str]:
    """Every link of ``pages`` to a missing file, a file outside ``root`` or a missing heading."""
    problems = []
    for page in pages:
        where = page.relative_to(root)
        for target in links(page):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):  # http:, https:, mailto:
                continue
            file_part, _, fragment = target.partition("#")
            resolved = (page.parent / file_part).resolve() if file_part else page
            if not resolved.is_relative_to(root):
                problems.append(f"{where}: {target} lies outside the repository")
            elif not resolved.exists():
                problems.append(f"{where}: {target} does not exist")
            elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
                problems.append(f"{where}: {target}: {resolved.name} has no heading with anchor #{fragment}")
    return problems


def test_every_link_leads_to_a_file_of_the_repository():
    assert broken_links(ROOT, markdown_files()) == []


def test_every_picture_in_docs_screenshots_is_shown_by_a_page():
    """The tools that render pictures write more than the pages show; commit only the shown ones."""
    shown = {
        (page.parent / target.partition("#")[0]).resolve()
        for page in markdown_files()
        for target in links(page)
    }
    unshown = sorted(
        p.name for p in (ROOT / "docs" / "screenshots").glob("*.png") if p.resolve() not in shown
    )
    assert unshown == [], f"no page shows {unshown}: use them in README.md or docs/, or git rm them"


def test_the_link_check_finds_missing_outside_and_anchorless_targets(tmp_path):
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "engine.md").write_text("# The engine\n## Speed of it\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("# Outside\n", encoding="utf-8")
    page = root / "docs" / "development.md"
    page.write_text(
        "[a](nowhere.md) [b](../../outside.md) [c](engine.md#no-such-heading) ![d](engine.md)\n"
        "[e](engine.md#speed-of-it) [f](#the-page) [g](https://example.org) `[h](ignored.md)`\n"
        "# The page\n```\n[i](also-ignored.md)\n```\n",
        encoding="utf-8",
    )
    problems = broken_links(root, [page])
    assert any("nowhere.md does not exist" in p for p in problems)
    assert any("outside.md lies outside the repository" in p for p in problems)
    assert any("#no-such-heading" in p for p in problems)
    assert len(problems) == 3, problems


def code_map() -> list[str]:
    """The paths named at the start of each line of the code block under '## Code map'."""
    text = DEVELOPMENT.read_text(encoding="utf-8")
    section = text.split("## Code map", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block, "docs/development.md: the '## Code map' section lost its code block"
    return [line.split()[0] for line in block.group(1).splitlines() if line.strip()]


def modules() -> list[str]:
    found = []
    for folder in MAPPED_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found.append(path.relative_to(ROOT).as_posix())
    return found


def test_the_code_map_names_every_module():
    named = set(code_map())
    missing = [m for m in modules() if m not in named]
    assert not missing, (
        "docs/development.md's code map does not name "
        + ", ".join(missing)
        + ". Add one line for each to the code block under '## Code map', the path first, e.g.\n"
        + "\n".join(f"{m:<30} what it is for, in a few words" for m in missing)
    )


def test_the_code_map_names_nothing_that_is_gone():
    stale = [name for name in code_map() if not (ROOT / name).exists()]
    assert not stale, f"docs/development.md's code map names files that do not exist: {stale}; remove them"


def game_parser() -> argparse.ArgumentParser:
    import game.__main__ as cli

    cli.register_commands()
    return cli.build_parser()


def sub_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every sub-command down to the leaves, by its words: "perft", …, "puzzles generate"."""
    found = {}
    for name, child in sub_parsers(parser).items():
        nested = command_parsers(child)
        found.update({f"{name} {inner}": leaf for inner, leaf in nested.items()} if nested else {name: child})
    return found


def option_names(parser: argparse.ArgumentParser) -> list[str]:
    return [
        name
        for action in parser._actions
        if not isinstance(action, argparse._HelpAction)
        for name in action.option_strings
        if name.startswith("--")
    ]


def test_command_line_md_names_every_command_and_option():
    from gui.app import build_parser as game_window_parser

    text = COMMAND_LINE.read_text(encoding="utf-8")
    missing = [f"laser-chess {o}" for o in option_names(game_window_parser()) if f"`{o}" not in text]
    for name, parser in command_parsers(game_parser()).items():
        missing += [f"python -m game {name}" for word in name.split() if f"`{word}`" not in text]
        missing += [f"python -m game {name} {o}" for o in option_names(parser) if o not in text]
    assert not missing, f"docs/command-line.md does not describe: {', '.join(missing)}"


README_MAX_LINES = 250


def test_the_readme_is_a_short_page_for_players():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines; move developer text to docs/"
    text = "\n".join(lines)
    for heading in ("UTC", "this session", "SPRT", "LLR"):
        assert heading not in text, f"README.md mentions {heading!r}: engine logs belong in docs/engine.md"


def test_the_readme_level_ratings_are_the_stored_ones():
    """README's level table shows game/search/ratings.json, every rule set it holds."""
    import json

    stored = json.loads((ROOT / "game" / "search" / "ratings.json").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    header = next(line for line in readme.splitlines() if line.startswith("| level |"))
    columns = [cell.strip() for cell in header.strip("|").split("|")][1:]
    from game.variants import VARIANTS

    titles = {VARIANTS[name].title: name for name in stored}
    assert sorted(columns) == sorted(titles), "README's level table and game/search/ratings.json differ"
    from game.search.levels import LEVELS

    for level in LEVELS:  # a level a ladder could not rate shows "—" (and its plain name in the menu)
        row = next(line for line in readme.splitlines() if line.startswith(f"| {level} |"))
        cells = [cell.strip() for cell in row.strip("|").split("|")][1:]
        assert cells == [str(stored[titles[c]]["ratings"].get(level, "—")) for c in columns], level


def test_the_readme_test_command_is_the_one_ci_runs():
    """README's test command is what .ci/run runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_command = re.search(r'python -m pip install -e "\.\[test\]" && (python -m pytest[^\n`]*)', readme)
    assert test_command, "README.md lost its one-command test block"
    assert test_command.group(1).strip() in ci


def test_the_docs_hold_current_facts_not_dated_logs():
    """Numbers come with the command that measures them, not with a date or a time of day."""
    dated = re.compile(r"\bUTC\b|this session|\b20\d\d-\d\d-\d\d\b|\b\d{1,2}:\d\d[–-]\d{1,2}:\d\d\b", re.I)
    found = [
        f"{page.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for page in markdown_files()
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if dated.search(line)
    ]
    assert not found, "dated logs in the docs (say what is true now, with its command):\n" + "\n".join(found)
