"""The command lines tell the truth and fail cleanly: help texts (program name, every rule set, real
defaults, no pygame banner), the data folder's precedence, and an ``error:`` line with exit status 2
for every bad value, checked before any game is played."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    for command in STUBBED_COMMANDS:
        assert command in done.stdout
    variants = run("-m", "game", "perft", "--help").stdout
    for name in RULE_SETS:
        assert name in variants


def _parsers(parser, path=("python -m game",)):
    """Every parser of the tree with its command path."""
    import argparse

    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _parsers(child, (*path, name))


def test_every_option_of_every_command_has_a_help_text():
    import argparse

    import game.__main__ as cli

    cli.register_commands()
    bare = [
        f"{' '.join(path)} {action.option_strings[-1]}"
        for path, parser in _parsers(cli.build_parser())
        for action in parser._actions
        if action.option_strings and not isinstance(action, argparse._HelpAction) and not action.help
    ]
    assert bare == []


# ----------------------------------------------------------------------------- python -m game: each bad case


def game_main(argv: list[str], capsys) -> tuple[int, str, str]:
    """Run ``python -m game ARGV`` in this process: (exit status, stdout, stderr)."""
    import game.__main__ as cli

    try:
        status = cli.main(argv)
    except SystemExit as stop:  # argparse refuses a value
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_refused(status: int, err: str, message: str, expected_status: int = 2) -> None:
    assert status == expected_status, err
    lines = [line for line in err.split("\n") if line.strip()]
    assert lines and "error: " in lines[-1], err
    assert message in lines[-1], err
    assert "Traceback" not in err


@pytest.fixture
def deep_json(tmp_path) -> Path:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return path


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if a match plays a game: every refusal must come before the first."""
    import game.search.cli as search_cli

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the bad value was refused")

    monkeypatch.setattr(search_cli, "play_match", refuse)


@pytest.mark.parametrize(
    "argv",
    [
        ["analyse", "{deep}"],
        ["engine", "--weights", "{deep}"],
        ["match", "--white-weights", "{deep}", "--games", "1"],
        ["match", "--black-weights", "{deep}", "--games", "1"],
        ["puzzles", "check", "--file", "{deep}"],
        ["puzzles", "stats", "--file", "{deep}"],
    ],
)
def test_deeply_nested_json_is_refused_not_a_recursion_error(argv, deep_json, no_games, capsys):
    status, _, err = game_main([a.replace("{deep}", str(deep_json)) for a in argv], capsys)
    assert_refused(status, err, "nested too deeply")


@pytest.mark.parametrize("command", ["check", "stats"])
def test_a_puzzle_file_name_with_a_nul_is_refused(command, capsys):
    status, _, err = game_main(["puzzles", command, "--file", "a\x00b"], capsys)
    assert_refused(status, err, "cannot read")


@pytest.fixture
def no_ladder_games(monkeypatch):
    import game.search.ladder as ladder

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the bad value was refused")

    monkeypatch.setattr(ladder, "play_match", refuse)


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("folder", "is a folder"),
        ("no parent", "no folder"),
        ("not json", "not JSON"),
        ("deep", "nested too deeply"),
        ("a list", "not a ratings file"),
    ],
)
def test_ladder_out_that_cannot_be_written_is_refused_before_the_first_game(
    kind, message, tmp_path, no_ladder_games, capsys
):
    out = {"folder": tmp_path, "no parent": tmp_path / "none" / "r.json"}.get(kind, tmp_path / "r.json")
    text = {"not json": "{", "deep": "[" * 50_000 + "]" * 50_000, "a list": "[1]"}.get(kind)
    if text is not None:
        out.write_text(text, encoding="utf-8")
    status, _, err = game_main(["ladder", "--games", "1", "--out", str(out)], capsys)
    assert_refused(status, err, message)
    if text is not None:
        assert out.read_text(encoding="utf-8") == text  # kept as it was


def test_ctrl_c_ends_a_ladder_with_its_table_so_far_status_130_and_no_file(tmp_path, monkeypatch, capsys):
    import game.search.ladder as ladder
    from game.search.match import GameResult, MatchRecord

    def one_game_then_ctrl_c(*args, **kwargs):
        won = GameResult(0, "Classic", True, "1-0", "Pharaoh destroyed", 40, 1.0, (2.0, 1.0), ())
        return MatchRecord([won], stopped="interrupted")

    monkeypatch.setattr(ladder, "play_match", one_game_then_ctrl_c)
    out = tmp_path / "ratings.json"
    status, stdout, err = game_main(["ladder", "--games", "4", "--out", str(out)], capsys)
    assert status == 130, (stdout, err)
    assert "Beginner" in stdout and "+1=0-0" in stdout  # the table of the games played
    assert "interrupted" in err and not out.exists()


def test_match_save_dir_that_is_a_file_is_refused_before_the_first_game(tmp_path, no_games, capsys):
    file = tmp_path / "games.txt"
    file.write_text("mine", encoding="utf-8")
    status, _, err = game_main(["match", "--games", "1", "--save-dir", str(file)], capsys)
    assert_refused(status, err, "is a file, not a folder")
    assert file.read_text(encoding="utf-8") == "mine"


def test_match_save_dir_that_cannot_be_made_is_refused_before_the_first_game(tmp_path, no_games, capsys):
    blocker = tmp_path / "blocker"
    blocker.write_text("x", encoding="utf-8")
    status, _, err = game_main(["match", "--games", "1", "--save-dir", str(blocker / "inside")], capsys)
    assert_refused(status, err, "--save-dir: cannot write into")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_match_save_dir_that_is_read_only_is_refused(tmp_path, no_games, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        status, _, err = game_main(["match", "--games", "1", "--save-dir", str(folder)], capsys)
    finally:
        folder.chmod(0o700)
    assert_refused(status, err, "--save-dir: cannot write into")


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("", "the command is empty"),
        ("   ", "the command is empty"),
        ("no-such-engine-program", "is not a program that can be run"),
        ('engine "unclosed', "cannot read the command"),
        ("/etc/passwd", "is not a program that can be run"),  # not executable
        (str(ROOT), "is not a program that can be run"),  # a folder
    ],
)
def test_an_outside_engine_that_cannot_be_run_is_refused(command, message, no_games, capsys):
    for option in ("--white-cmd", "--black-cmd"):
        status, _, err = game_main(["match", "--games", "1", option, command], capsys)
        assert_refused(status, err, message)
        assert f"error: {option}: " in err


@pytest.mark.skipif(os.name != "posix", reason="uses true and cat")
@pytest.mark.parametrize(
    ("command", "message"), [("true", "true: "), ("cat", "cat: no 'protocolok' within 1 s")]
)
def test_a_program_that_does_not_speak_the_protocol_fails_before_the_first_game(
    command, message, no_games, monkeypatch, capsys
):
    import game.search.cli as search_cli

    monkeypatch.setattr(search_cli, "ENGINE_HANDSHAKE_SECONDS", 1.0)
    status, _, err = game_main(["match", "--games", "1", "--white-cmd", command], capsys)
    assert_refused(status, err, f"--white-cmd: {message}", expected_status=1)


DYING_ENGINE = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "protocol":
        print("id name dies-on-go"); print("protocolok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        sys.exit(3)
"""


def test_an_outside_engine_dying_mid_match_stops_it_with_status_1_and_the_score(tmp_path, capsys):
    script = tmp_path / "dies.py"
    script.write_text(DYING_ENGINE, encoding="utf-8")
    command = f"{sys.executable} {script}"
    argv = ["match", "--games", "4", "--jobs", "1", "--movetime", "20", "--white-cmd", command]
    status, out, err = game_main(argv, capsys)
    assert_refused(status, err, "the match stopped", expected_status=1)
    assert "the engine exited" in err
    assert "+0 =0 -1" in out  # the summary of the games played: the failed one counts as a loss
    assert out.count("\ngame ") + out.startswith("game ") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--time-scale", "1e23"], "--time-scale: must be above 0 and at most 100"),
        (["--time-scale", "0"], "--time-scale: must be above 0"),
        (["--time-scale", "nan"], "--time-scale: expected a finite number"),
        (["--movetime", "99999999999"], "--movetime: must be from 1 to 3600000 ms"),
        (["--sprt", "nan,nan"], "--sprt: expected a finite number"),
        (["--sprt", "inf,0"], "--sprt: expected a finite number"),
        (["--sprt", "50,0"], "--sprt: ELO0 must be below ELO1"),
        (["--sprt", "0"], "--sprt: expected two Elo values"),
        (["--sprt", "0,5000"], "--sprt: ELO0 must be below ELO1, both from -1000 to 1000"),
        (["--games", "0"], "--games: must be from 1"),
        (["--games", "99999999999"], "--games: must be from 1 to 1000000"),
        (["--jobs", "1000"], "--jobs: must be from 1 to 64"),
        (["--white", "grandmaster"], "--white: no level 'grandmaster'"),
        (["--variant", "chess"], "--variant: invalid choice"),
        (["--setups", "Classic,Nowhere"], "has no setup named 'Nowhere'"),
    ],
)
def test_a_bad_match_value_is_refused_before_the_first_game(argv, message, no_games, capsys):
    status, _, err = game_main(["match", *argv], capsys)
    assert_refused(status, err, message)


def test_one_drawn_game_prints_a_plain_elo_line():
    from game.search.match import format_elo

    assert format_elo(0, 1, 0) == "+0 (95%: -inf .. +inf)"
    assert "-0" not in format_elo(1, 0, 1)


def test_ctrl_c_ends_a_match_with_the_games_so_far(tmp_path):
    """SIGINT to the whole process group, as Ctrl+C in a terminal sends it: the pool's workers
    stay quiet and the match prints the score of the games it finished, with status 130."""
    import signal

    command = [sys.executable, "-m", "game", "match", "--games", "20", "--movetime", "100"]
    command += ["--max-plies", "16", "--jobs", "2"]
    proc = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        seen = [proc.stdout.readline()]
        while not seen[-1].startswith("game") and seen[-1]:
            seen.append(proc.stdout.readline())
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    out = "".join(seen) + out
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "interrupted (Ctrl+C) after" in out
    assert "Elo difference" in out and "Hard (0.1s) vs Medium (0.1s): +" in out


def test_ctrl_c_in_any_other_command_is_one_line(monkeypatch, capsys):
    import game.__main__ as cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "perft", interrupted)
    status, _, err = game_main(["perft", "--depth", "1"], capsys)
    assert status == 130 and err.strip() == "interrupted (Ctrl+C)"


def test_analyse_of_a_read_only_record_is_refused_before_the_analysis(tmp_path, monkeypatch, capsys):
    from game.record import Game

    path = Game.new("khet").save(tmp_path)
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)
    status, _, err = game_main(["analyse", str(path)], capsys)
    assert_refused(status, err, "add --no-save")


# ----------------------------------------------------------------------------- files from other versions


def test_a_record_whose_version_is_not_a_whole_number_is_refused():
    from game.errors import RecordError
    from game.record import Game

    data = Game.new("khet").to_json()
    for version in (True, 1.0, "1"):
        with pytest.raises(RecordError, match="unknown record version"):
            Game.from_json(dict(data, version=version))


def test_a_settings_file_from_a_newer_version_is_read_but_never_rewritten(data_dir):
    import json

    from gui.app import App
    from gui.settings import load_settings

    path = data_dir / "settings.json"
    content = json.dumps({"version": 99, "sfx_volume": 0.25, "new_thing": [1, 2]})
    path.write_text(content, encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.keep_file and not loaded.needs_save and "newer version" in loaded.notice
    assert loaded.settings.sfx_volume == 0.25
    app = App((640, 480), sound=False)
    try:
        app.settings.sfx_volume = 0.75
        assert app.save_settings()
    finally:
        app.shutdown()
    assert path.read_text(encoding="utf-8") == content


def test_a_settings_file_with_a_broken_version_is_repaired(data_dir):
    from gui.settings import load_settings

    path = data_dir / "settings.json"
    path.write_text('{"version": true, "sfx_volume": 0.25}', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.needs_save and not loaded.keep_file and loaded.settings.sfx_volume == 0.25


# ----------------------------------------------------------------------------- every option, any value

ODD_VALUES = [
    "",
    " ",
    "0",
    "1",
    "-1",
    "2",
    "64",
    "65",
    "1e23",
    "-1e23",
    "nan",
    "inf",
    "-inf",
    "0.5",
    "1,2",
    "0,50",
    "50,0",
    "nan,nan",
    "\uff11",
    "\u00b2",
    "9" * 30,
    "x" * 500,
    "Classic",
    "classic,imhotep",
    "Nowhere",
    "khet",
    "lousychess",
    "laserchess98",
    "hard",
    "Expert",
    "L4",
    "K0",
    "CH3SS5",
    "a1b2",
    "e4e5 e5e6",
    "j1L",
    "-",
    "--",
    "\x00",
    "\u00e9",
]

# The sub-commands whose long work is replaced by a quick stand-in below (a search at depth 1, no
# games, no stdin). A new sub-command must be added here, with stubs for whatever it runs for long.
STUBBED_COMMANDS = {
    "perft",
    "bestmove",
    "bench",
    "match",
    "engine",
    "analyse",
    "scripted",
    "puzzles",
    "ladder",
}


@pytest.fixture
def quick_work(monkeypatch, tmp_path):
    """Every command checks its input as usual, then does its work in an instant, in a temporary
    folder (a typed relative path lands there; puzzles generate never writes the shipped files)."""
    import dataclasses

    import game.__main__ as cli
    import game.analysis as analysis
    import game.scripted_cli as scripted_cli
    import game.search.cli as search_cli
    import game.study_cli as study_cli
    from game.position import Position
    from game.search.limits import Limits
    from game.search.match import MatchRecord
    from game.search.protocol import EngineSession

    for name in ("perft", "perft_collapsed", "perft_turns"):
        monkeypatch.setattr(cli, name, lambda pos, depth: 0)
    monkeypatch.setattr(cli, "divide", lambda pos, depth: [])
    real_make_engine = search_cli.make_engine

    class DepthOne:
        def __init__(self, variant, *args):
            self.engine = real_make_engine(variant, *args)

        def search(self, pos, limits, *args):
            return self.engine.search(pos, Limits(depth=1), *args)

    monkeypatch.setattr(search_cli, "make_engine", DepthOne)
    monkeypatch.setattr(search_cli, "play_match", lambda *args, **kwargs: MatchRecord([]))
    import game.search.ladder as ladder

    monkeypatch.setattr(ladder, "play_match", lambda *args, **kwargs: MatchRecord([]))
    monkeypatch.setattr(search_cli, "ENGINE_HANDSHAKE_SECONDS", 1.0)
    monkeypatch.setattr(EngineSession, "run", lambda self: 0)
    real_analyse = analysis.analyse_game

    def quick_analysis(game, strength="quick", *args, **kwargs):
        chosen = analysis.get_strength(strength) if isinstance(strength, str) else strength
        return real_analyse(game, dataclasses.replace(chosen, depth=1, seconds=0.05), *args, **kwargs)

    monkeypatch.setattr(study_cli, "analyse_game", quick_analysis)
    monkeypatch.setattr(
        scripted_cli, "play_game", lambda players, start: Position.setup(variant="lousychess")
    )
    import game.puzzles.cli as puzzles_cli
    from game.puzzles.model import Collection

    monkeypatch.setattr(
        puzzles_cli, "generate", lambda variant, count, seed, *a: Collection(variant, seed, ())
    )
    monkeypatch.setattr(puzzles_cli, "verify", lambda puzzle: None)
    monkeypatch.setattr(puzzles_cli, "data_file", lambda variant: tmp_path / f"{variant}.json")
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def cli_files(tmp_path) -> list[str]:
    """Paths a file option may get: a record, a weights file, deep JSON, a folder, nothing."""
    from game.record import Game

    record = Game.new("khet").save(tmp_path / "saves")
    weights = tmp_path / "weights.json"
    weights.write_text('{"variant": "khet"}', encoding="utf-8")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    return [str(record), str(weights), str(deep), str(empty), str(tmp_path), str(tmp_path / "missing.json")]


def option_values(action, files: list[str]) -> st.SearchStrategy[str]:
    if action.dest.endswith("_cmd"):  # never start an arbitrary program
        return st.sampled_from(["", "no-such-engine-program", 'a "b', "/etc/passwd", *files[-2:]])
    pool = list(ODD_VALUES) + files
    if action.choices:
        pool += [str(c) for c in action.choices]
    return st.one_of(st.sampled_from(pool), st.text(max_size=12))


def argv_for(parser, files: list[str]) -> st.SearchStrategy[list[str]]:
    """Any of the parser's options, each with a value of any kind (given as --option=VALUE, so a
    value that starts with '-' is a value), and its positionals."""
    parts = []
    for action in parser._actions:
        if action.dest == "help":
            continue
        if not action.option_strings:
            parts.append(option_values(action, files).map(lambda value: [value]))
        elif action.nargs == 0:
            parts.append(st.sampled_from([[], [action.option_strings[-1]]]))
        else:
            flag = action.option_strings[-1]
            value = option_values(action, files).map(lambda v, flag=flag: [f"{flag}={v}"])
            parts.append(st.one_of(st.just([]), value))
    return st.tuples(*parts).map(lambda chunks: [word for chunk in chunks for word in chunk])


def test_every_sub_command_is_driven_by_the_option_test():
    from tests.test_docs import game_parser, sub_parsers

    unknown = set(sub_parsers(game_parser())) - STUBBED_COMMANDS
    assert not unknown, (
        f"add {sorted(unknown)} to STUBBED_COMMANDS in tests/test_command_line.py, and stub their long work "
        "in its quick_work fixture"
    )


@pytest.mark.parametrize("command", sorted(STUBBED_COMMANDS))
def test_any_option_values_give_a_clean_error_or_a_result(command, quick_work, cli_files, capsys):
    """Every option of every sub-command, with values of every kind: the command either works (0,
    or 1 with an 'error:' line) or refuses the input with one 'error:' line and status 2 -- never a
    traceback."""
    from tests.test_docs import command_parsers, game_parser

    leaves = {name: p for name, p in command_parsers(game_parser()).items() if name.split()[0] == command}
    for name, parser in sorted(leaves.items()):  # "puzzles" drives "puzzles generate", "… check", "… stats"
        drive(name.split(), parser, cli_files, capsys)


def drive(words: list[str], parser, cli_files: list[str], capsys) -> None:
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(argv_for(parser, cli_files))
    def check(argv):
        try:
            status, out, err = game_main([*words, *argv], capsys)
        except Exception as exc:  # pragma: no cover - the failure report
            raise AssertionError(f"python -m game {' '.join(words)} {argv!r} raised {exc!r}") from exc
        assert status in (0, 1, 2), (argv, status, err)
        if status:
            last = err.rstrip("\n").split("\n")[-1]  # a terminal's lines
            assert last.startswith("error: ") or last.startswith("python -m game") and ": error: " in last, (
                argv,
                err,
            )
        assert "Traceback" not in err

    check()


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(
    argv=argv_for(__import__("gui.app", fromlist=["build_parser"]).build_parser(), ["/tmp", "/etc/passwd"])
)
def test_any_game_window_options_give_a_clean_error_or_a_start(argv):
    from gui import app, paths

    started = []

    class Started(Exception):
        pass

    def fake_app(*args, **kwargs):
        started.append((args, kwargs))
        raise Started

    original, app.App = app.App, fake_app
    try:
        try:
            app.main([a for a in argv if not a.startswith("--screenshots")])
        except Started:
            pass
        except SystemExit as stop:
            assert stop.code in (0, 2), argv
    finally:
        app.App = original
        paths.set_data_dir(None)


def test_without_a_display_the_game_says_so_instead_of_running_unseen(monkeypatch, capsys):
    import pygame

    from gui import app

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")  # SDL's fallback

    def no_app(*args, **kwargs):
        raise AssertionError("the app started without a display")

    monkeypatch.setattr(app, "App", no_app)
    assert app.main(["--no-sound"]) == 1
    err = capsys.readouterr().err
    assert "could not open its window: no display was found" in err and "--screenshots" in err
