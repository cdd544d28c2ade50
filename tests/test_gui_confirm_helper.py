"""One press-twice confirmation for the whole app: gui/widgets/confirm.py, owned by each screen
(Screen.confirm). No other module keeps a confirmation timer of its own."""

from __future__ import annotations

import re
from pathlib import Path

from gui.widgets.confirm import CONFIRM_SECONDS, ConfirmTwice

GUI = Path(__file__).resolve().parent.parent / "gui"
TIMER = re.compile(
    r"confirm\w*\s*(-?=)\s*(\d|CONFIRM_SECONDS|dt)|(armed|confirm)\w*_(until|left|timer|deadline)\b", re.I
)


def test_only_the_screen_makes_a_confirmation_and_no_module_times_its_own():
    makers = [
        p.relative_to(GUI.parent).as_posix() for p in GUI.rglob("*.py") if "ConfirmTwice(" in p.read_text()
    ]
    assert makers == ["gui/screen.py"]
    own_timers = [
        f"{p.relative_to(GUI.parent)}:{i}"
        for p in GUI.rglob("*.py")
        if p.name != "confirm.py"
        for i, line in enumerate(p.read_text().splitlines(), 1)
        if TIMER.search(line)
    ]
    assert own_timers == []


def test_a_second_press_within_the_time_confirms_and_a_late_one_starts_over():
    confirm = ConfirmTwice()
    assert not confirm.press("resign", "Press again to resign")
    confirm.update(CONFIRM_SECONDS / 2)
    assert confirm.press("resign")
    assert not confirm.press("resign")
    confirm.update(CONFIRM_SECONDS + 0.1)
    assert not confirm.armed() and not confirm.press("resign")
