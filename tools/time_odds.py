"""Run an engine command with time odds: every time in a ``go`` line is divided by a factor.

    python -m game match --white-cmd "python tools/time_odds.py 10 python -m game engine" \\
        --black-cmd "python tools/engine_from.py ../old" --movetime 300 --games 40

plays the first engine at a tenth of the second's time (30 ms a move against 300 ms). The proxy
passes every other line through unchanged, both ways; ``movetime``, ``wtime``, ``btime``, ``winc``
and ``binc`` are divided (at least 1 ms).
"""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import IO

TIMES = ("movetime", "wtime", "btime", "winc", "binc")


def scaled(line: str, factor: float) -> str:
    """``line`` with the times of a ``go`` command divided by ``factor`` (other lines as they are)."""
    words = line.split()
    if words[:1] != ["go"]:
        return line
    for i, word in enumerate(words[:-1]):
        if word in TIMES and words[i + 1].isdigit():
            words[i + 1] = str(max(1, int(int(words[i + 1]) / factor)))
    return " ".join(words) + "\n"


def pump(source: IO[str], sink: IO[str]) -> None:
    for line in source:
        sink.write(line)
        sink.flush()


def main(argv: list[str]) -> int:
    try:
        factor = float(argv[0])
    except (IndexError, ValueError):
        factor = 0.0
    if factor <= 0 or len(argv) < 2:
        print("usage: python tools/time_odds.py FACTOR ENGINE COMMAND...", file=sys.stderr)
        return 2
    engine = subprocess.Popen(argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert engine.stdin is not None and engine.stdout is not None
    threading.Thread(target=pump, args=(engine.stdout, sys.stdout), daemon=True).start()
    for line in sys.stdin:
        engine.stdin.write(scaled(line, factor))
        engine.stdin.flush()
        if line.split()[:1] == ["quit"]:
            break
    engine.stdin.close()
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
