"""Lousy Chess's engine profile: material, king safety, pawns, mobility.

There is no check in Lousy Chess, so a King left en prise is simply lost: the search sees that
(captures are searched in quiescence); the evaluation adds what it cannot see at a leaf — how
many squares around each King the enemy attacks, how many friends shield it, how far the pawns
have come (promotion is a Queen), and how many squares each side's pieces reach.
"""

from __future__ import annotations

from game.position import Position
from game.search.profile import ORDER_CAPTURE, Info, Profile, Stage
from game.variants.lousychess import (
    BISHOP,
    HEIGHT,
    KING,
    KING_TARGETS,
    KNIGHT,
    KNIGHT_TARGETS,
    MAX_PLIES,
    ORTHO_STEPS,
    PAWN,
    PAWN_TAKES,
    SLIDER_RAYS,
    WIDTH,
    ply_of,
    targets,
)

VALUES = {KING: 0, 10: 900, 11: 500, 12: 330, 13: 300, PAWN: 100, 15: 900}
KING_ATTACKED = 60  # the King itself attacked (by the side not to move: a threat to parry)
RING_ATTACKED = 14  # per attacked square next to the King
SHIELD = 8  # per own piece next to the King
MOBILITY = 3  # per square reached
PAWN_STEP = 10  # per rank advanced
PAWN_NEAR = 45  # one step from promotion
CENTRE = tuple(
    6 - 2 * (abs(2 * (sq % WIDTH) - (WIDTH - 1)) + abs(2 * (sq // WIDTH) - (HEIGHT - 1))) // 2
    for sq in range(WIDTH * HEIGHT)
)


def _masks(table: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Per square: the squares of ``table``'s entry as a bit mask."""
    return tuple(sum(1 << t for t in set(entry)) for entry in table)


KING_MASK = _masks(KING_TARGETS)
KNIGHT_MASK = _masks(KNIGHT_TARGETS)
PAWN_MASK = tuple(_masks(PAWN_TAKES[c]) for c in (0, 1))
SLIDES = {kind: rays for kind, rays in SLIDER_RAYS.items()}


def evaluate(pos: Position) -> int:
    """Centi-pawns for the side to move."""
    return analyse(pos)[0]


def analyse(pos: Position) -> tuple[int, list[int]]:
    """Centi-pawns for the side to move (attacks and reach as bit masks over the squares), and the
    side to move's captures in the rules' generation order (what quiescence searches)."""
    board = pos.board
    stm = pos.turn
    captures: list[int] = []
    own = [0, 0]
    for sq, code in enumerate(board):
        if code:
            own[code >> 2 & 1] |= 1 << sq
    occupied = own[0] | own[1]
    score = [0, 0]
    attacks = [0, 0]
    kings = [-1, -1]
    for sq, code in enumerate(board):
        if not code:
            continue
        color = code >> 2 & 1
        kind = code >> 3
        score[color] += VALUES[kind]
        if kind == PAWN:
            rank = sq // WIDTH
            advanced = rank - 1 if color == 0 else HEIGHT - 2 - rank
            score[color] += advanced * PAWN_STEP + (PAWN_NEAR if advanced == HEIGHT - 3 else 0)
            attacks[color] |= PAWN_MASK[color][sq]
            if color == stm:
                theirs = own[1 - stm]
                captures.extend(sq | t << 8 for t in PAWN_TAKES[color][sq] if theirs >> t & 1)
            continue
        if kind in (KING, KNIGHT):
            steps = KING_MASK if kind == KING else KNIGHT_MASK
            reach = steps[sq] & ~own[color]
            if kind == KING:
                kings[color] = sq
            else:
                score[color] += CENTRE[sq]
            if color == stm and reach & occupied:
                theirs = own[1 - stm]
                table = KING_TARGETS if kind == KING else KNIGHT_TARGETS
                captures.extend(sq | t << 8 for t in table[sq] if theirs >> t & 1)
        else:
            reach = 0
            mine = own[color]
            for ray in SLIDES[kind][sq]:
                for t in ray:
                    bit = 1 << t
                    if occupied & bit:
                        if not mine & bit:
                            reach |= bit
                            if color == stm:
                                captures.append(sq | t << 8)
                        break
                    reach |= bit
            if kind == BISHOP:
                for t in ORTHO_STEPS[sq]:
                    if not board[t]:
                        reach |= 1 << t
            score[color] += CENTRE[sq]
        attacks[color] |= reach
        score[color] += MOBILITY * reach.bit_count()
    for color in (0, 1):
        k = kings[color]
        if k < 0:
            continue
        enemy = attacks[1 - color]
        ring = KING_MASK[k]
        score[color] -= RING_ATTACKED * (ring & enemy).bit_count()
        score[color] += SHIELD * (ring & own[color]).bit_count()
        if enemy >> k & 1:
            score[color] -= KING_ATTACKED
    return score[stm] - score[1 - stm], captures


class LousyProfile(Profile):
    """The default profile (every action; captures by landing in quiescence) with this evaluation;
    no chance, and the captures listed without generating the quiet moves."""

    chance = False

    def evaluate(self, pos: Position) -> int:
        return evaluate(pos)

    def analyse(self, h: int, stm: int, s: int, ply: int, parent: Info | None) -> Info:
        """The static score, no threats, and the captures (found on the way)."""
        score, captures = analyse(self.pos)
        return (score, 0, captures)

    def noisy_moves_at(self, info: Info) -> list[int]:
        if len(info) < 3 or ply_of(self.pos) >= MAX_PLIES:
            return self.noisy_moves()
        return list(info[2])

    def noisy_moves(self) -> list[int]:
        """The captures, in the rules' generation order (by square, then by target)."""
        pos = self.pos
        if ply_of(pos) >= MAX_PLIES:
            return []
        board = self.board
        turn = pos.turn
        out: list[int] = []
        for sq, code in enumerate(board):
            if code and code >> 2 & 1 == turn:
                for t in targets(board, sq):
                    if board[t]:
                        out.append(sq | t << 8)
        return out

    def stage_one(self, info: Info, tt_move: int, killers: list[int], hist: dict[int, int]) -> Stage | int:
        """The default first stage over the rules' moves (no chance decisions to collapse)."""
        moves = self.variant.generate(self.pos)
        board = self.board
        value = self.value
        bits = self.code_bits
        tactical: list[int] = []
        quiet: list[int] = []
        for c in moves:
            if c == tt_move:
                continue
            victim = board[c >> 8 & 255]
            if victim:  # (the rules never list a move onto one's own piece)
                tactical.append((ORDER_CAPTURE + value[victim] * 64 - value[board[c & 255]]) << bits | c)
            else:
                quiet.append(c)
        return tactical, [], {}, -2, len(moves), quiet, False
