"""The five scripted engines of Lousy Chess (rules/lousychess.md §5-6): goals, digit streams, picks.

An engine is a letter (D, K, L, M, S) and a seed digit; a game between two engines also needs a
serial number (letters and digits). To choose its m-th move an engine filters the moves through
its goals (the first goal that leaves a move wins), names them ``from-to``, sorts them ascending
or descending by the parity of its digit r[m-1], and takes index r[m] mod (number of candidates).
Nothing here is random: the same engines, seeds and serial always give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.errors import LaserChessError
from game.limits import shown
from game.move import Move
from game.position import Position
from game.record import Player
from game.variants.lousychess import (
    BISHOP,
    GEO,
    KING,
    KNIGHT,
    PAWN,
    PROMOTED,
    QUEEN,
    ROOK,
    WIDTH,
    is_light,
    move_number,
    piece_kind,
)

LETTERS = "DKLMS"
NAMES = {
    "D": "Dark squares are lava",
    "K": "The king must die",
    "L": "Light squares are lava",
    "M": "Mirror, mirror",
    "S": "Let's switch sides",
}
GOALS = {
    "D": ("move from a dark square to a light square", "move from a light square to a light square"),
    "K": ("move a piece strictly closer to the enemy King",),
    "L": ("move from a light square to a dark square", "move from a dark square to a dark square"),
    "M": (
        "the opponent's last move mirrored, same kind of piece",
        "move a piece of the kind the opponent just moved",
    ),
    "S": ("move a piece strictly closer to the start square of the same enemy piece",),
}
MAX_SERIAL = 20


class ScriptError(LaserChessError, ValueError):
    """An engine name, seed or serial that cannot be used (the message says why)."""


def base_digits(serial: str) -> str:
    """The serial's base number: digits stay, letters become their alphabet position (A=1 … Z=26)."""
    text = serial.strip().upper()
    if not text:
        raise ScriptError("the serial is empty: use letters and digits, e.g. CH3SS5")
    if len(text) > MAX_SERIAL:
        raise ScriptError(f"the serial has {len(text)} characters; at most {MAX_SERIAL}")
    out = []
    for ch in text:
        if ch.isascii() and ch.isdigit():
            out.append(ch)
        elif ch.isascii() and ch.isalpha():
            out.append(str(ord(ch) - ord("A") + 1))
        else:
            raise ScriptError(f"the serial may hold only letters A-Z and digits 0-9, not {ch!r}")
    return "".join(out)


def digit_stream(seed: int, serial: str) -> Iterator[int]:
    """r[0] = seed, r[k] = (r[k-1] + B[k]) mod 10 over the repeated base number (rules §6.2)."""
    base = base_digits(serial)
    r = seed
    yield r
    k = 0
    while True:
        r = (r + int(base[k % len(base)])) % 10
        k += 1
        yield r


def digits(seed: int, serial: str, count: int) -> list[int]:
    """r[0..count-1]."""
    stream = digit_stream(seed, serial)
    return [next(stream) for _ in range(count)]


def move_name(code: int) -> str:
    names = GEO.names
    return f"{names[code & 255]}-{names[code >> 8 & 255]}"


def _xy(sq: int) -> tuple[int, int]:
    return sq % WIDTH, sq // WIDTH


def manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def reflect(sq: int) -> int:
    """The point reflection through the board's centre (a↔e, 1↔6)."""
    return GEO.size - 1 - sq


# Switch sides: a non-pawn aims at the start square of the enemy piece of its kind.
_TARGETS = {
    0: {KING: "a6", QUEEN: "b6", BISHOP: "c6", KNIGHT: "d6", ROOK: "e6"},
    1: {KING: "e1", QUEEN: "d1", BISHOP: "c1", KNIGHT: "b1", ROOK: "a1"},
}
QUIRK_TARGET = (-1, 5)  # file index -1, rank 6: where the original looks up a promoted Queen's target


def switch_target(code: int, sq: int, sane_promoted: bool = False) -> tuple[int, int]:
    """Where the piece ``code`` on ``sq`` wants to go under the S engine (rules §5.3)."""
    color = code >> 2 & 1
    kind = code >> 3
    if kind == PAWN:
        return sq % WIDTH, 4 if color == 0 else 1
    if kind == PROMOTED:
        if not sane_promoted:
            return QUIRK_TARGET
        kind = QUEEN
    return _xy(GEO.parse_square(_TARGETS[color][kind]))  # type: ignore[arg-type]


def random_serial(rng: random.Random | None = None) -> str:
    """A serial like the module's: six letters and digits, the last a digit."""
    r = rng or random.Random()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXZ0123456789"  # no Y, as on the bomb's serial numbers
    return "".join(r.choice(alphabet) for _ in range(5)) + str(r.randrange(10))


def random_engines(count: int = 2, rng: random.Random | None = None) -> str:
    """``count`` different engines with different seeds, e.g. ``"L4 K0"``."""
    r = rng or random.Random()
    letters = r.sample(LETTERS, count)
    seeds = r.sample(range(10), count)
    return " ".join(f"{letter}{seed}" for letter, seed in zip(letters, seeds, strict=True))


Goal = Callable[[Position, list[int]], list[int]]


def _colour_goal(from_light: bool, to_light: bool) -> Goal:
    def goal(pos: Position, moves: list[int]) -> list[int]:
        return [c for c in moves if is_light(c & 255) == from_light and is_light(c >> 8 & 255) == to_light]

    return goal


def _king_goal(pos: Position, moves: list[int]) -> list[int]:
    enemy = (1 - pos.turn) << 2 | KING << 3
    kings = [sq for sq, code in enumerate(pos.board) if code == enemy]
    if not kings:
        return []
    k = _xy(kings[0])
    return [c for c in moves if manhattan(_xy(c >> 8 & 255), k) < manhattan(_xy(c & 255), k)]


def _last_move(pos: Position) -> Move | None:
    history = pos.history
    return history[-1] if history else None


def _mirror_goal(pos: Position, moves: list[int]) -> list[int]:
    last = _last_move(pos)
    if last is None:
        return []
    kind = piece_kind(pos.board[last.to_square])
    want = reflect(last.from_square) | reflect(last.to_square) << 8
    return [c for c in moves if c == want and piece_kind(pos.board[c & 255]) == kind]


def _same_kind_goal(pos: Position, moves: list[int]) -> list[int]:
    last = _last_move(pos)
    if last is None:
        return []
    kind = piece_kind(pos.board[last.to_square])
    return [c for c in moves if piece_kind(pos.board[c & 255]) == kind]


def _switch_goal(sane_promoted: bool) -> Goal:
    def goal(pos: Position, moves: list[int]) -> list[int]:
        board = pos.board
        out = []
        for c in moves:
            frm, to = c & 255, c >> 8 & 255
            target = switch_target(board[frm], frm, sane_promoted)
            if manhattan(_xy(to), target) < manhattan(_xy(frm), target):
                out.append(c)
        return out

    return goal


def _capture_king(pos: Position, moves: list[int]) -> list[int]:
    board = pos.board
    return [c for c in moves if board[c >> 8 & 255] >> 3 == KING]


def goals_of(letter: str, sane_promoted: bool = False) -> tuple[Goal, ...]:
    """The goals of an engine after "capture the King" (the implicit last goal is "any move")."""
    if letter == "D":
        return (_colour_goal(False, True), _colour_goal(True, True))
    if letter == "L":
        return (_colour_goal(True, False), _colour_goal(False, False))
    if letter == "K":
        return (_king_goal,)
    if letter == "M":
        return (_mirror_goal, _same_kind_goal)
    if letter == "S":
        return (_switch_goal(sane_promoted),)
    raise ScriptError(f"unknown engine {letter!r}; the engines are {', '.join(LETTERS)}")


@dataclass(frozen=True)
class Choice:
    """How a scripted engine chose a move: everything the puzzle's "why" needs."""

    move: Move
    goal: int  # 0: capture the King, 1..: the engine's goals, len+1: any move
    goal_text: str
    candidates: tuple[str, ...]  # sorted as the engine sorted them
    ascending: bool
    digit: int  # r[m]
    index: int


@dataclass(frozen=True)
class ScriptedEngine:
    """One scripted engine: letter, seed and the game's serial; a player any game can use."""

    letter: str
    seed: int
    serial: str
    sane_promoted: bool = False  # S: a promoted Queen aims at the Queen's square, not the quirk's

    def __post_init__(self) -> None:
        if self.letter not in LETTERS:
            raise ScriptError(f"unknown engine {self.letter!r}; the engines are {', '.join(LETTERS)}")
        if not 0 <= self.seed <= 9:
            raise ScriptError(f"the seed is one digit 0-9, not {self.seed}")
        base_digits(self.serial)  # checks the serial

    @classmethod
    def parse(cls, spec: str, serial: str, sane_promoted: bool = False) -> ScriptedEngine:
        """``"L4"``: the engine letter and its seed digit."""
        text = spec.strip().upper()
        if len(text) != 2 or text[0] not in LETTERS or not text[1].isdigit() or not text[1].isascii():
            raise ScriptError(
                f"{shown(spec, 20)} is not an engine: write its letter ({', '.join(LETTERS)}) "
                "and a seed digit, e.g. L4"
            )
        return cls(text[0], int(text[1]), serial.strip().upper(), sane_promoted)

    @property
    def label(self) -> str:
        return f"{self.letter}{self.seed}"

    @property
    def name(self) -> str:
        return NAMES[self.letter]

    def player(self) -> Player:
        """How a game record names this side (the opponents protocol)."""
        return Player("scripted", f"{self.label} {self.name}")

    def explain(self, pos: Position) -> Choice | None:
        """The move this engine plays in ``pos`` and why; None when there is no move."""
        moves = pos.generate_codes()
        if not moves:
            return None
        m = move_number(pos)
        r = digits(self.seed, self.serial, m + 1)
        goals = (_capture_king, *goals_of(self.letter, self.sane_promoted))
        texts = ("capture the enemy King", *GOALS[self.letter], "any move")
        chosen, level = moves, len(goals)
        for i, goal in enumerate(goals):
            found = goal(pos, moves)
            if found:
                chosen, level = found, i
                break
        ascending = r[m - 1] % 2 == 0
        named = sorted(((move_name(c), c) for c in chosen), reverse=not ascending)
        index = r[m] % len(named)
        return Choice(
            Move.from_code(named[index][1]),
            level,
            texts[level],
            tuple(n for n, _ in named),
            ascending,
            r[m],
            index,
        )

    def choose(self, pos: Position, limits: object = None) -> Move | None:
        """The move to play (the opponents protocol; scripted engines need no limits)."""
        choice = self.explain(pos)
        return choice.move if choice is not None else None


def play_game(white: ScriptedEngine, black: ScriptedEngine, start: Position | None = None) -> Position:
    """Play a whole game between two engines; the returned position holds every move."""
    pos = start.copy() if start is not None else Position.setup(variant="lousychess")
    players = (white, black)
    while pos.outcome() is None:
        move = players[pos.turn].choose(pos)
        if move is None:
            break
        pos.push(move)
    return pos


__all__ = [
    "GOALS",
    "LETTERS",
    "NAMES",
    "Choice",
    "ScriptError",
    "ScriptedEngine",
    "base_digits",
    "digit_stream",
    "digits",
    "Puzzle",
    "deal_puzzle",
    "make_puzzle",
    "play_game",
    "random_engines",
    "random_serial",
    "reflect",
    "switch_target",
]


# ---------------------------------------------------------------- the puzzle (rules §7)
MIN_PLIES = 12  # a dealt game shorter than this is dealt again


@dataclass(frozen=True)
class Puzzle:
    """A whole engine game and the ply from which the player must enter every move."""

    white: ScriptedEngine
    black: ScriptedEngine
    moves: tuple[int, ...]  # every move code of the game from the start
    start: int  # plies already played when the puzzle is shown

    def position(self, plies: int | None = None) -> Position:
        """The game after ``plies`` moves (the puzzle's start by default), with its history."""
        pos = Position.setup(variant="lousychess")
        for code in self.moves[: self.start if plies is None else plies]:
            pos.push_code(code)
        return pos

    @property
    def serial(self) -> str:
        return self.white.serial

    @property
    def to_enter(self) -> int:
        return len(self.moves) - self.start


def make_puzzle(white: ScriptedEngine, black: ScriptedEngine, rng: random.Random) -> Puzzle:
    """Play the game and go back 4-6 plies (one more when M is to move): rules §7.3.

    Raises ScriptError when the game is shorter than :data:`MIN_PLIES`.
    """
    game = play_game(white, black)
    moves = tuple(m.code for m in game.history)
    if len(moves) < MIN_PLIES:
        raise ScriptError(
            f"{white.label} against {black.label} with serial {white.serial} ends after "
            f"{len(moves)} plies; a puzzle needs at least {MIN_PLIES}: choose other engines or seeds"
        )
    back = rng.randint(4, 6)
    start = len(moves) - back
    if (white, black)[start % 2].letter == "M":
        start -= 1
    return Puzzle(white, black, moves, start)


def deal_puzzle(rng: random.Random | None = None, serial: str | None = None) -> Puzzle:
    """Two different engines with two different seeds at random (and a serial), dealt again
    until the game lasts at least :data:`MIN_PLIES` plies."""
    r = rng or random.Random()
    for _ in range(1000):
        text = serial or random_serial(r)
        a, b = random_engines(2, r).split()
        try:
            return make_puzzle(ScriptedEngine.parse(a, text), ScriptedEngine.parse(b, text), r)
        except ScriptError:
            continue
    raise ScriptError("no long enough game found for this serial; try another")
