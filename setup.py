"""Packaging glue that pyproject.toml cannot express:

* the checkout's top-level ``assets/`` folder (it stays where it is) is installed as the package
  data ``gui/assets`` -- each of its folders becomes a data-only package so setuptools copies
  every file in it;
* the puzzle collections ``game/puzzles/data/*.json``, package data of ``game.puzzles``;
* the native engine core ``game._native``, a C extension built from ``native/*.c`` with the
  machine's C compiler. It is optional: where no compiler is found the build says so and goes on,
  and the game runs on its pure-Python core (game/native.py decides at import).
"""

import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, find_namespace_packages, setup

ASSETS = Path(__file__).resolve().parent / "assets"
asset_packages = ["gui.assets"] + [
    "gui.assets." + ".".join(d.relative_to(ASSETS).parts) for d in sorted(ASSETS.rglob("*")) if d.is_dir()
]

NATIVE = Path("native")  # relative: setuptools wants the sources relative to this file
native_sources = sorted(p.as_posix() for p in NATIVE.glob("*.c"))
_spec = importlib.util.spec_from_file_location("native_source", Path("game") / "native_source.py")
assert _spec is not None and _spec.loader is not None
_fingerprint = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fingerprint)
native_core = Extension(
    "game._native",
    sources=native_sources,
    depends=sorted(p.as_posix() for p in NATIVE.glob("*.h")),
    define_macros=[("NATIVE_SOURCE_HASH", f'"{_fingerprint.source_hash(NATIVE)}"')],
    extra_compile_args=["/O2"] if sys.platform == "win32" else ["-O3"],
    optional=True,  # no compiler: skip it (the game runs on its pure-Python core) instead of failing
)

setup(
    ext_modules=[native_core] if native_sources else [],
    packages=[
        *find_namespace_packages(include=["game", "game.*", "gui", "gui.*"], exclude=["*.__pycache__"]),
        *asset_packages,
    ],
    package_dir={"gui.assets": "assets"},
    # the puzzle collections (game/puzzles/data/<rule set>.json) ship in the wheel too
    package_data={
        **{name: ["*"] for name in asset_packages},
        "game.puzzles": ["data/*.json"],
        "game.search": ["ratings.json"],
    },
)
