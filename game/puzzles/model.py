"""Puzzles as data: one :class:`Puzzle` per position, one JSON collection per rule set.

A collection file (``game/puzzles/data/<variant>.json``, shipped in the wheel) holds the command
that made it (``python -m game puzzles generate --variant V --count N --seed S``) and its puzzles.
A motif collection (``<variant>-<motif>.json``, made with ``--motif``) holds puzzles that a
generator seeking that motif found; the Puzzles screen offers all of a rule set's collections.
Moves are stored as the rule set's move text, so a file stays readable and survives a change of
the internal move codes; :meth:`Puzzle.line_moves` parses them back through the rules.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from game.errors import LaserChessError
from game.fileio import atomic_write_text, loads_json
from game.move import Move
from game.position import Position
from game.puzzles.themes import MOTIFS, THEMES
from game.variants import VARIANTS, get_variant

FORMAT = "laser-chess-puzzles"
VERSION = 1


class PuzzleDataError(LaserChessError):
    """A puzzle collection that cannot be read (with what is wrong in it)."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, its theme, and the proven line (the solver's turns at even
    indexes, the defender's replies at odd ones; each turn the move texts of its actions)."""

    id: str
    variant: str
    fen: str
    theme: str
    line: tuple[tuple[str, ...], ...]
    depth: int  # proof depth in turns
    nodes: int  # actions the proof made
    rating: int  # the starting rating (Glicko-2 moves it as it is played)
    motifs: tuple[str, ...] = ()
    gain: int = 0  # material theme: the least gain against any reply
    source: str = ""

    @property
    def solver(self) -> int:
        return self.position().turn

    @property
    def solver_turns(self) -> int:
        return (len(self.line) + 1) // 2

    def position(self) -> Position:
        return Position.from_fen(self.fen, get_variant(self.variant))

    def line_moves(self) -> list[list[Move]]:
        """The line as moves, each parsed and checked against the rules on the way."""
        pos = self.position()
        out: list[list[Move]] = []
        for turn in self.line:
            moves = []
            for text in turn:
                move = pos.parse_move(text)
                pos.push(move)
                moves.append(move)
            out.append(moves)
        return out

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["line"] = [list(t) for t in self.line]
        data["motifs"] = list(self.motifs)
        return data

    @classmethod
    def from_json(cls, data: object) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleDataError("a puzzle must be a JSON object")
        try:
            line = tuple(tuple(str(m) for m in turn) for turn in data["line"])
            puzzle = cls(
                id=str(data["id"]),
                variant=str(data["variant"]),
                fen=str(data["fen"]),
                theme=str(data["theme"]),
                line=line,
                depth=int(data["depth"]),
                nodes=int(data["nodes"]),
                rating=int(data["rating"]),
                motifs=tuple(str(m) for m in data.get("motifs", ())),
                gain=int(data.get("gain", 0)),
                source=str(data.get("source", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleDataError(f"a puzzle lacks or garbles a field: {exc}") from None
        if puzzle.variant not in VARIANTS:
            raise PuzzleDataError(f"puzzle {puzzle.id}: unknown rule set {puzzle.variant!r}")
        if puzzle.theme not in THEMES:
            raise PuzzleDataError(f"puzzle {puzzle.id}: unknown theme {puzzle.theme!r}")
        if not puzzle.line or any(not turn for turn in puzzle.line):
            raise PuzzleDataError(f"puzzle {puzzle.id}: an empty line or turn")
        unknown = [m for m in puzzle.motifs if m not in MOTIFS]
        if unknown:
            raise PuzzleDataError(f"puzzle {puzzle.id}: unknown motif {unknown[0]!r}")
        return puzzle


@dataclass(frozen=True)
class Collection:
    """A rule set's puzzles and the command that generated them."""

    variant: str
    seed: int
    puzzles: tuple[Puzzle, ...]
    motif: str = ""  # a motif collection's motif (its generator sought it)

    @property
    def command(self) -> str:
        count = len(self.puzzles)
        motif = f" --motif {self.motif}" if self.motif else ""
        command = f"python -m game puzzles generate --variant {self.variant}{motif}"
        return f"{command} --count {count} --seed {self.seed}"

    @property
    def title(self) -> str:
        """The rule set's name, and the motif of a motif collection."""
        return f"{self.variant} {self.motif}" if self.motif else self.variant

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "variant": self.variant}
        if self.motif:
            data["motif"] = self.motif
        data["seed"] = self.seed
        data["command"] = self.command
        data["puzzles"] = [p.to_json() for p in self.puzzles]
        return data

    @classmethod
    def from_json(cls, data: object) -> Collection:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PuzzleDataError(f"not a puzzle collection (the format must be {FORMAT!r})")
        if data.get("version") != VERSION:
            raise PuzzleDataError(
                f"puzzle collection version {data.get('version')!r}; this program reads {VERSION}"
            )
        variant = data.get("variant")
        if variant not in VARIANTS:
            raise PuzzleDataError(f"unknown rule set {variant!r}")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise PuzzleDataError("the seed must be a whole number")
        raw = data.get("puzzles")
        if not isinstance(raw, list):
            raise PuzzleDataError("the puzzles must be a list")
        motif = data.get("motif", "")
        if motif != "" and motif not in MOTIFS:
            raise PuzzleDataError(f"unknown motif {motif!r}")
        puzzles = tuple(Puzzle.from_json(p) for p in raw)
        if any(p.variant != variant for p in puzzles):
            raise PuzzleDataError(f"a puzzle of another rule set in the {variant} collection")
        return cls(str(variant), seed, puzzles, str(motif))

    def dumps(self) -> str:
        """The file's text: the header fields, then one puzzle a line (diffs stay readable)."""
        data = self.to_json()
        puzzles = data.pop("puzzles")
        head = json.dumps(data, indent=1)[:-2]
        rows = ",\n".join("  " + json.dumps(p, separators=(",", ":")) for p in puzzles)
        return f'{head},\n "puzzles": [\n{rows}\n ]\n}}\n'

    def save(self, path: Path) -> None:
        atomic_write_text(path, self.dumps())


def load_file(path: Path) -> Collection:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8, or a NUL in the name
        raise PuzzleDataError(f"cannot read {path}: {exc}") from None
    try:
        data = loads_json(text)  # deep nesting is a ValueError, not a RecursionError
    except ValueError as exc:
        raise PuzzleDataError(f"{path} is not JSON: {exc}") from None
    return Collection.from_json(data)


def _file_name(variant: str, motif: str = "") -> str:
    return f"{variant}-{motif}.json" if motif else f"{variant}.json"


def data_file(variant: str, motif: str = "") -> Path:
    """Where a rule set's shipped collection (or motif collection) lives in the source tree."""
    return Path(__file__).resolve().parent / "data" / _file_name(variant, motif)


@cache
def shipped(variant: str, motif: str = "") -> Collection:
    """The collection shipped with the program for ``variant`` (with ``motif``: its collection of
    that motif), empty if there is none."""
    resource = resources.files("game.puzzles").joinpath("data", _file_name(variant, motif))
    if not resource.is_file():
        return Collection(variant, 0, (), motif)
    return Collection.from_json(json.loads(resource.read_text(encoding="utf-8")))


def collections(variant: str) -> list[Collection]:
    """Every collection shipped for ``variant``: the main one, then each motif collection there is."""
    return [shipped(variant)] + [c for m in MOTIFS if (c := shipped(variant, m)).puzzles]


@cache
def playable(variant: str) -> tuple[Puzzle, ...]:
    """All of a rule set's shipped puzzles, its motif collections' too: what the Puzzles screen offers."""
    return tuple(p for c in collections(variant) for p in c.puzzles)


def of_theme(puzzles: tuple[Puzzle, ...], key: str | None) -> list[Puzzle]:
    """The puzzles of a theme or motif (all of them for None)."""
    return [p for p in puzzles if key is None or p.theme == key or key in p.motifs]


def theme_counts(puzzles: tuple[Puzzle, ...]) -> list[tuple[str, int]]:
    """Each theme and motif the puzzles have, in the themes' order, with how many have it."""
    out = []
    for key in [*THEMES, *MOTIFS]:
        n = len(of_theme(puzzles, key))
        if n:
            out.append((key, n))
    return out


def find(puzzle_id: str) -> Puzzle | None:
    """A shipped puzzle by its id (``khet-0042``, ``khet-self-shot-0007``), None if there is none."""
    variant = puzzle_id.split("-", 1)[0]
    if variant not in VARIANTS:
        return None
    return next((p for p in playable(variant) if p.id == puzzle_id), None)


def puzzle_of_the_day(puzzles: tuple[Puzzle, ...] | list[Puzzle], day: _dt.date) -> Puzzle | None:
    """The same puzzle all day for everyone, a different one each day (a fixed stride through the
    list, so consecutive days do not give neighbouring puzzles)."""
    if not puzzles:
        return None
    index = (day.toordinal() * 7919) % len(puzzles)
    return puzzles[index]
