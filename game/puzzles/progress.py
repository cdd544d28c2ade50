"""The player's puzzle and lesson record (kept in the settings file as plain JSON): a Glicko-2
rating per rule set, the puzzles' ratings as they move, which puzzles were tried and how, the best
streak, and the lesson steps done. Reading is tolerant: a garbled entry is dropped, never fatal.

Choosing what comes next lives here too: "next" is an untried puzzle of the chosen rule set and
theme near the player's rating; streak mode climbs from easy puzzles upward.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.puzzles.glicko import Rating, attempt
from game.puzzles.model import Puzzle

NEAREST = 12  # "next" picks at random among this many untried puzzles nearest the player's rating


@dataclass
class Progress:
    """Everything the Puzzles and Lessons screens remember."""

    ratings: dict[str, Rating] = field(default_factory=dict)  # rule set -> the player's rating
    puzzle_ratings: dict[str, Rating] = field(default_factory=dict)  # puzzle id -> its rating now
    results: dict[str, str] = field(default_factory=dict)  # puzzle id -> "solved" / "missed"
    best_streak: int = 0
    lessons: dict[str, list[int]] = field(default_factory=dict)  # rule set -> lesson steps done

    # ------------------------------------------------------------ ratings
    def rating(self, variant: str) -> Rating:
        return self.ratings.get(variant, Rating())

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        return self.puzzle_ratings.get(puzzle.id, Rating(float(puzzle.rating), 250.0))

    def record(self, puzzle: Puzzle, solved: bool) -> tuple[Rating, Rating]:
        """Count a first try: both ratings move (Glicko-2), the result is kept. Returns the
        player's rating before and after."""
        before = self.rating(puzzle.variant)
        player, rated = attempt(before, self.puzzle_rating(puzzle), solved)
        self.ratings[puzzle.variant] = player
        self.puzzle_ratings[puzzle.id] = rated
        self.results[puzzle.id] = "solved" if solved else "missed"
        return before, player

    # ------------------------------------------------------------ choosing
    def next_puzzle(self, puzzles: list[Puzzle], rng: random.Random) -> Puzzle | None:
        """An untried puzzle near the player's rating (any puzzle once all were tried)."""
        if not puzzles:
            return None
        fresh = [p for p in puzzles if p.id not in self.results] or list(puzzles)
        target = self.rating(puzzles[0].variant).rating
        fresh.sort(key=lambda p: (abs(self.puzzle_rating(p).rating - target), p.id))
        return rng.choice(fresh[:NEAREST])

    def streak_puzzle(self, puzzles: list[Puzzle], solved: int, rng: random.Random) -> Puzzle | None:
        """The next puzzle of a streak of ``solved``: each a little harder than the last."""
        if not puzzles:
            return None
        ordered = sorted(puzzles, key=lambda p: (self.puzzle_rating(p).rating, p.id))
        step = max(1, len(ordered) // 40)
        start = min(len(ordered) - 1, solved * step)
        window = ordered[start : start + step]
        return rng.choice(window)

    def lesson_done(self, variant: str, step: int) -> None:
        done = self.lessons.setdefault(variant, [])
        if step not in done:
            done.append(step)
            done.sort()

    # ------------------------------------------------------------ JSON (the settings file)
    def to_json(self) -> dict[str, Any]:
        return {
            "ratings": {k: r.to_json() for k, r in sorted(self.ratings.items())},
            "puzzle_ratings": {k: r.to_json() for k, r in sorted(self.puzzle_ratings.items())},
            "results": dict(sorted(self.results.items())),
            "best_streak": self.best_streak,
            "lessons": {k: list(v) for k, v in sorted(self.lessons.items())},
        }

    @classmethod
    def from_json(cls, data: object) -> Progress:
        """Whatever of ``data`` makes sense; the rest is dropped."""
        out = cls()
        if not isinstance(data, dict):
            return out
        for name, target in (("ratings", out.ratings), ("puzzle_ratings", out.puzzle_ratings)):
            raw = data.get(name)
            if isinstance(raw, dict):
                for key, value in raw.items():
                    rating = Rating.parse(value) if isinstance(key, str) else None
                    if rating is not None:
                        target[key] = rating
        results = data.get("results")
        if isinstance(results, dict):
            out.results = {
                k: v for k, v in results.items() if isinstance(k, str) and v in ("solved", "missed")
            }
        best = data.get("best_streak")
        if isinstance(best, int) and not isinstance(best, bool) and 0 <= best < 10**6:
            out.best_streak = best
        lessons = data.get("lessons")
        if isinstance(lessons, dict):
            for key, steps in lessons.items():
                if isinstance(key, str) and isinstance(steps, list):
                    good = sorted(
                        {s for s in steps if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 100}
                    )
                    out.lessons[key] = good
        return out
