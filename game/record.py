"""Game records: everything needed to replay, resume and list a game, stored as one JSON file.

A record keeps the start position and the moves in notation (not the positions), so loading
replays every move through the rules: a record that does not replay is reported as corrupt,
and the file is left exactly as it was.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from game.errors import RecordError
from game.fileio import atomic_write_text, loads_json
from game.limits import (
    ECHO_CHARS,
    MAX_MOVE_CHARS,
    MAX_POSITION_CHARS,
    MAX_RECORD_MOVES,
    control_character,
    finite_number,
    is_version,
    shown,
)
from game.outcome import Outcome
from game.position import Position
from game.variants import VARIANTS, RuleOptions, get_variant

FORMAT = "laser-chess-game"
VERSION = 1


@dataclass(frozen=True)
class Player:
    """Who plays a side: a person, the CPU at a named level, a scripted engine (``name`` says
    which, e.g. "L4 Light squares are lava") or another program (an opponent of game.opponents).

    A Lousy Chess scripted engine (game/scripted.py) is stored as a ``"cpu"`` player with ``script``
    (its letter and seed, e.g. ``"L4"``) and the game's ``serial``: enough to replay and continue it.
    """

    kind: Literal["human", "cpu", "scripted", "program"] = "human"
    name: str = ""
    level: str | None = None
    script: str | None = None
    serial: str | None = None

    def label(self) -> str:
        if self.script:
            return f"Engine {self.script}"
        if self.kind == "cpu":
            return f"CPU ({self.level})" if self.level else "CPU"
        if self.kind in ("scripted", "program"):
            return self.name or self.kind.title()
        return self.name or "Human"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name, "level": self.level}
        if self.script:
            out["script"] = self.script
            out["serial"] = self.serial
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Player:
        kind = data.get("kind")
        if kind not in PLAYER_KINDS:
            raise ValueError(f"unknown player kind {kind!r}")
        script, serial = data.get("script"), data.get("serial")
        if script is not None:
            from game.scripted import ScriptedEngine

            ScriptedEngine.parse(str(script), str(serial or ""))  # refuses a bad engine or serial
            script, serial = str(script).upper(), str(serial).upper()
        return cls(kind, str(data.get("name", "")), data.get("level"), script, serial)


PLAYER_KINDS = ("human", "cpu", "scripted", "program")


@dataclass(frozen=True)
class TimeControl:
    """Seconds on each clock at the start and added after each turn (Fischer increment). With
    ``waits`` a side's first turn is not on its clock (the clock starts after its first move)."""

    initial: float
    increment: float = 0.0
    waits: bool = False

    def label(self) -> str:
        minutes = self.initial / 60
        base = f"{minutes:g}"
        return f"{base}+{self.increment:g}" if self.increment else f"{base} min"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"initial": self.initial, "increment": self.increment}
        if self.waits:
            out["starts_after_first_move"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        initial = finite_number(data["initial"], "the clock's initial time")
        increment = finite_number(data.get("increment", 0), "the clock's increment")
        if initial <= 0 or increment < 0:
            raise ValueError("time control needs a positive initial time and a non-negative increment")
        return cls(initial, increment, data.get("starts_after_first_move") is True)


@dataclass(frozen=True)
class MoveRecord:
    text: str
    seconds: float = 0.0


def _now() -> str:
    return datetime.now().isoformat(timespec="seconds")


@dataclass
class Game:
    """A played or unfinished game: start, moves with their times, result, players, timestamps."""

    start_fen: str
    variant: str = "khet"
    setup: str | None = None
    options: RuleOptions = field(default_factory=RuleOptions)
    players: tuple[Player, Player] = (Player(), Player())
    time_control: TimeControl | None = None
    moves: list[MoveRecord] = field(default_factory=list)
    outcome: Outcome | None = None
    started_at: str = field(default_factory=_now)
    ended_at: str | None = None
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex[:10])
    final_fen: str | None = field(default=None, compare=False)  # cached; lets lists skip replays
    # The engine's analysis (game.analysis.Analysis; a versioned section of its own, optional).
    analysis: Any = field(default=None, compare=False)
    _unread_analysis: Any = field(default=None, compare=False, repr=False)  # kept as found if unreadable
    hints_allowed: bool = False  # may the player ask for hints against the CPU (the New game screen)
    hints: list[int] = field(default_factory=lambda: [0, 0])  # hints asked by each side
    # Seconds the side to move had spent on its next move when the game was saved (an unfinished
    # game resumes with that time already gone from its clock).
    move_seconds: float = 0.0
    path: Path | None = field(default=None, compare=False, repr=False)  # the file it was loaded from

    def __post_init__(self) -> None:
        # The rule set's own options class (so a record stores the options it declares).
        variant = VARIANTS.get(self.variant)
        if variant is not None:
            self.options = variant.options_type.of(self.options)

    @classmethod
    def new(
        cls,
        variant: str = "khet",
        setup: str | None = None,
        fen: str | None = None,
        **kwargs: Any,
    ) -> Game:
        """A game from a named setup or a position string (validated now, not at replay)."""
        v = get_variant(variant)
        if fen is None:
            fen = v.start_fen(setup, kwargs.get("options"))
            setup = setup or next(iter(v.setups))
        Position.from_fen(fen, v)
        return cls(start_fen=fen, variant=variant, setup=setup, **kwargs)

    # ------------------------------------------------------------ play
    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def start_position(self) -> Position:
        return Position.from_fen(self.start_fen, self.variant, self.options)

    def position_at(self, ply: int | None = None) -> Position:
        """The position after ``ply`` moves (all of them by default), with its history."""
        pos = self.start_position()
        for record in self.moves[: len(self.moves) if ply is None else ply]:
            pos.push(pos.parse_move(record.text))
        return pos

    def add_move(self, text: str, seconds: float = 0.0, final_fen: str | None = None) -> None:
        """Append a move; pass the resulting position string if known (saves a replay later)."""
        self.moves.append(MoveRecord(text, round(float(seconds), 3)))
        self.final_fen = final_fen
        self.analysis = self._unread_analysis = None  # the moves changed: any analysis is stale

    def undo_move(self, final_fen: str | None = None) -> MoveRecord:
        record = self.moves.pop()
        self.final_fen = final_fen
        self.analysis = self._unread_analysis = None  # the moves changed: any analysis is stale
        return record

    def final_position_fen(self) -> str:
        """The position string after the last move (replays the game once if not cached)."""
        if self.final_fen is None:
            self.final_fen = self.position_at().fen()
        return self.final_fen

    def finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.ended_at = _now()

    @property
    def duration_seconds(self) -> float:
        return sum(m.seconds for m in self.moves)

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        data = self._json()
        if self.analysis is not None:
            data["analysis"] = self.analysis.to_json()
        elif self._unread_analysis is not None:
            data["analysis"] = self._unread_analysis
        if self.hints_allowed or any(self.hints):
            data["study"] = {"hints_allowed": self.hints_allowed, "hints": list(self.hints)}
        if self.move_seconds and self.outcome is None:
            data["move_seconds"] = self.move_seconds
        return data

    def _json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": self.game_id,
            "variant": self.variant,
            "options": self.options.to_json(),
            "setup": self.setup,
            "start": self.start_fen,
            "players": [p.to_json() for p in self.players],
            "time_control": self.time_control.to_json() if self.time_control else None,
            "moves": [{"move": m.text, "seconds": m.seconds} for m in self.moves],
            "outcome": self.outcome.to_json() if self.outcome else None,
            "final": self.final_position_fen(),
            "started_at": self.started_at,
            "ended_at": self.ended_at,
        }

    @classmethod
    def from_json(cls, data: object, check_moves: bool = True) -> Game:
        """Build a game from parsed JSON; raises RecordError saying what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("not a game record (the file does not hold a JSON object)")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"not a game record (format is {shown(data.get('format'), 40)}, expected {FORMAT!r})"
            )
        version = data.get("version")
        if not is_version(version, VERSION):
            raise RecordError(
                f"unknown record version {shown(version, 40)}; this program reads version {VERSION}"
            )
        try:
            variant = data["variant"]
            if variant not in VARIANTS:
                raise RecordError(f"unknown rule set {shown(variant, 40)}")
            players = data["players"]
            if not isinstance(players, list) or len(players) != 2:
                raise ValueError("players must be a list of two")
            moves = data["moves"]
            if not isinstance(moves, list) or len(moves) > MAX_RECORD_MOVES:
                raise ValueError(f"moves must be a list of at most {MAX_RECORD_MOVES:,}")
            game = cls(
                start_fen=_text(data["start"], "the start position", MAX_POSITION_CHARS),
                variant=variant,
                setup=_optional_text(data.get("setup"), "the setup name", ECHO_CHARS),
                options=VARIANTS[variant].options_type.from_json(data.get("options", {})),
                players=(_player(players[0]), _player(players[1])),
                time_control=TimeControl.from_json(data["time_control"])
                if data.get("time_control")
                else None,
                moves=[_move_record(m) for m in moves],
                outcome=Outcome.from_json(data["outcome"]) if data.get("outcome") else None,
                started_at=_text(data.get("started_at", ""), "the start time", ECHO_CHARS),
                ended_at=_optional_text(data.get("ended_at"), "the end time", ECHO_CHARS),
                game_id=_text(data.get("id") or uuid.uuid4().hex[:10], "the game id", ECHO_CHARS),
                final_fen=_optional_text(data.get("final") or None, "the final position", MAX_POSITION_CHARS),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"the record is damaged: {_short(exc)}") from exc
        if data.get("analysis") is not None:
            game._read_analysis(data["analysis"])
        study = data.get("study")
        if isinstance(study, dict):  # hints: a small optional section (old records have none)
            game.hints_allowed = study.get("hints_allowed") is True
            hints = study.get("hints")
            if isinstance(hints, list) and len(hints) == 2 and all(type(h) is int and h >= 0 for h in hints):
                game.hints = list(hints)
        if data.get("move_seconds") is not None:
            try:
                game.move_seconds = finite_number(data["move_seconds"], "the time spent on the next move")
            except ValueError as exc:
                raise RecordError(f"the record is damaged: {_short(exc)}") from exc
        if check_moves:
            final = game.verify().fen()
            if game.final_fen is not None and game.final_fen != final:
                raise RecordError("the stored final position does not match the moves")
            game.final_fen = final
        return game

    def _read_analysis(self, data: object) -> None:
        """Attach the analysis section; one this program cannot read is kept as it is, unused."""
        from game.analysis import Analysis  # game.analysis builds on this module

        if _holds_control(data):  # its texts are drawn: keep it unread
            self._unread_analysis = data
            return
        try:
            analysis = Analysis.from_json(data)
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError):  # e.g. a score of 1e999
            self._unread_analysis = data
            return
        if analysis.fits(self):
            self.analysis = analysis
        else:
            self._unread_analysis = data

    def verify(self) -> Position:
        """Replay every move (the game's line); raise RecordError naming the first one that does not fit."""
        from game.line import GameLine  # the line builds on records' types

        return GameLine.from_game(self).position

    # ------------------------------------------------------------ files
    def file_name(self) -> str:
        """The standard name: start time and id, reduced to safe characters (ids come from files)."""
        stamp = self.started_at.replace(":", "").replace("-", "").replace("T", "-")
        name = f"{stamp or 'game'}-{self.game_id}"
        return "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in name)[:80] + ".json"

    def save(self, folder: str | Path) -> Path:
        """Write the record atomically to ``folder``; a game always keeps its own file name (the one
        it was loaded from, if that is in ``folder``: a renamed file is updated, not copied)."""
        path = Path(folder) / self.file_name()
        if self.path is not None and self.path.parent.resolve() == Path(folder).resolve():
            path = self.path
        if path.exists():
            try:
                existing = loads_json(path.read_text(encoding="utf-8"))
                same = isinstance(existing, dict) and existing.get("id") == self.game_id
            except (OSError, ValueError):
                same = False
            if not same:
                raise RecordError(f"{path.name} already holds another game; not overwriting it")
        atomic_write_text(path, json.dumps(self.to_json(), indent=1))
        self.path = path
        return path

    @classmethod
    def load(cls, path: str | Path, check_moves: bool = True) -> Game:
        """Read a record file; raises RecordError with a reason (the file is never changed)."""
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8-sig")
        except FileNotFoundError as exc:
            raise RecordError(f"{p.name}: no such file") from exc
        except (OSError, ValueError) as exc:  # ValueError: not UTF-8, or a NUL in the name
            raise RecordError(f"{p.name}: cannot be read ({exc})") from exc
        try:
            data = loads_json(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{p.name}: not valid JSON (truncated or damaged): {exc}") from exc
        except ValueError as exc:  # nested too deeply
            raise RecordError(f"{p.name}: not a game record ({exc})") from exc
        try:
            game = cls.from_json(data, check_moves)
        except RecordError as exc:
            raise RecordError(f"{p.name}: {exc}") from exc
        game.path = p
        return game


def _short(exc: Exception) -> str:
    """An exception's message cut to a readable length (it may quote a huge value from a file)."""
    text = str(exc)
    return text if len(text) <= 2 * ECHO_CHARS else text[: 2 * ECHO_CHARS] + "…"


def _holds_control(data: object) -> bool:
    """Does any string in parsed JSON hold a control character?"""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if control_character(value) is not None:
                return True
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _optional_text(value: object, what: str, limit: int) -> str | None:
    return None if value is None else _text(value, what, limit)


def _text(value: object, what: str, limit: int) -> str:
    """A string field of a record, checked for type and length."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {shown(value, 20)}")
    if len(value) > limit:
        raise ValueError(f"{what} is {len(value):,} characters long (at most {limit})")
    bad = control_character(value)
    if bad is not None:
        raise ValueError(f"{what} holds the control character U+{ord(bad):04X}")
    return value


def _player(item: object) -> Player:
    """One entry of the players list, its name and level length-checked (they are drawn as labels)."""
    if not isinstance(item, dict):
        raise ValueError(f"a player must be an object, not {shown(item, 20)}")
    _optional_text(item.get("name"), "a player's name", ECHO_CHARS)
    _optional_text(item.get("level"), "a CPU level", ECHO_CHARS)
    return Player.from_json(item)


def _move_record(item: object) -> MoveRecord:
    """One entry of the moves list: its text (length-checked) and a finite, non-negative time."""
    if not isinstance(item, dict):
        raise ValueError(f"a move must be an object, not {shown(item, 20)}")
    text = _text(item["move"], "a move", MAX_MOVE_CHARS)
    return MoveRecord(text, finite_number(item.get("seconds", 0), f"the time of move {text}"))
