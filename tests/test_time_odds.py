"""tools/time_odds.py: a go line's times divided by the factor, every other line as it was."""

import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location(
    "time_odds", Path(__file__).resolve().parent.parent / "tools" / "time_odds.py"
)
assert SPEC is not None and SPEC.loader is not None
time_odds = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(time_odds)


def test_go_times_are_divided_and_nothing_else_changes():
    assert time_odds.scaled("go movetime 300\n", 10) == "go movetime 30\n"
    assert time_odds.scaled("go wtime 60000 btime 50000 winc 1000 binc 5 depth 9\n", 10) == (
        "go wtime 6000 btime 5000 winc 100 binc 1 depth 9\n"
    )
    assert time_odds.scaled("position startpos moves e4e5\n", 10) == "position startpos moves e4e5\n"
    assert time_odds.scaled("go infinite\n", 10) == "go infinite\n"


def test_usage_errors_exit_with_status_2(capsys):
    assert time_odds.main([]) == 2
    assert time_odds.main(["x", "engine"]) == 2
    assert "usage" in capsys.readouterr().err
