"""Crashes a player could reach (issue 25), each reproduced exactly; every test here failed before
its fix. The app's crash handler is switched off, so a crash fails the test with its traceback."""

from __future__ import annotations

import json

import pygame
import pytest

import gui.crash
from game import Game, Player, RecordError
from game.search.levels import LEVELS
from gui import clipboard, library
from gui.screens.browser import BrowserScreen
from gui.screens.game import GameScreen
from gui.screens.replay import ReplayScreen
from gui.testing import open_screen, post_key, run_frames

NESTED = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def app(quick_app, monkeypatch):
    monkeypatch.setattr(gui.crash, "handle_crash", lambda app, exc: False)  # re-raise every crash
    return quick_app


HUMANS = (Player("human", "A"), Player("human", "B"))


def game_with(moves: list[str], variant: str, players: tuple[Player, Player] = HUMANS) -> Game:
    game = Game.new(variant, players=players)
    pos = game.start_position()
    for text in moves:
        pos.push(pos.parse_move(text))
        game.add_move(text, 1.0)
    return game


# ------------------------------------------------------------------ X while the CPU thinks
@pytest.mark.parametrize("variant", ["laserchess98", "laserchess87"])
def test_x_while_the_cpu_thinks_queues_the_shot_as_a_premove(app, variant):
    game = Game.new(variant, players=(Player("cpu", level="Expert"), Player("human", "You")))  # thinks long
    screen = open_screen(app, GameScreen, game=game)
    assert screen.session.cpu_to_move
    post_key(app, pygame.K_x)  # used to play the fire at once on the CPU's position: IllegalMoveError
    assert not screen.session.game.moves or screen.session.game.moves[0].text != "*"
    assert "Premove" in screen.status_text()[0]


# ------------------------------------------------------------------ Replay -> Play from here
def test_play_from_here_in_a_laserchess_98_game_then_x_while_the_cpu_thinks(app):
    from gui.screens.config import ConfigScreen

    ConfigScreen.remembered.level = "Expert"  # against the CPU, the person first: it thinks long
    game = game_with(["b1c3"], "laserchess98")  # Blue to move after it
    replay = open_screen(app, ReplayScreen, game=game, ply=1)
    replay.play_from_here()
    run_frames(app, 2)
    assert app.screens.top.name == "config"
    app.screens.top.start()
    run_frames(app, 3)
    screen = app.screens.top
    assert screen.name == "game" and screen.session.cpu_to_move
    post_key(app, pygame.K_x)  # the random events found this: IllegalMoveError
    assert "Premove" in screen.status_text()[0]


# ------------------------------------------------------------------ text a field cannot draw
@pytest.mark.parametrize("text", ["\u202e", "\u200b", "\ufe0f", "\u00ad"])
def test_an_invisible_character_typed_or_pasted_into_a_field_is_dropped(app, text):
    screen = open_screen(app, GameScreen, game=Game.new("khet"))
    post_key(app, pygame.K_TAB)
    entry = screen.widgets["move_entry"]
    assert entry.is_focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    run_frames(app, 2)  # pygame-gui raised "Text has zero width"
    clipboard.put_text(text)
    post_key(app, pygame.K_v, pygame.KMOD_CTRL)  # so did its paste
    assert entry.get_text() == ""
    clipboard.put_text("e4" + text + "e5")
    post_key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert entry.get_text() == "e4e5"


# ------------------------------------------------------------------ control characters in records
def record_with_name(name: str) -> dict:
    data = Game.new("khet", players=(Player("human", name), Player("human", "B"))).to_json()
    return json.loads(json.dumps(data))


def test_a_record_with_a_control_character_in_a_name_is_refused_when_read():
    with pytest.raises(RecordError, match="control character U\\+0000"):
        Game.from_json(record_with_name("A\x00B"))
    Game.from_json(record_with_name("Ana 🙂 مرحبا"))  # emoji and right-to-left text are names


def test_past_games_lists_such_a_record_as_damaged(app, data_dir):
    saves = data_dir / "saves"
    saves.mkdir(exist_ok=True)
    (saves / "bad-name.json").write_text(json.dumps(record_with_name("A\x00B")), "utf-8")
    screen = open_screen(app, BrowserScreen)
    run_frames(app, 3)  # used to crash drawing the card (font render of U+0000)
    entry = next(e for e in screen.entries if e.path.name == "bad-name.json")
    assert entry.game is None and "control character" in entry.error


def test_ctrl_v_refuses_a_game_text_with_a_control_character(app, data_dir):
    screen = open_screen(app, BrowserScreen)
    text = '[Event "Laser Chess"]\n[Variant "khet"]\n[Silver "A\x00B"]\n[Red "B"]\n\n1. c1c2 *\n'
    clipboard.put_text(text)
    post_key(app, pygame.K_v, pygame.KMOD_CTRL, frames=3)
    assert not any(e.game is not None for e in screen.entries)


def test_the_clipboard_takes_a_text_it_cannot_give_the_system_without_raising():
    assert clipboard.put_text("A\x00B") is False  # pygame.scrap raises ValueError on U+0000
    assert clipboard.get_text()[0] == "A\x00B"


# ------------------------------------------------------------------ an unknown CPU level
def test_resuming_a_game_at_an_unknown_cpu_level_plays_at_a_known_one(app):
    game = game_with(["c1c2"], "khet", players=(Player("human", "You"), Player("cpu", level="Godlike")))
    screen = open_screen(app, GameScreen, game=game, frames=4)  # used to raise KeyError at once
    assert screen.session.player(1).level in LEVELS
    assert any("Godlike" in item.text for item in app.toasts.items)


# ------------------------------------------------------------------ deeply nested JSON
def test_deeply_nested_json_is_refused_everywhere_json_is_read(tmp_path, data_dir):
    from game.fileio import MAX_JSON_DEPTH, loads_json

    with pytest.raises(ValueError, match="nested too deeply"):
        loads_json(NESTED)
    with pytest.raises(ValueError, match="nested too deeply"):
        loads_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))  # parses, but too deep
    path = tmp_path / "nested.json"
    path.write_text(NESTED, "utf-8")
    with pytest.raises(RecordError):
        Game.load(path)
    with pytest.raises(library.LibraryError):
        library.import_game(path, data_dir / "saves")
    with pytest.raises(library.LibraryError):
        library.import_text(NESTED, data_dir / "saves")
    from game.search.weights import load_weights

    with pytest.raises(ValueError):
        load_weights(path)
    from gui.settings import load_settings

    settings = tmp_path / "settings.json"
    settings.write_text(NESTED, "utf-8")
    assert load_settings(settings).notice
    from gui.setups import load_setup

    with pytest.raises(ValueError):
        load_setup(path)


def test_the_command_line_says_error_for_a_nested_record(tmp_path, capsys):
    from game.__main__ import main

    path = tmp_path / "nested.json"
    path.write_text(NESTED, "utf-8")
    assert main(["analyse", str(path)]) == 2
    assert "error:" in capsys.readouterr().err


def test_past_games_import_of_a_nested_file_shows_the_reason(app, tmp_path):
    path = tmp_path / "nested.json"
    path.write_text(NESTED, "utf-8")
    screen = open_screen(app, BrowserScreen)
    assert screen.import_from(path) is None
    assert screen.bar_note is not None and "nested too deeply" in screen.bar_note[1]


# ------------------------------------------------------------ found by the random events
def test_a_piece_card_shown_when_the_rule_set_changes_is_dropped(app):
    """Rules → Pieces, a piece card under the pointer, → to the next rule set: KeyError drawing the
    card of a piece the new rule set does not have."""
    from game.variants import get_variant
    from gui.screens.rules import RulesScreen

    screen = open_screen(app, RulesScreen, variant="laserchess98")
    screen.choose_section(next(i for i, s in enumerate(screen.sections) if s.key == "pieces"))
    run_frames(app, 2)
    lc98_only = max(k.number for k in get_variant("laserchess98").pieces.kinds)
    screen.hovered_kind = lc98_only
    screen.choose_variant("khet")
    run_frames(app, 2)
    assert screen.hovered_kind is None
