"""One attempt at a puzzle, without pygame: the live position, the player's place in the line, and
the answer to each turn the player completes (right, wrong, solved), the refutation of a wrong turn.

The screen pushes the player's actions on :attr:`Attempt.position` and calls :meth:`Attempt.judge`
after each. A turn is judged when it is complete: it is right when it leaves the position the
solution's turn leaves (so two orders of the same actions are the same answer). A wrong turn gets
a refutation (:func:`refutation`: the reply that shows why it fails by the theme's measure), then
:meth:`Attempt.retry` takes the player's turn back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.move import Move
from game.position import Position
from game.puzzles.model import Puzzle
from game.puzzles.prover import ProofTooLarge, Prover, Turn
from game.puzzles.themes import WIN_THEMES, material

REFUTATION_BUDGET = 2_000_000  # actions; past it the best reply found so far is shown


class Verdict(Enum):
    """What a player's action meant."""

    MORE = "more"  # the turn is not complete yet
    RIGHT = "right"  # the solution's turn: the reply follows
    SOLVED = "solved"  # the last turn of the solution
    WRONG = "wrong"


@dataclass(frozen=True)
class TurnKey:
    """What a turn leaves: the position's hash and whose royal fell (loser)."""

    hash: int
    loser: int

    @classmethod
    def of(cls, pos: Position) -> TurnKey:
        return cls(pos.hash, pos.loser)


class Attempt:
    """The player working through one puzzle."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.position = puzzle.position()
        self.solver = self.position.turn
        self.moves = puzzle.line_moves()  # checked by the rules on the way
        self.step = 0  # index in the line of the solver's next turn
        self.turn_start = 0  # ply at which the player's current turn began
        self.missed = False  # a wrong turn, a hint or the solution: the rating counts a miss
        self.hinted = False
        self.shown = False  # the solution was played for the player
        self.finished = False
        self.wrong_turns = 0
        self._keys = self._turn_keys()

    def _turn_keys(self) -> list[TurnKey]:
        pos = self.puzzle.position()
        keys = []
        for turn in self.moves:
            for move in turn:
                pos.push(move)
            keys.append(TurnKey.of(pos))
        return keys

    # ------------------------------------------------------------ where the player is
    @property
    def solver_turns_left(self) -> int:
        return (len(self.moves) - self.step + 1) // 2

    @property
    def expected(self) -> list[Move]:
        """The actions of the solver's turn due now."""
        return self.moves[self.step] if self.step < len(self.moves) else []

    @property
    def reply(self) -> list[Move]:
        """The defender's reply to the turn just made (empty at the end of the line)."""
        return self.moves[self.step + 1] if self.step + 1 < len(self.moves) else []

    def hint_square(self) -> int | None:
        """The square of the piece the solution moves, turns or fires first now."""
        if self.finished:
            return None
        self.hinted = True
        self.missed = True
        moves = self.expected
        return moves[0].from_square if moves else None

    # ------------------------------------------------------------ the player's turn
    def judge(self) -> Verdict:
        """After each action the player made on :attr:`position`: is the turn complete, and right?"""
        pos = self.position
        if pos.turn == self.solver and pos.loser < 0:
            return Verdict.MORE
        if self.step < len(self._keys) and TurnKey.of(pos) == self._keys[self.step]:
            if self.step + 1 >= len(self.moves):
                self.finished = True
                return Verdict.SOLVED
            return Verdict.RIGHT
        self.missed = True
        self.wrong_turns += 1
        return Verdict.WRONG

    def replied(self) -> bool:
        """The defender's reply (:attr:`reply`) has been pushed: the player's next turn starts.
        True when that reply ended the line (the defender fell to its own shot)."""
        self.step += 2
        self.turn_start = self.position.ply
        if self.step >= len(self.moves):
            self.finished = True
        return self.finished

    def retry(self) -> None:
        """Take back everything since the player's turn began (a wrong turn and its refutation)."""
        while self.position.ply > self.turn_start:
            self.position.pop()

    def restart(self) -> None:
        """From the puzzle's start again (the rating already counted the first try)."""
        self.position = self.puzzle.position()
        self.step = 0
        self.turn_start = 0
        self.finished = False

    def task(self) -> str:
        """What the player must do, in the rule set's words."""
        v = self.position.variant
        side, enemy = v.side_names[self.solver], v.side_names[1 - self.solver]
        n = WIN_THEMES.get(self.puzzle.theme)
        if n is not None:
            turns = "this turn" if n == 1 else f"by your {('', '', '2nd', '3rd')[n]} turn"
            return f"{side} to move: destroy the {enemy} {v.royal_name} {turns}, whatever {enemy} does."
        if self.puzzle.theme == "save":
            return f"{side} to move: your {v.royal_name} is in danger. Find the only turn that saves it."
        if self.puzzle.theme == "trap":
            return (
                f"{side} to move: set a trap. One turn wins a piece whatever {enemy} replies: "
                f"a reply that keeps it loses the {v.royal_name}."
            )
        return f"{side} to move: win material. One turn wins a piece whatever {enemy} replies."

    def texts(self, start: int, end: int | None = None) -> str:
        """The move texts of the actions made from ply ``start`` to ``end`` (the last by default)."""
        history = self.position.history
        pos = self.puzzle.position()
        for move in history[:start]:
            pos.push(move)
        out = []
        for move in history[start:end]:
            out.append(pos.move_text(move))
            pos.push(move)
        return " ".join(out)

    def refuted_words(self, wrong: str, reply_actions: int) -> str:
        """What a refutation of ``reply_actions`` actions, just played, did to the wrong turn."""
        pos = self.position
        v = pos.variant
        if pos.loser == self.solver:
            why = f"and your {v.royal_name} falls"
        elif self.puzzle.theme in ("material", "trap"):
            why = "and you win nothing"
        elif self.puzzle.theme == "save":
            why = f"and your {v.royal_name} is still in danger"
        else:
            why = "and the win is gone"
        if not reply_actions:
            return f"{wrong}? It does not {'save you' if self.puzzle.theme == 'save' else 'win'}."
        reply = self.texts(pos.ply - reply_actions)
        return f"{wrong}? {v.side_names[1 - self.solver]} answers {reply}, {why}."

    def solution_text(self) -> str:
        """The whole line in move text, turns numbered from the start."""
        pos = self.puzzle.position()
        parts = []
        for i, turn in enumerate(self.moves):
            texts = []
            for move in turn:
                texts.append(pos.move_text(move))
                pos.push(move)
            mark = f"{i // 2 + 1}." if i % 2 == 0 else ""
            parts.append(f"{mark}{' '.join(texts)}" if i % 2 == 0 else "…" + " ".join(texts))
        return " ".join(parts)


def refutation(
    variant: str,
    fen: str,
    played: list[int],
    theme: str,
    solver_turns: int,
    budget: int = REFUTATION_BUDGET,
    strict: bool = False,
) -> list[int]:
    """The defender's reply that shows a wrong turn fails (action codes; empty if the wrong turn
    already lost, or the defender cannot move). ``fen`` is the puzzle's start and ``played`` the
    codes since, the wrong turn last; ``solver_turns`` is how many turns the solver had for it.
    Past ``budget`` actions the best reply found so far is given, or with ``strict``
    :class:`ProofTooLarge` is raised (the screen then asks its background process).

    * win in N: a reply after which no win is forced in the turns left (and, among those, one
      that destroys the solver's royal or gains most, so the reason shows);
    * save your royal: the reply that destroys the solver's royal;
    * win material: the reply that leaves the solver the least;
    * trap: the same, among the replies after which the solver cannot win at once (if any).
    """
    pos = Position.from_fen(fen, variant)
    for code in played:
        pos.make_code(code)
    solver = 1 - pos.turn
    if pos.loser >= 0:
        return []
    found: list[int] = []  # the best reply so far
    try:
        _refute(Prover(budget), pos, solver, theme, solver_turns, found)
    except ProofTooLarge:
        if strict:
            raise
    return found


def _refute(
    prover: Prover, pos: Position, solver: int, theme: str, solver_turns: int, found: list[int]
) -> None:
    """Put the refuting reply's codes in ``found`` (improving it as the search goes)."""
    base = material(pos, solver)
    candidates: list[tuple[int, int, Turn]] = []
    for i, reply in enumerate(t for t in prover.turns(pos) if not t.chance):
        with prover.playing(pos, reply):
            result = prover.decided(pos)
            if result == 1 - solver:
                found[:] = reply.codes  # the solver's royal falls: the clearest refutation
                return
            if result != solver:
                candidates.append((material(pos, solver) - base, i, reply))
    if not candidates:
        return
    candidates.sort(key=lambda c: (c[0], c[1]))  # least left to the solver first
    found[:] = candidates[0][2].codes
    if theme == "trap":
        for _gain, _i, reply in candidates:
            with prover.playing(pos, reply):
                holds = not prover.wins(pos, solver, 1)
            if holds:
                found[:] = reply.codes
                return
        return
    n = WIN_THEMES.get(theme)
    if n is None:
        return
    left = solver_turns - 1
    for _gain, _i, reply in candidates:
        with prover.playing(pos, reply):
            holds = left <= 0 or not prover.wins(pos, solver, left)
        if holds:
            found[:] = reply.codes
            return
