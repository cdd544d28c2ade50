"""The command lines tell the truth and fail cleanly: help texts (program name, every rule set, real
defaults, no pygame banner), the data folder's precedence, and an ``error:`` line with exit status 2
for every bad value, checked before any game is played."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
# The program's rule sets (tests/prism.py adds a test-only one to VARIANTS in some workers).
RULE_SETS = {name: variant for name, variant in VARIANTS.items() if name != "prism"}


def run(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=environment, timeout=120
    )


@pytest.mark.parametrize(
    ("launch", "name"), [(("main.py",), "python main.py"), (("-m", "gui"), "python -m gui")]
)
def test_the_game_help_names_its_program_and_every_rule_set_without_a_banner(launch, name):
    done = run(*launch, "--help")
    assert done.returncode == 0
    assert done.stdout.startswith(f"usage: {name} "), done.stdout[:200]
    assert "pygame" not in done.stdout.lower()
    text = " ".join(done.stdout.split())  # argparse wraps lines
    assert len(RULE_SETS) == 6
    for variant in RULE_SETS.values():
        assert variant.title in text
    assert "(default: here)" not in text
    assert "wins over $LASERCHESS_DATA" in text
    assert "640x480 to 7680x4320" in text


def test_the_console_script_is_called_laser_chess():
    from gui.app import build_parser

    assert build_parser().prog == "laser-chess"


def test_the_data_dir_option_wins_over_the_environment(tmp_path, monkeypatch):
    from gui import app, paths

    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "env"))
    seen = []

    class Stop(Exception):
        pass

    def fake_app(*args, **kwargs):
        seen.append((paths.data_dir(), os.environ[paths.ENV_VAR]))
        raise Stop

    monkeypatch.setattr(app, "App", fake_app)
    try:
        with pytest.raises(Stop):
            app.main(["--data-dir", str(tmp_path / "cli")])
    finally:
        paths.set_data_dir(None)
    # the option wins, and worker processes (which read the variable) are told the same folder
    assert seen == [(tmp_path / "cli", str(tmp_path / "cli"))]


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ("10001x10001", "must be from 640x480 to 7680x4320, not 10001x10001"),
        ("639x480", "must be from 640x480 to 7680x4320, not 639x480"),
        ("1280x", "expected WIDTHxHEIGHT"),
        ("1e3x800", "expected WIDTHxHEIGHT"),
        ("-800x600", "expected WIDTHxHEIGHT"),
    ],
)
def test_a_bad_window_size_is_refused_with_the_real_limits(size, message, capsys):
    from gui.app import main

    with pytest.raises(SystemExit) as stop:
        main([f"--size={size}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument --size: " + message in err


def test_the_tools_help_lists_every_command_under_its_program_name():
    done = run("-m", "game", "--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m game ")
    for command in ("perft", "bestmove", "bench", "match", "engine", "analyse", "scripted"):
        assert command in done.stdout
    variants = run("-m", "game", "perft", "--help").stdout
    for name in RULE_SETS:
        assert name in variants
