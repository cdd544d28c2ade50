"""The swap-rotate-fire action of Khet and Leiserchess, and its fast maker.

One action of these rule sets: swap the contents of two squares (a step is a swap with an empty
square); then, in Leiserchess 2018, a second step of the same piece, or a rotation of the piece
where it landed; then the mover's laser fires (once, or again after every zap when the beam rules
say ``refire``: Leiserchess 2017) and the turn passes.

:func:`apply` writes that action through the :class:`~game.position.ActionWriter` (the one move
path: :meth:`Position.push` reports it). :class:`SwapFireMaker` makes the very same action over the
piece set's tables, with no report and no journal, for perft and the search: it undoes an action by
inverting its swap and rotation, and keeps its :class:`~game.position.Undo` records for reuse. The
conformance tests check the two agree on every legal action of random games.

Code layout (game/move.py): bits 0-7 from, 8-15 to, 16-17 rotation, 18-26 ``then + 1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.laser import Shot, fire, trace
from game.move import Move
from game.position import Undo
from game.zobrist import SIDE_KEY

if TYPE_CHECKING:
    from game.position import ActionWriter, MakeCode, Position

_NOTHING: tuple[int, ...] = ()
_INVERSE = (0, 2, 1, 3)  # the rotation that undoes each rotation (none, cw, ccw, half)


def apply(pos: Position, move: Move, w: ActionWriter) -> None:
    """Swap (and step, or rotate), then fire the mover's laser: the rules, readable."""
    frm, to = move.from_square, move.to_square
    if frm != to:
        w.swap(frm, to)
        if move.then_square is not None:
            w.step(to, move.then_square)
    if move.rotation:
        w.rotate(to, move.rotation)
    emitter = pos.lasers[pos.turn]
    if emitter < 0:
        return
    shot = w.fire(emitter)
    if pos.variant.beam_rules.refire:
        while shot.removed and pos.loser < 0 and w.board[emitter]:
            shot = w.fire(emitter)


class SwapFireMaker:
    """The fast maker of swap-rotate-fire actions (see the module docstring)."""

    def bind(self, pos: Position) -> tuple[MakeCode, Callable[[], int]]:
        """``pos``'s ``make_code``/``unmake_code``: closures over its tables and containers (which a
        position never replaces), so the hot path reads locals.

        ``make_code(code, shots=None, hit=-2)`` makes a legal action code and returns what its shot
        removed as (square, piece, ...). ``shots``: a list to append the shots' traces to. ``hit``:
        a caller that already knows where the mover's (first) shot stops on the board after the
        move (the square of the piece it destroys, or -1) and the beam is not traced again."""
        return _maker(pos, *_parts(pos)), _unmaker(pos)


Traced = Callable[[int, list[Shot]], int]
Refire = Callable[[int, tuple[int, ...], int, "list[Shot] | None"], tuple[tuple[int, ...], int, int]]


def _tables(pos: Position) -> tuple[list[int], list[int], tuple[list[int], ...], list[bool], list[bool]]:
    """The piece set's tables the fast maker reads: hash keys, optics, turns, emitters, royals."""
    pieces = pos.variant.pieces
    return pieces.zobrist, pieces.fast_optics, pieces.rotate, pieces.is_laser, pieces.is_royal


def _parts(pos: Position) -> tuple[Traced, Refire]:
    """The fast maker's parts off its hot path: trace a shot for the report, fire again after each
    zap (Leiserchess 2017)."""
    zobrist, optics, _rotate, is_laser, is_royal = _tables(pos)
    geometry = pos.geometry
    rays = geometry.rays
    board = pos.board
    lasers = pos.lasers

    def zap(hit: int, h: int) -> tuple[int, int]:
        """Take the piece a beam destroyed off ``hit``; returns it and the hash without it."""
        victim = board[hit]
        board[hit] = 0
        if is_laser[victim]:
            lasers[victim >> 2 & 1] = -1
        return victim, h ^ zobrist[victim << 7 | hit]

    def traced(emitter: int, shots: list[Shot]) -> int:
        """Trace the shot from ``emitter`` into ``shots``; returns the square it destroys, or -1."""
        shot = trace(board, geometry, emitter, board[emitter] & 3, optics)
        shots.append(shot)
        return shot.hit_square if shot.destroyed and shot.hit_square is not None else -1

    def refire(
        emitter: int, removed: tuple[int, ...], h: int, shots: list[Shot] | None
    ) -> tuple[tuple[int, ...], int, int]:
        """Fire again after each zap until the beam hits a King or leaves (Leiserchess 2017)."""
        removed_list = list(removed)
        while board[emitter]:
            if shots is None:
                hit = fire(board, rays, emitter, board[emitter] & 3, None, optics)
            else:
                hit = traced(emitter, shots)
            if hit < 0:
                break
            victim, h = zap(hit, h)
            removed_list += (hit, victim)
            if is_royal[victim]:
                return tuple(removed_list), victim >> 2 & 1, h
        return tuple(removed_list), -1, h

    return traced, refire


def _maker(pos: Position, traced: Traced, refire: Refire) -> MakeCode:
    """``pos``'s fast ``make_code`` (its arguments: :meth:`SwapFireMaker.bind`)."""
    zobrist, optics, rotate, is_laser, is_royal = _tables(pos)
    rays, refires = pos.geometry.rays, pos.variant.beam_rules.refire
    board, lasers, hashes, records = pos.board, pos.lasers, pos.hashes, pos._records

    def make_code(
        code: int, shots: list[Shot] | None = None, _fire: Callable[..., int] = fire, hit: int = -2
    ) -> tuple[int, ...]:
        """Make a legal action code; returns what its shot removed as (square, piece, ...)."""
        frm = code & 255
        to = code >> 8 & 255
        h = pos.hash
        if frm != to:
            p = board[frm]
            q = board[to]
            board[to] = p
            board[frm] = q
            h ^= zobrist[p << 7 | frm] ^ zobrist[p << 7 | to]  # (an empty square hashes as nothing)
            if is_laser[p]:
                lasers[p >> 2 & 1] = to
            if q:
                h ^= zobrist[q << 7 | to] ^ zobrist[q << 7 | frm]
                if is_laser[q]:
                    lasers[q >> 2 & 1] = frm
            then = code >> 18
            if then:  # a second step (Leiserchess 2018)
                then -= 1
                board[then] = p
                board[to] = 0
                h ^= zobrist[p << 7 | to] ^ zobrist[p << 7 | then]
                if is_laser[p]:
                    lasers[p >> 2 & 1] = then
        rot = code >> 16 & 3
        if rot:
            p = board[to]
            q = rotate[rot][p]
            board[to] = q
            h ^= zobrist[p << 7 | to] ^ zobrist[q << 7 | to]
        color = pos.turn  # fire the mover's laser
        removed = _NOTHING
        loser = -1
        emitter = lasers[color]
        if emitter >= 0:
            if shots is not None:
                hit = traced(emitter, shots)
            elif hit == -2:
                hit = _fire(board, rays, emitter, board[emitter] & 3, None, optics)
            if hit >= 0:  # (zap, written out: the hot path)
                victim = board[hit]
                board[hit] = 0
                h ^= zobrist[victim << 7 | hit]
                removed = (hit, victim)
                if is_laser[victim]:
                    lasers[victim >> 2 & 1] = -1
                if is_royal[victim]:
                    loser = victim >> 2 & 1
                elif refires:
                    removed, loser, h = refire(emitter, removed, h, shots)
        pos.loser = loser
        pos.turn = color ^ 1
        h ^= SIDE_KEY
        pos.hash = h
        hashes.append(h)
        n = pos.ply
        try:
            rec = records[n]  # a record of an action already taken back: reused
        except IndexError:
            rec = _new_record(records)
        pos.ply = n + 1
        rec.code = code
        rec.removed = removed
        if removed:  # (otherwise the count before is one less than after)
            rec.quiet_plies = pos.quiet_plies
            pos.quiet_plies = 0
        else:
            pos.quiet_plies += 1
        return removed

    return make_code


def _new_record(records: list[Undo]) -> Undo:
    """A new undo record at the end of ``records`` (a ply deeper than any made before)."""
    rec = Undo()
    records.append(rec)
    return rec


def _unmaker(pos: Position) -> Callable[[], int]:
    """``pos``'s fast ``unmake_code``: inverts the swap and rotation, puts back what was removed."""
    _zobrist, _optics, rotate, is_laser, _is_royal = _tables(pos)
    board, lasers, hashes, records = pos.board, pos.lasers, pos.hashes, pos._records
    unmake_journaled = pos.unmake_journaled

    def unmake_code() -> int:
        """Take back the last action exactly; returns its code."""
        n = pos.ply - 1
        rec = records[n]
        if rec.journal is not None:  # pushed with a report: the journal undoes it
            return unmake_journaled()
        pos.ply = n
        code = rec.code
        removed = rec.removed
        if removed:
            pos.quiet_plies = rec.quiet_plies
            if len(removed) == 2:  # one piece removed: the usual case
                victim = board[removed[0]] = removed[1]
                if is_laser[victim]:
                    lasers[victim >> 2 & 1] = removed[0]
            else:
                for i in range(len(removed) - 2, -1, -2):
                    victim = board[removed[i]] = removed[i + 1]
                    if is_laser[victim]:
                        lasers[victim >> 2 & 1] = removed[i]
        else:
            pos.quiet_plies -= 1
        frm = code & 255
        to = code >> 8 & 255
        rot = code >> 16 & 3
        if rot:
            board[to] = rotate[_INVERSE[rot]][board[to]]
        if frm != to:
            then = code >> 18
            if then:
                then -= 1
                board[to] = board[then]
                board[then] = 0
            p = board[to]
            q = board[to] = board[frm]
            board[frm] = p
            # The emitters go back with their pieces (a destroyed one came back above).
            if is_laser[p]:
                lasers[p >> 2 & 1] = frm
            if is_laser[q]:
                lasers[q >> 2 & 1] = to
        pos.turn ^= 1
        hashes.pop()
        pos.hash = hashes[n]
        pos.loser = -1
        return code

    return unmake_code


SWAP_FIRE = SwapFireMaker()
