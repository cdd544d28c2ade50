"""``python -m game scripted``: a whole Lousy Chess game between scripted engines (or our CPU).

    python -m game scripted --white L4 --black K0 --serial CH3SS5

A side is an engine letter and seed (``L4``) or one of our CPU's levels (``Medium``); the moves
are printed in ``from-to`` form, numbered, then the result: ``White wins``, ``Black wins`` or
``draw`` with the reason.
"""

from __future__ import annotations

import argparse
from types import ModuleType

from game.limits import shown
from game.opponents import SearchOpponent, play_game
from game.outcome import Outcome
from game.position import Position
from game.scripted import LETTERS, NAMES, ScriptedEngine, ScriptError


def player(
    spec: str, serial: str, sane_promoted: bool = False, seed: int = 0
) -> ScriptedEngine | SearchOpponent:
    """``L4`` (a scripted engine) or a level name (our CPU)."""
    text = spec.strip()
    if len(text) == 2 and text[0].upper() in LETTERS:
        return ScriptedEngine.parse(text, serial, sane_promoted)
    try:
        return SearchOpponent(text, seed)
    except KeyError:
        raise ScriptError(
            f"{shown(spec, 20)} is neither a scripted engine (a letter of {LETTERS} and a seed digit, "
            "e.g. L4) nor a CPU level (Beginner, Easy, Medium, Hard, Expert)"
        ) from None


def result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return "unfinished"
    head = "draw" if outcome.winner is None else ("White wins" if outcome.winner == 0 else "Black wins")
    return f"{head} ({outcome.reason_text('King')})"


def describe(p: ScriptedEngine | SearchOpponent) -> str:
    if isinstance(p, ScriptedEngine):
        return f"{p.label} ({NAMES[p.letter]})"
    return f"our CPU ({p.level.name})"


def cmd_scripted(args: argparse.Namespace) -> int:
    white = player(args.white, args.serial, args.sane_promoted, 1)  # ScriptError: exit status 2
    black = player(args.black, args.serial, args.sane_promoted, 2)
    print(f"White: {describe(white)}   Black: {describe(black)}   serial {args.serial.upper()}")
    pos = play_game((white, black), Position.setup(variant="lousychess"))
    texts = [pos.move_text(m) for m in pos.history]
    for i in range(0, len(texts), 2):
        print(f"{i // 2 + 1:2d}. {'  '.join(texts[i : i + 2])}")
    print(result_text(pos.outcome()))
    return 0


def register(main: ModuleType) -> None:
    """Add ``scripted`` to the ``python -m game`` parser of module ``main``."""
    if "scripted" in main.COMMANDS:
        return

    def parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        p = sub.add_parser("scripted", help="Lousy Chess: a whole game between scripted engines (or our CPU)")
        p.add_argument(
            "--white", metavar="PLAYER", required=True, help="engine letter + seed (e.g. L4) or a CPU level"
        )
        p.add_argument(
            "--black", metavar="PLAYER", required=True, help="engine letter + seed (e.g. K0) or a CPU level"
        )
        p.add_argument("--serial", required=True, help="the serial number (letters and digits, e.g. CH3SS5)")
        p.add_argument(
            "--sane-promoted",
            action="store_true",
            help="engine S aims a promoted Queen at the Queen's start square (not the original's quirk)",
        )

    main.EXTRA_PARSERS.append(parsers)
    main.COMMANDS["scripted"] = cmd_scripted
