"""Benchmark: how fast the past-games browser opens on a folder of many records.

    python tools/bench_browser.py [--count 500] [--size 1280x720]

Writes ``count`` game records (prefixes of a few dozen generated games, so lengths and results
vary, plus two unreadable files) into a temporary data folder, then measures with cold caches:
reading the folder, opening the browser until its first frame is drawn with the board pictures
of every card in view, re-opening it (warm caches), re-sorting, and stepping to the last card.
Nothing is written outside the temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def write_records(folder: Path, count: int, distinct: int = 40) -> None:
    from gui.samples import make_sample_games

    folder.mkdir(parents=True, exist_ok=True)
    bases = []
    for game in make_sample_games(distinct, seed=3):
        pos = game.start_position()
        fens = [pos.fen()]
        for record in game.moves:
            pos.push(pos.parse_move(record.text))
            fens.append(pos.fen())
        bases.append((game.to_json(), fens))
    for i in range(count - 2):
        data, fens = bases[i % len(bases)]
        plies = len(fens) - 1
        cut = plies if i % 2 == 0 else (i * 7) % (plies + 1)
        record = dict(data, moves=data["moves"][:cut], final=fens[cut], id=f"bench{i:05d}")
        if cut != plies:
            record["outcome"] = None
        record["started_at"] = f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00"
        (folder / f"bench-{i:05d}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    (folder / "broken-1.json").write_text('{"format": "laser-chess-game", "ver', encoding="utf-8")
    (folder / "broken-2.json").write_text(json.dumps({"format": "laser-chess-game", "version": 7}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))

    with tempfile.TemporaryDirectory(prefix="laserchess-bench-") as temp:
        os.environ["LASERCHESS_DATA"] = temp
        from gui import library
        from gui.app import App
        from gui.paths import saves_dir
        from gui.screens.browser import BrowserScreen

        folder = saves_dir()
        t0 = time.perf_counter()
        write_records(folder, args.count)
        total_bytes = sum(p.stat().st_size for p in folder.glob("*.json"))
        print(f"wrote {args.count} records ({total_bytes / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s")

        app = App(size, sound=False, persist=False)
        app.step(1 / 60)

        library.clear_caches()
        t0 = time.perf_counter()
        entries = library.scan(folder)
        scan_s = time.perf_counter() - t0
        print(f"read the folder (cold):            {scan_s * 1000:7.1f} ms  ({len(entries)} files)")

        def open_browser() -> tuple[float, float, BrowserScreen]:
            t0 = time.perf_counter()
            screen = app.screens.push("browser")
            assert isinstance(screen, BrowserScreen)
            app.step(1 / 60)
            first = time.perf_counter() - t0
            while screen.strip.render_thumbnails(budget=None):
                pass
            app.step(1 / 60)
            return first, time.perf_counter() - t0, screen

        library.clear_caches()
        first, ready, screen = open_browser()
        print(
            f"open the browser (cold): first frame {first * 1000:7.1f} ms, "
            f"cards in view drawn {ready * 1000:7.1f} ms"
        )
        app.screens.pop()
        app.step(1 / 60)
        first, ready, screen = open_browser()
        print(
            f"open it again (warm):    first frame {first * 1000:7.1f} ms, "
            f"cards in view drawn {ready * 1000:7.1f} ms"
        )

        t0 = time.perf_counter()
        for sort in ("longest", "oldest", "result", "newest"):
            screen.set_view(sort=sort)
        print(f"sort 4 ways:                       {(time.perf_counter() - t0) * 1000:7.1f} ms")

        library.clear_caches()
        entry = next(e for e in library.scan(folder) if e.readable)
        t0 = time.perf_counter()
        n = 30
        for i in range(n):
            library.thumbnail(entry, (240 + i, 190), app.settings.board_scheme)
        print(f"one board picture:                 {(time.perf_counter() - t0) / n * 1000:7.2f} ms")

        frames = []
        screen.strip.select(len(screen.shown) - 1)
        for _ in range(90):
            t0 = time.perf_counter()
            app.step(1 / 60)
            frames.append(time.perf_counter() - t0)
        frames.sort()
        print(
            f"scrolling to the last card: frame time median {frames[len(frames) // 2] * 1000:.1f} ms, "
            f"worst {frames[-1] * 1000:.1f} ms"
        )
        app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
