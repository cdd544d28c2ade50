"""The fingerprint of the native core's C sources (``native/*.c``, ``native/*.h``).

setup.py compiles it into the extension; :mod:`game.native` compares it with the sources beside a
checkout, so an extension built from older sources is never used by mistake (it would search
differently from the Python reference): the program runs on Python and says how to rebuild.
Standard library only: setup.py loads this file before the package can be imported.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def source_hash(folder: Path) -> str | None:
    """SHA-256 over the names and contents of the C sources in ``folder`` (None if there are none)."""
    files = sorted(p for p in folder.glob("*") if p.suffix in (".c", ".h"))
    if not files:
        return None
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()
