"""Count the rules work behind the GUI: legal-move generations, pushes and position copies per human
move in a live game, per ply when the replay opens and when its analysis starts; and time opening
a long game's replay.

    python tools/count_work.py [--variant khet] [--plies 200] [--moves 40] [--repeat 5]

Counting is by instrumentation: every call of a rule set's ``generate`` (the legal-move
generator), every action made by the rules (``Position.apply_journaled``, the one move path of
every push and of the journal maker, and the fast maker's ``make_code`` for Khet and Leiserchess,
whoever called it: a checked push, an unchecked one, a copy pushed to write a move's text) and
every ``Position.copy``. A human move is two
clicks posted to the game screen (from, to) and the frames until its animation is over; the
replay is the ReplayScreen's construction for the whole game; the analysis is the AnalysisRun the
replay's Analyse button starts (given the replay's line where it takes one), before any search. It
runs against whatever checkout is on PYTHONPATH, so the same command measures an older one side by
side.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from contextlib import contextmanager

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@contextmanager
def counting(counts: Counter):
    """Count generations, pushes and copies while inside."""
    from game import position
    from game.position import Position
    from game.variants import VARIANTS

    patched = []

    def wrap(owner, name, key):
        original = owner.__dict__[name]

        def counted(*args, **kwargs):
            counts[key] += 1
            return original(*args, **kwargs)

        setattr(owner, name, counted)
        patched.append((owner, name, original))

    for cls in {type(v) for v in VARIANTS.values()}:
        for klass in cls.__mro__:
            if "generate" in klass.__dict__ and (klass, "generate") not in [(o, n) for o, n, _ in patched]:
                wrap(klass, "generate", "generations")
    if "apply_journaled" in Position.__dict__:  # one move path (issue 24): journal + fast maker
        from game.variants.swapfire import SwapFireMaker

        wrap(Position, "apply_journaled", "pushes")
        bind = SwapFireMaker.__dict__["bind"]

        def counting_bind(self, pos):  # the fast maker's make_code, for positions made from now on
            make, unmake = bind(self, pos)

            def counted(*args, **kwargs):
                counts["pushes"] += 1
                return make(*args, **kwargs)

            return counted, unmake

        SwapFireMaker.bind = counting_bind
        patched.append((SwapFireMaker, "bind", bind))
    else:  # an older checkout (a434c07): the fast path's make_code, the journaled path's _make
        wrap(Position, "make_code", "pushes")
        wrap(position.ActionPosition, "_make", "pushes")
    wrap(Position, "copy", "copies")
    try:
        yield counts
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def long_game(variant: str, plies: int, seed: int = 7):
    """A game of ``plies`` random actions that never ends the game early (deterministic)."""
    from game import Game, Player

    game = Game.new(variant, players=(Player("human", "A"), Player("human", "B")))
    pos = game.start_position()
    rng = random.Random(seed)
    while len(game.moves) < plies:
        moves = list(pos.legal_moves)
        rng.shuffle(moves)
        for move in moves:
            pos.push(move)
            if pos.outcome() is None:
                pos.pop()
                break
            pos.pop()
        else:
            break
        text = pos.move_text(move)
        pos.push(move)
        game.add_move(text, 1.0)
    return game


def human_moves(app, variant: str, moves: int, seed: int = 3) -> tuple[Counter, int]:
    """Play ``moves`` human moves (two clicks each) in a two-player game; count their work."""
    from game import Game, Player
    from gui.testing import post_click, run_frames

    game = Game.new(variant, players=(Player("human", "A"), Player("human", "B")))
    screen = app.screens.push("game", game=game)
    screen.session.saves_folder = None
    run_frames(app, 3)
    rng = random.Random(seed)
    counts: Counter = Counter()
    played = 0
    for _ in range(moves):
        pos = screen.session.position
        if pos.outcome() is not None:
            break
        steps = [
            m
            for m in pos.legal_moves
            if m.from_square != m.to_square and m.then_square is None and m.chance is None and not m.promotion
        ]
        safe = []
        for m in steps:
            after = pos.copy()
            after.push(m)
            if after.outcome() is None:
                safe.append(m)
        if not safe:
            break
        move = rng.choice(safe)
        before = len(screen.session.game.moves)
        with counting(counts):
            post_click(app, screen.view.square_rect(move.from_square).center, frames=1)
            post_click(app, screen.view.square_rect(move.to_square).center, frames=1)
            run_frames(app, 3)
        if len(screen.session.game.moves) != before + 1:
            raise SystemExit(f"the clicks did not play {pos.move_text(move)}")
        played += 1
    app.screens.pop(ask=False)
    return counts, played


def open_replay(app, game) -> tuple[Counter, float]:
    """Open the replay of ``game``: its work, and the CPU seconds it took."""
    counts: Counter = Counter()
    with counting(counts):
        started = time.process_time()
        screen = app.screens.push("replay", game=game)
        seconds = time.process_time() - started
    app.screens.pop(ask=False)
    del screen
    return counts, seconds


def start_analysis(app, game) -> Counter:
    """The work of starting the analysis of ``game`` from its replay (the positions walked and
    judged before the first search job), and how many move texts were parsed."""
    import inspect

    from game.analysis import AnalysisRun
    from game.position import Position

    screen = app.screens.push("replay", game=game)
    takes_line = "line" in inspect.signature(AnalysisRun).parameters and hasattr(screen, "line")
    counts: Counter = Counter()
    parse = Position.parse_move

    def counted_parse(self, text):
        counts["parses"] += 1
        return parse(self, text)

    Position.parse_move = counted_parse
    try:
        with counting(counts):
            AnalysisRun(game, line=screen.line) if takes_line else AnalysisRun(game)
    finally:
        Position.parse_move = parse
    app.screens.pop(ask=False)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="khet")
    parser.add_argument("--plies", type=int, default=200, help="length of the replayed game")
    parser.add_argument("--moves", type=int, default=40, help="human moves to play")
    parser.add_argument("--repeat", type=int, default=5, help="replay openings timed (the best is shown)")
    parser.add_argument("--no-preview", action="store_true", help="the shot preview setting off")
    args = parser.parse_args(argv)
    import tempfile

    os.environ["LASERCHESS_DATA"] = tempfile.mkdtemp(prefix="count-work-")
    from gui.app import App

    app = App((1280, 720), sound=False, persist=False)
    app.settings.laser_speed = "off"
    app.settings.piece_animation = False
    app.settings.preview_shot = not args.no_preview
    try:
        counts, played = human_moves(app, args.variant, args.moves)
        per = {k: counts[k] / max(1, played) for k in ("generations", "pushes", "copies")}
        print(
            f"{args.variant}: per human move over {played} moves"
            + (" (shot preview off)" if args.no_preview else " (shot preview on)")
            + ": "
            + ", ".join(f"{v:.2f} {k}" for k, v in per.items())
        )
        game = long_game(args.variant, args.plies)
        n = len(game.moves)
        times = []
        for _ in range(args.repeat):
            counts, seconds = open_replay(app, game)
            times.append(seconds)
        per = {k: counts[k] / max(1, n) for k in ("generations", "pushes", "copies")}
        print(
            f"{args.variant}: opening the replay of a {n}-ply game: "
            + ", ".join(f"{v:.2f} {k}" for k, v in per.items())
            + f" per ply; CPU {min(times) * 1000:.0f} ms (best of {len(times)}), "
            + f"median {sorted(times)[len(times) // 2] * 1000:.0f} ms"
        )
        counts = start_analysis(app, game)
        print(
            f"{args.variant}: starting the analysis of that game from its replay: "
            + ", ".join(
                f"{counts[k] / max(1, n):.2f} {k}" for k in ("parses", "generations", "pushes", "copies")
            )
            + " per ply"
        )
    finally:
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
