"""What the one search asks of a rule set: its engine profile.

The search (game/search/engine.py) knows nothing of any rule set. Everything it needs to know about
one comes through a :class:`Profile`:

* **make/unmake**: :meth:`Profile.play` makes an action (keeping any incremental score up to date)
  and the position's ``unmake_code`` takes it back;
* **evaluation**: :meth:`Profile.analyse` gives a node's static score, its threats (WINS: the side
  to move wins without a search, see :meth:`Profile.won`; DANGER: its royal must be saved now) and
  whatever the profile wants to reuse at that node and its children (cached by position hash);
* **ordered moves, in stages**: :meth:`Profile.stage_one` lists the moves worth trying first (the
  captures, scored into the ordering bands below), :meth:`Profile.stage_two` the rest, only when the
  first stage did not already refute the node; the search orders quiet moves by its killers and
  history;
* **noisy moves** for quiescence (:meth:`Profile.q_moves`), and the **threats**: a royal in danger
  (DANGER, answered by :meth:`Profile.evasions`), a win seen without a search (WINS,
  :meth:`Profile.won`), a pass for null-move pruning (:meth:`Profile.null_move`).

This base class is the default for any rule set, through the public Position API alone: every legal
action generated (chance decisions once), captures by landing as the noisy moves, and the piece
set's material as the evaluation. A rule set names its own profile in its variant
(``variant.engine.search``, a ``module:Class`` path) to do better: the laser rule sets' profile
(game/search/laser.py) scores beams; Khet and the Leiserchess editions use the beam-tracing profile
of game/search/beams.py.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

from game.chance import CHANCE_BITS, DECISION
from game.effects import BOTH
from game.pieces import built_in
from game.position import Position
from game.search.limits import MATE
from game.variants.base import Variant

# Move-ordering bands: an ordering key is shifted above the move code (``key << code_bits | move``),
# so one sort orders by key, then by code. Keys at or above ORDER_CAPTURE are searched first and never
# reduced; ORDER_ESCAPE and above are never pruned; below 0 (ORDER_BAD) come last.
ORDER_TT = 1 << 34
ORDER_CAPTURE = 1 << 31
ORDER_KILLER = 1 << 30
ORDER_ESCAPE = 1 << 29
ORDER_TOUCH = 1 << 26  # (beams.py: changes our own beam without destroying anything)
ORDER_TOUCH_THEIRS = 1 << 25  # (beams.py: changes the enemy beam)
ORDER_BAD = -(1 << 32)
NOISY_KEY = ORDER_ESCAPE + (1 << 20)  # a noisy action whose gain is unknown until made (a fire)

Info = tuple[Any, ...]  # a node's analysis: (static score, threats, ...whatever the profile keeps)
WINS = 1  # threats: the side to move wins at once (quiescence scores it won; a search asks won())
DANGER = 2  # threats: the side to move's royal falls unless it acts against the threat now
# The first stage: (keyed moves to search first or later, keyed losing moves, hit hints, the default
# hint, moves generated, what the second stage needs, and whether nothing is searched before it).
Stage = tuple[list[int], list[int], dict[int, int], int, int, Any, bool]


class Profile:
    """A rule set's answers to the search (see the module docs); the defaults need nothing but the
    public Position API."""

    code_bits = 51  # a move code fits below this bit (DECISION included)
    multi = False  # a turn may be several actions: the side to move may move again
    chance = True  # actions may be chance decisions (DECISION codes)

    def __init__(self, variant: Variant, weights: Any = None) -> None:
        self.variant = variant
        self.weights = weights
        self.multi = variant.turn_actions > 1
        self.value = self.piece_values()
        self.removed: tuple[int, ...] = ()  # what the last play removed (square, piece, ...)
        # The rule set ends some games from the board alone (LaserChess 98's stalemate).
        self.rule_ends = type(variant).rule_outcome is not Variant.rule_outcome
        self.pos: Position
        self.board: list[int] = []

    @classmethod
    def default_weights(cls, variant: Variant) -> Any:
        """The evaluation weights this profile plays ``variant`` with by default (a frozen
        dataclass tools/tune.py can fit; None: nothing to tune)."""
        return None

    def piece_values(self) -> list[int]:
        """Centi-units per piece code (ordering, gains, material)."""
        return list(self.variant.pieces.value)

    def is_quiet(self, pos: Position) -> bool:
        """Is ``pos`` quiet enough for its static score to predict the game (tools/tune.py)?"""
        return True

    @property
    def delta_margin(self) -> int:
        """Quiescence's delta pruning: more than any capture but a royal can gain."""
        royal = self.variant.is_royal
        values = [self.value[c] for c in range(8, len(self.value)) if not royal[c]]
        return max(values, default=0) // 2 + 150

    # ------------------------------------------------------------ the position
    def begin(self, pos: Position) -> int:
        """A search starts on ``pos`` (the search's own copy, made and unmade in place); returns the
        incremental score the search hands to :meth:`play` and :meth:`analyse` (0: none kept)."""
        self.pos = pos
        self.board = pos.board
        return 0

    def play(self, code: int, s: int, hit: int = -2) -> int:
        """Make action ``code`` (``hit``: a hint from the ordering, see beams.py); return the child's
        incremental score. The search unmakes with ``pos.unmake_code()``."""
        self.removed = self.pos.make_code(code)
        return s

    def outcomes(self, decision: int) -> list[int]:
        """The action codes of a chance ``decision``'s outcomes (all equally likely), in the order
        the rule set generates them."""
        return [c for c in self.pos.generate_codes() if c & ~CHANCE_BITS == decision]

    def root_moves(self) -> list[int]:
        """The actions the search chooses among at the root (a chance decision once)."""
        return self.variant.generate_decisions(self.pos)

    # ------------------------------------------------------------ evaluation
    def evaluate(self, pos: Position) -> int:
        """Centi-units for the side to move: the piece set's material."""
        value = self.value
        stm = pos.turn
        score = 0
        for code in pos.board:
            if code:
                score += value[code] if code >> 2 & 1 == stm else -value[code]
        return score

    def analyse(self, h: int, stm: int, s: int, ply: int, parent: Info | None) -> Info:
        """The node's static score and threats, then anything its search reuses (cached by hash)."""
        return (self.evaluate(self.pos), 0)

    def terminal(self, ply: int) -> int | None:
        """The score of a position the rules have decided (for its side to move), or None."""
        pos = self.pos
        loser = pos.loser
        if loser >= 0:
            if loser == BOTH:
                return 0
            return -(MATE - ply) if loser == pos.turn else MATE - ply
        if self.rule_ends:
            ruled = self.variant.rule_outcome(pos)
            if ruled is not None:
                if ruled.winner is None:
                    return 0
                return MATE - ply if int(ruled.winner) == pos.turn else -(MATE - ply)
        return None

    def no_moves(self, ply: int) -> int:
        """The score when the side to move has no legal action."""
        outcome = self.variant.no_moves_outcome(self.pos)
        if outcome.winner is None:
            return 0
        return MATE - ply if int(outcome.winner) == self.pos.turn else -(MATE - ply)

    # ------------------------------------------------------------ threats
    def won(self, info: Info, ply: int) -> int:
        """With WINS among the threats: the action that wins at once (-1: none after all)."""
        return -1

    def null_move(self, info: Info) -> tuple[int, int] | None:
        """A pass for null-move pruning (code, hint), or None when the rule set has none."""
        return None

    def tt_hint(self, info: Info, move: int) -> int:
        """The hint :meth:`play` takes for the table's move."""
        return -2

    def threats(self) -> list[int]:
        """Quiet actions quiescence also tries in its first plies (a set-up for a shot this turn;
        a level that is blind to them does not)."""
        return []

    # ------------------------------------------------------------ moves
    def noisy(self, code: int) -> bool:
        """Is ``code`` an action quiescence searches (by default a capture by landing)?"""
        target = self.board[code >> 8 & 255]
        return bool(target) and target >> 2 & 1 != self.pos.turn and (code & 255) != (code >> 8 & 255)

    def noisy_key(self, code: int) -> int:
        """The ordering key of a noisy action: most valuable victim first, least valuable mover."""
        board = self.board
        victim = board[code >> 8 & 255]
        if victim and (code & 255) != (code >> 8 & 255):
            return ORDER_CAPTURE + self.value[victim] * 64 - self.value[board[code & 255]]
        return NOISY_KEY

    def stage_one(self, info: Info, tt_move: int, killers: list[int], hist: dict[int, int]) -> Stage | int:
        """The first stage of a node's moves, or a winning move found on the way (an int)."""
        moves = self.variant.generate_decisions(self.pos)
        bits = self.code_bits
        tactical: list[int] = []
        quiet: list[int] = []
        for c in moves:
            if c == tt_move:
                continue
            if not c & DECISION and self.noisy(c):
                tactical.append(self.noisy_key(c) << bits | c)
            else:
                quiet.append(c)
        return tactical, [], {}, -2, len(moves), quiet, False

    def stage_two(
        self, rest: Any, tt_move: int, killers: list[int], hist: dict[int, int]
    ) -> tuple[list[int], list[int], list[int], int]:
        """The rest: (more keyed moves, quiet moves for the search to order, keyed losing moves,
        how many more were generated)."""
        quiet: list[int] = rest
        return [], quiet, [], 0

    def q_moves(self, info: Info, threats: bool, kills_only: bool) -> Iterator[tuple[int, int]]:
        """Quiescence's moves with their hints, best first: the noisy actions (with ``kills_only``
        only those that may take a royal), then (``threats``: in quiescence's first plies) the
        threats."""
        moves = self.noisy_moves_at(info)
        moves.sort(key=self.noisy_key, reverse=True)
        royal = self.variant.is_royal
        board = self.board
        for c in moves:
            if not kills_only or royal[board[c >> 8 & 255]] or (c & 255) == (c >> 8 & 255):
                yield c, -2
        if threats and not kills_only:
            for c in self.threats():
                if c not in moves:
                    yield c, -2

    def noisy_moves_at(self, info: Info) -> list[int]:
        """The noisy actions of the node ``info`` analysed (a new list: the caller sorts it); by
        default :meth:`noisy_moves`."""
        return self.noisy_moves()

    def noisy_moves(self) -> list[int]:
        """The actions quiescence searches, in generation order (see :meth:`noisy`)."""
        return [c for c in self.variant.generate_decisions(self.pos) if not c & DECISION and self.noisy(c)]

    def q_gained(self) -> bool:
        """After a quiescence move was made: is it worth searching (it gained something)?"""
        return True

    def evasions(self, info: Info) -> list[int]:
        """The moves that may answer a DANGER."""
        return self.variant.generate_decisions(self.pos)

    def parried(self) -> bool:
        """After an evasion was made: is the danger gone?"""
        return True


def profile_class(variant: Variant) -> type[Profile]:
    """The profile class ``variant`` names (``variant.engine.search``, ``module:Class``), else the default:
    the laser profile for a rule set with lasers, this material one otherwise."""
    path = variant.engine.search
    if not path:
        if variant.fast_codes and built_in(variant.pieces):  # the beam profile's tables hold no other kind
            path = "game.search.beams:BeamProfile"
        elif variant.pieces.emitter_numbers():
            path = "game.search.laser:LaserProfile"
        else:
            return Profile
    module, _, name = path.partition(":")
    found: type[Profile] = getattr(importlib.import_module(module), name)
    return found


def make_profile(variant: Variant, weights: Any = None) -> Profile:
    """The profile that plays ``variant`` (with evaluation ``weights``, None for its defaults)."""
    return profile_class(variant)(variant, weights)
