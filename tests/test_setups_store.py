"""Custom setups saved by the editor: save, list, clash, delete, damaged files kept."""

import pytest

from game import KHET, PositionError
from gui.setups import SetupExistsError, delete_setup, list_setups, save_setup, setups_dir


def test_save_list_delete(data_dir):
    fen = KHET.setup_fen("Dynasty")
    saved = save_setup("My Dynasty!", "khet", fen)
    assert saved.path.parent == setups_dir() and saved.path.is_relative_to(data_dir)
    found, problems = list_setups("khet")
    assert [s.name for s in found] == ["My Dynasty!"] and problems == []
    assert list_setups("leiserchess2018")[0] == []
    with pytest.raises(SetupExistsError):
        save_setup("my dynasty", "khet", fen)
    save_setup("my dynasty", "khet", KHET.setup_fen("Classic"), overwrite=True)
    assert list_setups()[0][0].fen == KHET.setup_fen("Classic")
    delete_setup(list_setups()[0][0])
    assert list_setups() == ([], [])


def test_bad_input_refused():
    with pytest.raises(ValueError, match="give the setup a name"):
        save_setup("  ", "khet", KHET.setup_fen())
    with pytest.raises(PositionError):
        save_setup("x", "khet", "garbage b")


def test_damaged_file_listed_as_problem_and_kept(data_dir):
    save_setup("Good", "khet", KHET.setup_fen())
    bad = setups_dir() / "broken.json"
    bad.write_text("{not json")
    found, problems = list_setups()
    assert [s.name for s in found] == ["Good"]
    assert len(problems) == 1 and problems[0].startswith("broken.json")
    assert bad.read_text() == "{not json"
