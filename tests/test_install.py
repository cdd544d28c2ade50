"""A non-editable install is complete and runs from any folder: every module and every asset is in
the wheel, the assets are found as package data, and user data goes to the platform's folder."""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Build the wheel from a copy of the sources (the checkout gets no build/ folder)."""
    src = tmp_path_factory.mktemp("src")
    for name in ("game", "gui", "assets", "native"):
        shutil.copytree(
            ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
        )
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out)]
    done = subprocess.run([*cmd, str(src)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (found,) = out.glob("laser_chess-*.whl")
    return found


def test_wheel_holds_every_module_and_asset(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("game", "gui"):
        for path in (ROOT / package).rglob("*.py"):
            assert path.relative_to(ROOT).as_posix() in names
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            assert "gui/assets/" + path.relative_to(ROOT / "assets").as_posix() in names
    for path in (ROOT / "game" / "puzzles" / "data").glob("*.json"):
        assert path.relative_to(ROOT).as_posix() in names  # the shipped puzzle collections
    assert not any(n.startswith(("settings.json", "saves/", "tests/")) for n in names)


def test_installed_copy_runs_from_any_folder(wheel, tmp_path):
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
        check=True,
        timeout=300,
    )
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if k != "LASERCHESS_DATA"}
    env.update(PYTHONPATH=str(site), HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    probe = (
        "import json; from gui import paths; from gui.app import load_theme; t = load_theme();"
        "print(json.dumps([str(paths.assets_dir()), str(paths.data_dir()), t is not None]))"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assets, data, themed = json.loads(run.stdout.strip().splitlines()[-1])
    assert Path(assets) == site / "gui" / "assets" and themed
    assert Path(data) == home / "data" / "laser-chess"
    perft = subprocess.run(
        [sys.executable, "-m", "game", "perft", "--depth", "1"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert perft.returncode == 0 and "perft(1) = " in perft.stdout
    stats = subprocess.run(
        [sys.executable, "-m", "game", "puzzles", "stats", "--variant", "khet"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    row = next(line.split() for line in stats.stdout.splitlines() if line.startswith("khet"))
    assert stats.returncode == 0 and int(row[1]) > 0, stats.stderr  # the shipped puzzles came along
