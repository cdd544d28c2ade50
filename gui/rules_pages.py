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

ROLES = {  # what each piece does, by its name in the piece set (other sets are described from flags)
    "Sphinx": "fires the laser; never moves, turns between its two facings; never destroyed",
    "Pharaoh": "lose it and you lose; destroyed by a beam from any side; steps only",
    "Scarab": "a two-sided mirror, never destroyed; steps, turns, or swaps with a neighbour",
    "Pyramid": "one mirror: the mirrored faces reflect, the two plain faces are vulnerable",
    "Anubis": "its front (the shield bar) stops a beam; hit on any other side, it is destroyed",
    "King": "fires the laser from its front; destroyed when a beam reaches it from any side",
    "Pawn": "one diagonal mirror: reflects on the mirror side, zapped on the other two sides",
}


def kind_name(v: Variant, kind: int) -> str:
    piece = v.pieces.by_number.get(kind)
    return piece.name if piece is not None else f"piece {kind}"


def role(v: Variant, kind: int) -> str:
    piece = v.pieces.by_number[kind]
    if v.laser_kind and piece.name in ROLES:
        return ROLES[piece.name]
    facts = []
    if piece.royal:
        facts.append("lose it and you lose")
    if piece.emitter:
        facts.append("fires the laser")
    if piece.captures:
        facts.append("captures by moving onto an enemy piece")
    if piece.indestructible:
        facts.append("never destroyed by a beam")
    return "; ".join(facts) or "moves as the rule set says"


def distinct_kinds(v: Variant) -> list[int]:
    """The set's kinds, one per name (a promoted Queen is still a Queen)."""
    seen: dict[str, int] = {}
    for kind in v.kinds:
        seen.setdefault(kind_name(v, kind), kind)
    return list(seen.values())


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
    laser, royal = (kind_name(v, v.laser_kind) if v.laser_kind else ""), v.royal_name
    geo = v.geometry
    if laser:
        goal = (
            f"Destroy the enemy {royal} with your laser. After every move the mover's {laser} fires "
            f"automatically — and a beam does not care whose piece it hits: your own {royal} in "
            "your own beam loses too."
        )
    else:
        goal = f"Take the enemy {royal}."
    sections = [
        Section(
            "goal",
            "Goal",
            f"{v.title} is played on {geo.width}×{geo.height} squares. {first} moves first. {goal} "
            f"{v.description}".strip(),
            _playout_find(v, lambda p, m: _kills(p, m, royal=True), limit=40),
        ),
        Section("pieces", "Pieces", " ".join(f"{kind_name(v, k)}: {role(v, k)}." for k in distinct_kinds(v))),
    ]
    if laser:
        step = "it steps one square in any of the 8 directions to an empty square, or turns 90°"
        if v.allows_half_turn():
            step += " or 180°"
    else:
        step = "each piece moves as its kind does"
    then = f" Then your {laser} fires." if laser else ""
    sections.append(
        Section(
            "moves",
            "Moves",
            f"A turn is one action with one of your pieces: {step}.{then} "
            "Click a piece to see its moves (dots), or use the arrow keys and Enter.",
            _playout_find(v, _is_step, seed=3),
        )
    )
    if laser:
        sections.append(laser_section(v))
    return _more_sections(v, _own_text(v, sections), first, second)


def _onto(squares: frozenset[int]) -> Callable[[Position, Move], bool]:
    return lambda p, m: m.to_square in squares


def _chance_off(squares: frozenset[int]) -> Callable[[Position, Move], bool]:
    return lambda p, m: m.chance is not None and m.to_square not in squares


def _own_text(v: Variant, sections: list[Section]) -> list[Section]:
    """The variant's own words for a section (its ``rules_text``), and the sections it adds, with
    a demo move onto a special square or of chance where that is what the section is about."""
    out = list(sections)
    for key, title, text in v.rules_text:
        at = next((i for i, s in enumerate(out) if s.key == key), None)
        if at is not None:
            out[at] = Section(key, title, text, out[at].demo)
            continue
        special = frozenset(sq for sq, name in v.special_squares.items() if name == key)
        demo = None
        if special:
            demo = _playout_find(v, _onto(special), seed=23, plies=60)
        elif key == "chance":
            demo = _playout_find(v, _chance_off(frozenset(v.special_squares)))
        out.append(Section(key, title, text, demo))
    return out


def laser_section(v: Variant) -> Section:
    refire = (
        " After a zap the laser fires again, until the beam hits a King or leaves the board."
        if v.refire
        else " At most one piece is removed per shot."
    )
    return Section(
        "laser",
        "The laser",
        "The beam leaves the emitter in its facing direction and runs along the rank or file: "
        "a mirror turns it 90°, a shield or an emitter stops it, a vulnerable face is destroyed "
        f"and the beam stops there.{refire} Point at a move before you make it to see its shot.",
        _playout_find(v, lambda p, m: _kills(p, m, own=False), seed=5, limit=40),
    )


def _more_sections(v: Variant, sections: list[Section], first: str, second: str) -> tuple[Section, ...]:
    """The special rules this variant has, found from its data and its move generator."""
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
    captures = any(k.captures for k in v.pieces.kinds)  # landing on a piece takes it: no swaps
    swap_demo = (
        None
        if captures
        else _playout_find(v, lambda p, m: _is_swap(p, m) and m.then_square is None and not m.rotation)
    )
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
    null = _playout_find(v, lambda p, m: m.is_null, seed=17) if v.controls.null else None
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
    for spec in v.option_specs:
        if spec.key in {s.key for s in sections}:
            continue  # already explained (zombies)
        sections.append(Section(f"option:{spec.key}", spec.label, f"{spec.help} (a New game option)."))
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
