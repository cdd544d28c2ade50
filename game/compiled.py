"""The optional compiled core: mypyc-built copies of the hot modules, used when present.

``python tools/build_compiled.py`` compiles :data:`MODULES` (the same source files) with mypyc into
extension modules next to them; Python then imports those instead of the ``.py`` files, and the
search runs about twice as fast with identical node counts. Without a build everything is pure
Python. Importing this module (``game/__init__.py`` does it first) installs a finder that keeps
that safe:

* ``LASER_CHESS_PURE=1`` in the environment makes every module load from its ``.py`` source;
* a compiled module older than its source (edited since the build) is ignored, its source used,
  and so is one whose shared runtime part (``*__mypyc*`` in the checkout's root) is missing.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

# The modules compiled by tools/build_compiled.py: the search and the beam tracer.
MODULES = (
    "game.laser",
    "game.search.engine",
    "game.search.evaluate",
    "game.search.movegen",
    "game.search.timeman",
)
ROOT = Path(__file__).resolve().parent.parent


def source_path(name: str) -> Path:
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def compiled_path(name: str) -> Path | None:
    """The extension module built for ``name``, if any."""
    src = source_path(name)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = src.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


def shared_part() -> bool:
    """Is the compiled modules' shared runtime library present (mypyc puts it in the root)?"""
    return any(ROOT.glob("*__mypyc.*"))


def pure_requested() -> bool:
    return os.environ.get("LASER_CHESS_PURE", "") not in ("", "0")


class _SourceFirst:
    """A meta path finder: load the ``.py`` source of a compiled module when the compiled copy must
    not be used (pure mode, stale build, shared part missing)."""

    def find_spec(
        self, name: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        src = source_path(name)
        built = compiled_path(name)
        if built is None or not src.is_file():
            return None
        if pure_requested() or built.stat().st_mtime < src.stat().st_mtime or not shared_part():
            return importlib.util.spec_from_file_location(name, src)
        if str(ROOT) not in sys.path:
            sys.path.append(str(ROOT))  # the compiled modules import their shared part from the root
        return None  # the standard finder picks the compiled module


def install() -> None:
    """Put the finder in front of the standard ones (idempotent)."""
    if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def active() -> dict[str, bool]:
    """Which of :data:`MODULES` run compiled in this process (import them first)."""
    out = {}
    for name in MODULES:
        module = sys.modules.get(name)
        out[name] = module is not None and not str(getattr(module, "__file__", "")).endswith(".py")
    return out


install()
