"""Copy and paste text through the system clipboard (pygame-ce's ``pygame.scrap``), with an
in-app clipboard when the system one is not available (some headless or remote sessions).

Nothing here raises: callers learn from the return values whether the system clipboard was used.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

MAX_PASTE = 4096

# ValueError: a text holding U+0000, which the system clipboard cannot take
_ERRORS = (
    pygame.error,
    AttributeError,
    NotImplementedError,
    RuntimeError,
    TypeError,
    UnicodeError,
    OSError,
    ValueError,
)


class _Store:
    text: str | None = None  # the in-app clipboard (last text copied when the system one failed)
    system_used: bool = False


def put_text(text: str) -> bool:
    """Copy ``text``; True if it went to the system clipboard, False if only to the in-app one."""
    _Store.text = text
    try:
        pygame.scrap.put_text(text)
    except _ERRORS as exc:
        log.info("system clipboard not available: %s", exc)
        _Store.system_used = False
        return False
    _Store.system_used = True
    return True


def get_text() -> tuple[str | None, bool]:
    """The clipboard's text and whether it came from the system clipboard. ``(None, ...)`` when
    there is nothing to paste."""
    try:
        text = pygame.scrap.get_text()
    except _ERRORS as exc:
        log.info("system clipboard not readable: %s", exc)
        return _Store.text, False
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if text and len(text) > MAX_PASTE:
        text = text[:MAX_PASTE]  # no reader accepts anything this long; a text field must stay quick
    if text:
        return text, True
    if _Store.text and not _Store.system_used:
        return _Store.text, False
    return None, True


def clear_in_app() -> None:
    """Forget the in-app clipboard (tests)."""
    _Store.text = None
    _Store.system_used = False


__all__ = ["clear_in_app", "get_text", "put_text"]
