"""Sample games for screenshots, tests and benchmarks: plausible random games (preferring to destroy an
enemy piece and avoiding losing one) with varied rule sets, players, clocks and results, deterministic
for a seed. Nothing here is shown to a player as real."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path

from game import Game, Outcome, Player, TimeControl
from game.outcome import Termination

LEVEL_NAMES = ("Beginner", "Easy", "Medium", "Hard", "Expert")


def play_sample_game(
    rng: random.Random, variant: str, setup: str | None, plies: int, allow_win: bool = True
) -> tuple[Game, list[str]]:
    """A plausible game: random moves that prefer destroying an enemy piece and avoid losing one.
    Returns the game (no outcome yet unless a royal fell) and the position string at every ply."""
    game = Game.new(variant, setup)
    pos = game.start_position()
    fens = [pos.fen()]
    for ply in range(plies):
        may_win = allow_win and ply >= plies * 0.7  # keep the game going for about ``plies`` moves
        moves = list(pos.legal_moves)
        if not moves:
            break
        rng.shuffle(moves)
        turn = pos.turn
        choice, fallback = None, None
        for move in moves[:24]:
            effects = pos.push(move)
            won = pos.loser == 1 - turn
            lost = pos.loser == turn or any(r.color == turn for r in effects.lost)
            hit = bool(effects.lost)
            pos.pop()
            if won and not may_win:
                continue
            if won or (hit and not lost and rng.random() < 0.6):
                choice = move
                break
            if not lost and fallback is None:
                fallback = move
        move = choice or fallback or moves[0]
        text = pos.move_text(move)
        pos.push(move)
        game.add_move(text, rng.uniform(1.5, 28.0), pos.fen())
        fens.append(pos.fen())
        if pos.loser >= 0:
            game.outcome = pos.outcome()
            break
    return game, fens


def make_sample_games(count: int = 8, seed: int = 11, now: datetime | None = None) -> list[Game]:
    """Varied example games (rule sets, players, results, unfinished ones) for screenshots,
    tests and benchmarks. Deterministic for a seed."""
    rng = random.Random(seed)
    now = now or datetime(2026, 3, 14, 21, 30)
    games: list[Game] = []
    plans = [
        ("khet", "Classic"),
        ("khet", "Imhotep"),
        ("leiserchess2017", None),
        ("khet", "Dynasty"),
        ("leiserchess2018", None),
        ("khet", "Mercury"),
        ("khet", "Sophie"),
    ]
    for i in range(count):
        variant, setup = plans[i % len(plans)]
        ending = ("win", "unfinished", "draw", "time", "resign")[i % 5]
        game, _ = play_sample_game(rng, variant, setup, rng.randint(12, 90), allow_win=ending == "win")
        style = i % 4
        if style == 0:
            players = (Player("human", "You"), Player("cpu", level=rng.choice(LEVEL_NAMES)))
        elif style == 1:
            players = (Player("cpu", level=rng.choice(LEVEL_NAMES)), Player("human", "You"))
        else:
            players = (Player("human", "Ana"), Player("human", "Ben"))
        game.players = players
        if rng.random() < 0.5:
            game.time_control = TimeControl(rng.choice((180.0, 300.0, 600.0)), rng.choice((0.0, 2.0, 5.0)))
        if game.outcome is None:
            side = len(game.moves) % 2  # the side to move
            if ending in ("win", "resign"):
                game.outcome = Outcome.win(1 - side, Termination.RESIGNATION)
            elif ending == "draw":
                game.outcome = Outcome.draw(Termination.AGREEMENT)
            elif ending == "time":
                game.outcome = Outcome.win(1 - side, Termination.TIMEOUT)
        start = now - timedelta(days=i * 1.7 + rng.random(), minutes=rng.randint(0, 600))
        game.started_at = start.isoformat(timespec="seconds")
        if game.outcome is not None:
            game.ended_at = (start + timedelta(seconds=game.duration_seconds + 20)).isoformat(
                timespec="seconds"
            )
        game.game_id = f"sample{seed:03d}{i:03d}"
        games.append(game)
    return games


def write_sample_games(folder: Path, count: int = 8, seed: int = 11) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [game.save(folder) for game in make_sample_games(count, seed)]
