"""Our CPU against each Lousy Chess scripted engine: ``python tools/lousy_vs_scripted.py [LEVEL] [GAMES]``.

Each game draws a random seed for the engine and a random serial (from a fixed seed, so the run
is repeatable); the CPU takes White in even games and Black in odd ones. Prints wins/draws/losses
per engine from the CPU's side.
"""

from __future__ import annotations

import random
import sys
import time

from game.opponents import SearchOpponent
from game.scripted import LETTERS, ScriptedEngine, random_serial
from game.scripted_cli import play


def main(level: str = "Easy", games: int = 20) -> None:
    rng = random.Random(15)
    start = time.monotonic()
    for letter in LETTERS:
        score = [0, 0, 0]  # wins, draws, losses for the CPU
        for g in range(games):
            engine = ScriptedEngine(letter, rng.randrange(10), random_serial(rng))
            cpu = SearchOpponent(level, seed=g)
            cpu_white = g % 2 == 0
            pos = play(cpu, engine) if cpu_white else play(engine, cpu)
            winner = pos.outcome().winner
            if winner is None:
                score[1] += 1
            else:
                score[0 if (winner == 0) == cpu_white else 2] += 1
        print(f"{letter}: CPU ({level}) +{score[0]} ={score[1]} -{score[2]} of {games}", flush=True)
    print(f"{time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["Easy"]), *(int(a) for a in sys.argv[2:3]))
