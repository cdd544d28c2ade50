"""Package boundaries and the command line."""

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_game_package_never_imports_pygame():
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] in ("pygame", "pygame_gui", "gui") for n in names), path


def test_importing_game_loads_no_pygame():
    code = "import sys, game, game.record; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_perft():
    out = run_cli("perft", "--setup", "imhotep", "--depth", "2")
    assert out.returncode == 0 and "perft(2) = 5343" in out.stdout


def test_cli_perft_divide_and_fen():
    fen = "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b"
    out = run_cli("perft", "--fen", fen, "--depth", "1", "--divide")
    assert out.returncode == 0 and "j1L: 1" in out.stdout and "perft(1) = 77" in out.stdout


def test_cli_reports_bad_input_clearly():
    out = run_cli("perft", "--fen", "garbage", "--depth", "1")
    assert out.returncode == 2 and out.stderr.startswith("error: the side to move is missing")
    out = run_cli("perft", "--setup", "nope")
    assert out.returncode == 2 and "no setup named 'nope'" in out.stderr


def test_cli_perft_leiserchess_zombies_switch():
    out = run_cli("perft", "--variant", "leiserchess2017", "--no-zombies", "--depth", "2")
    assert out.returncode == 0 and "perft(2) = 4227" in out.stdout
