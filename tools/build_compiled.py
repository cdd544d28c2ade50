"""Build (or remove) the optional compiled core: the search and beam tracer compiled with mypyc.

    python tools/build_compiled.py            # compile game.compiled.MODULES in place (1-3 minutes)
    python tools/build_compiled.py --clean    # remove the compiled files: pure Python again

Needs mypy (``pip install -e ".[test]"`` brings it) and a C compiler. The extension modules land
next to their sources (and mypyc's shared part in the checkout's root); ``game`` then uses them
automatically -- see game/compiled.py for when it does not (LASER_CHESS_PURE=1, stale build).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.compiled import MODULES, compiled_path, source_path  # noqa: E402


def clean() -> int:
    removed = 0
    for name in MODULES:
        built = compiled_path(name)
        while built is not None:
            built.unlink()
            removed += 1
            built = compiled_path(name)
    for lib in ROOT.glob("*__mypyc.*"):
        lib.unlink()
        removed += 1
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    print(f"removed {removed} compiled files: the game runs as pure Python")
    return 0


def build() -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"error: {exc.name} is needed: pip install mypy setuptools", file=sys.stderr)
        return 2
    clean()
    paths = [str(source_path(name).relative_to(ROOT)) for name in MODULES]
    import os

    os.chdir(ROOT)
    setup(
        name="laser-chess-compiled",
        packages=[],
        py_modules=[],
        # --follow-imports=silent: only the compiled modules must type-check; the project config names
        # other modules too, which mypyc would otherwise report as unused sections and fail on.
        ext_modules=mypycify(["--follow-imports=silent", "--no-warn-unused-configs", *paths], opt_level="3"),
        script_args=["build_ext", "--inplace", "--quiet"],
    )
    missing = [name for name in MODULES if compiled_path(name) is None]
    if missing:
        print(f"error: not compiled: {', '.join(missing)}", file=sys.stderr)
        return 1
    print(f"compiled {len(MODULES)} modules: {', '.join(MODULES)}")
    return 0


if __name__ == "__main__":
    sys.exit(clean() if sys.argv[1:] == ["--clean"] else build())
