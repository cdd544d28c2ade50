"""Random events through the real app loop, every screen with every rule set (gui/random_events.py):
no pair may reach the crash handler or raise. A fixed seed and a few hundred events a pair here;
``python -m gui.random_events --events 100000 --seed N`` runs as many as wanted."""

from __future__ import annotations

import json
import random

import pytest

from gui import library
from gui.random_events import make_app, pairs, run_pair
from gui.screens.config import Choices, ConfigScreen
from gui.settings import load_settings

SEED = 25
QUICK_EVENTS = 40  # per pair, in every run (the first events of the long run: the same seed)
EVENTS = 200  # per pair, in the slow step (50 pairs of 200 cost about 110 s of CPU)


@pytest.mark.parametrize("events", [QUICK_EVENTS, pytest.param(EVENTS, marks=pytest.mark.slow)])
@pytest.mark.parametrize(("screen", "variant"), pairs(), ids=[f"{s}-{v}" for s, v in pairs()])
def test_random_events_reach_no_crash_handler(data_dir, screen, variant, events):
    library.clear_caches()
    ConfigScreen.remembered = Choices()
    app = make_app()
    try:
        result = run_pair(app, screen, variant, events, random.Random(f"{SEED}/{screen}/{variant}"))
    finally:
        app.shutdown()
    assert not result.failures, "\n\n".join(str(f) for f in result.failures)
    assert result.events == events
    settings = data_dir / "settings.json"
    if settings.exists():  # what the events saved is a valid settings file
        json.loads(settings.read_text())
        assert load_settings(settings).notice is None
