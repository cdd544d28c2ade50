"""The UI's colours and sizes live in gui/colours.py: the screens and widgets name them and never
repeat the numbers (the art package keeps the board, piece and beam palettes)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gui import colours

ROOT = Path(__file__).resolve().parent.parent / "gui"
UI_FILES = sorted(
    [*ROOT.glob("screens/*.py"), *ROOT.glob("widgets/*.py"), ROOT / "app.py", ROOT / "crash.py"]
)
SHARED = {"TEXT", "GOLD", "MUTED", "HINT", "DIM", "EDGE", "RED", "GREEN", "SELECTED", "AMBER", "INK"}


def colour_literals(path: Path) -> list[str]:
    """Tuples of three or four whole numbers 0..255 written in the code (keyword arguments such
    as ``buttons=(0, 0, 0)`` of a pygame event are not colours)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {
        id(k.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for k in node.keywords
        if k.arg == "buttons"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and id(node) not in skip:
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(values) == len(node.elts) and all(type(v) is int and 0 <= v <= 255 for v in values):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} {tuple(values)}")
    return found


def test_no_colour_numbers_outside_the_colours_module():
    assert [hit for path in UI_FILES for hit in colour_literals(path)] == []


def test_shared_colours_are_defined_once():
    pattern = re.compile(r"^(" + "|".join(sorted(SHARED)) + r")\s*(:[^=]*)?=", re.M)
    ui = [*UI_FILES, *ROOT.glob("*.py")]  # gui/art's GOLD and RED are a material and a piece palette
    defined = {p.relative_to(ROOT.parent).as_posix() for p in ui if pattern.search(p.read_text())}
    assert defined == {"gui/colours.py"}
    assert len({getattr(colours, n) for n in SHARED}) == len(SHARED)  # and each is its own colour


def test_text_sizes_scale_with_the_window_and_keep_their_floor():
    assert colours.BODY_TEXT.at((1280, 720)) == 16
    assert colours.BODY_TEXT.at((1920, 1080)) == 24
    assert colours.SMALL_TEXT.at((640, 480)) == colours.SMALL_TEXT.floor == 11
