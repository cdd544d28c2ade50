"""Serve the engine line protocol with the ``game`` package of another checkout (e.g. an older main).

    python tools/engine_from.py /path/to/other/checkout

The protocol code is this checkout's ``game/search/protocol.py``; the engine, position and rules
it drives are imported from the other checkout, so ``match --black-cmd`` can play the two
versions against each other in separate processes.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not (Path(argv[0]) / "game" / "__init__.py").is_file():
        print("usage: python tools/engine_from.py CHECKOUT  (a directory holding game/)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(Path(argv[0]).resolve()))
    if not (Path(argv[0]) / "game" / "search" / "limits.py").is_file():
        # An older checkout kept the search's value types (Limits, Progress, MATE) in engine.py.
        import game.search.engine as old_engine

        sys.modules["game.search.limits"] = old_engine
    if not (Path(argv[0]) / "game" / "limits.py").is_file():
        # ...and had no game/limits.py (input checks the protocol uses): lend it this checkout's.
        sys.modules["game.limits"] = _load("game.limits", HERE / "game" / "limits.py")
    if not (Path(argv[0]) / "game" / "search" / "collector.py").is_file():
        # ...nor the collector pause the protocol answers within.
        collector = HERE / "game" / "search" / "collector.py"
        sys.modules["game.search.collector"] = _load("game.search.collector", collector)
    import game.search

    if not hasattr(game.search, "make_engine"):
        # ...and chose between its two searches in game/search/generic.py.
        game.search.make_engine = importlib.import_module("game.search.generic").make_engine  # type: ignore[attr-defined]
    return int(_load("engine_protocol", HERE / "game" / "search" / "protocol.py").main())


HERE = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path) -> ModuleType:
    """The module in ``path`` of this checkout, loaded under ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclasses look their module up while it loads)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
