"""Making a collection: self-play games, then every theme's proof on their positions.

``generate(variant, count, seed)`` is deterministic: game ``g`` of seed ``S`` is played with its
own generator seeded ``"S:g"``, its positions are tried from the last to the first, and each
theme is tried in a fixed order with a fixed node budget. A game gives at most one puzzle of a
theme, and a position at most one puzzle; positions already used are skipped. So the first ``n``
puzzles of a longer run are the puzzles of a run with ``--count n``: a shipped file is checked by
generating a prefix of it again.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game.move import Move
from game.position import Position
from game.puzzles.model import Collection, Puzzle
from game.puzzles.prover import ProofTooLarge, Prover
from game.puzzles.selfplay import LEVEL_WEIGHTS, LEVELS, Game, play_game
from game.puzzles.themes import (
    WIN_THEMES,
    Proof,
    initial_rating,
    material,
    motifs,
    prove_material,
    prove_save,
    prove_trap,
    prove_win,
    smallest_piece,
)
from game.variants import get_variant


@dataclass(frozen=True)
class Plan:
    """What a rule set's generator tries: the themes in order, and a node budget per proof (a
    candidate whose proof passes it is skipped, never accepted or rejected on a guess)."""

    themes: tuple[str, ...]
    budget: int
    skip_turns: int = 3  # the opening turns of a game are never puzzles
    max_turns: int = 120
    checks: int = 1000  # a careful player's safety checks per score (selfplay.choose_action)
    # the most puzzles of a common theme per game played (plus CAP_SLACK): they are held back
    # so the rare themes, which come at their own rate a game, get their share; tied to games,
    # not to puzzles found, so a rule set without some theme still fills its collection
    shares: tuple[tuple[str, float], ...] = (("win1", 0.12), ("material", 0.12))
    # a win in 2 or 3 is looked for where a side of these levels lost that soon (a careful loser
    # more often lost to a forced win; where proofs are dear only those are tried)
    win_losers: tuple[str, ...] = LEVELS

    def room(self, theme: str, found: dict[str, int], games: int) -> bool:
        share = dict(self.shares).get(theme)
        return share is None or found.get(theme, 0) < share * games + CAP_SLACK


CAP_SLACK = 5
DEAR_SHARES = (("win1", 0.35), ("material", 0.35))  # where games are dear, fewer of them a puzzle

# Khet and Leiserchess: few wins in 2-3 and saves come by themselves (none in 2017's first 30), so
# win1 and material may take 0.3 a game each; a proof passing 100,000 actions is skipped (a win in
# 3 that passed 400,000 cost a third of a run's time and none was found)
SINGLE_SHARES = (("win1", 0.3), ("material", 0.3))

PLANS: dict[str, Plan] = {
    "khet": Plan(("win3", "win2", "save", "win1", "material"), 100_000, shares=SINGLE_SHARES),
    "leiserchess2017": Plan(("win3", "win2", "save", "win1", "material"), 100_000, shares=SINGLE_SHARES),
    "leiserchess2018": Plan(("win3", "win2", "save", "win1", "material"), 100_000, shares=SINGLE_SHARES),
    "lousychess": Plan(("win3", "win2", "save", "win1", "material"), 400_000, skip_turns=2),
    # no "save" where a turn is two actions: a turn that saves can nearly always be finished in
    # several harmless ways, so no position had one saving turn (docs/puzzles.md)
    "laserchess98": Plan(("win2", "win1", "material"), 400_000, 3, 80, 4, DEAR_SHARES, ("careful",)),
    "laserchess87": Plan(("win2", "win1", "material"), 400_000, 3, 80, 4, DEAR_SHARES, ("careful",)),
}

PROVERS: dict[str, Callable[[Prover, Position], Proof | None]] = {
    "win1": lambda p, pos: prove_win(p, pos, 1),
    "win2": lambda p, pos: prove_win(p, pos, 2),
    "win3": lambda p, pos: prove_win(p, pos, 3),
    "save": prove_save,
    "material": prove_material,
    "trap": prove_trap,
}


@dataclass
class Stats:
    """What a run cost: games played, candidates tried and skipped per theme, CPU seconds."""

    games: int = 0
    tried: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    found: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


def prove(theme: str, pos: Position, budget: int | None = None) -> Proof | None:
    """Prove ``pos`` a puzzle of ``theme`` (None if it is not one); raises ProofTooLarge."""
    return PROVERS[theme](Prover(budget), pos)


def make_puzzle(pos: Position, proof: Proof, index: int, source: str, collection: str = "") -> Puzzle:
    """The stored form of a proof: move texts, motifs, a starting rating (``collection``: the
    motif of a motif collection, part of the id)."""
    tags = motifs(pos, proof.line)
    work = pos.copy()
    line: list[tuple[str, ...]] = []
    for turn in proof.line:
        texts = []
        for code in turn:
            move = Move.from_code(code)
            texts.append(work.move_text(move))
            work.push(move)
        line.append(tuple(texts))
    return Puzzle(
        id=f"{pos.variant.name}-{collection + '-' if collection else ''}{index:04d}",
        variant=pos.variant.name,
        fen=pos.fen(),
        theme=proof.theme,
        line=tuple(line),
        depth=proof.depth,
        nodes=proof.nodes,
        rating=initial_rating(proof, tags),
        motifs=tags,
        gain=proof.gain,
        source=source,
    )


def candidate(theme: str, game: Game, turn: int, pos: Position, plan: Plan) -> bool:
    """Is the position worth a proof of ``theme``? Read cheaply from the game (this only chooses
    what to prove; a proof is never skipped inside): a win where the side to move did win that
    soon (against a loser of ``plan.win_losers`` for a win in 2 or 3),
    a save anywhere a turn is one action (else where the royal stands in the enemy beam),
    material where the side to move did gain some (and, where a turn is two actions, where at
    most one turn wins a piece at once)."""
    n = WIN_THEMES.get(theme)
    if n is not None:
        left = len(game.positions) - turn  # turns from here to the end, this one included
        loser = game.black if pos.turn == 0 else game.white
        return game.winner == pos.turn and left <= 2 * n - 1 and (n == 1 or loser in plan.win_losers)
    if theme == "save":  # cheap where a turn is one action; elsewhere only under the enemy beam
        v = pos.variant
        return v.turn_actions == 1 or not v.pieces.emitter_numbers() or pos.royal_in_beam(pos.turn)
    if turn + 1 >= len(game.positions):
        return False
    after = Position.from_fen(game.positions[turn + 1], pos.variant)
    if material(after, pos.turn) <= material(pos, pos.turn):
        return False
    return pos.variant.turn_actions == 1 or _immediate_gains(pos) < 2


def _immediate_gains(pos: Position) -> int:
    """How many turns win a piece at once (up to 2): where a turn is two actions, two such turns
    nearly always mean two answers, and the full proof (a second a position) is spared."""
    need = smallest_piece(pos)
    base = material(pos, pos.turn)
    prover = Prover()
    found = 0
    for turn in prover.turns(pos):
        if turn.chance:
            continue
        with prover.playing(pos, turn):
            if pos.loser < 0 and material(pos, 1 - pos.turn) - base >= need:
                found += 1
        if found >= 2:
            break
    return found


_SOURCE = re.compile(r"game (\d+), turn (\d+)$")


def origin(puzzle: Puzzle) -> tuple[int, int]:
    """The self-play game a generated puzzle came from and its turn there (counted from 1)."""
    match = _SOURCE.search(puzzle.source)
    if match is None:
        raise ValueError(f"puzzle {puzzle.id} does not say which game and turn it came from")
    return int(match.group(1)), int(match.group(2))


def resume_point(puzzles: list[Puzzle]) -> tuple[int, int, set[str]]:
    """Where a run that found ``puzzles`` stood after the last: its game, the position index to
    go on from in that game, and the themes that game has already given (see :func:`generate`)."""
    if not puzzles:
        return 0, 1 << 30, set()
    game, turn = origin(puzzles[-1])
    themes = {p.theme for p in puzzles if origin(p)[0] == game}
    return game, turn - 2, themes  # the position after the last puzzle's, one earlier in the game


def generate(
    variant: str,
    count: int,
    seed: int,
    progress: Callable[[Collection, Stats], None] | None = None,
    stats: Stats | None = None,
    resume: Collection | None = None,
) -> Collection:
    """``count`` proven puzzles of ``variant`` from self-play seeded ``seed`` (see the module docs).
    ``progress`` gets the collection so far after each puzzle (a valid file: a shorter run's).
    ``resume``, a shorter run's collection of the same rule set and seed, is taken as found and the
    run goes on from just after its last puzzle: the result is the same as a run from the start."""
    v = get_variant(variant)
    plan = PLANS[v.name]
    stats = stats if stats is not None else Stats()
    start = time.process_time()
    if resume is not None and (resume.variant != v.name or resume.seed != seed):
        raise ValueError(
            f"the file to go on from is {resume.variant} seed {resume.seed}, not {v.name} seed {seed}"
        )
    puzzles: list[Puzzle] = list(resume.puzzles) if resume is not None else []
    used: set[str] = {p.fen for p in puzzles}
    kept: dict[str, int] = {}
    for p in puzzles:
        kept[p.theme] = kept.get(p.theme, 0) + 1
    game_index, resume_turn, resume_themes = resume_point(puzzles)
    resume_game = game_index if puzzles else -1
    while len(puzzles) < count:
        rng = random.Random(f"{seed}:{game_index}")
        white, black = rng.choices(LEVELS, LEVEL_WEIGHTS, k=2)
        game = play_game(v.name, white, black, rng, plan.max_turns, plan.checks)
        stats.games += 1
        themes_left = list(plan.themes)
        top = len(game.positions) - 1
        if game_index == resume_game:
            themes_left = [t for t in themes_left if t not in resume_themes]
            top = min(top, resume_turn)
        for turn in range(top, plan.skip_turns - 1, -1):
            fen = game.positions[turn]
            if fen in used or not themes_left or len(puzzles) >= count:
                continue
            pos = Position.from_fen(fen, v)
            for theme in themes_left:
                if not plan.room(theme, kept, game_index + 1) or not candidate(theme, game, turn, pos, plan):
                    continue
                stats.tried[theme] = stats.tried.get(theme, 0) + 1
                try:
                    proof = prove(theme, pos, plan.budget)
                except ProofTooLarge:
                    stats.skipped[theme] = stats.skipped.get(theme, 0) + 1
                    continue
                if proof is None:
                    continue
                source = f"self-play {white} vs {black}, game {game_index}, turn {turn + 1}"
                puzzle = make_puzzle(pos, proof, len(puzzles) + 1, source)
                puzzles.append(puzzle)
                used.add(fen)
                themes_left.remove(theme)
                kept[theme] = kept.get(theme, 0) + 1
                stats.found[theme] = stats.found.get(theme, 0) + 1
                stats.seconds = time.process_time() - start
                if progress is not None:
                    progress(Collection(v.name, seed, tuple(puzzles)), stats)
                break
        game_index += 1
    stats.seconds = time.process_time() - start
    return Collection(v.name, seed, tuple(puzzles))


# ------------------------------------------------------------------ motif collections
@dataclass(frozen=True)
class MotifPlan:
    """How a motif is sought: the theme whose proof must show it, the rule sets where it can
    happen, and how self-play positions are thinned (each piece of positive value -- never a
    royal or an emitter -- stays with chance ``keep``: with fewer pieces the defender has fewer
    ways out, and a trap is far likelier)."""

    theme: str
    variants: tuple[str, ...]
    keep: float
    budget: int = 100_000
    skip_turns: int = 3
    max_turns: int = 120


# the self-shot trap: only where every turn ends with the mover's own beam firing (Khet 2.0,
# Leiserchess); where firing is an action a side may leave out (LaserChess 98, Laser Chess 1987) a
# defender is never forced to shoot itself, and Lousy Chess has no beam (docs/puzzles.md)
MOTIF_PLANS: dict[str, MotifPlan] = {
    "self-shot": MotifPlan("trap", ("khet", "leiserchess2017", "leiserchess2018"), 0.5),
}


def thinned(fen: str, variant: str, rng: random.Random, keep: float) -> Position:
    """The position with each piece of positive value kept with chance ``keep`` (drawn in square
    order from ``rng``)."""
    v = get_variant(variant)
    board, turn, part, extra = v.parse_state(fen, None)
    values = v.pieces.value
    cells = [code if not code or values[code] <= 0 or rng.random() < keep else 0 for code in board]
    pos = Position(v, cells, turn)
    if part or extra is not None:
        pos.set_turn_state(part, extra)
    return Position.from_fen(pos.fen(), v)


def generate_motif(
    variant: str,
    motif: str,
    count: int,
    seed: int,
    progress: Callable[[Collection, Stats], None] | None = None,
    stats: Stats | None = None,
    resume: Collection | None = None,
) -> Collection:
    """``count`` proven puzzles of ``variant`` that show ``motif``: self-play game ``g`` of seed
    ``S`` is played with a generator seeded ``"S:motif:g"``; its positions, from the last to the
    first, are thinned (a generator seeded ``"S:motif:g:t"`` for turn ``t``) and proved a puzzle
    of the plan's theme, whose proof checks the motif; a game gives at most one puzzle. So the first
    ``n`` puzzles of a run are a run with ``--count n``, and ``resume`` (a shorter run's file) goes
    on from the game after its last puzzle's."""
    v = get_variant(variant)
    plan = MOTIF_PLANS[motif]
    if v.name not in plan.variants:
        raise ValueError(f"{v.title} cannot have the {motif} motif (docs/puzzles.md)")
    stats = stats if stats is not None else Stats()
    start = time.process_time()
    if resume is not None and (resume.variant, resume.seed, resume.motif) != (v.name, seed, motif):
        raise ValueError(
            f"the file to go on from is {resume.title} seed {resume.seed}, not {v.name} {motif} seed {seed}"
        )
    puzzles: list[Puzzle] = list(resume.puzzles) if resume is not None else []
    used: set[str] = {p.fen for p in puzzles}
    game_index = origin(puzzles[-1])[0] + 1 if puzzles else 0
    while len(puzzles) < count:
        rng = random.Random(f"{seed}:{motif}:{game_index}")
        white, black = rng.choices(LEVELS, LEVEL_WEIGHTS, k=2)
        game = play_game(v.name, white, black, rng, plan.max_turns)
        stats.games += 1
        for turn in range(len(game.positions) - 1, plan.skip_turns - 1, -1):
            pos = thinned(
                game.positions[turn], v.name, random.Random(f"{seed}:{motif}:{game_index}:{turn}"), plan.keep
            )
            fen = pos.fen()
            if fen in used:
                continue
            stats.tried[plan.theme] = stats.tried.get(plan.theme, 0) + 1
            try:
                proof = prove(plan.theme, pos, plan.budget)
            except ProofTooLarge:
                stats.skipped[plan.theme] = stats.skipped.get(plan.theme, 0) + 1
                continue
            if proof is None:
                continue
            puzzle = make_puzzle(pos, proof, len(puzzles) + 1, "", motif)
            if motif not in puzzle.motifs:
                continue
            source = f"self-play {white} vs {black} thinned, game {game_index}, turn {turn + 1}"
            puzzles.append(replace(puzzle, source=source))
            used.add(fen)
            stats.found[plan.theme] = stats.found.get(plan.theme, 0) + 1
            stats.seconds = time.process_time() - start
            if progress is not None:
                progress(Collection(v.name, seed, tuple(puzzles), motif), stats)
            break
        game_index += 1
    stats.seconds = time.process_time() - start
    return Collection(v.name, seed, tuple(puzzles), motif)
