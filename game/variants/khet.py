"""Khet 2.0 (rules/khet.md): 10×8 board, Sphinx lasers, Pharaoh, Scarabs, Pyramids, Anubis.

The rules are written for any board: the geometry, the Sphinxes' home squares and the standard
piece counts are class attributes, and the reserved squares follow the board (the first file and
the next-to-last file's corner squares are Red's, the last file and the second file's corners
Silver's). Khet on another board, or with another kind of piece, is a subclass setting those.
An action is a step, a Scarab's swap or a turn, then the mover's Sphinx fires
(game/variants/swapfire.py): the fast maker makes them when the set's beams neither split nor
charge, else the journal does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from game.errors import PositionError
from game.geometry import Geometry, geometry
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, Move
from game.pieces import KHET_PIECES, Kind, built_in
from game.pieceset import PieceSet
from game.position import JOURNAL
from game.variants import swapfire
from game.variants.base import Problem, Variant
from game.variants.options import RuleOptions, option
from game.variants.profile import EngineProfile
from game.variants.swapfire import SWAP_FIRE

if TYPE_CHECKING:
    from game.position import ActionWriter, Maker, Position

GEO = geometry(10, 8, 1)
BEAM_PROFILE = "game.search.beams:BeamProfile"  # the search profile of Khet and Leiserchess
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
STANDARD_COUNTS: dict[int, int] = {
    Kind.SPHINX: 1,
    Kind.PHARAOH: 1,
    Kind.SCARAB: 2,
    Kind.PYRAMID: 7,
    Kind.ANUBIS: 2,
}

SPHINX, PHARAOH, SCARAB, PYRAMID, ANUBIS = (int(k) for k in KIND_NAMES)
KIND_NUMBERS = frozenset(int(k) for k in Kind)
PLURALS = {"Sphinx": "Sphinxes", "Anubis": "Anubis"}  # the rest take an s


def plural(name: str, count: int) -> str:
    return name if count == 1 else PLURALS.get(name, name + "s")


def _royals_first(item: tuple[int, int]) -> int:
    """The order the count problems are listed in: Pharaoh, Sphinx, then the rest."""
    return {PHARAOH: 0, SPHINX: 1}.get(item[0], 2)


def khet_reserved(geo: Geometry) -> tuple[int, ...]:
    """Reserved squares of a Khet board (rules/khet.md): Silver's the last file and the second
    file's corner squares (b1, b8), Red's the first file and the next-to-last file's (i1, i8)."""
    marks = [-1] * geo.size
    last, top = geo.width - 1, geo.height - 1
    for sq in range(geo.size):
        x, y = geo.file_of(sq), geo.rank_of(sq)
        if x == last or (x == 1 and y in (0, top)):
            marks[sq] = SILVER
        elif x == 0 or (x == last - 1 and y in (0, top)):
            marks[sq] = RED
    return tuple(marks)


SETUPS = {
    "Classic": "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b",
    "Imhotep": "sc3ncfcncra2/10/3Pd2pa3/paPc2Pbra2pbPd/pbPd2Rapd2paPc/3Pc2pb3/10/2RaNaFaNa3Sa b",
    "Dynasty": "sc3pcncpb3/5fc4/pa3pcncra3/pb1rb1Pd1Pb3/3pd1pb1Rb1Pd/3RaNaPa3Pc/4Fa5/3PdNaPa3Sa b",
    "Mercury": "sb3pcfcpb2Ra/5ncpb3/pb2ra1nc4/pa3Pd3Pc1/1pa3pb3Pc/4Na1Ra2Pd/3PdNa5/ra2PdFaPa3Sd b",
    "Sophie": "sc3fcPdpb3/3nc1nb3Pc/pa3pcpb1Ra1Pd/7rb2/2Rb7/pb1ra1PdPa3Pc/pa3Nd1Na3/3PdpbFa3Sa b",
}


@dataclass(frozen=True, eq=False)
class KhetOptions(RuleOptions):
    """Khet's rule options (rules/khet.md)."""

    swap_into_reserved: bool = option(
        False,
        "Swaps onto reserved squares",
        "May a Scarab push its swap partner onto the other side's reserved squares?",
        summary="swaps may land on reserved squares",
    )


class Khet(Variant):
    """Khet 2.0 with the rule options of rules/khet.md, on any board."""

    name = "khet"
    engine = EngineProfile(search=BEAM_PROFILE)
    title = "Khet 2.0"
    geometry = GEO
    side_names = ("Silver", "Red")
    side_letters = ("b", "r")
    pieces: PieceSet = KHET_PIECES
    setups: Mapping[str, str] = SETUPS
    options_type = KhetOptions
    maker: Maker = SWAP_FIRE
    sphinx_homes: tuple[str, str] = ("j1", "a8")  # each side's Sphinx square (Silver's, Red's)
    standard_counts: Mapping[int, int] = STANDARD_COUNTS  # kind -> pieces a side has in the standard set

    def __init__(self) -> None:
        if not self.reserved:
            self.reserved = khet_reserved(self.geometry)
        if self.maker is SWAP_FIRE and not self.pieces.simple:
            self.maker = JOURNAL  # the fast maker traces one beam; splits and charges need the journal
        if not built_in(self.pieces) and self.engine.search == BEAM_PROFILE:
            self.engine = replace(self.engine, search="")  # its tables hold the built-in kinds only
        super().__init__()

    @cached_property
    def sphinx_squares(self) -> tuple[int, int]:
        return (self.geometry.at(self.sphinx_homes[0]), self.geometry.at(self.sphinx_homes[1]))

    @cached_property
    def targets(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per colour and square: the neighbours that colour may end a move on."""
        geo = self.geometry
        return tuple(
            tuple(
                tuple(t for t in geo.neighbours[sq] if t not in self.forbidden[c]) for sq in range(geo.size)
            )
            for c in (SILVER, RED)
        )

    @cached_property
    def spins(self) -> tuple[tuple[int, ...], ...]:
        """Per kind number: the rotation bits of its turns in place (none for a kind that cannot
        turn or looks the same every way, one for a two-sided mirror, else clockwise and back)."""
        out: list[tuple[int, ...]] = [()] * 32
        for kind in self.pieces.kinds:
            if kind.can_rotate and kind.shapes == 4:
                out[kind.number] = (CLOCKWISE << 16, COUNTER_CLOCKWISE << 16)
            elif kind.can_rotate and kind.shapes == 2:
                out[kind.number] = (CLOCKWISE << 16,)
        return tuple(out)

    def khet_options(self, pos: Position) -> KhetOptions:
        options = pos.options
        assert isinstance(options, KhetOptions)
        return options

    def allowed_problems(self, options: RuleOptions | None) -> frozenset[str]:
        """Swaps onto reserved squares (an option) may leave a piece there."""
        if isinstance(options, KhetOptions) and options.swap_into_reserved:
            return frozenset({"reserved"})
        return frozenset()

    # ------------------------------------------------------------ moves
    def generate(self, pos: Position) -> list[int]:
        board = pos.board
        turn = pos.turn
        targets = self.targets[turn]
        step = self.geometry.step
        swap_reserved_ok = self.khet_options(pos).swap_into_reserved
        forbidden = self.forbidden
        spins = self.spins
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
            for turn_bits in spins[kind]:
                append(sq | sq << 8 | turn_bits)
        return out

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        """Step, swap or rotate, then the mover's Sphinx fires (game/variants/swapfire.py)."""
        swapfire.apply(pos, move, w)

    def illegal_reason(self, pos: Position, move: Move) -> str:
        names = self.geometry.names
        if pos.loser >= 0:
            return "the game is over: a Pharaoh has been destroyed"
        frm, to = move.from_square, move.to_square
        code = pos.board[frm]
        if not code:
            return f"there is no piece on {names[frm]}"
        kind, color = code >> 3, code >> 2 & 1
        piece = f"the {self.side_names[color]} {self.pieces.name(code)} on {names[frm]}"
        if color != pos.turn:
            return f"{piece} is not yours; {self.side_names[pos.turn]} is to move"
        if move.then_square is not None:
            return "Khet has no three-square moves"
        if move.is_rotation:
            if not self.spins[kind]:
                return f"the {self.pieces.name(code)} cannot rotate"
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
        if to not in self.geometry.neighbours[frm]:
            return f"{names[to]} is not next to {names[frm]}: pieces step one square"
        if to in self.forbidden[color]:
            return f"{names[to]} is reserved for {self.side_names[1 - color]}"
        target = pos.board[to]
        if target:
            tkind = target >> 3
            if kind != SCARAB:
                return f"{names[to]} is occupied; only a Scarab may swap"
            if tkind not in (PYRAMID, ANUBIS):
                return f"a Scarab may swap only with a Pyramid or an Anubis, not a {self.pieces.name(target)}"
            if frm in self.forbidden[target >> 2 & 1]:
                return (
                    f"the swapped piece would land on {names[frm]}, reserved for "
                    f"{self.side_names[1 - (target >> 2 & 1)]}"
                )
        return "that move is not allowed"

    # ------------------------------------------------------------ position strings
    def piece_token(self, code: int) -> str:
        """Khet's tradition: the letter and an orientation letter a-d, every piece."""
        letter = self.pieces.kind(code).letter
        return (letter if code >> 2 & 1 == SILVER else letter.lower()) + ORIENT_LETTERS[code & 3]

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        ch = text[i]
        kind = self.pieces.by_letter.get(ch.upper()) if ch.isascii() and ch.isalpha() else None
        if kind is None:
            letters = ", ".join(k.letter for k in self.pieces.kinds)
            raise PositionError(
                f"{rank_name}: unknown piece letter {ch!r} (use {letters}: upper case for "
                f"{self.side_names[0]}, lower case for {self.side_names[1]}, each followed by an "
                f"orientation a-d)"
            )
        if i + 1 >= len(text) or text[i + 1] not in ORIENT_LETTERS:
            found = repr(text[i + 1]) if i + 1 < len(text) else "nothing"
            raise PositionError(
                f"{rank_name}: the piece {ch!r} must be followed by an orientation letter "
                f"a, b, c or d (found {found})"
            )
        color = SILVER if ch.isupper() else RED
        return kind.number << 3 | color << 2 | ORIENT_LETTERS.index(text[i + 1]), i + 2

    def problems(self, board: list[int]) -> list[Problem]:
        found: list[Problem] = []
        names = self.geometry.names
        counts = {(c, k): 0 for c in (SILVER, RED) for k in self.standard_counts}
        where: dict[tuple[int, int], list[int]] = {key: [] for key in counts}
        for sq, code in enumerate(board):
            if not code:
                continue
            kind, color = code >> 3, code >> 2 & 1
            if (color, kind) not in counts:
                known = self.pieces.get(code)
                what = known.name if known else Kind(kind).name.title() if kind in KIND_NUMBERS else "piece"
                found.append(Problem("error", f"{what} is not a Khet piece", squares=(sq,)))
                continue
            counts[color, kind] += 1
            where[color, kind].append(sq)
            side, name = self.side_names[color], self.pieces.name(code)
            if sq in self.forbidden[color]:
                found.append(
                    Problem(
                        "error",
                        f"the {side} {name} on {names[sq]} stands on a square reserved "
                        f"for {self.side_names[1 - color]}",
                        rule="reserved",
                        squares=(sq,),
                    )
                )
            if kind == SPHINX:
                home = self.sphinx_squares[color]
                if sq != home:
                    found.append(
                        Problem(
                            "error",
                            f"the {side} Sphinx must stand on {names[home]}, not {names[sq]}",
                            squares=(sq, home),
                        )
                    )
                elif self.geometry.step[sq << 2 | (code & 3)] < 0:
                    found.append(
                        Problem(
                            "error", f"the {side} Sphinx on {names[sq]} faces off the board", squares=(sq,)
                        )
                    )
        for color in (SILVER, RED):
            side = self.side_names[color]
            for kind, standard in sorted(self.standard_counts.items(), key=_royals_first):
                n = counts[color, kind]
                label = self.pieces.kind(kind, False).name
                squares = tuple(where[color, kind])
                if kind in (PHARAOH, SPHINX):
                    if n == 0:
                        found.append(Problem("error", f"{side} has no {label}"))
                    elif n > 1:
                        message = f"{side} has {n} {plural(label, n)}; exactly one is allowed"
                        found.append(Problem("error", message, squares=squares))
                elif n != standard:
                    message = f"{side} has {n} {plural(label, n)} (the standard set has {standard})"
                    found.append(Problem("warning", message, squares=squares))
        return found


KHET = Khet()
