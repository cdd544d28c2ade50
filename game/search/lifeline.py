"""Child processes die with their parent.

A search worker or a match's pool worker is busy for seconds at a time and only notices a dead
parent when it next reads its pipe, so a killed GUI or ``match`` left them burning CPU for up to
75 s. :func:`die_with_parent` (called first thing in every child) starts a thread that waits on
the parent's sentinel -- it becomes ready the moment the parent exits, however it ends -- and
then ends the child at once.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
from multiprocessing.connection import wait


def die_with_parent() -> None:
    """In a multiprocessing child: exit as soon as the parent process is gone (no-op elsewhere)."""
    parent = mp.parent_process()
    if parent is None or getattr(parent, "sentinel", None) is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()
