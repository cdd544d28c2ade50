"""The Rules screen's pages, written from each variant's own data (no pygame).

A page is a list of sections; each section has a title, a paragraph, and a small demo: a start
position and one move that shows the rule. The words come from what the rules do
(:mod:`gui.rules_facts`: who fires the laser and when, how many actions a turn has, how each piece
moves and meets a beam), or from the variant's own ``rules_text``; a test checks every page against
those facts. Demos are found by asking the rules — a seeded playout from the variant's default
setup until a legal move does what the section is about (a swap, a shot that destroys something, a
null move...) — so they can never show a move the rules refuse. A section appears only when the
variant's data or its move generator says the rule exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from game import Move, Position
from game.pieces import Kind, code_color
from game.pieceset import Op
from game.variants import VARIANTS, get_variant
from game.variants.base import Variant
from gui.rules_facts import TurnFacts, distinct_kinds, piece_facts, piece_words, play_on, turn_facts


def kind_name(v: Variant, kind: int) -> str:
    piece = v.pieces.by_number.get(kind)
    return piece.name if piece is not None else f"piece {kind}"


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
            if not play_on(pos, moves):
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


def goal_text(v: Variant, facts: TurnFacts) -> str:
    """Who wins and how, with who fires the laser and when."""
    royal = v.royal_name
    if facts.fires == "none":
        return f"Take the enemy {royal}."
    laser = kind_name(v, v.laser_kind)
    same_side = (
        f"— and a beam does not care whose piece it hits: your own {royal} in your own beam loses too."
    )
    if facts.fires == "auto":
        return (
            f"Destroy the enemy {royal} with your laser. After every move the mover's {laser} fires "
            f"automatically {same_side}"
        )
    cost = facts.cost_words("fire")
    once = ", once a turn" if facts.fire_once else ""
    return (
        f"Destroy the enemy {royal} with your laser. It never fires by itself: you fire your {laser} "
        f"yourself, and a fire is {_article(cost)} of your turn{once} {same_side}"
    )


def _article(cost: str) -> str:
    return cost.replace("one half-action", "a half-action")


def moves_text(v: Variant, facts: TurnFacts) -> str:
    """What a turn is: how many actions, what each costs, and when the laser fires."""
    laser = kind_name(v, v.laser_kind) if v.laser_kind else ""
    turn_words = "turn it 90°" + (" or 180°" if v.allows_half_turn() else "")
    rotate = f", or {turn_words}" if "rotate" in facts.costs else ""
    hint = " Click a piece to see its moves (dots), or use the arrow keys and Enter."
    if facts.actions == 1:
        then = f" Then your {laser} fires." if facts.fires == "auto" else ""
        return f"A turn is one action: move one of your pieces{rotate}.{then}{hint}"
    lasers = v.pieces.by_number[v.laser_kind].plural_name(2) if laser else ""
    if facts.half_actions:
        return (
            "A turn is one move of a piece (the whole turn), or two half-actions, each a rotation "
            f"of one of your pieces to another shape or a fire of one of your {lasers}, in any "
            f"order.{hint}"
        )
    choices = ["move a piece"]
    if "rotate" in facts.costs:
        choices.append("rotate a piece")
    if facts.fires == "action":
        choices.append(f"fire your {laser}" + (" (once a turn)" if facts.fire_once else ""))
    both = ""
    if facts.costs.get("move") == frozenset({1, 2}):
        both = " Some moves cost both actions: the game marks them before you commit."
    return f"A turn is two actions, each one of: {'; '.join(choices)}.{both}{hint}"


def pieces_text(v: Variant) -> str:
    return "\n".join(f"{k.name}: {piece_words(v, piece_facts(v.name, k.number))}" for k in distinct_kinds(v))


@cache
def page(variant_name: str) -> tuple[Section, ...]:
    """The sections of one rule set's page."""
    v = get_variant(variant_name)
    facts = turn_facts(variant_name)
    first, second = v.side_names
    geo = v.geometry
    sections = [
        Section(
            "goal",
            "Goal",
            f"{v.title} is played on {geo.width}×{geo.height} squares. {first} moves first. "
            f"{goal_text(v, facts)} {v.presentation.description}".strip(),
            _playout_find(v, lambda p, m: _kills(p, m, royal=True), limit=40),
        ),
        Section("pieces", "Pieces", pieces_text(v)),
        Section("moves", "Moves", moves_text(v, facts), _playout_find(v, _is_step, seed=3)),
    ]
    if v.laser_kind:
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
    for key, title, text in v.presentation.rules_text:
        at = next((i for i, s in enumerate(out) if s.key == key), None)
        if at is not None:
            out[at] = Section(key, title, text, out[at].demo)
            continue
        special = frozenset(sq for sq, name in v.presentation.special_squares.items() if name == key)
        demo = None
        if special:
            demo = _playout_find(v, _onto(special), seed=23, plies=60)
        elif key == "chance":
            demo = _playout_find(v, _chance_off(frozenset(v.presentation.special_squares)))
        out.append(Section(key, title, text, demo))
    return out


def _names_with(v: Variant, op: Op, charge: int = 0) -> list[str]:
    """Names of the kinds that do ``op`` to a beam on some face."""
    return [k.name for k in distinct_kinds(v) if any(k.optics(0, t, charge).op is op for t in range(4))]


def _or_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def laser_text(v: Variant) -> str:
    """How a shot runs, from the optics of the set and the beam rules."""
    laser = kind_name(v, v.laser_kind)
    parts = [
        f"The beam leaves the {laser} from its front and runs along the rank or file. What happens "
        "at a piece depends on the face it strikes (the Pieces page says which):"
    ]
    meets = []
    if _names_with(v, Op.REFLECT):
        meets.append("a mirror turns it 90°")
    back = _names_with(v, Op.BACK)
    if back:
        meets.append(f"a {_or_list(back)} sends it straight back")
    splits = _names_with(v, Op.SPLIT)
    if splits:
        meets.append(f"a {_or_list(splits)} splits it in two")
    stops = _names_with(v, Op.ABSORB)
    if stops:
        meets.append(f"a {_or_list(stops)} stops it")
    meets.append("a vulnerable face is destroyed")
    parts.append(" " + ", ".join(meets[:-1]) + " and " + meets[-1] + ".")
    if v.pieces.max_charge:
        parts.append(
            " Some reflections charge a beam (drawn orange, then red), and a charged beam destroys "
            "pieces an ordinary beam cannot."
        )
    if v.refire:
        parts.append(" After a zap the laser fires again, until the beam hits a King or leaves the board.")
    elif splits or v.pieces.max_charge:
        parts.append(" One shot may destroy several pieces, your own too.")
    else:
        parts.append(" The beam stops at the piece it destroys: at most one piece is removed per shot.")
    parts.append(" Point at a move before you make it to see its shot.")
    return "".join(parts)


def laser_section(v: Variant) -> Section:
    return Section(
        "laser",
        "The laser",
        laser_text(v),
        _playout_find(v, lambda p, m: _kills(p, m, own=False), seed=5, limit=40),
    )


def _more_sections(v: Variant, sections: list[Section], first: str, second: str) -> tuple[Section, ...]:
    """The special rules this variant has, found from its data and its move generator."""
    sections.extend(_reserved_sections(v, first, second))
    sections.extend(_swap_sections(v))
    null = _playout_find(v, lambda p, m: m.is_null, seed=17) if v.controls.null else None
    sections.extend(_king_sections(v, null))
    sections.extend(_pawn_sections(v))
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


def _reserved_sections(v: Variant, first: str, second: str) -> list[Section]:
    if not any(r >= 0 for r in v.reserved):
        return []
    return [
        Section(
            "reserved",
            "Reserved squares",
            f"Some squares are reserved (marked with a symbol): no {second} piece may end a move "
            f"on {_square_list(v, 0)}, and no {first} piece on {_square_list(v, 1)}.",
            _playout_find(v, lambda p, m: _is_step(p, m) and v.reserved[m.to_square] >= 0, seed=11),
        )
    ]


def _swap_sections(v: Variant) -> list[Section]:
    """A swap of two parts (Leiserchess 2018), or of one, where the rule set has either."""
    captures = any(k.captures for k in v.pieces.kinds)  # landing on a piece takes it: no swaps
    swap_demo = (
        None
        if captures
        else _playout_find(v, lambda p, m: _is_swap(p, m) and m.then_square is None and not m.rotation)
    )
    two_part = _playout_find(v, lambda p, m: m.then_square is not None, seed=13)
    if two_part is not None:
        return [
            Section(
                "swap",
                "Swap (two parts)",
                "A piece may swap places with an adjacent enemy piece; then the same piece must make "
                "an extra basic move from the swap square: a step to an empty square or a rotation. "
                "The board shows the position after the swap and asks for the second part; Esc "
                "cancels. Written d5e4f5 or e4d5R. The laser fires once, after both parts.",
                two_part,
            )
        ]
    if swap_demo is None:
        return []
    partners = (
        "an adjacent Pyramid or Anubis of either colour (never a Pharaoh, Scarab or Sphinx)"
        if Kind.SCARAB in v.kinds
        else "any adjacent piece, own or enemy, King included; both keep their orientation"
    )
    who = "A Scarab" if Kind.SCARAB in v.kinds else "A piece"
    text = f"{who} may swap places with {partners}. The move list writes a swap e5⇄d6."
    return [Section("swap", "Swap", text, swap_demo)]


def _king_sections(v: Variant, null: Demo | None) -> list[Section]:
    """The King's null move and the Ko rule (Leiserchess)."""
    out = []
    if null is not None:
        out.append(
            Section(
                "null",
                "Null move",
                "The King may 'move' to its own square — click it twice — but only when its shot "
                "then zaps something. Written like h0h0.",
                null,
            )
        )
    if Kind.KING in v.kinds:
        out.append(
            Section(
                "ko",
                "Ko",
                "A move is illegal if it recreates the position before the opponent's last move"
                + (", or if it leaves the board unchanged." if null is not None else ".")
                + " Hovering such a square says so.",
            )
        )
    return out


def _pawn_sections(v: Variant) -> list[Section]:
    """Pins and zombies (Leiserchess), where a playout shows them."""
    out = []
    pin = _playout_find(v, lambda p, m: "pin" in v.badges(p).values(), seed=19)
    if pin is not None:
        out.append(
            Section(
                "pins",
                "Pins",
                "A Pawn on the enemy King's beam (as it stands before your move) may not move or "
                "turn; it is marked 'pin'. Another piece may still swap it away.",
                pin,
            )
        )
    zombie = _playout_find(
        v, lambda p, m: v.badges(p).get(m.from_square) == "zombie", seed=2, plies=150, limit=5
    )
    if zombie is not None:
        out.append(
            Section(
                "zombies",
                "Zombies",
                "An enemy Pawn standing on your own beam is a zombie (marked): you may move it as "
                "if it were yours. A New game option turns zombies off (the 2016 rules).",
                zombie,
            )
        )
    return out


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
