"""Reading and writing files: JSON read safely (however deep or damaged), and atomic writing (a
reader never sees a half-written file, and a crash never loses the old one)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

MAX_JSON_DEPTH = 100  # no file of ours nests deeper than a few levels


def loads_json(text: str | bytes) -> Any:
    """``json.loads`` for outside text: ValueError (never RecursionError) for text that is not JSON
    or that nests lists and objects deeper than :data:`MAX_JSON_DEPTH`. Deep nesting is refused
    even where the parser would take it, because writing it back would then overflow the stack."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(f"the JSON is nested too deeply (over {MAX_JSON_DEPTH} levels)") from None
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise ValueError(f"the JSON is nested too deeply (over {MAX_JSON_DEPTH} levels)")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, dict | list))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, dict | list))
    return data


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, then rename it over."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


STALE_TEMP_SECONDS = 3600.0  # older than any write in progress could be


def remove_stale_temp_files(folder: str | os.PathLike[str], older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete the ``.NAME.*.tmp`` files :func:`atomic_write_text` left in ``folder`` when a write was
    interrupted (power loss, kill -9), once they are old enough not to be a write in progress.
    Returns how many were removed; errors are ignored (it is only tidying)."""
    removed = 0
    cutoff = time.time() - older_than
    try:
        items = list(os.scandir(folder))
    except OSError:
        return 0
    for item in items:
        if not (item.name.startswith(".") and item.name.endswith(".tmp")):
            continue
        with contextlib.suppress(OSError):
            if item.is_file(follow_symlinks=False) and item.stat().st_mtime < cutoff:
                os.unlink(item.path)
                removed += 1
    return removed
