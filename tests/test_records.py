"""Game records: JSON round trips, atomic saves, and clear errors for damaged files left untouched."""

import json

import pytest

from game import Game, Outcome, Player, RecordError, RuleOptions, Termination, TimeControl


def sample_game() -> Game:
    game = Game.new(
        "khet",
        "Dynasty",
        players=(Player("human", "Ada"), Player("cpu", level="Hard")),
        time_control=TimeControl(300, 3),
        options=RuleOptions(repetition="auto", ply_limit=200),
    )
    for text, seconds in (("d1c1", 1.5), ("g8h8", 0.25), ("j3j2", 3.0)):
        game.add_move(text, seconds)
    game.finish(game.position_at().outcome())
    return game


def test_save_and_load_round_trip(data_dir):
    game = sample_game()
    assert game.outcome == Outcome.win(1, Termination.ROYAL_DESTROYED)
    path = game.save(data_dir / "saves")
    loaded = Game.load(path)
    assert loaded == game
    assert loaded.position_at().fen() == game.position_at().fen()
    assert loaded.position_at(1).fen() == game.position_at(1).fen()
    assert loaded.duration_seconds == pytest.approx(4.75)


def test_saving_again_updates_the_same_file(data_dir):
    game = Game.new()
    path = game.save(data_dir)
    game.add_move("c1c2", 1)
    assert game.save(data_dir) == path
    assert len(list(data_dir.glob("*.json"))) == 1
    assert Game.load(path).moves[0].text == "c1c2"


def test_never_overwrites_another_game(data_dir):
    game = Game.new()
    path = game.save(data_dir)
    other = Game.new(started_at=game.started_at, game_id=game.game_id)
    other.game_id = "different"
    path.rename(data_dir / other.file_name())
    (data_dir / other.file_name()).write_text(json.dumps({"id": "someone-else"}))
    with pytest.raises(RecordError, match="already holds another game"):
        other.save(data_dir)


def test_no_temporary_files_left_behind(data_dir):
    sample_game().save(data_dir)
    assert [p.suffix for p in data_dir.iterdir()] == [".json"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("truncated", "not valid JSON"),
        (b"\x00\xff\xfe garbage \x81", "cannot be read"),
        ("[1, 2, 3]", "not a game record"),
        ('{"format": "something-else"}', "not a game record"),
        ('{"format": "laser-chess-game", "version": 99}', "unknown record version 99"),
        ('{"format": "laser-chess-game", "version": 1}', "the record is damaged"),
    ],
)
def test_damaged_files_give_clear_errors_and_stay_untouched(data_dir, content, message):
    path = data_dir / "bad.json"
    if content == "truncated":
        content = json.dumps(sample_game().to_json())[:150]
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    with pytest.raises(RecordError) as err:
        Game.load(path)
    assert message in str(err.value) and "bad.json" in str(err.value)
    assert path.read_bytes() == before


def test_record_with_an_illegal_move_is_reported(data_dir):
    data = sample_game().to_json()
    data["moves"][1]["move"] = "e4e9"
    data["outcome"] = None
    path = data_dir / "illegal.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=r"move 2 \(e4e9\) cannot be played"):
        Game.load(path)


def test_unfinished_game_round_trip(data_dir):
    game = Game.new(setup="Imhotep")
    game.add_move("c1c2", 2)
    loaded = Game.load(game.save(data_dir))
    assert not loaded.finished and loaded.setup == "Imhotep" and len(loaded.moves) == 1


def test_missing_file():
    with pytest.raises(RecordError, match="no such file"):
        Game.load("/nonexistent/game.json")


def test_game_from_bad_position_string_is_refused():
    from game import PositionError

    with pytest.raises(PositionError):
        Game.new(fen="nonsense b")


def test_final_position_is_stored_and_checked(data_dir):
    game = sample_game()
    path = game.save(data_dir)
    data = json.loads(path.read_text())
    assert data["final"] == game.position_at().fen()
    quick = Game.load(path, check_moves=False)
    assert quick.final_fen == data["final"]
    data["final"] = Game.new().start_fen
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="final position does not match"):
        Game.load(path)
