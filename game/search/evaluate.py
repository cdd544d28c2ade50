"""Static evaluation that sees the laser: material, beam threats, royal exposure, placement.

Everything is scored from the side to move, in centi-units (a Pyramid is worth about 100).
The evaluation is split so the search can keep most of it incremental:

* **material + placement** is one signed sum per position (first player positive) built from the
  table :attr:`Evaluator.psq` (``psq[code << 7 | square]``); the search updates it per move from the
  squares a move touches and the pieces its shot removed, so it costs nothing at the leaves;
* **the beams**: one trace per side (:func:`trace_beam`) gives what each laser would destroy if it
  fired now and the squares it crosses (bitmasks); the search reuses them for move ordering;
* **royal exposure**: four reverse traces out of each Pharaoh/King (optics are reversible, so a
  beam leaving the royal square follows backwards every path a beam could take into it): lines
  that end at the enemy laser (one turn from a kill), lines the enemy beam crosses (one mirror
  from a kill), lines open to the edge, lines shut by the owner's pieces, enemy mirrors on the
  lines; then the neighbourhood: own guards next to the royal, enemy mirrors within two squares
  (most of all mirrors that cannot be destroyed, like a Khet Scarab). The search reuses a royal's
  exposure from the parent node while no move touches the squares it depends on;
* **beam control** (laser mobility): own mirrors on one's own beam are points where one move
  redirects the shot; piece mobility proper enters through the placement table (central squares
  have more steps);
* **Leiserchess strategy** (the course handouts' advice, off for Khet): *grip* (enemy Pawns that
  turn our beam are pinned in 2017, and zombies we may move), *king ring* (squares next to the
  enemy King our beam crosses: it cannot step there), *king room* (empty squares next to our own
  King), *naked* (no own piece next to the King: "a naked King is easy to zap"), *edge pawn*
  (a Pawn on the edge can hardly redirect a beam). They read only what the search already keeps
  (the traces' masks and mirror counts, the royal's square and its neighbourhood), so they cost
  no extra trace and the parent's exposure stays reusable.

Weights are per variant (:data:`WEIGHTS`), with generic defaults keyed by piece kind, so a new
variant gets a sensible evaluation without code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from game.pieces import OPTICS, Kind
from game.pieceset import DESTROY
from game.variants.base import Variant

OFF_BOARD = -3
MAX_HOPS = 256
_HOPS = range(MAX_HOPS)
# (danger, relevant squares, line 0..3, line squares, line danger, royal square): see Evaluator.exposure
Exposure = tuple[int, int, int, int, int, int, int, int, int]
NO_EXPOSURE: Exposure = (0, 0, 0, 0, 0, 0, 0, 0, -1)  # a missing royal: nothing to expose or depend on
# trace_beam's mirror counts per piece code: one more of the first (bit 2 clear) / second player's.
MIRROR_COUNT = tuple(1 << 8 if code >> 2 & 1 else 1 for code in range(256))


@dataclass(frozen=True)
class Weights:
    """Evaluation weights of one variant (centi-units)."""

    values: dict[int, int] = field(
        default_factory=lambda: {
            Kind.SPHINX: 0,
            Kind.PHARAOH: 0,
            Kind.SCARAB: 250,
            Kind.PYRAMID: 100,
            Kind.ANUBIS: 110,
            Kind.KING: 0,
            Kind.PAWN: 100,
        }
    )
    royal_threat_value: int = 1500  # what a beam on a royal piece is "worth" in threat terms
    tempo: int = 12
    free_capture: float = 0.8  # the side to move's beam already hits an enemy piece: it is nearly won
    hanging: float = 0.45  # the opponent's beam hits one of our pieces: we must spend the move on it
    self_hit_to_move: float = 0.15  # our own beam hits our piece and we are to move (we can fix it)
    self_hit_waiting: float = 0.25  # the opponent's beam hits its own piece (bonus for us)
    royal_hanging: int = 450  # the opponent's beam hits our royal (we must parry now)
    royal_self_hit: int = 120  # our own beam points at our royal (any quiet move kills it)
    laser_line: int = 110  # a line into the royal ends at the enemy laser, which can turn onto it
    cross_line: int = 28  # the enemy beam crosses a line into the royal (one mirror from a kill)
    open_line: int = 7  # a line into the royal runs off the board
    shut_line: int = 9  # a line into the royal ends on one of the owner's pieces
    enemy_mirror: int = 10  # per enemy mirror on a line into the royal (the enemy can turn it)
    guard: int = 6  # per own piece next to the royal
    near_mirror: int = 12  # an enemy (destructible) mirror next to the royal
    far_mirror: int = 4  # ...two squares away
    near_shield: int = 45  # an enemy mirror that cannot be destroyed (Khet Scarab) next to the royal
    far_shield: int = 18  # ...two squares away
    beam_control: int = 6  # per own mirror on one's own beam
    centre: int = 3  # per step of centrality for movable pieces
    royal_advance: int = 14  # per rank a royal stands away from its home rank
    # Leiserchess strategy terms (the handouts' advice; 0 = off, as for Khet):
    grip: int = 0  # per enemy Pawn turning our beam (pinned in 2017, a zombie) minus ours on theirs
    king_ring: int = 0  # per square next to the enemy royal that our beam crosses (where it cannot step)
    king_room: int = 0  # per empty square next to our own royal (room to step aside)
    naked: int = 0  # our royal has none of our pieces next to it ("a naked King is easy to zap")
    edge_pawn: int = 0  # a movable mirror on the board's edge (it can hardly redirect a beam there)


# Leiserchess: the strategy terms on. Measured by self-play (both sides our engine at depth 5,
# `match --white-weights` with and without them, colours alternated, SPRT [0, +50]): 2018 +21 =10 -6
# (+149 Elo, 95 %: +57 .. +268), 2017 with zombies +32 =1 -12 (+166, 95 %: +66 .. +303); docs/engine.md.
_LEISERCHESS = Weights(grip=15, king_ring=10, king_room=4, naked=30, edge_pawn=10)
WEIGHTS: dict[str, Weights] = {
    "khet": Weights(),
    "leiserchess2017": _LEISERCHESS,
    "leiserchess2018": _LEISERCHESS,
}


def weights_for(variant: Variant) -> Weights:
    return WEIGHTS.get(variant.name) or WEIGHTS.setdefault(variant.name, Weights())


@cache
def ray_masks(width: int, height: int) -> tuple[list[int], list[int]]:
    """``upto[(sq << 2 | d) * size + t]``: bits of the ray from ``sq`` in ``d`` up to and including
    ``t``; ``full[sq << 2 | d]``: the whole ray to the edge."""
    size = width * height
    dx, dy = (0, 1, 0, -1), (1, 0, -1, 0)
    upto = [0] * (4 * size * size)
    full = [0] * (4 * size)
    for sq in range(size):
        x0, y0 = sq % width, sq // width
        for d in range(4):
            mask = 0
            x, y = x0 + dx[d], y0 + dy[d]
            while 0 <= x < width and 0 <= y < height:
                t = y * width + x
                mask |= 1 << t
                upto[(sq << 2 | d) * size + t] = mask
                x += dx[d]
                y += dy[d]
            full[sq << 2 | d] = mask
    return upto, full


def trace_beam(
    board: list[int],
    rays: tuple[tuple[int, ...], ...],
    upto: list[int],
    full: list[int],
    size: int,
    start: int,
    direction: int,
) -> tuple[int, int, int, int]:
    """Follow a beam from ``start``: ``(stop square or -1, effect, squares mask, mirror counts)``.

    ``effect`` is DESTROY/ABSORB at the stop square, or OFF_BOARD. The squares mask holds every
    square the beam enters plus ``start`` itself: a move that touches none of them leaves the shot
    exactly as it is, which is what the search's move classification relies on. The mirror counts
    are ``first << 0 | second << 8``: how many of each player's pieces turn the beam (each counted
    once), what beam control scores; they too depend on the squares mask alone.
    """
    sq = start
    d = direction
    path = 1 << start
    mirrors = 0
    counts = 0
    for _ in _HOPS:
        key = sq << 2 | d
        for t in rays[key]:
            if board[t]:
                break
        else:
            return -1, OFF_BOARD, path | full[key], counts
        path |= upto[key * size + t]
        code = board[t]
        effect = OPTICS[code << 2 | d]
        if effect >= 0:
            bit = 1 << t
            if not mirrors & bit:
                mirrors |= bit
                counts += MIRROR_COUNT[code]
            sq = t
            d = effect
            continue
        return t, effect, path, counts
    return -1, OFF_BOARD, path, counts


class Evaluator:
    """Per-variant tables and the evaluation function (see module docstring)."""

    def __init__(self, variant: Variant, weights: Weights | None = None) -> None:
        self.variant = variant
        self.w = w = weights or weights_for(variant)
        geo = variant.geometry
        self.geometry = geo
        self.size = geo.size
        self.rays = geo.rays
        self.upto, self.full = ray_masks(geo.width, geo.height)
        self.is_royal = variant.is_royal
        self.is_laser = variant.is_laser
        n = variant.pieces.size  # every per-code table is sized from the variant's piece set
        optics = variant.pieces.fast_optics
        # Value of each code (material) and the threat value used for beam hits.
        self.value = [0] * n
        self.threat = [0] * n
        for code in range(8, n):
            kind = code >> 3
            v = w.values.get(kind, 100)
            self.value[code] = v
            self.threat[code] = w.royal_threat_value if variant.is_royal[code] else v
        self.psq = self._placement_table()
        self.neighbours = geo.neighbours
        self._exposure_weights = (w.open_line, w.shut_line, w.laser_line, w.enemy_mirror)
        self._guard = w.guard
        self._cross = w.cross_line
        self._tempo = w.tempo
        self._beam_control = w.beam_control
        self._grip = w.grip
        self._king_ring = w.king_ring
        self._king_room = w.king_room
        self._naked = w.naked
        # Beam-hit terms per piece code (see Weights).
        self._free = [int(w.free_capture * t) for t in self.threat]
        self._hanging = [int(w.hanging * t) for t in self.threat]
        self._self_wait = [int(w.self_hit_waiting * t) for t in self.threat]
        self._self_hit = [
            w.royal_self_hit if variant.is_royal[c] else int(w.self_hit_to_move * self.threat[c])
            for c in range(n)
        ]
        for c in range(n):
            if variant.is_royal[c]:
                self._hanging[c] = w.royal_hanging
        # Enemy pieces near a royal, by what they can do to a beam: reflect (a mirror the enemy can
        # steer), and whether they can ever be destroyed.
        self.near_danger = [0] * n
        self.far_danger = [0] * n
        for code in range(8, n):
            effects = [optics[code << 2 | d] for d in range(4)]
            if variant.is_laser[code] or not any(e >= 0 for e in effects):
                continue
            if any(e == DESTROY for e in effects):
                self.near_danger[code], self.far_danger[code] = w.near_mirror, w.far_mirror
            else:
                self.near_danger[code], self.far_danger[code] = w.near_shield, w.far_shield
        width, height = geo.width, geo.height
        self.ring2 = tuple(
            tuple(
                (y + dy) * width + x + dx
                for dy in range(-2, 3)
                for dx in range(-2, 3)
                if max(abs(dx), abs(dy)) == 2 and 0 <= x + dx < width and 0 <= y + dy < height
            )
            for y in range(height)
            for x in range(width)
        )
        self.ring1_mask = [sum(1 << t for t in geo.neighbours[sq]) for sq in range(geo.size)]
        self.near_mask = [
            (1 << sq) | sum(1 << t for t in geo.neighbours[sq]) | sum(1 << t for t in self.ring2[sq])
            for sq in range(geo.size)
        ]

    def _placement_table(self) -> list[int]:
        """``psq[code << 7 | sq]``: material plus placement, positive for the first player."""
        geo = self.geometry
        w = self.w
        width, height = geo.width, geo.height
        n = len(self.value)
        table = [0] * (n << 7)
        cx, cy = (width - 1) / 2, (height - 1) / 2
        for code in range(8, n):
            color = code >> 2 & 1
            sign = 1 if color == 0 else -1
            royal = self.is_royal[code]
            laser = self.is_laser[code]
            for sq in range(geo.size):
                # Seen from the owner's side: the second player's board is the 180° image.
                rel = sq if color == 0 else geo.size - 1 - sq
                x, y = rel % width, rel // width
                v = self.value[code]
                if royal and not laser:
                    v -= w.royal_advance * y
                elif not laser:
                    dist = abs(x - cx) + abs(y - cy)
                    v += int(w.centre * (cx + cy - dist) / 2)
                    if x in (0, width - 1) or y in (0, height - 1):
                        v -= w.edge_pawn
                table[code << 7 | sq] = sign * v
        return table

    # ------------------------------------------------------------------ whole-board helpers
    def psq_sum(self, board: list[int]) -> int:
        psq = self.psq
        return sum(psq[code << 7 | sq] for sq, code in enumerate(board) if code)

    def royal_squares(self, board: list[int]) -> list[int]:
        found = [-1, -1]
        for sq, code in enumerate(board):
            if code and self.is_royal[code]:
                found[code >> 2 & 1] = sq
        return found

    def beams(self, board: list[int], lasers: list[int]) -> list[tuple[int, int, int, int]]:
        """The current trace of each side's laser (see :func:`trace_beam`)."""
        out = []
        for color in (0, 1):
            e = lasers[color]
            if e < 0:
                out.append((-1, OFF_BOARD, 0, 0))
            else:
                out.append(trace_beam(board, self.rays, self.upto, self.full, self.size, e, board[e] & 3))
        return out

    # ------------------------------------------------------------------ the evaluation
    def evaluate(
        self,
        board: list[int],
        stm: int,
        psq_sum: int,
        royals: list[int],
        mine: tuple[int, int, int, int],
        theirs: tuple[int, int, int, int],
    ) -> int:
        """Score for the side to move ``stm``; ``mine``/``theirs`` are the two beams' traces."""
        exposures = [NO_EXPOSURE, NO_EXPOSURE]
        for color in (0, 1):
            if royals[color] >= 0:
                exposures[color] = self.exposure(board, royals[color], color)
        return self.score(board, stm, psq_sum, mine, theirs, exposures[stm], exposures[stm ^ 1])

    def score(
        self,
        board: list[int],
        stm: int,
        psq_sum: int,
        mine: tuple[int, int, int, int],
        theirs: tuple[int, int, int, int],
        my_exposure: Exposure,
        their_exposure: Exposure,
    ) -> int:
        """The evaluation from its parts (the search reuses traces and exposures between nodes)."""
        score = (psq_sum if stm == 0 else -psq_sum) + self._tempo

        # What each laser would destroy if it fired now.
        stop, effect, my_path, my_mirrors = mine
        if effect == DESTROY:
            victim = board[stop]
            score += self._free[victim] if victim >> 2 & 1 != stm else -self._self_hit[victim]
        stop, effect, their_path, their_mirrors = theirs
        if effect == DESTROY:
            victim = board[stop]
            score += -self._hanging[victim] if victim >> 2 & 1 == stm else self._self_wait[victim]

        # Beam control: own mirrors on one's own beam are redirection points.
        if stm == 0:
            own = (my_mirrors & 255) - (their_mirrors >> 8)
        else:
            own = (my_mirrors >> 8) - (their_mirrors & 255)
        score += self._beam_control * own
        if self._grip:  # the enemy's mirrors on our beam (pinned, zombies) against ours on theirs
            if stm == 0:
                score += self._grip * ((my_mirrors >> 8) - (their_mirrors & 255))
            else:
                score += self._grip * ((my_mirrors & 255) - (their_mirrors >> 8))
        if self._king_ring:  # squares next to each royal its enemy's beam crosses
            r = their_exposure[8]
            if r >= 0:
                score += self._king_ring * (self.ring1_mask[r] & my_path).bit_count()
            r = my_exposure[8]
            if r >= 0:
                score -= self._king_ring * (self.ring1_mask[r] & their_path).bit_count()

        # Royal exposure, plus the lines into each royal that the enemy beam crosses.
        # (Each line is tested only when the beam meets any of them or the royal's square.)
        cross = self._cross
        danger, _, l0, l1, l2, l3, on_lines, _, _ = my_exposure
        score -= danger
        if on_lines & their_path:
            hits = (l0 & their_path != 0) + (l1 & their_path != 0) + (l2 & their_path != 0)
            score -= cross * (hits + (l3 & their_path != 0))
        danger, _, l0, l1, l2, l3, on_lines, _, _ = their_exposure
        score += danger
        if on_lines & my_path:
            hits = (l0 & my_path != 0) + (l1 & my_path != 0) + (l2 & my_path != 0)
            score += cross * (hits + (l3 & my_path != 0))
        return score

    def exposure(self, board: list[int], r: int, color: int) -> Exposure:
        """How open the royal of ``color`` on ``r`` is (higher = worse), without the crossing term.

        Returns ``(danger, relevant squares, line 0..3, line squares, line danger, r)``: the lines are
        the four reverse paths as bitmasks; the result depends on nothing outside ``relevant`` (lines,
        their ends and the two rings around the royal), so the search may reuse it while no move
        touches those squares, and only the rings' part (:meth:`exposure_near`) while no move touches
        the royal's square or its lines (``line squares``; ``line danger`` is their part).
        """
        rays = self.rays
        upto = self.upto
        full = self.full
        size = self.size
        is_laser = self.is_laser
        open_line, shut_line, laser_line, enemy_mirror = self._exposure_weights
        danger = 0
        lines = []
        for d in (0, 1, 2, 3):
            sq = r
            line = 0
            while True:  # a reverse path cannot loop: it starts on a square that is not a mirror
                key = sq << 2 | d
                for t in rays[key]:
                    if board[t]:
                        break
                else:
                    line |= full[key]
                    danger += open_line
                    break
                line |= upto[key * size + t]
                code = board[t]
                effect = OPTICS[code << 2 | d]
                if effect >= 0:
                    if (code >> 2 & 1) != color:
                        danger += enemy_mirror
                    sq = t
                    d = effect
                    continue
                if (code >> 2 & 1) == color:
                    danger -= shut_line
                elif is_laser[code] and (code & 3) != (d + 2) & 3:
                    danger += laser_line
                break
            lines.append(line)
        l0, l1, l2, l3 = lines
        on_lines = l0 | l1 | l2 | l3 | 1 << r
        return (
            danger + self._near_danger(board, r, color),
            on_lines | self.near_mask[r],
            l0,
            l1,
            l2,
            l3,
            on_lines,
            danger,
            r,
        )

    def exposure_near(self, board: list[int], e: Exposure, color: int) -> Exposure:
        """``e`` (an :meth:`exposure`) after a move that changed only squares around the royal, none
        on its lines nor the royal's own: the lines' part is kept, the rings' recounted."""
        return (e[7] + self._near_danger(board, e[8], color), e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])

    def _near_danger(self, board: list[int], r: int, color: int) -> int:
        """The royal's neighbourhood: own guards, and enemy mirrors close by (an enemy mirror that
        cannot be destroyed, like a Khet Scarab, next to the royal is the classic way to lose)."""
        danger = 0
        near = self.near_danger
        guard = self._guard
        room = self._king_room
        guards = 0
        for t in self.neighbours[r]:
            code = board[t]
            if code:
                if (code >> 2 & 1) == color:
                    guards += 1
                else:
                    danger += near[code]
            elif room:
                danger -= room
        danger -= guard * guards
        if not guards:
            danger += self._naked
        far = self.far_danger
        for t in self.ring2[r]:
            code = board[t]
            if code and (code >> 2 & 1) != color:
                danger += far[code]
        return danger
