"""gui/ speaks Move and piece objects: no bit operations on move or piece codes (issue 24).

A screen that needs a piece's kind, colour or facing, or a move's squares, asks the rules core
(``game.pieces.code_kind_color``/``code_color``/``code_orientation``/``with_orientation``,
``PieceSet.get``/``kind``/``turned``/``code_of``, ``game.move.code_from_square``/``code_to_square``,
``Move``, ``Removal.color``), so the code layout is known in one place. The test forbids in gui/
every shift and exclusive or, and every ``&``/``|`` with a number (a mask): turning by quarter
turns is arithmetic modulo 4. Flags (``event.mod & pygame.KMOD_CTRL``), sets and type unions
are not codes and stay.
"""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parent.parent / "gui"
BITS = (ast.RShift, ast.LShift, ast.BitAnd, ast.BitOr, ast.BitXor)


def _number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool)


def code_bit_operations(source: str) -> list[tuple[int, str]]:
    """(line, expression) of every bit operation on a code in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp):
            op, left, right = node.op, node.left, node.right
        elif isinstance(node, ast.AugAssign):
            op, left, right = node.op, node.target, node.value
        else:
            continue
        if not isinstance(op, BITS):
            continue
        if isinstance(op, ast.RShift | ast.LShift | ast.BitXor) or _number(left) or _number(right):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_check_finds_what_it_forbids() -> None:
    source = "a = code >> 3\nb = code & 3\nc = tool >> 2 & 1\nd = code ^ 4\ne = (x + 2) % 4\nf = mod & KMOD\n"
    assert sorted(line for line, _ in code_bit_operations(source)) == [1, 2, 3, 3, 4]


def test_gui_has_no_bit_operations_on_codes() -> None:
    found = [
        f"{path.relative_to(GUI.parent)}:{line}: {text}"
        for path in sorted(GUI.rglob("*.py"))
        for line, text in code_bit_operations(path.read_text(encoding="utf-8"))
    ]
    assert not found, "bit operations on codes in gui/ (use game.pieces / game.move):\n" + "\n".join(found)
