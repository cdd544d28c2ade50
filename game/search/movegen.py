"""Moves that touch a set of squares, generated without producing every move first.

Quiescence and parries only care about moves that can change a beam: moves of a piece on the beam,
and moves onto it. :func:`touching_moves` returns exactly
``[c for c in generate(pos) if c touches mask]`` in the same order (so the search's answers do not
change), but for Khet it looks only at the squares on or next to the mask. Other rule sets get the
filtered full list. ``tests/test_movegen.py`` checks the equality on many positions.
"""

from __future__ import annotations

from game.move import CLOCKWISE, COUNTER_CLOCKWISE
from game.position import Position
from game.variants.khet import ANUBIS, PHARAOH, PYRAMID, SCARAB, SPHINX, Khet

REGION_CACHE_ENTRIES = 20_000
# OWN[colour][code]: 1 for a piece of that colour (bit 2 of its code), 0 for the other's and for empty.
OWN = tuple(bytes(1 if code and code >> 2 & 1 == colour else 0 for code in range(256)) for colour in (0, 1))


class _KhetTables:
    """Per board shape: each square's neighbour mask; each colour's allowed targets per square."""

    def __init__(self, variant: Khet) -> None:
        geo = variant.geometry
        self.variant = variant
        self.step = geo.step
        self.forbidden = variant.forbidden
        self.optics = variant.pieces.fast_optics
        self.nbmask = [sum(1 << t for t in geo.neighbours[sq]) for sq in range(geo.size)]
        allowed = [[t for t in range(geo.size) if t not in variant.forbidden[color]] for color in (0, 1)]
        self.targets = tuple(
            tuple(tuple(t for t in geo.neighbours[sq] if t in allowed[color]) for sq in range(geo.size))
            for color in (0, 1)
        )
        self.regions: dict[int, tuple[int, ...]] = {}

    def region(self, mask: int) -> tuple[int, ...]:
        """The squares on ``mask`` or next to it, ascending (cached: beams repeat across the tree)."""
        got = self.regions.get(mask)
        if got is None:
            nb = self.nbmask
            region = mask
            m = mask
            while m:
                low = m & -m
                region |= nb[low.bit_length() - 1]
                m ^= low
            squares = []
            while region:
                low = region & -region
                squares.append(low.bit_length() - 1)
                region ^= low
            if len(self.regions) >= REGION_CACHE_ENTRIES:
                self.regions.clear()
            got = self.regions[mask] = tuple(squares)
        return got


_tables: dict[int, _KhetTables] = {}
_square_sets: dict[int, bytes] = {}


def square_flags(mask: int) -> bytes:
    """One byte per square (256, enough for any move code's squares): 1 where ``mask`` has the bit.
    Cached: the same beams come back all over the tree, and indexing bytes is faster than shifting."""
    got = _square_sets.get(mask)
    if got is None:
        if len(_square_sets) >= REGION_CACHE_ENTRIES:
            _square_sets.clear()
        got = _square_sets[mask] = bytes(mask >> sq & 1 for sq in range(256))
    return got


def _khet_tables(variant: Khet) -> _KhetTables:
    t = _tables.get(id(variant))
    if t is None or t.variant is not variant:
        t = _tables[id(variant)] = _KhetTables(variant)
    return t


def generates_by_region(pos: Position) -> bool:
    """Whether :func:`touching_moves` and :func:`moves_apart` generate only what they return (Khet);
    for other rule sets a caller that needs both passes them one full list."""
    return isinstance(pos.variant, Khet)


def touching_moves(
    pos: Position, mask: int, moves: list[int] | None = None, entries: list[int] | None = None
) -> list[int]:
    """The legal moves of the side to move whose from- or to-square lies on ``mask`` (bit per square),
    or that have a third square, in the order :meth:`Position.generate_codes` gives them.

    With ``entries`` (Khet: the side to move's beam, :func:`~game.search.beams.beam_entries`, whose
    squares ``mask`` is) a piece's steps from off the beam onto an empty square of it are left out
    where the beam then destroys the piece or stops on it: such a move changes nothing else the shot
    does, so it destroys no enemy piece (quiescence asks only for those)."""
    variant = pos.variant
    if pos.loser >= 0:
        return []
    if not isinstance(variant, Khet):
        if moves is None:
            moves = pos.generate_codes()
        flags = square_flags(mask)
        return [c for c in moves if flags[c & 255] or flags[c >> 8 & 255] or c >> 18]
    tables = _tables.get(id(variant))
    if tables is None or tables.variant is not variant:
        tables = _khet_tables(variant)
    board = pos.board
    turn = pos.turn
    targets = tables.targets[turn]
    swap_reserved_ok = getattr(pos.options, "swap_into_reserved", False)  # Khet's option (KhetOptions)
    forbidden = tables.forbidden
    flags = square_flags(mask)
    optics = tables.optics
    out: list[int] = []
    append = out.append
    own = OWN[turn]
    for sq in tables.region(mask):
        p = board[sq]
        if not own[p]:
            continue
        on = flags[sq]
        kind = p >> 3
        if kind == SPHINX:
            if on:
                step = tables.step
                d = p & 3
                if step[sq << 2 | ((d + 1) & 3)] >= 0:
                    append(sq | sq << 8 | CLOCKWISE << 16)
                if step[sq << 2 | ((d + 3) & 3)] >= 0:
                    append(sq | sq << 8 | COUNTER_CLOCKWISE << 16)
            continue
        if kind == SCARAB:
            for t in targets[sq]:
                if on or flags[t]:
                    q = board[t]
                    if (
                        not q
                        or (q >> 3 == PYRAMID or q >> 3 == ANUBIS)
                        and (swap_reserved_ok or sq not in forbidden[q >> 2 & 1])
                    ):
                        append(sq | t << 8)
            if on:
                append(sq | sq << 8 | CLOCKWISE << 16)
            continue
        if on:
            for t in targets[sq]:
                if not board[t]:
                    append(sq | t << 8)
            if kind != PHARAOH:
                append(sq | sq << 8 | CLOCKWISE << 16)
                append(sq | sq << 8 | COUNTER_CLOCKWISE << 16)
        elif entries is None:
            for t in targets[sq]:
                if flags[t] and not board[t]:
                    append(sq | t << 8)
        else:
            for t in targets[sq]:
                if flags[t] and not board[t] and optics[p << 2 | (entries[t] & 3)] >= 0:
                    append(sq | t << 8)
    return out


def moves_apart(
    pos: Position, mine: int, theirs: int, moves: list[int] | None = None
) -> tuple[list[int], list[int]]:
    """The legal moves of the side to move that touch no square of ``mine`` (and have no third
    square), split into those touching ``theirs`` and the rest, each in generation order: the
    search's second stage (the moves touching ``mine`` came from :func:`touching_moves`)."""
    variant = pos.variant
    near: list[int] = []
    far: list[int] = []
    if pos.loser >= 0:
        return near, far
    if not isinstance(variant, Khet):
        if moves is None:
            moves = pos.generate_codes()
        flags = square_flags(mine)
        rest = [c for c in moves if not (flags[c & 255] or flags[c >> 8 & 255] or c >> 18)]
        flags = square_flags(theirs)
        near = [c for c in rest if flags[c & 255] or flags[c >> 8 & 255]]
        if len(near) < len(rest):
            far = [c for c in rest if not (flags[c & 255] or flags[c >> 8 & 255])]
        return near, far
    tables = _tables.get(id(variant))
    if tables is None or tables.variant is not variant:
        tables = _khet_tables(variant)
    board = pos.board
    turn = pos.turn
    targets = tables.targets[turn]
    swap_reserved_ok = getattr(pos.options, "swap_into_reserved", False)  # Khet's option (KhetOptions)
    forbidden = tables.forbidden
    mine_at = square_flags(mine)
    theirs_at = square_flags(theirs)
    # The squares of our pieces, found by C-level byte operations (faster than a scan in Python).
    own = bytes(board).translate(OWN[turn])
    sq = -1
    while True:
        sq = own.find(1, sq + 1)
        if sq < 0:
            break
        if mine_at[sq]:
            continue
        p = board[sq]
        on = theirs_at[sq]
        kind = p >> 3
        if kind == SPHINX:
            step = tables.step
            d = p & 3
            out = near if on else far
            if step[sq << 2 | ((d + 1) & 3)] >= 0:
                out.append(sq | sq << 8 | CLOCKWISE << 16)
            if step[sq << 2 | ((d + 3) & 3)] >= 0:
                out.append(sq | sq << 8 | COUNTER_CLOCKWISE << 16)
            continue
        if kind == SCARAB:
            for t in targets[sq]:
                if mine_at[t]:
                    continue
                q = board[t]
                if (
                    not q
                    or (q >> 3 == PYRAMID or q >> 3 == ANUBIS)
                    and (swap_reserved_ok or sq not in forbidden[q >> 2 & 1])
                ):
                    (near if on or theirs_at[t] else far).append(sq | t << 8)
            (near if on else far).append(sq | sq << 8 | CLOCKWISE << 16)
            continue
        if on:
            for t in targets[sq]:
                if not board[t] and not mine_at[t]:
                    near.append(sq | t << 8)
        else:
            for t in targets[sq]:
                if not board[t] and not mine_at[t]:
                    (near if theirs_at[t] else far).append(sq | t << 8)
        if kind != PHARAOH:
            out = near if on else far
            out.append(sq | sq << 8 | CLOCKWISE << 16)
            out.append(sq | sq << 8 | COUNTER_CLOCKWISE << 16)
    return near, far


def first_apart(pos: Position, mask: int) -> int:
    """The first legal move of the side to move, in :meth:`Position.generate_codes`'s order, that
    touches no square of ``mask`` and has no third square (-1: none). For Khet only the pieces off
    the mask are looked at, and only until one has such a move."""
    variant = pos.variant
    flags = square_flags(mask)
    if not isinstance(variant, Khet):
        for c in variant.generate(pos):
            if not (flags[c & 255] or flags[c >> 8 & 255] or c >> 18):
                return c
        return -1
    if pos.loser >= 0:
        return -1
    tables = _khet_tables(variant)
    board = pos.board
    targets = tables.targets[pos.turn]
    swap_reserved_ok = getattr(pos.options, "swap_into_reserved", False)
    forbidden = tables.forbidden
    own = bytes(board).translate(OWN[pos.turn])
    sq = own.find(1)
    while sq >= 0:
        if not flags[sq]:
            p = board[sq]
            kind = p >> 3
            if kind == SPHINX:
                d = p & 3
                for turn, rotation in ((1, CLOCKWISE), (3, COUNTER_CLOCKWISE)):
                    if tables.step[sq << 2 | ((d + turn) & 3)] >= 0:
                        return sq | sq << 8 | rotation << 16
            else:
                for t in targets[sq]:
                    q = board[t]
                    if flags[t]:
                        continue
                    if not q or (
                        kind == SCARAB
                        and (q >> 3 == PYRAMID or q >> 3 == ANUBIS)
                        and (swap_reserved_ok or sq not in forbidden[q >> 2 & 1])
                    ):
                        return sq | t << 8
                if kind != PHARAOH:
                    return sq | sq << 8 | CLOCKWISE << 16
        sq = own.find(1, sq + 1)
    return -1
