"""Command line of the study tools: ``python -m game analyse FILE`` and match games kept as records.

:func:`register` adds ``analyse`` to ``python -m game`` (the main module calls it before parsing).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from types import ModuleType

from game.analysis import STRENGTHS, analyse_game
from game.analysis import format_table as analysis_table
from game.cliargs import CommandFailed, UsageError
from game.fileio import atomic_write_text
from game.record import Game, Player
from game.variants import RuleOptions, get_variant


def cmd_analyse(args: argparse.Namespace) -> int:
    """Analyse a record (or show its stored analysis) and print the table; the analysis is saved in it."""
    path = Path(args.file)
    game = Game.load(path)
    analysis = game.analysis
    if analysis is None or args.again or (args.strength and analysis.strength != args.strength):
        if not args.no_save and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
            raise UsageError(f"{path.name}: the analysis could not be saved in it (read-only); add --no-save")
        strength = args.strength or "quick"
        total = len(game.moves) + 1
        start = time.monotonic()

        def progress(done: int, total: int = total) -> None:
            if not args.quiet and sys.stderr.isatty():
                print(f"\ranalysing: {done}/{total} positions", end="", file=sys.stderr, flush=True)

        analysis = analyse_game(game, strength, on_progress=lambda done, _total: progress(done))
        analysis.seconds = time.monotonic() - start
        if not args.quiet and sys.stderr.isatty():
            print(file=sys.stderr)
        game.analysis = analysis
        if not args.no_save:
            try:
                atomic_write_text(path, json.dumps(game.to_json(), indent=1))
            except OSError as exc:
                raise CommandFailed(
                    f"{path.name}: the analysis could not be saved: {exc.strerror or exc}"
                ) from exc
        stored = "not saved" if args.no_save else f"saved in {path.name}"
        print(f"analysed {total} positions at the {strength} setting in {analysis.seconds:.1f} s ({stored})")
    else:
        print(f"stored analysis ({analysis.strength} setting, {analysis.seconds:.1f} s)")
    names = get_variant(game.variant).side_names
    print(analysis_table(game, analysis, names))
    return 0


def save_match_game(
    folder: Path,
    variant: str,
    setup: str,
    levels: tuple[str, str],
    moves: tuple[str, ...],
) -> Path:
    """Keep one match game as a record in ``folder`` (a game stopped at the ply cap stays unfinished)."""
    folder.mkdir(parents=True, exist_ok=True)
    game = Game.new(
        variant,
        setup,
        players=(Player("cpu", level=levels[0]), Player("cpu", level=levels[1])),
        options=RuleOptions(repetition="auto"),
    )
    pos = game.start_position()
    for text in moves:
        pos.push(pos.parse_move(text))
        game.add_move(text, 0.0, pos.fen())
    outcome = pos.outcome()
    if outcome is not None:
        game.finish(outcome)
    return game.save(folder)


def register(main: ModuleType) -> None:
    """Add ``analyse`` to the ``python -m game`` parser of module ``main``."""
    if "analyse" in main.COMMANDS:
        return

    def parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        p = sub.add_parser(
            "analyse",
            help="the engine's verdict on every move of a saved game (marks, accuracy); saved in the record",
        )
        p.add_argument("file", help="a game record (.json, as in saves/)")
        p.add_argument(
            "--strength",
            choices=sorted(STRENGTHS),
            help="quick (the default): "
            + STRENGTHS["quick"].description
            + "; deep: "
            + STRENGTHS["deep"].description,
        )
        p.add_argument("--again", action="store_true", help="analyse even if the record holds an analysis")
        p.add_argument("--no-save", action="store_true", help="leave the record file unchanged")
        p.add_argument("--quiet", action="store_true", help="no progress line")

    main.EXTRA_PARSERS.append(parsers)
    main.COMMANDS["analyse"] = cmd_analyse
