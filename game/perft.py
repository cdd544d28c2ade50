"""perft: count the leaf nodes of the legal-move tree, making and firing every move."""

from __future__ import annotations

from game.position import Position


def perft(pos: Position, depth: int) -> int:
    """Leaves at ``depth`` plies; every leaf move is really made, fired and taken back.

    Khet convention: a position whose Pharaoh was destroyed counts 0 at any positive depth.
    Leiserchess convention (``variant.king_kill_is_leaf``): a move that zaps a King counts 1.
    """
    if depth == 0:
        return 1
    if pos.loser >= 0:
        return 0
    moves = pos.variant.generate(pos)
    make = pos.make_code
    unmake = pos.unmake_code
    if depth == 1:
        for code in moves:
            make(code)
            unmake()
        return len(moves)
    leaf_on_kill = pos.variant.king_kill_is_leaf
    total = 0
    for code in moves:
        make(code)
        if pos.loser >= 0:
            total += 1 if leaf_on_kill else 0
        else:
            total += perft(pos, depth - 1)
        unmake()
    return total


def divide(pos: Position, depth: int) -> list[tuple[str, int]]:
    """perft split by first move, as ``(move text, count)`` pairs."""
    out = []
    for move in list(pos.legal_moves):
        pos.push_code(move.code)
        count = (
            1 if depth <= 1 or (pos.loser >= 0 and pos.variant.king_kill_is_leaf) else perft(pos, depth - 1)
        )
        pos.pop()
        out.append((pos.move_text(move), count))
    return out
