"""The beam-tracing engine profile of Khet and the Leiserchess editions (the rule sets whose moves are
one step, swap or rotation followed by the mover's shot: ``variant.fast_codes``).

Laser-aware ordering and beam classification, as the search's protocol (game/search/profile.py):

* **evaluation** (:class:`~game.search.evaluate.Evaluator`, tables from the variant's piece set):
  material and placement as one incremental sum, both beams' traces and both royals' exposure; a
  child reuses its parent's traces and exposures when its move changed none of their squares;
* **stage one**: only the moves touching our own beam can change what our shot destroys, so they
  alone are generated first and classified by a virtual shot (traced from the first beam square the
  move changes, without making it): a shot into the enemy royal wins at once, one into our own royal
  is dropped, captures are keyed by what they destroy; each classified move keeps where its shot
  stops, so making it does not trace the shot again;
* **stage two**: the other moves, those touching the enemy beam first (parries when it threatens
  us); every move off our beam fires our shot as it is;
* **quiescence**: moves touching our beam whose virtual shot destroys an enemy piece; when the enemy
  beam hits our royal, the moves that parry it (:meth:`BeamProfile.evasions`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.laser import fire
from game.pieces import OPTICS
from game.pieceset import DESTROY
from game.position import ROTATE, Position
from game.search.evaluate import NO_EXPOSURE, OFF_BOARD, Evaluator, Weights, trace_beam, weights_for
from game.search.movegen import first_apart, generates_by_region, moves_apart, touching_moves
from game.search.profile import (
    DANGER,
    ORDER_BAD,
    ORDER_CAPTURE,
    ORDER_ESCAPE,
    ORDER_KILLER,
    ORDER_TOUCH,
    ORDER_TOUCH_THEIRS,
    WINS,
    Info,
    Profile,
    Stage,
)
from game.variants.base import Variant

CODE_BITS = 27  # a fast move code fits below this bit
ENTRIES_MEMO = 50_000  # beam traces whose entries (beam_entries) are kept
NO_BEAM = (-1, OFF_BOARD, 0, 0)
HIT_SHIFT = 16  # shot_after's answer: the square of the piece destroyed above the piece code
VICTIM_MASK = (1 << HIT_SHIFT) - 1
OFF_PATH = 1 << 24  # beam_entries: a square the beam never enters


def shot_after(board: list[int], rays: tuple[tuple[int, ...], ...], c: int, emitter: int) -> int:
    """What move ``c`` (no third square) would destroy with a single shot: 0 for nothing, else
    ``square << HIT_SHIFT | piece code`` (``& VICTIM_MASK`` is the piece, ``>> HIT_SHIFT`` the square
    the search hands to ``make_code`` so the move's shot is not traced a second time).

    The move is applied to ``board`` only for the trace and undone before returning: this is
    the cheap way to learn what a move does to the beam without a full make/unmake.
    """
    frm = c & 255
    to = c >> 8 & 255
    p = board[frm]
    q = board[to]
    if frm != to:
        board[to] = p
        board[frm] = q
        if emitter == frm:
            emitter = to
        elif emitter == to:
            emitter = frm
    rot = c >> 16 & 3
    if rot:
        board[to] = ROTATE[rot][board[to]]
    victim = 0
    if emitter >= 0:
        hit = fire(board, rays, emitter, board[emitter] & 3)
        if hit >= 0:
            victim = board[hit] | hit << HIT_SHIFT
    board[frm] = p
    board[to] = q
    return victim


def beam_entries(board: list[int], rays: tuple[tuple[int, ...], ...], emitter: int, size: int) -> list[int]:
    """Per square, ``order << 2 | direction`` of the beam's first pass (the emitter is order 0 with
    its facing), OFF_PATH where the beam never goes: what :func:`shot_along` starts from."""
    entries = [OFF_PATH] * size
    segments: list[tuple[int, int, int, int]] = []
    d = board[emitter] & 3
    fire(board, rays, emitter, d, segments)
    entries[emitter] = d
    n = 4
    for frm, d, to, _ in segments:
        for t in rays[frm << 2 | d]:
            if entries[t] == OFF_PATH:
                entries[t] = n | d
                n += 4
            if t == to:
                break
    return entries


def shot_along(
    board: list[int],
    rays: tuple[tuple[int, ...], ...],
    c: int,
    emitter: int,
    entries: list[int],
    vacated: dict[int, tuple[int, int]],
    ev: Evaluator,
) -> int:
    """:func:`shot_after` (same answer), traced only from the first square of the beam the move
    changes: the beam up to it is the same, and there it meets the square's new content.

    A piece stepping off the beam lets it run on through the square it left, the same for each of
    its steps unless it lands on that new beam: ``vacated`` (one per node) keeps that trace."""
    frm = c & 255
    to = c >> 8 & 255
    ef = entries[frm]
    et = entries[to]
    if ef <= et:
        start = frm
        d = ef
    else:
        start = to
        d = et
    if start == emitter or d == OFF_PATH or c >> 18:
        return shot_after(board, rays, c, emitter)
    d &= 3
    p = board[frm]
    q = board[to]
    if start == frm and not q and frm != to and not c >> 16 & 3:
        got = vacated.get(frm)
        if got is None:
            board[frm] = 0
            stop, effect, new_path, _ = trace_beam(board, rays, ev.upto, ev.full, ev.size, frm, d)
            board[frm] = p
            got = vacated[frm] = (board[stop] | stop << HIT_SHIFT if effect == DESTROY else 0, new_path)
        if not got[1] >> to & 1:
            return got[0]
    if frm != to:
        board[to] = p
        board[frm] = q
    rot = c >> 16 & 3
    if rot:
        board[to] = ROTATE[rot][board[to]]
    piece = board[start]
    if not piece:
        hit = fire(board, rays, start, d)
    else:
        effect = OPTICS[piece << 2 | d]
        if effect >= 0:
            hit = fire(board, rays, start, effect)
        else:
            hit = start if effect == DESTROY else -1
    victim = board[hit] | hit << HIT_SHIFT if hit >= 0 else 0
    board[frm] = p
    board[to] = q
    return victim


_DEFAULT_EVALUATORS: dict[str, Evaluator] = {}


def default_evaluator(variant: Variant) -> Evaluator:
    """The evaluator of ``variant`` with its default weights, one for every engine (it never changes,
    and building its tables costs more than a short search)."""
    ev = _DEFAULT_EVALUATORS.get(variant.name)
    if ev is None or ev.variant is not variant:
        ev = _DEFAULT_EVALUATORS[variant.name] = Evaluator(variant)
    return ev


class BeamProfile(Profile):
    """Khet's and the Leiserchess editions' answers to the search (see the module docs).

    A node's analysis is ``(static, threats, mine, theirs, exposure of the first player's royal, of
    the second's)``: ``mine``/``theirs`` are the side to move's and the other side's beam traces
    (:func:`~game.search.evaluate.trace_beam`: stop square, effect, squares mask, mirror counts);
    ``threats`` has WINS when our beam already hits the enemy royal, DANGER when theirs hits ours."""

    code_bits = CODE_BITS
    chance = False

    def __init__(self, variant: Variant, weights: Weights | None = None) -> None:
        self.ev = default_evaluator(variant) if weights is None else Evaluator(variant, weights)
        super().__init__(variant, weights)
        self.changed = 0  # squares the last move changed (bitmask)
        self.royals = [-1, -1]
        self.entries_memo: dict[int, tuple[tuple[int, int, int, int], list[int]]] = {}
        self.virtual_shots = not variant.refire  # one shot per move: a move's effect can be simulated
        self.by_region = False

    @classmethod
    def default_weights(cls, variant: Variant) -> Weights:
        return weights_for(variant)

    def piece_values(self) -> list[int]:
        return self.ev.value

    def is_quiet(self, pos: Position) -> bool:
        """No beam is about to destroy a piece (the static score says little while one is)."""
        return all(beam[1] != DESTROY for beam in self.ev.beams(pos.board, pos.lasers))

    # ------------------------------------------------------------ the position
    def begin(self, pos: Position) -> int:
        super().begin(pos)
        self.psq = self.ev.psq
        self.royals = self.ev.royal_squares(pos.board)
        self.entries_memo = {}
        self.changed = 0
        self.removed = ()
        self.by_region = generates_by_region(pos)
        self.make = pos.make_code
        return self.ev.psq_sum(pos.board)

    def play(self, code: int, s: int, hit: int = -2) -> int:
        """Make move ``code`` and return the updated material+placement sum (first player's view).

        ``hit``: where the move's shot stops when the caller knows it (see ``Position.make_code``).
        """
        board = self.board
        psq = self.psq
        frm = code & 255
        to = code >> 8 & 255
        pf = board[frm]
        pt = board[to]
        then = code >> 18
        if then:
            th = then - 1
            pth = board[th]
        removed = self.make(code, None, fire, hit)
        if frm == to:
            s += psq[board[to] << 7 | to] - psq[pf << 7 | to]
        elif pt:
            s += (
                psq[board[frm] << 7 | frm] + psq[board[to] << 7 | to] - psq[pf << 7 | frm] - psq[pt << 7 | to]
            )
        else:  # a step to an empty square leaves ``frm`` empty (an empty square counts 0)
            s += psq[board[to] << 7 | to] - psq[pf << 7 | frm]
        changed = 1 << frm | 1 << to
        if then:
            s += psq[board[th] << 7 | th] - psq[pth << 7 | th]
            changed |= 1 << th
        if removed:
            for i in range(0, len(removed), 2):
                sq = removed[i]
                changed |= 1 << sq
                if sq != frm and sq != to and (not then or sq != th):
                    s -= psq[removed[i + 1] << 7 | sq]
        self.changed = changed
        self.removed = removed
        return s

    def root_moves(self) -> list[int]:
        return self.pos.generate_codes()

    # ------------------------------------------------------------ evaluation
    def evaluate(self, pos: Position) -> int:
        ev = self.ev
        board = pos.board
        beams = ev.beams(board, pos.lasers)
        stm = pos.turn
        return ev.evaluate(board, stm, ev.psq_sum(board), ev.royal_squares(board), beams[stm], beams[stm ^ 1])

    def _royal_squares(self, board: list[int]) -> list[int]:
        """Where each royal piece stands (cached; royals step one square, so look nearby first)."""
        royals = self.royals
        is_royal = self.ev.is_royal
        for color in (0, 1):
            r = royals[color]
            code = board[r] if r >= 0 else 0
            if code and is_royal[code] and code >> 2 & 1 == color:
                continue
            for t in self.ev.neighbours[r] if r >= 0 else ():
                code = board[t]
                if code and is_royal[code] and code >> 2 & 1 == color:
                    royals[color] = t
                    break
            else:
                royals[color] = self.ev.royal_squares(board)[color]
        return royals

    def analyse(self, h: int, stm: int, s: int, ply: int, parent: Info | None) -> Info:
        """Static score, both beams' traces and both royals' exposure.

        The parent's traces and exposures are reused when the move that led here changed none of
        the squares they depend on (most moves are far from both beams and both royals).
        """
        board = self.board
        ev = self.ev
        if parent is not None:
            changed = self.changed
            _, _, p_mine, p_theirs, e0, e1 = parent
            # The side to move here is the parent's opponent: the beams swap roles.
            if changed & p_theirs[2]:
                e = self.pos.lasers[stm]
                mine = (
                    trace_beam(board, ev.rays, ev.upto, ev.full, ev.size, e, board[e] & 3)
                    if e >= 0
                    else NO_BEAM
                )
            else:
                mine = p_theirs
            if changed & p_mine[2]:
                e = self.pos.lasers[stm ^ 1]
                theirs = (
                    trace_beam(board, ev.rays, ev.upto, ev.full, ev.size, e, board[e] & 3)
                    if e >= 0
                    else NO_BEAM
                )
            else:
                theirs = p_mine
            if e0 is NO_EXPOSURE:
                e0 = None
            elif changed & e0[1]:
                e0 = None if changed & e0[6] else ev.exposure_near(board, e0, 0)
            if e1 is NO_EXPOSURE:
                e1 = None
            elif changed & e1[1]:
                e1 = None if changed & e1[6] else ev.exposure_near(board, e1, 1)
        else:
            mine, theirs = self._trace(stm), self._trace(stm ^ 1)
            e0 = e1 = None
        if e0 is None or e1 is None:
            royals = self._royal_squares(board)
            if e0 is None:
                e0 = ev.exposure(board, royals[0], 0) if royals[0] >= 0 else NO_EXPOSURE
            if e1 is None:
                e1 = ev.exposure(board, royals[1], 1) if royals[1] >= 0 else NO_EXPOSURE
        if stm == 0:
            static = ev.score(board, 0, s, mine, theirs, e0, e1)
        else:
            static = ev.score(board, 1, s, mine, theirs, e1, e0)
        threats = 0
        if mine[1] == DESTROY:
            victim = board[mine[0]]
            if ev.is_royal[victim] and victim >> 2 & 1 != stm:
                threats = WINS
        if theirs[1] == DESTROY:
            victim = board[theirs[0]]
            if victim and ev.is_royal[victim] and victim >> 2 & 1 == stm:
                threats |= DANGER
        return (static, threats, mine, theirs, e0, e1)

    def _trace(self, color: int) -> tuple[int, int, int, int]:
        """The trace of ``color``'s beam as the board stands."""
        e = self.pos.lasers[color]
        if e < 0:
            return NO_BEAM
        ev = self.ev
        return trace_beam(self.board, ev.rays, ev.upto, ev.full, ev.size, e, self.board[e] & 3)

    def _entries_of(self, beam: tuple[int, int, int, int], emitter: int) -> list[int]:
        """:func:`beam_entries` of the side to move's ``beam`` (its trace, fired from ``emitter``).

        A trace is reused by every child whose move touched none of its squares, and so is the
        course along them: the entries are kept with the trace object (held, so its id stays its)."""
        memo = self.entries_memo
        got = memo.get(id(beam))
        if got is not None and got[0] is beam:
            return got[1]
        entries = beam_entries(self.board, self.ev.rays, emitter, self.ev.size)
        if len(memo) >= ENTRIES_MEMO:
            memo.clear()
        memo[id(beam)] = (beam, entries)
        return entries

    # ------------------------------------------------------------ threats
    def won(self, info: Info, ply: int) -> int:
        """Our beam hits the enemy royal (WINS): the first move off it (which then fires unchanged into
        the royal), verified; -1: none."""
        pos = self.pos
        c = first_apart(pos, info[2][2])
        if c < 0:
            return -1
        pos.make_code(c)
        won = pos.loser == pos.turn
        pos.unmake_code()
        return c if won else -1

    def null_move(self, info: Info) -> tuple[int, int] | None:
        """Pass: the laser fires as after any move away from the beams (the shot as it is)."""
        e = self.pos.lasers[self.pos.turn]
        my_stop, my_effect, _, _ = info[2]
        return ((e | e << 8) if e >= 0 else 0), (my_stop if my_effect == DESTROY else -1)

    def tt_hint(self, info: Info, move: int) -> int:
        my_stop, my_effect, my_path, _ = info[2]
        if move >> 18 or my_path >> (move & 255) & 1 or my_path >> (move >> 8 & 255) & 1:
            return -2
        return my_stop if my_effect == DESTROY else -1

    # ------------------------------------------------------------ moves
    def stage_one(self, info: Info, tt_move: int, killers: list[int], hist: dict[int, int]) -> Stage | int:
        """The moves touching our beam, classified by their shot (a royal kill returns at once)."""
        pos = self.pos
        board = self.board
        stm = pos.turn
        opp = stm ^ 1
        ev = self.ev
        is_royal = ev.is_royal
        value = ev.value
        _, _, mine, theirs, _, _ = info
        my_stop, my_effect, my_path, _ = mine
        their_stop, their_effect, their_path, _ = theirs
        my_victim = board[my_stop] if my_effect == DESTROY else 0
        their_victim = board[their_stop] if their_effect == DESTROY else 0
        free_gain = 0
        free_self_kill = False
        if my_victim:
            if my_victim >> 2 & 1 == opp:
                free_gain = value[my_victim] + 1
            elif is_royal[my_victim]:
                free_self_kill = True
            else:
                free_gain = -value[my_victim] - 1
        threatened = bool(their_victim) and their_victim >> 2 & 1 == stm
        moves = None if self.by_region else pos.generate_codes()  # one full list for both stages
        hot_mine = touching_moves(pos, my_path, moves)
        emitter = pos.lasers[stm]
        hits: dict[int, int] = {}
        my_hit = my_stop if my_effect == DESTROY else -1
        got = self._classify(hot_mine, tt_move, killers, hist, emitter, mine, hits, my_hit)
        if isinstance(got, int):
            return got
        tactical, bad = got
        rest = (moves, my_path, their_path, free_gain, free_self_kill, threatened)
        return tactical, bad, hits, my_hit, len(hot_mine), rest, bool(free_gain or free_self_kill)

    def _classify(
        self,
        hot: list[int],
        tt_move: int,
        killers: list[int],
        hist: dict[int, int],
        emitter: int,
        mine: tuple[int, int, int, int],
        hits: dict[int, int],
        my_hit: int,
    ) -> tuple[list[int], list[int]] | int:
        """Key each move touching our beam by its shot; fill ``hits`` with where each one's shot stops
        (-1 nothing, -2 unknown) where that is not ``my_hit``, the stop of the shot as it is (every
        move off the beam fires that); a move killing the enemy royal is returned at once."""
        pos = self.pos
        board = self.board
        opp = pos.turn ^ 1
        ev = self.ev
        is_royal = ev.is_royal
        value = ev.value
        rays = ev.rays
        k1, k2 = killers
        virtual = self.virtual_shots
        along = virtual and emitter >= 0 and self.by_region  # (elsewhere lasers move: whole traces pay)
        entries: list[int] = []
        if along:
            got = self.entries_memo.get(id(mine))  # (_entries_of's usual answer, without the call)
            entries = got[1] if got is not None and got[0] is mine else self._entries_of(mine, emitter)
        vacated: dict[int, tuple[int, int]] = {}
        tactical: list[int] = []
        bad: list[int] = []
        for c in hot:
            if c == tt_move:
                continue
            if virtual and not c >> 18:
                if along:
                    shot = shot_along(board, rays, c, emitter, entries, vacated, ev)
                else:
                    shot = shot_after(board, rays, c, emitter)
                victim = shot & VICTIM_MASK
                if not victim:
                    if my_hit >= 0:
                        hits[c] = -1
                    key = ORDER_TOUCH + hist.get(c, 0)
                    if c in (k1, k2):
                        key = ORDER_KILLER + (c == k1)
                elif is_royal[victim]:
                    if victim >> 2 & 1 == opp:
                        return c
                    continue  # destroys our own royal: a loss, never worth searching
                else:
                    hits[c] = shot >> HIT_SHIFT
                    if victim >> 2 & 1 == opp:
                        key = ORDER_CAPTURE + (value[victim] + 1) * 4096
                    else:
                        key = ORDER_BAD - (value[victim] + 1) * 4096
            else:
                hits[c] = -2
                removed = pos.make_code(c)
                loser = pos.loser
                pos.unmake_code()
                if loser >= 0:
                    if loser == opp:
                        return c
                    continue
                if removed:
                    gain = 0
                    for i in range(1, len(removed), 2):
                        v = value[removed[i]] + 1
                        gain += v if removed[i] >> 2 & 1 == opp else -v
                    key = (ORDER_CAPTURE if gain > 0 else ORDER_BAD) + gain * 4096
                else:
                    key = ORDER_TOUCH + hist.get(c, 0)
                    if c in (k1, k2):
                        key = ORDER_KILLER + (c == k1)
            if key >= 0:
                tactical.append(key << CODE_BITS | c)
            else:
                bad.append(key << CODE_BITS | c)
        return tactical, bad

    def stage_two(
        self, rest: Any, tt_move: int, killers: list[int], hist: dict[int, int]
    ) -> tuple[list[int], list[int], list[int], int]:
        """The moves off our beam: those touching the enemy beam keyed (parries first when it hits
        one of ours), the rest quiet; when our shot already destroys something, every one of them
        fires it, so all are keyed by that."""
        moves, my_path, their_path, free_gain, free_self_kill, threatened = rest
        theirs_only, cold = moves_apart(self.pos, my_path, their_path, moves)
        generated = len(cold) + len(theirs_only)
        k1, k2 = killers
        tactical: list[int] = []
        bad: list[int] = []
        for c in theirs_only:
            if c == tt_move:
                continue
            if free_gain:
                key = (ORDER_CAPTURE if free_gain > 0 else ORDER_BAD) + free_gain * 4096 + hist.get(c, 0)
            elif free_self_kill:
                continue
            else:
                # Changes what the enemy beam does: a parry when it hits one of ours.
                key = (ORDER_ESCAPE if threatened else ORDER_TOUCH_THEIRS) + hist.get(c, 0)
                if key < ORDER_KILLER and c in (k1, k2):
                    key = ORDER_KILLER + (c == k1)
            if key >= 0:
                tactical.append(key << CODE_BITS | c)
            else:
                bad.append(key << CODE_BITS | c)
        if tt_move and tt_move in cold:
            cold.remove(tt_move)
        if cold and free_self_kill:
            cold = []
        elif cold and free_gain:
            band = ORDER_CAPTURE if free_gain > 0 else ORDER_BAD
            for c in cold:
                key = band + free_gain * 4096 + hist.get(c, 0)
                (tactical if key >= 0 else bad).append(key << CODE_BITS | c)
            cold = []
        return tactical, cold, bad, generated

    def q_moves(self, info: Info, qply: int, kills_only: bool) -> Iterator[tuple[int, int]]:
        """Moves touching our beam (only those it may turn onto an enemy piece: ``entries`` leaves out
        pieces stepping into the beam that it stops at) whose shot destroys an enemy piece; with
        ``kills_only`` only a royal."""
        pos = self.pos
        board = self.board
        stm = pos.turn
        ev = self.ev
        is_royal = ev.is_royal
        rays = ev.rays
        mine = info[2]
        emitter = pos.lasers[stm]
        virtual = self.virtual_shots
        entries = None
        if virtual and emitter >= 0 and self.by_region:
            got = self.entries_memo.get(id(mine))  # (_entries_of's usual answer, without the call)
            entries = got[1] if got is not None and got[0] is mine else self._entries_of(mine, emitter)
        vacated: dict[int, tuple[int, int]] = {}
        for c in touching_moves(pos, mine[2], None, entries):
            hit = -2
            if virtual and not c >> 18:
                if entries is not None:
                    shot = shot_along(board, rays, c, emitter, entries, vacated, ev)
                else:
                    shot = shot_after(board, rays, c, emitter)
                victim = shot & VICTIM_MASK
                if not victim or (victim >> 2 & 1 == stm and not is_royal[victim]):
                    continue
                if kills_only and not is_royal[victim]:
                    continue
                hit = shot >> HIT_SHIFT
            yield c, hit

    def q_gained(self) -> bool:
        """The move's shot destroyed more of the enemy's than of ours (the side that moved is the
        one not to move now)."""
        removed = self.removed
        if not removed:
            return False
        value = self.ev.value
        opp = self.pos.turn
        gain = 0
        for i in range(1, len(removed), 2):
            v = value[removed[i]]
            gain += v if removed[i] >> 2 & 1 == opp else -v
        return gain > 0

    def evasions(self, info: Info) -> list[int]:
        """Unless our unchanged shot removes a piece from the enemy beam, a parry has to touch one
        of the two beams."""
        my_stop, my_effect, my_path, _ = info[2]
        their_path = info[3][2]
        if not (my_effect == DESTROY and their_path >> my_stop & 1):
            return touching_moves(self.pos, my_path | their_path)
        return self.pos.generate_codes()

    def parried(self) -> bool:
        """The enemy laser, fired now, no longer hits the royal of the side that moved."""
        pos = self.pos
        board = self.board
        mover = pos.turn ^ 1
        e = pos.lasers[pos.turn]
        if e < 0:
            return True
        hit = fire(board, self.ev.rays, e, board[e] & 3)
        return not (hit >= 0 and self.ev.is_royal[board[hit]] and board[hit] >> 2 & 1 == mover)
