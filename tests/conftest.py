"""Shared test set-up: headless SDL and a temporary data folder for every test; ``--cpu-durations N``
lists the tests that used the most CPU time."""

import os
import resource

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Point the app's data folder (settings.json, saves/) at a fresh temporary folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("LASERCHESS_DATA", str(folder))
    return folder


@pytest.fixture
def quick_app(data_dir):
    """The whole app at 1280×720, silent, with animations off so moves take effect at once."""
    from gui import library
    from gui.app import App
    from gui.screens.config import Choices, ConfigScreen
    from gui.testing import run_frames

    library.clear_caches()
    ConfigScreen.remembered = Choices()
    application = App((1280, 720), sound=False)
    application.settings.laser_speed = "off"
    application.settings.piece_animation = False
    run_frames(application, 2)
    yield application
    application.shutdown()


# ----------------------------------------------------------------------------- CPU time per test


def pytest_addoption(parser):
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="list the N tests that used the most CPU time (the test process and the processes it "
        "waited for): on a busy machine a steadier figure than --durations' wall time",
    )


def _cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.stash[_CPU_START] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.when == "teardown" and _CPU_START in item.stash:  # setup + call + teardown
        report.user_properties.append(("cpu_seconds", _cpu_seconds() - item.stash[_CPU_START]))


def pytest_terminal_summary(terminalreporter, config):
    count = config.getoption("--cpu-durations")
    if not count:
        return
    timed = [
        (seconds, report.nodeid)
        for reports in terminalreporter.stats.values()
        for report in reports
        if getattr(report, "when", None) == "teardown"
        for name, seconds in getattr(report, "user_properties", ())
        if name == "cpu_seconds"
    ]
    timed.sort(reverse=True)
    terminalreporter.write_sep("=", f"{min(count, len(timed))} tests that used the most CPU time")
    for seconds, nodeid in timed[:count]:
        terminalreporter.write_line(f"{seconds:7.2f} s  {nodeid}")
    terminalreporter.write_line(f"{sum(s for s, _ in timed):7.1f} s  all {len(timed)} tests")


_CPU_START = pytest.StashKey[float]()
