"""Typed and pasted text made safe for pygame-gui's text fields.

pygame-gui raises ("Text has zero width") when a character that draws nothing (a right-to-left
mark, a zero-width joiner, a variation selector) is typed or pasted on its own, and the system
clipboard refuses U+0000. So the app hands a text field only characters that draw something:
:func:`clean_text` drops control, format and other invisible characters (letters of every script,
emoji and accents stay), and :func:`paste_into` does Ctrl+V for a focused field itself.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pygame
import pygame_gui

from gui import clipboard

INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format, surrogate, private, unassigned
ZERO_WIDTH_MARKS = {"\u034f"}  # combining grapheme joiner: a mark that draws nothing


def clean_text(text: str) -> str:
    """``text`` without the characters a text field cannot draw (see the module docstring)."""
    return "".join(
        ch
        for ch in text
        if unicodedata.category(ch) not in INVISIBLE
        and ch not in ZERO_WIDTH_MARKS
        and not ("\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef")  # variation selectors
    )


def cleaned_event(event: pygame.event.Event) -> pygame.event.Event | None:
    """A TEXTINPUT event with its text cleaned; None when nothing drawable is left."""
    text = clean_text(getattr(event, "text", ""))
    if not text:
        return None
    return event if text == event.text else pygame.event.Event(pygame.TEXTINPUT, text=text)


def is_paste(event: pygame.event.Event) -> bool:
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_v
        and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    )


def paste_into(entry: Any) -> None:
    """Ctrl+V into a focused one-line field: the clipboard's text, cleaned, over the selection (as
    pygame-gui would, and it says so with the same "text changed" event)."""
    text, _ = clipboard.get_text()
    text = clean_text((text or "").replace("\n", " "))
    if not text:
        return
    old = entry.get_text()
    start, end = sorted(entry.select_range) if entry.select_range[0] != entry.select_range[1] else (0, 0)
    if start == end:
        start = end = min(entry.edit_position, len(old))
    limit = getattr(entry, "length_limit", None)
    room = (limit - (len(old) - (end - start))) if limit is not None else len(text)
    new = old[:start] + text[: max(0, room)] + old[end:]
    if new == old:
        return
    entry.set_text(new)
    entry.select_range = [0, 0]
    entry.edit_position = min(len(new), start + max(0, room))
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
            {"text": new, "ui_element": entry, "ui_object_id": entry.most_specific_combined_id},
        )
    )


def focused_line(ui: Any) -> Any | None:
    """The one-line text field that has the keyboard, if any."""
    for element in ui.get_focus_set() or ():
        if isinstance(element, pygame_gui.elements.UITextEntryLine) and element.is_focused:
            return element
    return None


def filter_event(ui: Any, event: pygame.event.Event) -> pygame.event.Event | None:
    """The event as the text fields may see it: typed text cleaned, Ctrl+V into a field done here.
    None when nothing is left to handle."""
    if event.type == pygame.TEXTINPUT:
        return cleaned_event(event)
    if is_paste(event):
        entry = focused_line(ui)
        if entry is not None:
            paste_into(entry)
            return None
    return event
