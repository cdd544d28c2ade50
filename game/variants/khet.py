"""Khet 2.0 (rules/khet.md): 10×8 board, Sphinx lasers, Pharaoh, Scarabs, Pyramids, Anubis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import PositionError
from game.geometry import geometry
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, Move
from game.pieces import KHET_PIECES, Kind, code_color, code_kind, make_code
from game.variants import swapfire
from game.variants.base import OptionSpec, Problem, Variant
from game.variants.swapfire import SWAP_FIRE

if TYPE_CHECKING:
    from game.position import ActionWriter, Position

GEO = geometry(10, 8, 1)
SILVER, RED = 0, 1
ORIENT_LETTERS = "abcd"
LETTER_KIND = {"S": Kind.SPHINX, "F": Kind.PHARAOH, "R": Kind.SCARAB, "P": Kind.PYRAMID, "N": Kind.ANUBIS}
KIND_LETTER = {k: letter for letter, k in LETTER_KIND.items()}
KIND_NAMES = {
    Kind.SPHINX: "Sphinx",
    Kind.PHARAOH: "Pharaoh",
    Kind.SCARAB: "Scarab",
    Kind.PYRAMID: "Pyramid",
    Kind.ANUBIS: "Anubis",
}
SPHINX_HOME = (GEO.at("j1"), GEO.at("a8"))
STANDARD_COUNTS = {Kind.SPHINX: 1, Kind.PHARAOH: 1, Kind.SCARAB: 2, Kind.PYRAMID: 7, Kind.ANUBIS: 2}

SPHINX, PHARAOH, SCARAB, PYRAMID, ANUBIS = (int(k) for k in KIND_NAMES)
PLURALS = {"Sphinx": "Sphinxes", "Anubis": "Anubis"}  # the rest take an s


def plural(name: str, count: int) -> str:
    return name if count == 1 else PLURALS.get(name, name + "s")


def _reserved() -> tuple[int, ...]:
    marks = [-1] * GEO.size
    for sq in range(GEO.size):
        name = GEO.name(sq)
        if name[0] == "j" or name in ("b1", "b8"):
            marks[sq] = SILVER
        elif name[0] == "a" or name in ("i1", "i8"):
            marks[sq] = RED
    return tuple(marks)


SETUPS = {
    "Classic": "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b",
    "Imhotep": "sc3ncfcncra2/10/3Pd2pa3/paPc2Pbra2pbPd/pbPd2Rapd2paPc/3Pc2pb3/10/2RaNaFaNa3Sa b",
    "Dynasty": "sc3pcncpb3/5fc4/pa3pcncra3/pb1rb1Pd1Pb3/3pd1pb1Rb1Pd/3RaNaPa3Pc/4Fa5/3PdNaPa3Sa b",
    "Mercury": "sb3pcfcpb2Ra/5ncpb3/pb2ra1nc4/pa3Pd3Pc1/1pa3pb3Pc/4Na1Ra2Pd/3PdNa5/ra2PdFaPa3Sd b",
    "Sophie": "sc3fcPdpb3/3nc1nb3Pc/pa3pcpb1Ra1Pd/7rb2/2Rb7/pb1ra1PdPa3Pc/pa3Nd1Na3/3PdpbFa3Sa b",
}


class Khet(Variant):
    """Khet 2.0 with the rule options of rules/khet.md."""

    def __init__(self) -> None:
        super().__init__(
            name="khet",
            title="Khet 2.0",
            geometry=GEO,
            side_names=("Silver", "Red"),
            side_letters=("b", "r"),
            pieces=KHET_PIECES,
            reserved=_reserved(),
            setups=dict(SETUPS),
            maker=SWAP_FIRE,
            option_specs=(
                OptionSpec(
                    "swap_into_reserved",
                    "Swaps onto reserved squares",
                    "May a Scarab push its swap partner onto the other side's reserved squares?",
                    default=False,
                    summary="swaps may land on reserved squares",
                ),
            ),
        )
        # Per colour and square: the neighbours that colour may end a move on.
        self._targets = tuple(
            tuple(
                tuple(t for t in GEO.neighbours[sq] if t not in self.forbidden[color])
                for sq in range(GEO.size)
            )
            for color in (SILVER, RED)
        )

    # ------------------------------------------------------------ moves
    def generate(self, pos: Position) -> list[int]:
        board = pos.board
        turn = pos.turn
        targets = self._targets[turn]
        step = GEO.step
        swap_reserved_ok = pos.options.swap_into_reserved
        forbidden = self.forbidden
        out: list[int] = []
        append = out.append
        for sq, p in enumerate(board):
            if not p or (p >> 2 & 1) != turn:
                continue
            kind = p >> 3
            if kind == SPHINX:
                d = p & 3
                if step[sq << 2 | ((d + 1) & 3)] >= 0:
                    append(sq | sq << 8 | CLOCKWISE << 16)
                if step[sq << 2 | ((d + 3) & 3)] >= 0:
                    append(sq | sq << 8 | COUNTER_CLOCKWISE << 16)
                continue
            if kind == SCARAB:
                for t in targets[sq]:
                    q = board[t]
                    if (
                        not q
                        or (q >> 3 == PYRAMID or q >> 3 == ANUBIS)
                        and (swap_reserved_ok or sq not in forbidden[q >> 2 & 1])
                    ):
                        append(sq | t << 8)
                append(sq | sq << 8 | CLOCKWISE << 16)
                continue
            for t in targets[sq]:
                if not board[t]:
                    append(sq | t << 8)
            if kind != PHARAOH:
                append(sq | sq << 8 | CLOCKWISE << 16)
                append(sq | sq << 8 | COUNTER_CLOCKWISE << 16)
        return out

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        """Step, swap or rotate, then the mover's Sphinx fires (game/variants/swapfire.py)."""
        swapfire.apply(pos, move, w)

    def illegal_reason(self, pos: Position, move: Move) -> str:
        names = GEO.names
        if pos.loser >= 0:
            return "the game is over: a Pharaoh has been destroyed"
        frm, to = move.from_square, move.to_square
        code = pos.board[frm]
        if not code:
            return f"there is no piece on {names[frm]}"
        kind, color = code_kind(code), code_color(code)
        piece = f"the {self.side_names[color]} {KIND_NAMES[Kind(kind)]} on {names[frm]}"
        if color != pos.turn:
            return f"{piece} is not yours; {self.side_names[pos.turn]} is to move"
        if move.then_square is not None:
            return "Khet has no three-square moves"
        if move.is_rotation:
            if kind == PHARAOH:
                return "the Pharaoh cannot rotate"
            if kind == SCARAB and move.rotation != CLOCKWISE:
                return "a Scarab has one rotation; both turns give the same shape (write it with R)"
            if kind == SPHINX:
                return "the Sphinx would face off the board; it may only turn to its other facing"
            return "that rotation is not possible"
        if move.rotation:
            return "a move cannot both step and rotate"
        if frm == to:
            return "the piece must move to another square or rotate"
        if kind == SPHINX:
            return "the Sphinx never moves; it can only turn"
        if to not in GEO.neighbours[frm]:
            return f"{names[to]} is not next to {names[frm]}: pieces step one square"
        if to in self.forbidden[color]:
            return f"{names[to]} is reserved for {self.side_names[1 - color]}"
        target = pos.board[to]
        if target:
            tkind = code_kind(target)
            if kind != SCARAB:
                return f"{names[to]} is occupied; only a Scarab may swap"
            if tkind not in (PYRAMID, ANUBIS):
                return f"a Scarab may swap only with a Pyramid or an Anubis, not a {KIND_NAMES[Kind(tkind)]}"
            if frm in self.forbidden[code_color(target)]:
                return (
                    f"the swapped piece would land on {names[frm]}, reserved for "
                    f"{self.side_names[1 - code_color(target)]}"
                )
        return "that move is not allowed"

    # ------------------------------------------------------------ position strings
    def piece_token(self, code: int) -> str:
        letter = KIND_LETTER[Kind(code >> 3)]
        return (letter if code_color(code) == SILVER else letter.lower()) + ORIENT_LETTERS[code & 3]

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        ch = text[i]
        kind = LETTER_KIND.get(ch.upper())
        if kind is None or not ch.isalpha():
            raise PositionError(
                f"{rank_name}: unknown piece letter {ch!r} (use S, F, R, P, N: upper case for "
                f"Silver, lower case for Red, each followed by an orientation a-d)"
            )
        if i + 1 >= len(text) or text[i + 1] not in ORIENT_LETTERS:
            found = repr(text[i + 1]) if i + 1 < len(text) else "nothing"
            raise PositionError(
                f"{rank_name}: the piece {ch!r} must be followed by an orientation letter "
                f"a, b, c or d (found {found})"
            )
        color = SILVER if ch.isupper() else RED
        return make_code(kind, color, ORIENT_LETTERS.index(text[i + 1])), i + 2

    def problems(self, board: list[int]) -> list[Problem]:
        found: list[Problem] = []
        names = GEO.names
        counts = {(c, k): 0 for c in (SILVER, RED) for k in STANDARD_COUNTS}
        where: dict[tuple[int, int], list[int]] = {key: [] for key in counts}
        for sq, code in enumerate(board):
            if not code:
                continue
            kind, color = Kind(code_kind(code)), code_color(code)
            if (color, kind) not in counts:
                found.append(
                    Problem(
                        "error",
                        f"{KIND_NAMES.get(kind, kind.name.title())} is not a Khet piece",
                        squares=(sq,),
                    )
                )
                continue
            counts[color, kind] += 1
            where[color, kind].append(sq)
            side = self.side_names[color]
            if sq in self.forbidden[color]:
                found.append(
                    Problem(
                        "error",
                        f"the {side} {KIND_NAMES[kind]} on {names[sq]} stands on a square reserved "
                        f"for {self.side_names[1 - color]}",
                        rule="reserved",
                        squares=(sq,),
                    )
                )
            if kind == Kind.SPHINX:
                if sq != SPHINX_HOME[color]:
                    found.append(
                        Problem(
                            "error",
                            f"the {side} Sphinx must stand on {names[SPHINX_HOME[color]]}, not {names[sq]}",
                            squares=(sq, SPHINX_HOME[color]),
                        )
                    )
                elif GEO.step[sq << 2 | (code & 3)] < 0:
                    found.append(
                        Problem(
                            "error", f"the {side} Sphinx on {names[sq]} faces off the board", squares=(sq,)
                        )
                    )
        for color in (SILVER, RED):
            side = self.side_names[color]
            for kind, label in ((Kind.PHARAOH, "Pharaoh"), (Kind.SPHINX, "Sphinx")):
                n = counts[color, kind]
                if n == 0:
                    found.append(Problem("error", f"{side} has no {label}"))
                elif n > 1:
                    found.append(
                        Problem(
                            "error",
                            f"{side} has {n} {plural(label, n)}; exactly one is allowed",
                            squares=tuple(where[color, kind]),
                        )
                    )
            for kind in (Kind.SCARAB, Kind.PYRAMID, Kind.ANUBIS):
                n, standard = counts[color, kind], STANDARD_COUNTS[kind]
                if n != standard:
                    found.append(
                        Problem(
                            "warning",
                            f"{side} has {n} {plural(KIND_NAMES[kind], n)} (the standard set has {standard})",
                            squares=tuple(where[color, kind]),
                        )
                    )
        return found


KHET = Khet()
