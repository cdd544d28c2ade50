"""Small parts (the developers' guide): no function in gui/ over 80 lines, and the three big screens of
issue 25 (game, editor, New game) under 500 lines each, their parts in modules of their own."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FUNCTION_LINES = 80
MAX_SCREEN_LINES = 500


def test_no_function_in_gui_is_over_80_lines():
    long = []
    for path in sorted((ROOT / "gui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}: {node.name} is {lines} lines")
    assert not long, "split these (at most 80 lines a function):\n" + "\n".join(long)


def test_the_game_editor_and_new_game_screens_are_under_500_lines():
    for name in ("game", "editor", "config"):
        lines = (ROOT / "gui" / "screens" / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines < MAX_SCREEN_LINES, f"gui/screens/{name}.py is {lines} lines"
