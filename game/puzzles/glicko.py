"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), for players and puzzles.

Each puzzle attempt is one rating period of one game between the player and the puzzle: a solve
is a win for the player and a loss for the puzzle, a miss the other way round. The system constant
``TAU`` limits how fast the volatility changes; deviations are kept between ``MIN_RD`` (so a rating
never freezes) and ``MAX_RD`` (an unrated player's).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale factor (400 / ln 10)
TAU = 0.5
EPSILON = 1e-6  # convergence of the volatility iteration
MIN_RD = 45.0
MAX_RD = 350.0
START_VOLATILITY = 0.06


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, rating deviation, volatility."""

    rating: float = 1500.0
    rd: float = MAX_RD
    volatility: float = START_VOLATILITY

    def to_json(self) -> list[float]:
        return [round(self.rating, 2), round(self.rd, 2), round(self.volatility, 6)]

    @classmethod
    def parse(cls, data: object) -> Rating | None:
        """A rating from ``[rating, rd, volatility]``, or None if that is not one."""
        if not isinstance(data, list | tuple) or len(data) != 3:
            return None
        try:
            r, rd, vol = (float(x) for x in data)
        except (TypeError, ValueError):
            return None
        if not all(math.isfinite(x) for x in (r, rd, vol)) or not 0 <= r <= 5000 or not 0 < vol < 1:
            return None
        return cls(r, min(MAX_RD, max(MIN_RD, rd)), vol)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (0..1)."""
    return _expected((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU, clamp: bool = True) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score 1/0.5/0)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return _finish(mu, phi_star, sigma, clamp)
    inv_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / SCALE
        phi_j = opponent.rd / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inv_v += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1.0 / inv_v
    delta = v * total
    sigma = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return _finish(mu_new, phi_new, sigma, clamp)


def _finish(mu: float, phi: float, sigma: float, clamp: bool) -> Rating:
    rd = phi * SCALE
    if clamp:
        rd = min(MAX_RD, max(MIN_RD, rd))
    return Rating(mu * SCALE + 1500, rd, sigma)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0, x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """New (player, puzzle) ratings after one attempt."""
    score = 1.0 if solved else 0.0
    return update(player, [(puzzle, score)]), update(puzzle, [(player, 1.0 - score)])
