"""Command-line tools of the engine: ``bestmove``, ``bench``, ``match`` and ``engine`` (docs/command-line.md).

:func:`register` adds them to ``python -m game``; the main module calls it before parsing.
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import shutil
import time
from pathlib import Path
from types import ModuleType

from game import cliargs
from game.limits import shown
from game.native import core_name, core_reason
from game.position import Position
from game.search.engine import make_engine
from game.search.levels import LEVELS, get_level
from game.search.limits import Limits, Progress, format_score
from game.search.match import GameResult, PlayerSpec, format_elo, play_match, sprt_llr, sprt_verdict
from game.search.protocol import EngineProcess, EngineProcessError
from game.study_cli import save_match_game
from game.variants import VARIANTS, get_variant

# The bench: every setup from its start plus three middlegame positions (reached by random play
# from the setups), each searched to a fixed depth by a fresh engine so node counts are reproducible.
BENCH_POSITIONS: tuple[tuple[str, str], ...] = (
    ("Classic", "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b"),
    ("Imhotep", "sc3ncfcncra2/10/3Pd2pa3/paPc2Pbra2pbPd/pbPd2Rapd2paPc/3Pc2pb3/10/2RaNaFaNa3Sa b"),
    ("Dynasty", "sc3pcncpb3/5fc4/pa3pcncra3/pb1rb1Pd1Pb3/3pd1pb1Rb1Pd/3RaNaPa3Pc/4Fa5/3PdNaPa3Sa b"),
    ("Mercury", "sb3pcfcpb2Ra/5ncpb3/pb2ra1nc4/pa3Pd3Pc1/1pa3pb3Pc/4Na1Ra2Pd/3PdNa5/ra2PdFaPa3Sd b"),
    ("Sophie", "sc3fcPdpb3/3nc1nb3Pc/pa3pcpb1Ra1Pd/7rb2/2Rb7/pb1ra1PdPa3Pc/pa3Nd1Na3/3PdpbFa3Sa b"),
    ("middlegame 1", "sc3ncfc1pc2/2pc3pb3/5rb4/2Pc1ra2pa2/1pa3Rc4/3NbRaNbpb1Pc1/3Pa3Pa2/2Pd1Fa4Sa r"),
    ("middlegame 2", "sc3pcncpb3/5fc4/pa3pc1Pb3/pc1rb1Pdnc2Rb1/5pbra3/2pcNa1Pa2Pb1/3RaFa5/2Pd1NaPa3Sa r"),
    ("middlegame 3", "sc3pcnd2pb1/5fc4/rb3pcRbra3/2pa2Pb4/3pa5Pd/3NaNaPa3Pc/3RbFaPa4/2Pd6Sa r"),
)


def _position(main: ModuleType, args: argparse.Namespace) -> Position:
    pos: Position = main.position_from_args(args)
    for text in (args.moves or "").split():
        pos.push(pos.parse_move(text))
    return pos


def cmd_bestmove(args: argparse.Namespace, main: ModuleType) -> int:
    pos = _position(main, args)
    randomness = rng = None
    if args.level:
        level = get_level(args.level)
        limits = level.limits(variant=pos.variant)
        randomness = level.randomness(pos.variant)
        rng = level.rng(args.seed)
    else:
        limits = Limits()
    if args.movetime is not None:
        limits = Limits(depth=limits.depth if args.level else None, movetime=args.movetime / 1000)
    if args.depth is not None:
        limits = Limits(depth=args.depth, movetime=limits.movetime)
    if args.nodes is not None:
        limits = Limits(depth=limits.depth, movetime=limits.movetime, nodes=args.nodes)
    if limits.depth is None and limits.movetime is None and limits.nodes is None:
        limits = Limits(movetime=2.0)

    def show(p: Progress) -> None:
        if not args.quiet:
            print("info " + p.describe(), flush=True)

    engine = make_engine(pos.variant)
    result = engine.search(pos, limits, show, randomness, rng)
    if result.move is None:
        print("bestmove (none): the game is over")
        return 1
    print(
        f"bestmove {result.move_text}  score {format_score(result.score)}  depth {result.depth}  "
        f"nodes {result.nodes}  time {result.seconds:.2f} s  ({result.nps:,d} nodes/s)  "
        f"core {core_name(engine)}"
    )
    return 0


def cmd_bench(args: argparse.Namespace, main: ModuleType) -> int:
    """Nodes/s by the CPU time of this process (wall time on a shared machine measures the load, and
    a native search to depth 4 takes milliseconds); the wall seconds are shown beside it."""
    total_nodes = 0
    total_wall = total_cpu = 0.0
    variant = get_variant(args.variant)
    # Khet's fixed list; any other rule set is benched on its own setups.
    positions = BENCH_POSITIONS if variant.name == "khet" else tuple(variant.setups.items())
    core = core_name(make_engine(variant))
    print(f"core: {core} ({'the C extension game._native' if core == 'native' else core_reason(variant)})")
    print("nodes/s by the CPU time of this process (cpu s); seconds: the wall clock")
    print(f"{'position':<26} {'move':>7} {'score':>7} {'nodes':>9} {'seconds':>8} {'cpu s':>8} ", end="")
    print(f"{'nodes/s':>10}")
    for name, fen in positions:
        pos = Position.from_fen(fen, variant)
        t0, c0 = time.perf_counter(), time.process_time()
        r = make_engine(variant).search(pos, Limits(depth=args.depth))
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        total_nodes += r.nodes
        total_wall += dt
        total_cpu += cpu
        print(
            f"{name:<26} {r.move_text:>7} {format_score(r.score):>7} {r.nodes:>9,d} {dt:>8.3f} {cpu:>8.3f} "
            f"{r.nodes / max(cpu, 1e-9):>10,.0f}"
        )
    print(
        f"{'total':<26} {'':>7} {'':>7} {total_nodes:>9,d} {total_wall:>8.3f} {total_cpu:>8.3f} "
        f"{total_nodes / max(total_cpu, 1e-9):>10,.0f}"
    )
    return 0


def cmd_match(args: argparse.Namespace, main: ModuleType) -> int:
    """Check everything the match needs (levels, setups, weights, the save folder, outside engines)
    before the first game; then play, one line a game, and end with the score -- also on Ctrl+C."""
    movetime = args.movetime / 1000 if args.movetime is not None else None

    def player(name: str, command: str | None) -> PlayerSpec:
        own = movetime
        if own is None and args.time_scale is not None:
            own = get_level(name).seconds * args.time_scale  # each level keeps its share of time
        if command is not None and own is None and args.depth is None:
            own = get_level(name).seconds  # an outside engine gets the level's budget
        return PlayerSpec.parse(name, own, args.depth, command)

    a, b = player(args.white, args.white_cmd), player(args.black, args.black_cmd)
    try:
        a = with_weights(a, args.white_weights, args.variant)
        b = with_weights(b, args.black_weights, args.variant)
    except ValueError as exc:
        raise cliargs.UsageError(str(exc)) from None
    setups = setup_names(args.variant, args.setups)
    save_dir = cliargs.writable_folder(args.save_dir, "--save-dir") if args.save_dir else None
    for option, command in (("--white-cmd", args.white_cmd), ("--black-cmd", args.black_cmd)):
        if command is not None:
            check_engine_command(command, option)
    print(f"{a.label} vs {b.label}: {args.games} games, setups {', '.join(setups)}, {args.jobs} at a time")
    score = [0.0, 0]

    def report(r: GameResult) -> None:
        if save_dir is not None:
            levels = (a.level.name, b.level.name) if r.a_moves_first else (b.level.name, a.level.name)
            try:
                save_match_game(save_dir, args.variant, r.setup, levels, r.moves)
            except OSError as exc:
                raise cliargs.CommandFailed(
                    f"game {r.index + 1} could not be saved in {save_dir}: {exc}"
                ) from exc
        score[0] += r.a_score
        score[1] += 1
        first, second = (a, b) if r.a_moves_first else (b, a)
        print(
            f"game {r.index + 1:3d}  {r.setup:<8} {first.name} (first) vs {second.name}: "
            f"{r.result:<7} {r.reason}, {r.plies} plies, {r.seconds:.0f} s, depths "
            f"{r.depths[0]:.1f}/{r.depths[1]:.1f}   [{a.name} {score[0]:g}/{score[1]}]",
            flush=True,
        )

    record = play_match(
        a,
        b,
        args.games,
        setups,
        args.jobs,
        args.seed,
        args.max_plies,
        args.variant,
        report,
        args.sprt,
        args.adjudicate,
    )
    wins, draws, losses = record.score
    played = len(record.results)
    if record.stopped == "interrupted":
        print(f"interrupted (Ctrl+C) after {played} of {args.games} games")
    points = (wins + draws / 2) / max(1, played)
    print(f"{a.label} vs {b.label}: +{wins} ={draws} -{losses}  ({points:.1%})")
    print(f"Elo difference ({a.name} - {b.name}): {format_elo(wins, draws, losses)}")
    if args.sprt is not None:
        elo0, elo1 = args.sprt
        verdict = sprt_verdict(wins, draws, losses, elo0, elo1)
        llr = sprt_llr(wins, draws, losses, elo0, elo1)
        said = {
            "H1": f"{a.name} is better (at least {elo1:+g} Elo)",
            "H0": f"{a.name} is not better (at most {elo0:+g} Elo)",
            None: "undecided within the games played",
        }[verdict]
        print(f"SPRT [{elo0:+g}, {elo1:+g}] alpha=beta=0.05: LLR {llr:+.2f} (bounds ±2.94): {said}")
    failed = record.failure
    if failed is not None:
        raise cliargs.CommandFailed(f"game {failed.index + 1}: {failed.reason}; the match stopped")
    return 130 if record.stopped == "interrupted" else 0


def setup_names(variant_name: str, text: str | None) -> tuple[str, ...]:
    """The setups of ``--setups A,B`` by their own names (all of the rule set's without it);
    KeyError naming the rule set's setups for a name it does not have."""
    variant = get_variant(variant_name)
    if not text:
        return tuple(variant.setups)
    names = []
    for name in text.split(","):
        variant.setup_fen(name)  # refuses an unknown name
        names.append(next(n for n in variant.setups if n.lower() == name.strip().lower()))
    return tuple(names)


def check_engine_command(command: str, option: str) -> None:
    """An outside engine's command line names a program that starts and answers ``protocol``;
    UsageError (a command that cannot be run) or CommandFailed (a program that does not answer)."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise cliargs.UsageError(f"{option}: cannot read the command {shown(command, 40)}: {exc}") from None
    if not words:
        raise cliargs.UsageError(f"{option}: the command is empty")
    if shutil.which(words[0]) is None:
        raise cliargs.UsageError(f"{option}: {shown(words[0], 40)} is not a program that can be run")
    try:
        with EngineProcess(command, timeout=ENGINE_HANDSHAKE_SECONDS):
            pass
    except EngineProcessError as exc:
        raise cliargs.CommandFailed(f"{option}: {exc}") from None


ENGINE_HANDSHAKE_SECONDS = 15.0  # an engine must answer 'protocol' this soon (Python start-up included)


def with_weights(player: PlayerSpec, path: str | None, variant: str) -> PlayerSpec:
    """``player`` playing the weights of the file at ``path`` (ValueError when they cannot be used)."""
    if path is None:
        return player
    from game.search.weights import load_weights

    if player.command is not None:
        raise ValueError("weights are for our engine, not for an outside command")
    return dataclasses.replace(player, weights=load_weights(path, variant), weights_name=Path(path).stem)


def cmd_engine(args: argparse.Namespace, main: ModuleType) -> int:
    from game.search.protocol import EngineSession
    from game.search.weights import load_weights, variant_of

    weights = None
    if args.weights:
        try:
            weights = (variant_of(args.weights), load_weights(args.weights))
        except ValueError as exc:
            raise cliargs.UsageError(str(exc)) from None
    return EngineSession(weights=weights).run()


def add_game_play_arguments(
    p: argparse.ArgumentParser, *, time_scale_default: float | None, adjudicate_default: int
) -> None:
    """The options ``match`` and ``ladder`` share: the rule set and how each game is played."""
    p.add_argument("--variant", default="khet", choices=sorted(VARIANTS), help="rule set (default khet)")
    p.add_argument(
        "--time-scale",
        metavar="X",
        type=cliargs.time_scale,
        default=time_scale_default,
        help="multiply each level's own time budget (e.g. 0.1: Expert 1.5 s, Hard 0.5 s a move; "
        "depth caps stay)",
    )
    p.add_argument(
        "--setups",
        metavar="A,B",
        default=None,
        help="comma-separated setups, played in turn (default: all of the rule set's)",
    )
    p.add_argument(
        "--jobs",
        metavar="N",
        type=cliargs.jobs,
        default=2,
        help="games played at once, each in a process (default 2)",
    )
    p.add_argument(
        "--max-plies",
        metavar="N",
        type=cliargs.plies,
        default=200,
        help="plies before the game is adjudicated (default 200)",
    )
    p.add_argument(
        "--adjudicate",
        metavar="N",
        type=cliargs.whole_number(0, 100_000),
        default=adjudicate_default,
        help="at the ply limit a side a depth-2 judge finds N centi-units ahead wins, else a draw "
        + (
            f"(default {adjudicate_default}; 0: always a draw)"
            if adjudicate_default
            else "(default 0: always a draw)"
        ),
    )
    p.add_argument(
        "--seed",
        metavar="N",
        type=int,
        default=1,
        help="seed of the levels' randomness and of chance (default 1)",
    )


def _add_bestmove(sub: argparse._SubParsersAction[argparse.ArgumentParser], main: ModuleType) -> None:
    level_names = ", ".join(LEVELS)
    p = sub.add_parser("bestmove", help="search a position and print the move the engine chooses")
    main.add_position_arguments(p)
    p.add_argument(
        "--moves",
        metavar="MOVES",
        default="",
        help="moves to play from the position first (space separated)",
    )
    p.add_argument("--level", metavar="LEVEL", type=cliargs.level, help=f"a level preset ({level_names})")
    p.add_argument(
        "--movetime",
        metavar="MS",
        type=cliargs.milliseconds,
        help="milliseconds to think (with no limit at all: 2000)",
    )
    p.add_argument("--depth", metavar="N", type=cliargs.depth, help="search exactly this deep")
    p.add_argument("--nodes", metavar="N", type=cliargs.count, help="stop after about this many nodes")
    p.add_argument("--seed", metavar="N", type=int, default=None, help="random seed for a level's choices")
    p.add_argument("--quiet", action="store_true", help="print only the chosen move")


def _add_bench_and_engine(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bench", help="search fixed positions to a fixed depth: nodes, seconds, nodes/s (CPU)")
    p.add_argument(
        "--depth", metavar="N", type=cliargs.depth, default=4, help="depth of every search (default 4)"
    )
    p.add_argument("--variant", default="khet", choices=sorted(VARIANTS), help="rule set (default khet)")
    p = sub.add_parser("engine", help="speak the engine line protocol on stdin/stdout (docs/engine.md)")
    p.add_argument(
        "--weights",
        metavar="FILE",
        help="evaluation weights from a JSON file (tools/tune.py writes them)",
    )


def _add_match(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    level_names = ", ".join(LEVELS)
    p = sub.add_parser("match", help="engine against engine: wins/draws/losses and an Elo difference")
    p.add_argument(
        "--white",
        metavar="LEVEL",
        type=cliargs.level,
        default="Hard",
        help=f"first player's level ({level_names}; default Hard)",
    )
    p.add_argument(
        "--black",
        metavar="LEVEL",
        type=cliargs.level,
        default="Medium",
        help="second player's level (default Medium)",
    )
    p.add_argument("--games", metavar="N", type=cliargs.games, default=20, help="games to play (default 20)")
    p.add_argument(
        "--movetime",
        metavar="MS",
        type=cliargs.milliseconds,
        help="milliseconds per move for both (replaces the levels')",
    )
    p.add_argument(
        "--depth", metavar="N", type=cliargs.depth, help="depth cap for both (replaces the levels')"
    )
    add_game_play_arguments(p, time_scale_default=None, adjudicate_default=0)
    p.add_argument(
        "--save-dir",
        metavar="DIR",
        help="keep every game there as a record (python -m game analyse FILE)",
    )
    p.add_argument(
        "--white-cmd",
        metavar="CMD",
        help="an outside engine (speaking the engine protocol) as first player",
    )
    p.add_argument("--black-cmd", metavar="CMD", help="an outside engine as second player")
    p.add_argument(
        "--white-weights", metavar="FILE", help="evaluation weights (JSON, tools/tune.py), first player"
    )
    p.add_argument("--black-weights", metavar="FILE", help="evaluation weights for the second player")
    p.add_argument(
        "--sprt",
        metavar="ELO0,ELO1",
        type=cliargs.elo_bounds,
        help="stop as soon as a sequential test decides (e.g. 0,50); --games is then the most played",
    )


def register(main: ModuleType) -> None:
    """Add the engine's sub-commands to the ``python -m game`` parser of module ``main``."""
    if "bestmove" in main.COMMANDS:
        return

    def parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        _add_bestmove(sub, main)
        _add_bench_and_engine(sub)
        _add_match(sub)

    main.EXTRA_PARSERS.append(parsers)
    main.COMMANDS["bestmove"] = lambda args: cmd_bestmove(args, main)
    main.COMMANDS["bench"] = lambda args: cmd_bench(args, main)
    main.COMMANDS["match"] = lambda args: cmd_match(args, main)
    main.COMMANDS["engine"] = lambda args: cmd_engine(args, main)
