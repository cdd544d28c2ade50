"""Re-proving a stored puzzle from scratch: the tests run this on the shipped collections.

The stored line is checked against the rules as they are now: every move must parse and be legal,
each solver turn must be the one and only turn that meets the theme's measure (compared by the
position it leaves), each defender reply must hold out as long as the line says, and the proof
depth must be the theme's. Nothing of the stored proof is trusted.
"""

from __future__ import annotations

from game.errors import LaserChessError
from game.position import Position
from game.puzzles.model import Puzzle
from game.puzzles.prover import Prover
from game.puzzles.themes import WIN_THEMES, best_defences, material, prove_material, prove_save, prove_trap


def verify(puzzle: Puzzle, budget: int | None = None) -> str | None:
    """None when the puzzle holds under the rules, else what is wrong (for a test's message)."""
    try:
        pos = puzzle.position()
        moves = puzzle.line_moves()
    except LaserChessError as exc:
        return f"{puzzle.id}: the stored line no longer fits the rules: {exc}"
    prover = Prover(budget)
    n = WIN_THEMES.get(puzzle.theme)
    if n is not None:
        return _verify_win(prover, puzzle, pos, n)
    if puzzle.theme == "trap":
        return _verify_trap(prover, puzzle, pos, [[m.code for m in turn] for turn in moves])
    prove = prove_save if puzzle.theme == "save" else prove_material
    proof = prove(prover, pos, checking=True)
    if proof is None:
        return f"{puzzle.id}: no longer a {puzzle.theme} puzzle (no unique answer)"
    if proof.depth != puzzle.depth:
        return f"{puzzle.id}: proof depth {proof.depth}, stored {puzzle.depth}"
    if _key_after(pos, proof.line[0]) != _key_after_moves(pos, [m.code for m in moves[0]]):
        return f"{puzzle.id}: the unique answer is not the stored one"
    return None


def _key_after(pos: Position, codes: tuple[int, ...]) -> tuple[int, int]:
    return _key_after_moves(pos, list(codes))


def _key_after_moves(pos: Position, codes: list[int]) -> tuple[int, int]:
    for code in codes:
        pos.make_code(code)
    key = (pos.hash, pos.loser)
    for _ in codes:
        pos.unmake_code()
    return key


def _verify_win(prover: Prover, puzzle: Puzzle, pos: Position, n: int) -> str | None:
    solver = pos.turn
    if puzzle.depth != 2 * n - 1:
        return f"{puzzle.id}: proof depth {puzzle.depth}, a win in {n} needs {2 * n - 1}"
    if n > 1 and prover.wins(pos, solver, n - 1):
        return f"{puzzle.id}: a faster win than {n} turns exists"
    moves = puzzle.line_moves()
    k = n
    for i, turn in enumerate(moves):
        codes = [m.code for m in turn]
        if i % 2 == 0:
            found = prover.winning_turns(pos, k, 2)
            if len(found) != 1:
                return f"{puzzle.id}: {len(found)} winning turns at step {i // 2 + 1} (one expected)"
            if _key_after(pos, found[0].codes) != _key_after_moves(pos, codes):
                return f"{puzzle.id}: the stored turn {i // 2 + 1} is not the winning one"
        for code in codes:
            pos.make_code(code)
        if i % 2 == 1:
            k -= 1
            if prover.decided(pos) is None and k > 1 and prover.wins(pos, solver, k - 1):
                return f"{puzzle.id}: the stored reply {i // 2 + 1} does not hold out {k} turns"
    if prover.decided(pos) != solver:
        return f"{puzzle.id}: the line does not end with the {pos.variant.royal_name} destroyed"
    return None


def _verify_trap(prover: Prover, puzzle: Puzzle, pos: Position, line: list[list[int]]) -> str | None:
    """The unique turn, then the stored reply: one of the best defences (which all shoot the
    defender's own piece: :func:`prove_trap` checked them)."""
    proof = prove_trap(prover, pos, checking=True)
    if proof is None:
        return f"{puzzle.id}: no longer a trap puzzle (no unique answer, or a defence that avoids it)"
    if proof.depth != puzzle.depth or len(line) != 2:
        return (
            f"{puzzle.id}: proof depth {proof.depth} and a line of {len(line)} turns, stored {puzzle.depth}"
        )
    if _key_after(pos, proof.line[0]) != _key_after_moves(pos, line[0]):
        return f"{puzzle.id}: the unique answer is not the stored one"
    solver = pos.turn
    base = material(pos, solver)
    for code in line[0]:
        pos.make_code(code)
    best = {_key_after(pos, reply.codes) for _gain, reply in best_defences(prover, pos, solver, base)}
    stored = _key_after_moves(pos, line[1])
    for _ in line[0]:
        pos.unmake_code()
    if stored not in best:
        return f"{puzzle.id}: the stored reply is not a best defence"
    return None
