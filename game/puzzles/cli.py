"""``python -m game puzzles generate|check|stats``: make, re-prove and count the puzzle collections.

:func:`register` adds the ``puzzles`` command to ``python -m game`` (the main module calls it).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

from game import cliargs
from game.puzzles.generate import MOTIF_PLANS, Stats, generate, generate_motif, origin
from game.puzzles.model import Collection, PuzzleDataError, collections, data_file, load_file
from game.puzzles.themes import MOTIFS, THEMES
from game.puzzles.verify import verify
from game.variants import VARIANTS


def _collections(args: argparse.Namespace, variant: str) -> list[Collection]:
    """The file named by ``--file``, else every collection shipped for ``variant``."""
    if getattr(args, "file", None):
        return [load_file(Path(args.file))]
    return collections(variant)


def cmd_generate(args: argparse.Namespace) -> int:
    motif = args.motif or ""
    if motif and args.variant not in MOTIF_PLANS[motif].variants:
        can = ", ".join(MOTIF_PLANS[motif].variants)
        raise cliargs.UsageError(f"the {motif} motif is sought only in {can} (docs/puzzles.md)")
    out = Path(args.out) if args.out else data_file(args.variant, motif)
    problem = _unwritable(out)
    if problem is not None:  # said before any game is played
        print(f"error: cannot write {out}: {problem}", file=sys.stderr)
        return 2
    resume = None
    if args.resume and out.exists():  # go on from the run that wrote the file
        try:
            resume = load_file(out)
        except PuzzleDataError as exc:
            raise cliargs.UsageError(f"cannot go on from {out}: {exc}") from None
        if (resume.variant, resume.seed, resume.motif) != (args.variant, args.seed, motif):
            wanted = Collection(args.variant, args.seed, (), motif)
            raise cliargs.UsageError(
                f"cannot go on from {out}: it holds {resume.title} seed {resume.seed}, "
                f"not {wanted.title} seed {args.seed}"
            )
        try:
            origin(resume.puzzles[-1]) if resume.puzzles else None
        except ValueError as exc:
            raise cliargs.UsageError(f"cannot go on from {out}: {exc}") from None
    stats = Stats()

    def progress(so_far: Collection, s: Stats) -> None:
        so_far.save(out)  # each puzzle kept at once: a stopped run leaves the file of a shorter one
        puzzle = so_far.puzzles[-1]
        if not args.quiet:
            print(
                f"{puzzle.id} {puzzle.theme:8} proof {puzzle.nodes:>9,} actions  "
                f"{s.games} games  {s.seconds:7.1f} s CPU",
                file=sys.stderr,
                flush=True,
            )

    if motif:
        collection = generate_motif(args.variant, motif, args.count, args.seed, progress, stats, resume)
    else:
        collection = generate(args.variant, args.count, args.seed, progress, stats, resume)
    collection.save(out)
    made = len(collection.puzzles) - (len(resume.puzzles) if resume is not None else 0)
    per = stats.seconds / max(1, made)
    print(f"{len(collection.puzzles)} puzzles written to {out} ({made} made by this run)")
    print(f"{stats.games} self-play games, {stats.seconds:.1f} s CPU, {per:.2f} s CPU a puzzle")
    print(_table([collection]))
    return 0


def _unwritable(path: Path) -> str | None:
    """Why a collection cannot be written at ``path`` (None when it can)."""
    if path.is_dir():
        return "it is a folder"
    folder = path.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is read-only"
    return None


def cmd_check(args: argparse.Namespace) -> int:
    variants = [args.variant] if args.variant else sorted(VARIANTS)
    bad = 0
    checked = 0
    start = time.process_time()
    for variant in variants:
        puzzles = [p for c in _collections(args, variant) for p in c.puzzles]
        if args.sample:
            puzzles = random.Random(args.seed).sample(puzzles, min(args.sample, len(puzzles)))
        for puzzle in puzzles:
            problem = verify(puzzle)
            checked += 1
            if problem is not None:
                bad += 1
                print(problem)
    seconds = time.process_time() - start
    print(f"{checked} puzzles re-proved in {seconds:.1f} s CPU: {checked - bad} hold, {bad} do not")
    return 1 if bad else 0


def cmd_stats(args: argparse.Namespace) -> int:
    variants = [args.variant] if args.variant else sorted(VARIANTS)
    print(_table([c for v in variants for c in _collections(args, v)]))
    return 0


def _table(collections: list[Collection]) -> str:
    """Puzzles per theme and motif, and the proofs' depths and sizes, per rule set."""
    rows = [["rule set", "puzzles", *THEMES, "motifs", "depths", "median proof"]]
    for c in collections:
        themes = Counter(p.theme for p in c.puzzles)
        motifs = Counter(m for p in c.puzzles for m in p.motifs)
        depths = sorted({p.depth for p in c.puzzles})
        nodes = sorted(p.nodes for p in c.puzzles)
        median = nodes[len(nodes) // 2] if nodes else 0
        motif_text = " ".join(f"{m} {motifs[m]}" for m in MOTIFS if motifs[m]) or "-"
        rows.append(
            [
                c.title,
                str(len(c.puzzles)),
                *(str(themes[t]) for t in THEMES),
                motif_text,
                ",".join(map(str, depths)) or "-",
                f"{median:,} actions",
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows
    )


def register(main: ModuleType) -> None:
    """Add ``puzzles`` to the ``python -m game`` parser of module ``main``."""
    if "puzzles" in main.COMMANDS:
        return

    def run(args: argparse.Namespace) -> int:
        commands = {"generate": cmd_generate, "check": cmd_check, "stats": cmd_stats}
        return commands[args.puzzles_command](args)

    def parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        p = sub.add_parser("puzzles", help="make, re-prove or count the puzzle collections")
        inner = p.add_subparsers(dest="puzzles_command", required=True)
        g = inner.add_parser("generate", help="self-play games, then proofs: a rule set's collection")
        g.add_argument("--variant", required=True, choices=sorted(VARIANTS), help="the rule set")
        g.add_argument(
            "--count",
            type=cliargs.whole_number(1, 100_000),
            required=True,
            metavar="N",
            help="puzzles to make",
        )
        g.add_argument(
            "--seed",
            type=cliargs.whole_number(0),
            required=True,
            metavar="N",
            help="the same seed makes the same file",
        )
        g.add_argument(
            "--out", metavar="FILE", help="the file to write (default: the shipped one in game/puzzles/data/)"
        )
        g.add_argument(
            "--motif",
            choices=sorted(MOTIF_PLANS),
            help="seek puzzles that show this motif (thinned self-play positions; written to "
            "game/puzzles/data/<rule set>-<motif>.json by default)",
        )
        g.add_argument("--quiet", action="store_true", help="no line per puzzle")
        g.add_argument(
            "--resume",
            action="store_true",
            help="go on from the file a shorter run of the same seed wrote (the result is the same)",
        )
        c = inner.add_parser("check", help="re-prove stored puzzles from scratch (exit 1 if one fails)")
        c.add_argument("--variant", choices=sorted(VARIANTS), help="one rule set (default: all)")
        c.add_argument("--file", help="a collection file instead of the shipped one")
        c.add_argument(
            "--sample", type=cliargs.whole_number(1), metavar="N", help="re-prove this many, chosen at random"
        )
        c.add_argument(
            "--seed", type=cliargs.whole_number(0), default=0, metavar="N", help="which sample (default 0)"
        )
        s = inner.add_parser("stats", help="puzzles per theme and motif, proof depths and sizes")
        s.add_argument("--variant", choices=sorted(VARIANTS), help="one rule set (default: all)")
        s.add_argument("--file", help="a collection file instead of the shipped one")

    main.EXTRA_PARSERS.append(parsers)
    main.COMMANDS["puzzles"] = run
