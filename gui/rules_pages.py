"""The Rules screen's pages, written from each variant's own data (no pygame).

A page is a list of sections; each section has a title, a paragraph, and a small demo: a start
position and one move that shows the rule. Demos are found by asking the rules — a seeded playout
from the variant's default setup until a legal move does what the section is about (a swap, a shot
that destroys something, a null move...) — so they can never show a move the rules refuse. A
section appears only when the variant's data or its move generator says the rule exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from game import Move, Position
from game.pieces import Kind, code_color
from game.variants import VARIANTS, get_variant
from game.variants.base import Variant

KIND_NAMES = {
    Kind.SPHINX: "Sphinx",
    Kind.PHARAOH: "Pharaoh",
    Kind.SCARAB: "Scarab",
    Kind.PYRAMID: "Pyramid",
    Kind.ANUBIS: "Anubis",
    Kind.KING: "King",
    Kind.PAWN: "Pawn",
}
KIND_ROLES = {
    Kind.SPHINX: "fires the laser; never moves, turns between its two facings; never destroyed",
    Kind.PHARAOH: "lose it and you lose; destroyed by a beam from any side; steps only",
    Kind.SCARAB: "a two-sided mirror, never destroyed; steps, turns, or swaps with a neighbour",
    Kind.PYRAMID: "one mirror: the mirrored faces reflect, the two plain faces are vulnerable",
    Kind.ANUBIS: "its front (the shield bar) stops a beam; hit on any other side, it is destroyed",
    Kind.KING: "fires the laser from its front; destroyed when a beam reaches it from any side",
    Kind.PAWN: "one diagonal mirror: reflects on the mirror side, zapped on the other two sides",
}


@dataclass(frozen=True)
class Demo:
    """A position (string) and the move that shows the rule from it."""

    fen: str
    move: Move


@dataclass(frozen=True)
class Section:
    key: str  # a topic the status line links to: "goal", "moves", "laser", "reserved", ...
    title: str
    text: str
    demo: Demo | None = None


def _playout_find(
    variant: Variant,
    wanted: Callable[[Position, Move], bool],
    seed: int = 7,
    plies: int = 80,
    limit: int = 400,
) -> Demo | None:
    """A legal move satisfying ``wanted`` met along seeded random playouts from the default setup."""
    rng = random.Random(seed)
    for _ in range(6):
        pos = Position.from_fen(variant.setup_fen(), variant)
        for _ in range(plies):
            moves = list(pos.legal_moves)
            if not moves or pos.outcome() is not None:
                break
            rng.shuffle(moves)
            for move in moves[:limit]:
                if wanted(pos, move):
                    return Demo(pos.fen(), move)
            for move in moves[:8]:  # go on with a move that does not end the game
                pos.push(move)
                if pos.outcome() is None:
                    break
                pos.pop()
            else:
                break
    return None


def _removed(pos: Position, move: Move) -> list[tuple[int, int]]:
    after = pos.copy(history=False)
    after.push(move)
    r = after.last_removed
    return [(r[i], r[i + 1]) for i in range(0, len(r), 2)]


def _kills(pos: Position, move: Move, royal: bool = False, own: bool | None = None) -> bool:
    for _, code in _removed(pos, move):
        if royal and pos.variant.is_royal[code]:
            return True
        if not royal and (own is None or (code_color(code) == pos.turn) == own):
            return True
    return False


def _is_step(pos: Position, m: Move) -> bool:
    return m.from_square != m.to_square and not pos.board[m.to_square] and m.then_square is None


def _is_swap(pos: Position, m: Move) -> bool:
    return m.from_square != m.to_square and bool(pos.board[m.to_square])


def _square_list(variant: Variant, color: int) -> str:
    names = variant.geometry.names
    squares = [names[sq] for sq, r in enumerate(variant.reserved) if r == color]
    return ", ".join(squares)


@cache
def page(variant_name: str) -> tuple[Section, ...]:
    """The sections of one rule set's page."""
    v = get_variant(variant_name)
    first, second = v.side_names
    laser, royal = KIND_NAMES[v.laser_kind], v.royal_name
    geo = v.geometry
    sections = [
        Section(
            "goal",
            "Goal",
            f"{v.title} is played on {geo.width}×{geo.height} squares. {first} moves first. Destroy "
            f"the enemy {royal} with your laser. After every move the mover's {laser} fires "
            f"automatically — and a beam does not care whose piece it hits: your own {royal} in "
            "your own beam loses too.",
            _playout_find(v, lambda p, m: _kills(p, m, royal=True), limit=40),
        ),
        Section(
            "pieces",
            "Pieces",
            " ".join(f"{KIND_NAMES[k]}: {KIND_ROLES[k]}." for k in v.kinds),
        ),
    ]
    step = "steps one square in any of the 8 directions to an empty square, or turns 90°"
    if v.allows_half_turn():
        step += " or 180°"
    sections.append(
        Section(
            "moves",
            "Moves",
            f"A turn is one action with one of your pieces: it {step}. Then your {laser} fires. "
            "Click a piece to see its moves (dots), or use the arrow keys and Enter.",
            _playout_find(v, _is_step, seed=3),
        )
    )
    refire = (
        " After a zap the laser fires again, until the beam hits a King or leaves the board."
        if v.refire
        else " At most one piece is removed per shot."
    )
    sections.append(
        Section(
            "laser",
            "The laser",
            "The beam leaves the emitter in its facing direction and runs along the rank or file: "
            "a mirror turns it 90°, a shield or an emitter stops it, a vulnerable face is destroyed "
            f"and the beam stops there.{refire} Point at a move before you make it to see its shot.",
            _playout_find(v, lambda p, m: _kills(p, m, own=False), seed=5, limit=40),
        )
    )
    if any(r >= 0 for r in v.reserved):
        sections.append(
            Section(
                "reserved",
                "Reserved squares",
                f"Some squares are reserved (marked with a symbol): no {second} piece may end a move "
                f"on {_square_list(v, 0)}, and no {first} piece on {_square_list(v, 1)}.",
                _playout_find(v, lambda p, m: _is_step(p, m) and v.reserved[m.to_square] >= 0, seed=11),
            )
        )
    swap_demo = _playout_find(v, lambda p, m: _is_swap(p, m) and m.then_square is None and not m.rotation)
    two_part = _playout_find(v, lambda p, m: m.then_square is not None, seed=13)
    if two_part is not None:
        sections.append(
            Section(
                "swap",
                "Swap (two parts)",
                "A piece may swap places with an adjacent enemy piece; then the same piece must make "
                "an extra basic move from the swap square: a step to an empty square or a rotation. "
                "The board shows the position after the swap and asks for the second part; Esc "
                "cancels. Written d5e4f5 or e4d5R. The laser fires once, after both parts.",
                two_part,
            )
        )
    elif swap_demo is not None:
        partners = (
            "an adjacent Pyramid or Anubis of either colour (never a Pharaoh, Scarab or Sphinx)"
            if Kind.SCARAB in v.kinds
            else "any adjacent piece, own or enemy, King included; both keep their orientation"
        )
        who = "A Scarab" if Kind.SCARAB in v.kinds else "A piece"
        sections.append(
            Section(
                "swap",
                "Swap",
                f"{who} may swap places with {partners}. The move list writes a swap e5⇄d6.",
                swap_demo,
            )
        )
    null = _playout_find(v, lambda p, m: m.is_null, seed=17)
    if null is not None:
        sections.append(
            Section(
                "null",
                "Null move",
                "The King may 'move' to its own square — click it twice — but only when its shot "
                "then zaps something. Written like h0h0.",
                null,
            )
        )
    if Kind.KING in v.kinds:
        sections.append(
            Section(
                "ko",
                "Ko",
                "A move is illegal if it recreates the position before the opponent's last move"
                + (", or if it leaves the board unchanged." if null is not None else ".")
                + " Hovering such a square says so.",
            )
        )
    pin = _playout_find(v, lambda p, m: bool(v.pinned_squares(p)), seed=19)
    if pin is not None:
        sections.append(
            Section(
                "pins",
                "Pins",
                "A Pawn on the enemy King's beam (as it stands before your move) may not move or "
                "turn; it is marked 'pin'. Another piece may still swap it away.",
                pin,
            )
        )
    zombie = _playout_find(v, lambda p, m: m.from_square in v.zombie_squares(p), seed=2, plies=150, limit=5)
    if zombie is not None:
        sections.append(
            Section(
                "zombies",
                "Zombies",
                "An enemy Pawn standing on your own beam is a zombie (marked): you may move it as "
                "if it were yours. A New game option turns zombies off (the 2016 rules).",
                zombie,
            )
        )
    limit = v.quiet_ply_limit
    draw = f"{limit // 2} moves by each side with nothing zapped, " if limit else "an optional move limit, "
    sections.append(
        Section(
            "draws",
            "Draws and results",
            f"A game is drawn by agreement, by {draw}or when the same position comes a third time "
            "with the same side to move (claimed, or automatic against the CPU). Resigning and "
            "running out of time lose.",
        )
    )
    return tuple(sections)


def topic_for(text: str) -> str:
    """The section a status-line message is about (the status line links there)."""
    lowered = text.lower()
    for words, key in (
        (("reserved",), "reserved"),
        (("ko", "repeat"), "ko"),
        (("swap",), "swap"),
        (("pin",), "pins"),
        (("zombie",), "zombies"),
        (("null move",), "null"),
        (("draw", "repetition", "threefold"), "draws"),
        (("beam", "shot", "laser", "destroy", "zap"), "laser"),
        (("wins", "pharaoh", "king"), "goal"),
    ):
        if any(f" {w}" in f" {lowered}" for w in words):
            return key
    return "moves"


def variant_names() -> list[str]:
    return list(VARIANTS)
