"""The level ladder: neighbouring levels play each other and the Elo steps make a rating table.

``python -m game ladder --variant V`` plays Beginner-Easy, Easy-Medium, Medium-Hard and Hard-Expert
(colours alternated, the rule set's setups in turn), prints each pair's score and Elo difference with
its 95 % interval, and chains the steps into ratings anchored at :data:`ANCHOR` for Beginner.
``--time-scale`` gives every level a fraction of its time budget (a short run; depth caps stay), and
``--out FILE`` adds the table to a JSON file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

from game import cliargs
from game.fileio import atomic_write_text, loads_json
from game.search.cli import add_game_play_arguments, setup_names
from game.search.levels import LEVELS, get_level
from game.search.match import GameResult, PlayerSpec, elo_difference, format_elo, play_match
from game.variants import get_variant

ANCHOR = 1000  # Beginner's rating: the ladder measures differences only
ADJUDICATE = 300  # centi-units (three Pyramids, a Rook) a side must be ahead to win at the ply limit
# The ratings the New game screen shows, per rule set (written by ``ladder --out`` to this file).
RATINGS_FILE = Path(__file__).with_name("ratings.json")


@dataclass(frozen=True)
class Step:
    """One rung: the stronger level's score against the weaker one."""

    weaker: str
    stronger: str
    wins: int  # the stronger level's
    draws: int
    losses: int

    @property
    def elo(self) -> tuple[float, float, float]:
        """(estimate, low, high) of the stronger level's advantage, 95 %."""
        return elo_difference(self.wins, self.draws, self.losses)


def play_ladder(
    variant: str,
    games: int,
    time_scale: float = 1.0,
    seed: int = 1,
    jobs: int = 2,
    max_plies: int = 200,
    report: Callable[[str, GameResult], None] | None = None,
    adjudicate: int = 0,
    setups: tuple[str, ...] = (),
    nps: int = 0,
    start: str = "",
) -> tuple[list[Step], bool]:
    """Play every neighbouring pair of levels ``games`` games (the ``setups`` in turn, all of the rule
    set's if none): the steps, weakest pair first, and whether Ctrl+C stopped it (the last step
    then holds the games played so far). ``start`` (a level) plays only the pairs from that level
    up; each pair plays the same games as in a whole ladder (same seed)."""
    names = list(LEVELS)
    if start:
        names = names[names.index(get_level(start).name) :]
    setups = setups or tuple(get_variant(variant).setups)
    steps = []
    for weaker, stronger in pairwise(names):
        a, b = player(stronger, time_scale, nps), player(weaker, time_scale, nps)
        pair = f"{stronger}-{weaker}"

        def each(result: GameResult, pair: str = pair) -> None:
            if report is not None:
                report(pair, result)

        record = play_match(a, b, games, setups, jobs, seed, max_plies, variant, each, None, adjudicate)
        steps.append(Step(weaker, stronger, *record.score))
        if record.stopped == "interrupted":
            return steps, True
    return steps, False


def player(name: str, time_scale: float, nps: int = 0) -> PlayerSpec:
    """Level ``name`` with its time budget times ``time_scale``, or (``nps`` > 0) with that many
    seconds' worth of nodes at ``nps`` nodes a second instead of a clock."""
    level = get_level(name)
    seconds = level.seconds * time_scale
    if nps > 0:
        return PlayerSpec(level, nodes=max(1, round(seconds * nps)))
    return PlayerSpec(level, movetime=seconds)


def ratings(steps: list[Step]) -> dict[str, int]:
    """Each level's rating: Beginner at :data:`ANCHOR`, each step's estimate added. An infinite
    estimate (a clean sweep) counts as its finite bound, but never against the sweep: with few
    games that bound lies on the other side of 0 (one game won: -676)."""
    out = {steps[0].weaker: ANCHOR} if steps else {}
    rating = float(ANCHOR)
    for step in steps:
        est, low, high = step.elo
        if math.isfinite(est):
            rating += est
        elif est > 0:
            rating += max(low, 0.0)
        else:
            rating += min(high, 0.0)
        out[step.stronger] = round(rating)
    return out


def table(steps: list[Step]) -> str:
    """The ladder as text: each level's rating and each step's score and Elo with its interval."""
    rated = ratings(steps)
    lines = [f"{'level':<10}{'rating':>8}   step (stronger vs weaker): W-D-L, Elo ± 95 %"]
    for name, rating in rated.items():
        step = next((s for s in steps if s.stronger == name), None)
        detail = (
            f"+{step.wins}={step.draws}-{step.losses}  {format_elo(step.wins, step.draws, step.losses)}"
            if step
            else ""
        )
        lines.append(f"{name:<10}{rating:>8}   {detail}".rstrip())
    return "\n".join(lines)


def level_ratings(variant: str, path: Path = RATINGS_FILE) -> dict[str, int]:
    """The levels' measured ratings in ``variant`` (level name -> rating); {} when the rule set was
    not measured or the file cannot be read: no rating is better than a wrong one."""
    try:
        data = loads_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    entry = data.get(variant) if isinstance(data, dict) else None
    rated = entry.get("ratings") if isinstance(entry, dict) else None
    if not isinstance(rated, dict):
        return {}
    return {k: v for k, v in rated.items() if k in LEVELS and isinstance(v, int) and not isinstance(v, bool)}


def _ratings_file(path: Path) -> dict[str, Any]:
    """The ratings file ``--out`` adds to (empty if new), refused before any game is played when it
    cannot be read or written."""
    if path.is_dir():
        raise cliargs.UsageError(f"--out {path}: it is a folder")
    folder = path.parent
    if not folder.is_dir():
        raise cliargs.UsageError(f"--out {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise cliargs.UsageError(f"--out {path}: the folder {folder} is read-only")
    if not path.exists():
        return {}
    try:
        old = loads_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8, not JSON, nested too deeply
        raise cliargs.UsageError(f"--out {path}: not JSON ({exc}); not overwritten") from None
    if not isinstance(old, dict):
        raise cliargs.UsageError(f"--out {path}: not a ratings file; not overwritten")
    return old


def _settings(args: argparse.Namespace, setups: tuple[str, ...]) -> dict[str, Any]:
    """The settings a ratings entry records (its steps are comparable only under equal settings)."""
    return {
        "games": args.games,
        "time_scale": args.time_scale,
        "max_plies": args.max_plies,
        "adjudicate": args.adjudicate,
        "setups": list(setups),
        "nps": args.nps,
    }


def _kept_steps(old: dict[str, Any], args: argparse.Namespace, setups: tuple[str, ...]) -> list[Step]:
    """With ``--from LEVEL --out FILE``: the file's steps below LEVEL for this rule set, which the
    run's steps complete; refused before any game unless the file has them, measured with the same
    settings."""
    below = list(LEVELS)[: list(LEVELS).index(get_level(args.start).name) + 1]
    entry = old.get(args.variant)
    where = f"--from {args.start} --out {args.out}"
    if not isinstance(entry, dict) or any(entry.get(k) != v for k, v in _settings(args, setups).items()):
        raise cliargs.UsageError(
            f"{where}: the file has no {args.variant} ladder with these settings "
            f"({', '.join(f'{k} {v}' for k, v in _settings(args, setups).items())}) to complete"
        )
    by_pair = {(s[0], s[1]): s for s in entry.get("steps", []) if isinstance(s, list) and len(s) == 5}
    kept = []
    for weaker, stronger in pairwise(below):
        found = by_pair.get((stronger, weaker))
        if found is None or not all(isinstance(n, int) for n in found[2:]):
            raise cliargs.UsageError(
                f"{where}: the file's {args.variant} ladder has no {stronger}-{weaker} step"
            )
        kept.append(Step(weaker, stronger, *found[2:]))
    return kept


def cmd_ladder(args: argparse.Namespace) -> int:
    old = _ratings_file(args.out) if args.out is not None else {}
    setups = setup_names(args.variant, args.setups)
    below = _kept_steps(old, args, setups) if args.start and args.out is not None else []

    def show(pair: str, r: GameResult) -> None:
        print(
            f"{pair:<16} game {r.index + 1:>3}  {r.setup:<22} {r.result:<8} {r.reason} ({r.plies} plies)",
            flush=True,
        )

    steps, interrupted = play_ladder(
        args.variant,
        args.games,
        args.time_scale,
        args.seed,
        args.jobs,
        args.max_plies,
        show,
        args.adjudicate,
        setups,
        args.nps,
        args.start or "",
    )
    steps = below + steps
    per_node = f" as nodes at {args.nps:,d} a second" if args.nps else ""
    print()
    print(
        f"{get_variant(args.variant).title} ({', '.join(setups)}): {args.games} games a pair, "
        f"time x{args.time_scale:g}{per_node}, {args.max_plies} plies, adjudicated at {args.adjudicate}"
    )
    print(table(steps))
    if interrupted:  # the table of the games so far, but no file: it would pass for a whole ladder
        kept = f"; {args.out} not written" if args.out is not None else ""
        print(f"interrupted (Ctrl+C){kept}", file=sys.stderr)
        return 130
    if args.out is not None:
        entry = {
            **_settings(args, setups),
            "ratings": ratings(steps),
            "steps": [[s.stronger, s.weaker, s.wins, s.draws, s.losses] for s in steps],
        }
        old[args.variant] = entry
        try:
            atomic_write_text(args.out, json.dumps(old, indent=1) + "\n")
        except OSError as exc:
            raise cliargs.CommandFailed(f"{args.out}: {exc.strerror or exc}") from None
        print(f"written to {args.out}")
    return 0


def _level_name(text: str) -> str:
    """A level name for ``--from`` (case-insensitive), not the strongest (no pair starts there)."""
    try:
        name = get_level(text).name
    except KeyError as exc:
        raise argparse.ArgumentTypeError(str(exc.args[0])) from None
    if name == list(LEVELS)[-1]:
        raise argparse.ArgumentTypeError(f"{name} is the strongest level: no pair starts there")
    return name


def register(main: ModuleType) -> None:
    """Add ``ladder`` to the ``python -m game`` parser of module ``main``."""
    if "ladder" in main.COMMANDS:
        return

    def parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        p = sub.add_parser("ladder", help="neighbouring levels play each other: an Elo table of the levels")
        p.add_argument(
            "--games",
            metavar="N",
            type=cliargs.games,
            default=20,
            help="games per pair of levels (default 20)",
        )
        p.add_argument(
            "--nps",
            metavar="N",
            type=cliargs.whole_number(0, 1_000_000_000),
            default=0,
            help="each level searches (time budget x time scale x N) nodes instead of timing its "
            "search, so the machine's load cannot change the result (default 0: by the clock)",
        )
        p.add_argument(
            "--from",
            dest="start",
            metavar="LEVEL",
            type=_level_name,
            default=None,
            help="play only the pairs from LEVEL up (each the same games as in a whole ladder); with "
            "--out the file's steps below LEVEL, measured with the same settings, complete the table",
        )
        add_game_play_arguments(p, time_scale_default=1.0, adjudicate_default=ADJUDICATE)
        p.add_argument(
            "--out", metavar="FILE", type=Path, help="add this rule set's table to a ratings JSON file"
        )

    main.EXTRA_PARSERS.append(parsers)
    main.COMMANDS["ladder"] = cmd_ladder
