"""Piece sets: what each kind of piece of a variant is and does, as data, and the tables built from it.

A piece on the board stays a small int ``kind << 3 | color << 2 | orientation`` (fast to store,
copy and hash), but every table indexed by it — optics, rotations, Zobrist keys, roles, values —
is sized from the variant's :class:`PieceSet`, so a set may have as many kinds as it needs.

Optics are data too: :attr:`PieceKind.optics` answers "a beam with this charge travelling this way
enters the piece in this orientation: what happens?" with an :class:`Optic` (pass, reflect, reflect
straight back, split, absorb, destroy; plus a new charge and the reflecting surface it struck, for
hit counts). Most pieces are written as a table for orientation 0 that turns with the piece
(:func:`turning`). The set pre-computes ``fast_optics[code << 2 | travel]`` (outgoing direction,
``ABSORB`` or ``DESTROY``) for the single-beam tracer when no kind splits or charges a beam.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum

ABSORB = -1  # the beam stops; nothing happens
DESTROY = -2  # the beam stops; the piece is removed


class Op(IntEnum):
    """What a beam does on entering a piece."""

    PASS = 0  # goes on in the same direction
    REFLECT = 1  # leaves in ``out[0]``
    BACK = 2  # reflected straight back (its charge may rise: ``Optic.charge_step``)
    SPLIT = 3  # ends; new beams leave in every direction of ``out``
    ABSORB = 4  # stops; the piece stays
    DESTROY = 5  # stops; the piece is destroyed


@dataclass(frozen=True, slots=True)
class Optic:
    """One answer of a piece's optics (see :class:`Op`)."""

    op: Op
    out: tuple[int, ...] = ()  # outgoing directions (REFLECT: one; BACK: the reverse; SPLIT: several)
    charge: int | None = None  # the beam's charge afterwards (None: unchanged)
    charge_step: int = 0  # added to the charge (BACK off a straight mirror raises it)
    surface: int = -1  # which reflecting surface was struck (hit counts), -1 for none

    def turned(self, quarter_turns: int) -> Optic:
        """The same answer for a piece turned clockwise by ``quarter_turns``."""
        if not self.out or not quarter_turns:
            return self
        return Optic(
            self.op,
            tuple((d + quarter_turns) & 3 for d in self.out),
            self.charge,
            self.charge_step,
            self.surface,
        )


PASS = Optic(Op.PASS)
STOP = Optic(Op.ABSORB)
KILL = Optic(Op.DESTROY)


def reflect(direction: int, surface: int = -1) -> Optic:
    return Optic(Op.REFLECT, (direction,), surface=surface)


def back(travel: int, charge_step: int = 0, surface: int = -1) -> Optic:
    return Optic(Op.BACK, ((travel + 2) & 3,), charge_step=charge_step, surface=surface)


def split(*directions: int, surface: int = -1) -> Optic:
    return Optic(Op.SPLIT, tuple(directions), surface=surface)


OpticsFn = Callable[[int, int, int], Optic]  # (orientation, travel, charge) -> Optic


def turning(table: Mapping[int, Optic] | Callable[[int, int], Optic]) -> OpticsFn:
    """Optics of a piece given for orientation 0 that turn with the piece.

    ``table`` maps the direction of travel (N, E, S, W) to the answer at orientation 0, or is a
    function ``(travel, charge) -> Optic`` for orientation 0. A beam travelling ``t`` into a piece
    turned ``o`` quarter turns meets what a beam travelling ``t - o`` meets at orientation 0,
    turned by ``o``. ``BACK`` answers are relative, so they are rebuilt for the real direction.
    """
    look = table if callable(table) else (lambda travel, charge: table[travel])

    def optics(orientation: int, travel: int, charge: int) -> Optic:
        base = look((travel - orientation) & 3, charge)
        return base.turned(orientation)

    return optics


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece: its name, letter, shapes, roles, optics and value.

    ``shapes`` is how many distinct shapes its four orientations give (1: all the same, e.g. a
    King; 2: o and o + 2 are the same, e.g. a two-sided mirror; 4: all differ). ``drawing`` names
    the picture the GUI draws for it (``"pyramid"``, ``"scarab"``, ...), so the art never asks
    for a variant or a kind number.
    """

    number: int  # the ``kind`` in ``kind << 3 | color << 2 | orientation`` (1..31)
    letter: str
    name: str
    optics: OpticsFn
    shapes: int = 4
    royal: bool = False  # its destruction (or capture) loses the game
    emitter: bool = False  # fires the owner's laser
    can_rotate: bool = True
    captures: bool = False  # may capture by landing on an enemy piece
    indestructible: bool = False  # no beam ever destroys it
    value: int = 100  # default material value (the search may override)
    drawing: str = ""  # the picture the GUI draws by name; "" draws a disc with the letter
    facing: bool = True  # False: its orientation means nothing to the rules (drawn upright)
    plural: str = ""  # defaults to name + "s"

    @property
    def art(self) -> str:
        return self.drawing or "lettered"

    def plural_name(self, count: int) -> str:
        return self.name if count == 1 else (self.plural or self.name + "s")

    def same_shape(self, a: int, b: int) -> bool:
        """Do orientations ``a`` and ``b`` give the same shape?"""
        return (a - b) % self.shapes == 0


# Keys shared by every set: the same seed and order as ever, so a code has the same key in every
# variant (codes 8-63 draw first; the side key comes next; larger codes draw from a second stream).
_ZOBRIST_SQUARES = 128
_rng = random.Random(0x1A5E5C4E55)
_BASE_KEYS: list[int] = [0] * (64 * _ZOBRIST_SQUARES)
for _code in range(8, 64):
    for _sq in range(_ZOBRIST_SQUARES):
        _BASE_KEYS[_code << 7 | _sq] = _rng.getrandbits(64)
SIDE_KEY: int = _rng.getrandbits(64)
PART_KEYS: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(8))  # actions made this turn
_EXTRA_RNG = random.Random(0x5EC0D5E7)
_EXTRA_KEYS: list[int] = []


def _keys(code: int) -> list[int]:
    """The 128 square keys of one code."""
    if code < 64:
        return _BASE_KEYS[code << 7 : (code + 1) << 7]
    end = (code - 63) << 7
    while len(_EXTRA_KEYS) < end:
        _EXTRA_KEYS.append(_EXTRA_RNG.getrandbits(64))
    return _EXTRA_KEYS[end - 128 : end]


@dataclass(eq=False)
class PieceSet:
    """The kinds of one variant and every per-code table, sized from them."""

    kinds: tuple[PieceKind, ...]
    max_charge: int = 0  # highest beam charge any rule produces (0: beams have no charge)
    size: int = field(init=False)  # number of codes: every table has this many entries per code
    by_number: dict[int, PieceKind] = field(init=False, repr=False)
    by_letter: dict[str, PieceKind] = field(init=False, repr=False)
    simple: bool = field(init=False)  # single-beam fast path applies (no splits, no charge)
    fast_optics: list[int] = field(init=False, repr=False)
    optic_table: list[tuple[Optic, ...]] = field(init=False, repr=False)  # [code << 2 | travel][charge]
    rotate: tuple[list[int], ...] = field(init=False, repr=False)  # [0, cw, ccw, half][code]
    unrotate: tuple[list[int], ...] = field(init=False, repr=False)
    zobrist: list[int] = field(init=False, repr=False)  # [code << 7 | square]
    is_royal: list[bool] = field(init=False, repr=False)
    is_laser: list[bool] = field(init=False, repr=False)
    can_rotate: list[bool] = field(init=False, repr=False)
    captures: list[bool] = field(init=False, repr=False)
    value: list[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        numbers = [k.number for k in self.kinds]
        if len(set(numbers)) != len(numbers) or not all(1 <= n <= 31 for n in numbers):
            raise ValueError(f"piece kind numbers must be distinct and 1..31, not {numbers}")
        for k in self.kinds:
            if k.shapes not in (1, 2, 4):
                raise ValueError(f"{k.name}: shapes must be 1, 2 or 4, not {k.shapes}")
        self.by_number = {k.number: k for k in self.kinds}
        self.by_letter = {k.letter.upper(): k for k in self.kinds}
        self.size = (max(numbers) + 1) << 3
        n = self.size
        charges = range(self.max_charge + 1)
        self.optic_table = [(KILL,) * len(charges) for _ in range(n << 2)]
        self.fast_optics = [DESTROY] * (n << 2)
        simple = self.max_charge == 0
        self.zobrist = [0] * (n << 7)
        self.is_royal = [False] * n
        self.is_laser = [False] * n
        self.can_rotate = [False] * n
        self.captures = [False] * n
        self.value = [0] * n
        for k in self.kinds:
            for color in (0, 1):
                for o in range(4):
                    code = k.number << 3 | color << 2 | o
                    self.is_royal[code] = k.royal
                    self.is_laser[code] = k.emitter
                    self.can_rotate[code] = k.can_rotate
                    self.captures[code] = k.captures
                    self.value[code] = k.value
                    # Orientations of the same shape share keys: turning a two-sided mirror half
                    # round gives the same position.
                    same = k.number << 3 | color << 2 | (o % k.shapes)
                    self.zobrist[code << 7 : (code + 1) << 7] = _keys(same)
                    for travel in range(4):
                        answers = tuple(k.optics(o, travel, c) for c in charges)
                        self.optic_table[code << 2 | travel] = answers
                        first = answers[0]
                        if first.op is Op.SPLIT or first.charge is not None or first.charge_step:
                            simple = False
                        self.fast_optics[code << 2 | travel] = _fast(first, travel)
        self.simple = simple
        self.rotate = tuple(
            [(c & ~3) | ((c + turns) & 3) if c else 0 for c in range(n)] for turns in (0, 1, 3, 2)
        )
        self.unrotate = (self.rotate[0], self.rotate[2], self.rotate[1], self.rotate[3])

    # ------------------------------------------------------------ queries
    def kind(self, code_or_number: int, is_code: bool = True) -> PieceKind:
        return self.by_number[code_or_number >> 3 if is_code else code_or_number]

    def get(self, code: int) -> PieceKind | None:
        """The kind of a piece code, or None for an empty square or a code of no kind of this set."""
        return self.by_number.get(code >> 3) if code > 0 else None

    def turned(self, code: int, quarter_turns: int) -> int:
        """The piece turned ``quarter_turns`` clockwise, its orientation in the shortest form its
        shape has (a two-shape mirror is 0 or 1; a kind of one shape stays 0)."""
        kind = self.by_number.get(code >> 3)
        shapes = kind.shapes if kind is not None else 4
        return (code & ~3) | ((code + quarter_turns) & 3) % shapes

    def code_of(self, kind: int, color: int, orientation: int = 0) -> int:
        """The piece code of a kind number, colour and orientation."""
        return kind << 3 | (color & 1) << 2 | (orientation & 3)

    def name(self, code: int) -> str:
        return self.by_number[code >> 3].name

    def codes(self) -> Iterable[int]:
        """Every valid piece code of the set."""
        for k in self.kinds:
            for color in (0, 1):
                for o in range(4):
                    yield k.number << 3 | color << 2 | o

    def royal_numbers(self) -> tuple[int, ...]:
        return tuple(k.number for k in self.kinds if k.royal)

    def emitter_numbers(self) -> tuple[int, ...]:
        return tuple(k.number for k in self.kinds if k.emitter)

    def merged(self, other: PieceSet) -> PieceSet:
        """A set with the kinds of both (numbers must not clash unless the kinds are the same)."""
        kinds = {k.number: k for k in self.kinds}
        for k in other.kinds:
            if kinds.get(k.number, k) is not k:
                raise ValueError(f"kind number {k.number} means two different pieces")
            kinds[k.number] = k
        return PieceSet(tuple(kinds.values()), max(self.max_charge, other.max_charge))


def _fast(optic: Optic, travel: int) -> int:
    """The single-beam table entry of a charge-0 answer: a direction, ABSORB or DESTROY."""
    if optic.op is Op.PASS:
        return travel
    if optic.op in (Op.REFLECT, Op.BACK):
        return optic.out[0]
    if optic.op is Op.ABSORB:
        return ABSORB
    if optic.op is Op.DESTROY:
        return DESTROY
    return DESTROY  # a split has no single-beam answer (the set is then not simple)


__all__ = [
    "ABSORB",
    "DESTROY",
    "KILL",
    "PART_KEYS",
    "PASS",
    "SIDE_KEY",
    "STOP",
    "Op",
    "Optic",
    "PieceKind",
    "PieceSet",
    "back",
    "reflect",
    "split",
    "turning",
]
