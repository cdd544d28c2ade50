"""The Past games model (gui/models/past_games.py): sorting and filtering, the selection keys, the
actions a record allows, the words shown, and the export / import path bar, tested without a window."""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path

from game import Game
from gui.models.past_games import PastGames, PathBar, detail_rows, enabled_actions, exports_dir, nav_target
from gui.samples import make_sample_games

ROOT = Path(__file__).resolve().parent.parent


@cache
def samples() -> tuple[Game, ...]:
    return tuple(make_sample_games(5, seed=5))


def folder_of_games(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for game in samples():
        game.save(folder)
    (folder / "20250101-000000-damaged.json").write_text("{", encoding="utf-8")
    return folder


def test_the_model_imports_no_pygame():
    code = "import sys, gui.models.past_games; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_sort_filters_and_the_words_about_them(tmp_path):
    games = PastGames(folder_of_games(tmp_path / "saves"))
    games.refresh()
    assert len(games.entries) == len(games.shown) == 6
    assert games.header_text() == "6 games  ·  1 unreadable"
    games.set_view(**games.chosen("sort", "Most moves"))
    moves = [e.full_moves for e in games.shown if e.readable]
    assert games.sort == "longest" and moves == sorted(moves, reverse=True)
    games.set_view(opponent="human", result="nonsense")  # an unknown value is ignored
    assert games.result == "any" and all(e.opponent_kind == "human" for e in games.shown)
    assert games.header_text().endswith(f"·  {len(games.shown)} shown")
    games.set_view(result="draw", opponent="cpu")
    if not games.shown:
        assert games.empty_lines()[0] == "No games match these filters."
    games.show_all()
    assert (games.sort, games.opponent, games.result) == ("newest", "any", "any") and len(games.shown) == 6
    damaged = next(e for e in games.shown if not e.readable)
    games.remove(damaged)
    assert len(games.entries) == 5 and games.index_of(damaged.path) is None
    assert PastGames(tmp_path / "none").empty_lines()[0] == "No past games yet."


def test_keys_actions_and_details(tmp_path):
    assert nav_target("right", None, 5, 3) == 1 and nav_target("left", 0, 5, 3) == 0
    assert nav_target("end", 1, 5, 3) == 4 and nav_target("pagedown", 3, 5, 3) == 4
    assert nav_target("pageup", 4, 5, 3) == 1 and nav_target("home", 4, 5, 3) == 0
    games = PastGames(folder_of_games(tmp_path / "saves"))
    games.refresh()
    damaged = next(e for e in games.shown if not e.readable)
    assert enabled_actions(damaged, True, True) == {
        "replay": False,
        "resume": False,
        "copy_start": False,
        "copy_final": False,
        "export": False,
        "delete": True,
    }
    assert detail_rows(damaged)[1][0] == "Problem"
    entry = next(e for e in games.shown if e.readable)
    actions = enabled_actions(entry, True, False)
    assert actions["replay"] and not actions["resume"] and actions["export"]
    assert enabled_actions(entry, False, True) == {**actions, "replay": False, "resume": entry.unfinished}
    assert [label for label, _ in detail_rows(entry)] == ["Start position", "Final position", "Rules", "File"]
    assert enabled_actions(None, True, True)["delete"] is False


def test_the_path_bar_exports_switches_format_and_says_why_it_failed(tmp_path):
    games = PastGames(folder_of_games(tmp_path / "saves"))
    games.refresh()
    entry = next(e for e in games.shown if e.readable)
    bar = PathBar()
    assert not bar.open("export", None) and bar.mode is None
    assert bar.open("export", entry) and bar.mode == "export" and bar.path_text.endswith(".json")
    assert bar.path_text.startswith(str(exports_dir()))
    text = bar.switch_format(bar.path_text)
    assert bar.fmt == "text" and text.endswith(".txt")
    assert bar.take("   ") is None and bar.note == ("error", "Type the path of a file first.")
    written = bar.export(entry, tmp_path / "out" / "mine")
    assert written is not None and written.suffix == ".txt" and written.exists()
    assert bar.import_file(tmp_path / "missing.json", games.folder) is None
    assert bar.note is not None and bar.note[0] == "error" and bar.note[1][:1].isupper()
    bar.close()
    assert bar.mode is None and bar.note is None
    assert bar.open("import", None) and bar.path_text.endswith("exports/")
