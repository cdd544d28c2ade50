"""Small parts (the developers' guide): no function in gui/ over 80 lines, and no screen module over
500 lines (the game, editor, New game, Past games and replay screens have their parts in modules of
their own)."""

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


def test_every_screen_module_is_under_500_lines():
    long = []
    for path in sorted((ROOT / "gui" / "screens").glob("*.py")):
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines >= MAX_SCREEN_LINES:
            long.append(f"{path.relative_to(ROOT)} is {lines} lines")
    assert not long, "split these by responsibility (under 500 lines a screen module):\n" + "\n".join(long)
