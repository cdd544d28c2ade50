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


def perft_collapsed(pos: Position, depth: int) -> float:
    """perft with chance collapsed: each decision counts once, its outcomes averaged.

    A decision with chance (a move onto a hypersquare, a displacement) is one branch worth the
    mean of its outcomes' counts, so the result is the expected number of leaves of the tree of
    decisions (not a whole number when chance changes what follows). Without chance it is perft.
    """
    from game.chance import group

    if depth == 0:
        return 1.0
    if pos.loser >= 0:
        return 0.0
    groups = group(pos.variant.generate(pos))
    if depth == 1:
        return float(len(groups))
    leaf_on_kill = pos.variant.king_kill_is_leaf
    total = 0.0
    for codes in groups.values():
        sub = 0.0
        for code in codes:
            pos.make_code(code)
            if pos.loser >= 0:
                sub += 1.0 if leaf_on_kill else 0.0
            else:
                sub += perft_collapsed(pos, depth - 1)
            pos.unmake_code()
        total += sub / len(codes)
    return total


def perft_turns(pos: Position, depth: int) -> int:
    """Leaves at ``depth`` whole turns, for rule sets whose turn may be several actions (LaserChess
    98: one move or two half-actions). A turn that decides the game counts at the last depth only."""
    if depth == 0:
        return 1
    if pos.loser >= 0:
        return 0
    make = pos.make_code
    unmake = pos.unmake_code
    turn = pos.turn
    total = 0
    for code in pos.variant.generate(pos):
        make(code)
        if pos.loser < 0 and pos.turn == turn:
            total += perft_turns(pos, depth)  # the same turn goes on
        elif depth == 1:
            total += 1
        elif pos.loser < 0:
            total += perft_turns(pos, depth - 1)
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
