"""Readable notation and a plain-text game format (no pygame).

A move is written as the rules write it, with what its shot did: ``c4b3 ×h8`` (the shot destroyed
the piece on h8), ``e5⇄d6`` (a swap), ``j4i4 self×j5`` (the shot destroyed one of the mover's own
pieces). The plain-text game is headers plus numbered moves, like a chess PGN::

    [Event "Laser Chess"]
    [Variant "khet"]
    [RuleSet "Khet 2.0"]
    [Setup "Classic"]
    [Start "<position string>"]
    [Silver "You"]
    [Red "CPU (Medium)"]
    [Result "1-0"]

    1. d4⇄e5 c6c5 2. j1L c5c6 3. j8R ×f8 1-0

:func:`game_from_text` reads it back (and ignores the annotations), checking every move.
"""

from __future__ import annotations

import json
import re

from game import Game, Move, Position
from game.errors import RecordError
from game.fileio import loads_json
from game.line import KILL, SELF_KILL, SWAP, GameLine, readable_text
from game.outcome import Outcome, Termination
from game.variants import VARIANTS, get_variant

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
MAX_TEXT_CHARS = 2_000_000


def readable_move(before: Position, move: Move) -> str:
    """``move`` as played from ``before``, with its swap and its shot's victims marked (a game's
    moves have theirs in their line; this is for a move on its own, e.g. a Rules demo)."""
    after = before.copy(history=False)
    effects = after.push(move)
    return readable_text(before.geometry.names, before.move_text(move), move, effects)


def plain_move(token: str) -> str:
    """The rules' move text inside a readable one (``e5⇄d6`` -> ``e5d6``)."""
    return token.replace(SWAP, "")


def numbered(texts: list[str], first_turn: int = 0, sides: list[int] | None = None) -> str:
    """``1. a b 2. c d``; a game the second side starts begins ``1... a``. With ``sides`` (the
    side of each move) a turn of several actions keeps one number: ``2. d1* d1* b8c6``."""
    if sides is None or len(sides) < len(texts):
        sides = [(first_turn + i) % 2 for i in range(len(texts))]
    parts: list[str] = []
    number, last = 0, None
    for i, text in enumerate(texts):
        side = 1 if sides[i] else 0
        if side != last and (side == 0 or i == 0):
            number += 1
            parts.append(f"{number}." if side == 0 else f"{number}...")
        parts.append(text)
        last = side
    return " ".join(parts)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def game_to_text(game: Game) -> str:
    """The game as plain text with headers (what "Copy game as text" puts on the clipboard)."""
    variant = get_variant(game.variant)
    first_turn = game.start_position().turn
    headers = [
        ("Event", "Laser Chess"),
        ("Variant", variant.name),
        ("RuleSet", variant.title),
        ("Setup", game.setup or "Custom position"),
        ("Start", game.start_fen),
        ("Options", json.dumps(game.options.to_json(), separators=(",", ":"), sort_keys=True)),
        (variant.side_names[0], game.players[0].label()),
        (variant.side_names[1], game.players[1].label()),
    ]
    if game.time_control is not None:
        headers.append(("TimeControl", f"{game.time_control.initial:g}+{game.time_control.increment:g}"))
    result = game.outcome.result if game.outcome else "*"
    headers.append(("Result", result))
    if game.outcome is not None:
        headers.append(("Termination", game.outcome.reason_text(variant.royal_name)))
        headers.append(("Reason", game.outcome.reason.name))
    headers.append(("Date", game.started_at))
    lines = [f'[{key} "{_quote(str(value))}"]' for key, value in headers]
    line = GameLine.from_game(game)
    body = numbered(line.readables, first_turn, line.sides)
    return "\n".join(lines) + "\n\n" + (body + " " if body else "") + result + "\n"


_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_NUMBER = re.compile(r"^\d+\.(\.\.)?$")


def _player(label: str) -> dict:
    if label == "CPU" or label.startswith("CPU ("):
        level = label[5:-1] if label.startswith("CPU (") and label.endswith(")") else None
        return {"kind": "cpu", "level": level} if level else {"kind": "cpu"}
    return {"kind": "human", "name": label}


def game_from_text(text: str) -> Game:
    """Read a plain-text game back; raises RecordError saying what is wrong (every move is
    checked by replaying it)."""
    if len(text) > MAX_TEXT_CHARS:
        raise RecordError("the text is too long to be a game")
    headers: dict[str, str] = {}
    body: list[str] = []
    for line in text.strip().splitlines():
        match = _HEADER.match(line.strip())
        if match:
            headers[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        elif line.strip():
            body.append(line.strip())
    name = headers.get("Variant")
    if name not in VARIANTS:
        raise RecordError(f'not a Laser Chess game text: no known [Variant "..."] header (found {name!r})')
    variant = get_variant(name)
    start = headers.get("Start") or variant.setup_fen(headers.get("Setup"))
    moves, result = [], "*"
    for token in " ".join(body).split():
        if token in RESULTS:
            result = token
        elif _NUMBER.match(token) or token.startswith(KILL) or token.startswith(SELF_KILL):
            continue
        else:
            moves.append({"move": plain_move(token), "seconds": 0.0})
    try:
        options = loads_json(headers.get("Options", "{}"))
    except ValueError as exc:
        raise RecordError(f"the Options header is not readable: {exc}") from exc
    data = {
        "format": "laser-chess-game",
        "version": 1,
        "variant": name,
        "options": options,
        "setup": None if headers.get("Setup") in (None, "Custom position") else headers["Setup"],
        "start": start,
        "players": [_player(headers.get(side, "")) for side in variant.side_names],
        "time_control": None,
        "moves": moves,
        "outcome": None,
        "started_at": headers.get("Date", ""),
    }
    tc = headers.get("TimeControl")
    if tc:
        try:
            initial, _, increment = tc.partition("+")
            data["time_control"] = {"initial": float(initial), "increment": float(increment or 0)}
        except ValueError as exc:
            raise RecordError(f"the TimeControl header {tc!r} is not minutes+seconds") from exc
    game = Game.from_json(data, check_moves=True)
    reason = headers.get("Reason")
    if result != "*" and game.outcome is None:
        outcome = game.position_at().outcome()
        if outcome is None and reason:
            try:
                why = Termination[reason]
            except KeyError as exc:
                raise RecordError(f"unknown Reason header {reason!r}") from exc
            outcome = (
                Outcome.draw(why) if result == "1/2-1/2" else Outcome.win(0 if result == "1-0" else 1, why)
            )
        if outcome is not None:
            game.finish(outcome)
    return game


def looks_like_game_text(text: str) -> bool:
    return text.lstrip().startswith("[")
