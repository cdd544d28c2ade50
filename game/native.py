"""The native engine core: the C extension ``game._native``, used when it is built and present.

``pip install .`` (or ``pip install -e .``) compiles ``native/*.c`` into ``game._native`` with the
machine's C compiler; where there is none the build skips it and everything runs in pure Python,
unchanged (setup.py marks the extension optional). The C core is a port of the Python reference,
not a second design: it holds the hot path of Khet and Leiserchess 2017/2018 (board, move
generation, laser tracing, make/unmake, the evaluation and the whole tree search below the root),
while every table that defines the rules or the evaluation (optics, rotations, Zobrist keys,
neighbours, placement values, weights) is built here from the Python objects and handed over, so
the two cores read the same data. Iterative deepening, time management and the choice of move stay
in Python (:class:`NativeEngine` is an :class:`~game.search.engine.Engine` whose root iterations
run in C), and on fixed positions and depths both cores give identical node counts, moves and
scores (tests/test_native_search.py).

``LASER_CHESS_PURE=1`` in the environment ignores the extension (the reference, and the fallback).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from types import ModuleType
from typing import Any

from game.native_source import source_hash
from game.pieceset import SIDE_KEY
from game.position import Position
from game.search.beams import BeamProfile
from game.search.engine import Engine, SearchStopped
from game.search.evaluate import Evaluator
from game.variants import KHET, LEISERCHESS_2017, LEISERCHESS_2018
from game.variants.base import RuleOptions, Variant

# The rule sets whose rules the C core holds, by the number its C code knows them by.
RULE_IDS: dict[str, int] = {KHET.name: 0, LEISERCHESS_2017.name: 1, LEISERCHESS_2018.name: 2}
_BUILTIN = {KHET.name: KHET, LEISERCHESS_2017.name: LEISERCHESS_2017, LEISERCHESS_2018.name: LEISERCHESS_2018}
# The rule sets the native core searches: those whose Python search and evaluation native/ ports
# today. A change to a rule set's Python search or evaluation that is not yet ported to native/
# takes the rule set out of here (the tests follow this set), and it searches in Python meanwhile.
SERVED: frozenset[str] = frozenset(RULE_IDS)


def pure_requested() -> bool:
    """``LASER_CHESS_PURE`` set (and not 0): run the pure-Python core even where the native one is built."""
    return os.environ.get("LASER_CHESS_PURE", "") not in ("", "0")


NATIVE_SOURCES = Path(__file__).resolve().parent.parent / "native"  # present in a checkout only
# Why the native core is not used, when it is not ("" when it is).
why_not = ""


def _load() -> ModuleType | None:
    global why_not
    if pure_requested():
        why_not = "LASER_CHESS_PURE is set"
        return None
    try:
        from game import _native  # type: ignore[attr-defined]
    except ImportError:
        why_not = "the extension game._native is not built (pip install . builds it with a C compiler)"
        return None
    module: ModuleType = _native
    if NATIVE_SOURCES.is_dir() and getattr(module, "SOURCE_HASH", None) != source_hash(NATIVE_SOURCES):
        why_not = "game._native was built from older sources: python setup.py build_ext --inplace"
        return None
    return module


_native = _load()


def available() -> bool:
    """Is the native core built, importable and not switched off?"""
    return _native is not None


def has_rules(variant: Variant) -> bool:
    """Does the C core hold this rule set's rules (one of the built-in Khet and Leiserchess objects)?"""
    return _BUILTIN.get(variant.name) is variant


def serves(variant: Variant) -> bool:
    """Does the native core search this rule set (its rules and its search ported, see SERVED)?"""
    return has_rules(variant) and variant.name in SERVED


def core_name(engine: object) -> str:
    """``native`` or ``python``: which core an engine's searches run on (its last search's, or the
    one its next search will use): what ``bench``, ``bestmove`` and the engine protocol report."""
    return str(getattr(engine, "core", "python"))


def core_reason(variant: Variant) -> str:
    """Why ``variant`` runs on the Python core (for the command line's report)."""
    if _native is not None and not serves(variant):
        return f"pure Python: the native core does not play {variant.title}"
    return f"pure Python: {why_not}" if why_not else "pure Python"


# ------------------------------------------------------------------ tables handed to C


def rules_tables(variant: Variant, options: RuleOptions) -> dict[str, Any]:
    """Everything the C rules read, built from the Python variant (one source of truth)."""
    geo = variant.geometry
    pieces = variant.pieces
    forbidden = variant.forbidden
    is_khet = variant.name == KHET.name
    return {
        "variant": RULE_IDS[variant.name],
        "width": geo.width,
        "height": geo.height,
        "rays": geo.rays,
        "step": geo.step,
        "neighbours": geo.neighbours,
        "targets0": [[t for t in geo.neighbours[sq] if t not in forbidden[0]] for sq in range(geo.size)],
        "targets1": [[t for t in geo.neighbours[sq] if t not in forbidden[1]] for sq in range(geo.size)],
        "forbidden0": [sq in forbidden[0] for sq in range(geo.size)],
        "forbidden1": [sq in forbidden[1] for sq in range(geo.size)],
        "is_royal": pieces.is_royal,
        "is_laser": pieces.is_laser,
        "optics": pieces.fast_optics,
        "rotate0": pieces.rotate[0],
        "rotate1": pieces.rotate[1],
        "rotate2": pieces.rotate[2],
        "rotate3": pieces.rotate[3],
        "zobrist": pieces.zobrist,
        "side_key": SIDE_KEY,
        "swap_reserved_ok": int(bool(options.get("swap_into_reserved", False))) if is_khet else 0,
        "zombies": int(bool(options.get("zombies", False))) if variant.name == LEISERCHESS_2017.name else 0,
        "refire": int(variant.refire),
        "king_kill_is_leaf": int(variant.king_kill_is_leaf),
    }


def delta_margin(ev: Evaluator) -> int:
    """Quiescence's delta-pruning margin (half the dearest piece that can fall, plus 150)."""
    return max(ev.value[c] for c in range(8, len(ev.value)) if not ev.is_royal[c]) // 2 + 150


def eval_tables(ev: Evaluator) -> dict[str, Any]:
    """The evaluation's tables and weights, as the Python Evaluator built them."""
    open_line, shut_line, laser_line, enemy_mirror = ev._exposure_weights
    return {
        "psq": ev.psq,
        "value": ev.value,
        "free": ev._free,
        "hanging": ev._hanging,
        "self_wait": ev._self_wait,
        "self_hit": ev._self_hit,
        "near_danger": ev.near_danger,
        "far_danger": ev.far_danger,
        "tempo": ev._tempo,
        "beam_control": ev._beam_control,
        "cross": ev._cross,
        "open_line": open_line,
        "shut_line": shut_line,
        "laser_line": laser_line,
        "enemy_mirror": enemy_mirror,
        "guard": ev._guard,
        "ring2": ev.ring2,
        "delta_margin": delta_margin(ev),
        "grip": ev._grip,
        "king_ring": ev._king_ring,
        "king_room": ev._king_room,
        "naked": ev._naked,
    }


_RULES: dict[tuple[str, bool, bool], dict[str, Any]] = {}


def _rule_key(variant: Variant, options: RuleOptions) -> tuple[str, bool, bool]:
    return (variant.name, bool(options.get("swap_into_reserved", False)), bool(options.get("zombies", False)))


def new_core(pos: Position) -> Any:
    """A native core for ``pos``'s rule set and options, set to ``pos`` (RuntimeError without one)."""
    if _native is None:
        raise RuntimeError(f"no native core: {why_not}")
    if not has_rules(pos.variant):
        raise ValueError(f"the native core does not hold the rules of {pos.variant.title}")
    key = _rule_key(pos.variant, pos.options)
    tables = _RULES.get(key)
    if tables is None:
        tables = _RULES[key] = rules_tables(pos.variant, pos.options)
    core = _native.Core(tables)
    set_position(core, pos)
    return core


def set_position(core: Any, pos: Position) -> None:
    """Put ``pos`` (with its last move and the hash before it, for Ko) into ``core``."""
    last = pos.last_move_code
    prev = pos.hashes[-2] if last is not None and len(pos.hashes) >= 2 else 0
    lasers = pos.lasers
    last_code = -1 if last is None else last
    h = core.set_position(
        pos.board, pos.turn, lasers[0], lasers[1], pos.quiet_plies, last_code, prev, pos.loser
    )
    if h != pos.hash:
        raise ValueError("native core: the position's hash differs from the Python one")


def perft(pos: Position, depth: int) -> int:
    """:func:`game.perft.perft` through the native core."""
    count: int = new_core(pos).perft(depth)
    return count


# ------------------------------------------------------------------ the engine


class NativeEngine(Engine):
    """The search with its root iterations in C: the same nodes, moves and scores as :class:`Engine`.

    The Python driver (iterative deepening, aspiration windows, time management, randomness) is
    the Engine's own; :meth:`_root_moves` hands the position and the limits to the core, and
    :meth:`_root` runs one iteration there. Rule sets the core does not serve fall back to the
    Python search inside the same object."""

    def __init__(self, *args: Any, variant: Variant | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "python" after a search of a rule set the core does not serve (or before one, if told)
        self.core = "python" if variant is not None and not serves(variant) else "native"
        self._cores: dict[tuple[str, bool, bool], Any] = {}
        self._eval_of: dict[tuple[str, bool, bool], Evaluator] = {}
        self._active: Any = None

    def clear(self) -> None:
        super().clear()
        for core in self._cores.values():
            core.clear()

    def _core_for(self, pos: Position) -> Any:
        key = _rule_key(pos.variant, pos.options)
        core = self._cores.get(key)
        if core is None:
            core = self._cores[key] = new_core(pos)
        profile = self.profile
        assert isinstance(profile, BeamProfile)  # (the rule sets the core serves play it)
        ev = profile.ev
        if self._eval_of.get(key) is not ev:
            core.set_eval(eval_tables(ev))
            self._eval_of[key] = ev
        set_position(core, pos)
        return core

    def _root_moves(self, rng: random.Random | None = None) -> list[tuple[int, int]]:
        pos = self.pos
        self._active = None
        if _native is not None and serves(pos.variant):
            core = self._core_for(pos)
            profile = self.profile
            assert isinstance(profile, BeamProfile)
            opts = self.options
            deadline = self.deadline
            core.begin(
                (
                    opts.quiescence,
                    opts.null_move,
                    opts.lmr,
                    opts.futility,
                    opts.extensions,
                    opts.move_count_pruning,
                    opts.lmr_late,
                    opts.lmr_hot_after,
                    opts.qsearch_depth,
                ),
                list(self.path),  # (before the search: the positions the game has seen twice)
                self.node_limit or 0,
                deadline,
                self.next_check,
                self._last_look[0],
                float(self._last_look[1]),
                self.clock,
                self.stop_fn,
                self.ply_limit,
                int(profile.virtual_shots),
                int(profile.by_region),
                self.options.tt_entries,
            )
            self._active = core
        self.core = "native" if self._active is not None else "python"
        if self._active is None:
            return super()._root_moves(rng)
        codes = pos.generate_codes()
        if rng is not None:
            rng.shuffle(codes)
        return [(score, code) for score, code in self._active.root_moves(codes)]

    def _root(
        self, order: list[int], depth: int, alpha: int, beta: int, s: int, stm: int
    ) -> tuple[int, dict[int, int]]:
        core = self._active
        if core is None:
            return super()._root(order, depth, alpha, beta, s, stm)
        self.root_depth = depth
        best, scores, per_move, pv, iter_best, stopped, nodes = core.root(
            order, depth, alpha, beta, s, self.random_margin
        )
        self.nodes = nodes
        self.pv[0] = pv
        for c, n in per_move:
            self.root_nodes[c] = n
        self.iter_best = (iter_best[0], iter_best[1], iter_best[2]) if iter_best is not None else None
        if stopped:
            raise SearchStopped
        return best, dict(scores)


def make_native_engine(variant: Variant | None = None, **kwargs: Any) -> Engine:
    """A :class:`NativeEngine` where the core is built, else the Python :class:`Engine`."""
    return NativeEngine(variant=variant, **kwargs) if _native is not None else Engine(**kwargs)
