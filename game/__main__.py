"""Command line of the rules and engine tools: ``python -m game COMMAND ...`` (docs/command-line.md).

A sub-command lives in the module that owns its work: each module named in :data:`COMMAND_MODULES`
has ``register(main)``, which appends a parser builder to ``main.EXTRA_PARSERS`` and its function to
``main.COMMANDS``. To add a command, write that function and add the module's name here."""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable

from game import cliargs
from game.errors import LaserChessError
from game.perft import divide, perft, perft_collapsed, perft_turns
from game.position import Position
from game.variants import VARIANTS, get_variant


def position_from_args(args: argparse.Namespace) -> Position:
    # The rule options the command line has, for whichever rule set declares them.
    rules = {
        "zombies": not getattr(args, "no_zombies", False),
        "red_first": getattr(args, "red_first", False),
    }
    options = get_variant(args.variant).options_type.from_json(rules)
    if args.fen is not None:
        return Position.from_fen(args.fen, args.variant, options)
    return Position.setup(args.setup, args.variant, options)


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="khet", choices=sorted(VARIANTS), help="rule set (default khet)")
    parser.add_argument(
        "--setup", metavar="NAME", default=None, help="named setup (default: the variant's first)"
    )
    parser.add_argument(
        "--fen",
        metavar="POSITION",
        default=None,
        type=cliargs.position_text,
        help="a position string instead of a setup",
    )
    parser.add_argument(
        "--no-zombies", action="store_true", help="Leiserchess 2017 without zombies (the 2016 rules)"
    )
    parser.add_argument(
        "--red-first", action="store_true", help="Laser Chess 1987 with Red moving first (option red_first)"
    )


def cmd_perft(args: argparse.Namespace) -> int:
    pos = position_from_args(args)
    start = time.perf_counter()
    if args.chance == "collapse":
        expected = perft_collapsed(pos, args.depth)
        elapsed = time.perf_counter() - start
        print(f"perft({args.depth}) chance collapsed = {expected:,.2f} expected leaves  in {elapsed:.3f} s")
        return 0
    if args.divide:
        total = 0
        for text, count in divide(pos, args.depth):
            print(f"{text}: {count}")
            total += count
    elif args.turns:
        total = perft_turns(pos, args.depth)
    else:
        total = perft(pos, args.depth)
    elapsed = time.perf_counter() - start
    rate = total / elapsed if elapsed > 0 else 0.0
    unit = " turns" if args.turns else ""
    print(f"perft({args.depth}{unit}) = {total}  in {elapsed:.3f} s  ({rate:,.0f} leaves/s)")
    return 0


COMMANDS = {"perft": cmd_perft}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Laser Chess's rules and engine tools: count moves, search, play matches, analyse games.",
        epilog="python -m game COMMAND --help lists a command's options. Exit status: 0 done, "
        "2 a bad command line or input (an 'error:' line), 1 a failure while running.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("perft", help="count leaf nodes of the move tree (every leaf made and fired)")
    add_position_arguments(p)
    p.add_argument(
        "--depth",
        metavar="N",
        type=cliargs.depth,
        default=3,
        help="plies to count (default 3); each ply multiplies the work: Laser Chess 1987 at depth 3 "
        "and LaserChess 98 at depth 2 with --turns take minutes (Ctrl+C stops)",
    )
    p.add_argument("--divide", action="store_true", help="print the count below each first move")
    p.add_argument(
        "--chance",
        choices=("split", "collapse"),
        default="split",
        help="chance outcomes as separate branches (split) or one branch each, averaged (collapse)",
    )
    p.add_argument(
        "--turns",
        action="store_true",
        help="count whole turns as plies (LaserChess 98: two half-actions make one turn)",
    )
    for extra in EXTRA_PARSERS:
        extra(sub)
    return parser


# Other modules register their sub-commands here: each adds a parser and a COMMANDS entry.
EXTRA_PARSERS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = []

COMMAND_MODULES = (
    "game.search.cli",  # bestmove, bench, match, engine
    "game.search.ladder",  # ladder
    "game.study_cli",  # analyse
    "game.scripted_cli",  # scripted (Lousy Chess engine games)
    "game.puzzles.cli",  # puzzles generate|check|stats
)


def register_commands() -> None:
    """Let every module of :data:`COMMAND_MODULES` add its sub-commands (once each)."""
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sys.modules[__name__])


def one_line(message: str) -> str:
    """``message`` with its control characters escaped: a file name or a value quoted in it can
    never break the one ``error:`` line."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in message)


def main(argv: list[str] | None = None) -> int:
    register_commands()
    args = cliargs.parse_args(build_parser(), argv)
    try:
        return COMMANDS[args.command](args)
    except (LaserChessError, KeyError) as exc:  # bad input: a position, a setup, a file, a value
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"error: {one_line(str(message))}", file=sys.stderr)
        return 2
    except cliargs.CommandFailed as exc:  # the work could not be done (an outside engine failed)
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted (Ctrl+C)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
