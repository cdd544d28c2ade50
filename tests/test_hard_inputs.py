"""Hostile text and files given to the rules package: Unicode digits, huge digit runs, huge
strings, non-finite numbers, renamed and interrupted saves. Each test reproduces a failure seen
on the starting code (a traceback, a hang, a 1 MB message or a second copy of a file)."""

import json

import pytest

from game import Game, Position
from game.errors import InvalidMoveError, PositionError, RecordError
from game.geometry import geometry
from game.limits import ECHO_CHARS
from game.variants import VARIANTS, KhetOptions

KHET = "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b"
MAX_MESSAGE = 3 * ECHO_CHARS + 120  # the message's own words plus at most ~80 characters of input


def short_error(exc_type, call, *args):
    with pytest.raises(exc_type) as info:
        call(*args)
    assert len(str(info.value)) <= MAX_MESSAGE, str(info.value)[:300]
    return str(info.value)


@pytest.mark.parametrize("digit", ["²", "³", "٣", "১", "𝟗"])
def test_unicode_digits_in_a_position_string_are_a_clear_error(digit):
    bad = KHET.replace("2pc7", f"2pc{digit}", 1)
    short_error(PositionError, Position.from_fen, bad, "khet")


def test_a_digit_run_beyond_the_int_limit_is_a_clear_error():
    bad = KHET.replace("2pc7", "2pc" + "7" * 5000, 1)
    short_error(PositionError, Position.from_fen, bad, "khet")


@pytest.mark.parametrize("text", ["a²", "a" + "1" * 5000, "j١", "b³c2"])
def test_square_names_take_ascii_digits_only(text):
    assert geometry(10, 8).parse_square(text) is None


@pytest.mark.parametrize("text", ["a²a3", "a1a²", "e" + "4" * 5000 + "e5", "c4" * 50000 + "R"])
def test_move_text_with_odd_digits_or_huge_length_is_a_clear_error(text):
    pos = Position.from_fen(KHET, "khet")
    short_error(InvalidMoveError, pos.parse_move, text)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_megabyte_position_string_is_refused_with_a_short_message(variant):
    short_error(PositionError, Position.from_fen, "x" * 1_000_000 + " b", variant)
    short_error(PositionError, Position.from_fen, "8/" * 100_000 + " b", variant)


def record(**changes):
    data = Game.new("khet").to_json()
    data["moves"] = [{"move": "j1L", "seconds": 2.0}]
    data["final"] = None
    data.update(changes)
    return data


@pytest.mark.parametrize("seconds", [float("inf"), float("-inf"), float("nan"), -1.0, 1e300, "3", True])
def test_move_times_must_be_finite_and_not_negative(seconds):
    data = record(moves=[{"move": "j1L", "seconds": seconds}])
    short_error(RecordError, Game.from_json, data)


@pytest.mark.parametrize("initial", [float("inf"), float("nan"), -5, "300"])
def test_clock_values_must_be_finite(initial):
    short_error(RecordError, Game.from_json, record(time_control={"initial": initial, "increment": 0}))


def test_infinity_written_by_json_is_refused_when_loading(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record()).replace('"seconds": 2.0', '"seconds": 1e999'), encoding="utf-8")
    message = short_error(RecordError, Game.load, path)
    assert "time" in message


@pytest.mark.parametrize(
    "field, value",
    [("start", "8/" * 10_000 + " b"), ("final", "x" * 20_000), ("setup", "s" * 5000), ("id", "i" * 5000)],
)
def test_huge_text_fields_in_a_record_are_refused_quickly_with_a_short_message(field, value):
    short_error(RecordError, Game.from_json, record(**{field: value}), False)


def test_a_huge_move_text_in_a_record_is_refused():
    short_error(RecordError, Game.from_json, record(moves=[{"move": "c4" * 10_000, "seconds": 1}]))


def test_record_file_names_stay_inside_the_folder(tmp_path):
    game = Game.new("khet")
    game.started_at = "../../../evil"
    game.game_id = "../../x"
    folder = tmp_path / "saves"
    path = game.save(folder)
    assert path.parent == folder and ".." not in path.name


def test_resuming_a_renamed_save_updates_that_file_not_a_second_copy(tmp_path):
    game = Game.new("khet")
    game.add_move("j1L", 1.0)
    folder = tmp_path / "saves"
    first = game.save(folder)
    renamed = first.rename(folder / "my best game.json")
    resumed = Game.load(renamed)
    resumed.add_move("a8L", 1.0)
    resumed.save(folder)
    assert [p.name for p in folder.iterdir()] == ["my best game.json"]
    assert len(Game.load(renamed).moves) == 2


def test_a_legal_swap_onto_a_reserved_square_gives_a_readable_position():
    options = KhetOptions(swap_into_reserved=True)
    pos = Position.from_fen("sc4fc4/10/10/raPa8/10/10/10/4Fa4Sa r", "khet", options)
    pos.push_text("a5b5")  # the Red Scarab swaps the Silver Pyramid onto a5, reserved for Red
    again = Position.from_fen(pos.fen(), "khet", options)
    assert again.fen() == pos.fen()
    with pytest.raises(PositionError, match="reserved"):
        Position.from_fen(pos.fen(), "khet")  # without the house rule it is still refused


@pytest.mark.parametrize(
    "players",
    [
        [{"kind": "human", "name": "n" * 100_000}, {"kind": "human"}],
        [{"kind": "cpu", "level": ["Hard"] * 1000}, {"kind": "human"}],
        [{"kind": "human", "name": 12}, "x"],
    ],
)
def test_player_names_and_levels_are_checked(players):
    short_error(RecordError, Game.from_json, record(players=players), False)


def test_an_analysis_with_infinite_scores_is_kept_unread_not_a_crash():
    data = record(analysis={"version": 1, "positions": [{"score": float("inf")}] * 2, "marks": ["best"]})
    game = Game.from_json(data)
    assert game.analysis is None
