"""Config and game screens driven headlessly by posted events: whole games by clicks and drags,
a game against the CPU, takeback, resign, repetition claim, flag fall, and the saved record."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest

from game import KHET, Game, Player, Termination, TimeControl
from gui.app import App
from gui.paths import saves_dir
from gui.screens.config import ConfigScreen
from gui.screens.game import GameScreen
from gui.testing import click_element, open_screen, post_click, post_key, run_frames
from gui.widgets.player_panel import format_clock
from tests.helpers import board_from


@pytest.fixture
def app(quick_app):
    return quick_app


def game_screen(app: App) -> GameScreen:
    screen = app.screens.top
    assert isinstance(screen, GameScreen)
    return screen


def square(screen: GameScreen, name: str) -> tuple[int, int]:
    return screen.view.square_rect(screen.variant.geometry.parse_square(name)).center


def click(app: App, screen: GameScreen, name: str, button: int = 1) -> None:
    post_click(app, square(screen, name), button=button)


def drag(app: App, screen: GameScreen, frm: str, to: str) -> None:
    a, b = square(screen, frm), square(screen, to)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for point in (mid, b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    run_frames(app, 3)


def settle(app: App, frames: int = 4) -> None:
    run_frames(app, frames)


def start_from_config(app: App, fen: str | None = None, opponent: str = "friend", level: str | None = None):
    app.screens.push("config")
    run_frames(app, 2)
    config = app.screens.top
    assert isinstance(config, ConfigScreen)
    click_element(app, config.segments["opponent"][opponent])
    config = app.screens.top
    if level is not None:
        config.choices.level = level
    if fen is not None:
        entry = config.widgets["fen"]
        pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=fen, ui_element=entry))
        run_frames(app, 2)
        config = app.screens.top
        assert config.error is None, config.error
    click_element(app, config.widgets["start"])
    run_frames(app, 2)
    return game_screen(app)


# A race to a Pharaoh: Silver's Scarab swaps, its Sphinx turns away and back, and a Pyramid turns
# to send the beam along rank 8 into Red's Pharaoh.
ENDGAME = KHET.board_fen(
    board_from(
        {
            "j1": "Sa",
            "e1": "Fa",
            "g1": "Nb",
            "d4": "Ra",
            "j8": "Pb",
            "a8": "sc",
            "f8": "fc",
            "e5": "pa",
            "c6": "na",
        }
    ),
    0,
)


def test_two_player_game_to_a_pharaoh_kill_by_clicks_and_drags(app, data_dir):
    screen = start_from_config(app, ENDGAME)
    assert [p.kind for p in screen.session.game.players] == ["human", "human"]
    # 1. Scarab swap by click-click
    click(app, screen, "d4")
    assert (
        screen.input.selected is not None
        and screen.variant.geometry.parse_square("e5") in screen.view.deco.rings
    )
    click(app, screen, "e5")
    # 1... Red steps by drag-and-drop
    drag(app, screen, "c6", "c5")
    # 2. Sphinx turns west with the rotate button (its beam is absorbed by the Anubis shield on g1)
    click(app, screen, "j1")
    click_element(app, screen.buttons["rotate_left"])
    # 2... click-click step
    click(app, screen, "c5")
    click(app, screen, "c6")
    # 3. Sphinx back north by key (the right button draws arrows and circles, it never turns)
    click(app, screen, "j1")
    post_key(app, pygame.K_e)
    # 3... rotation by key
    click(app, screen, "c6")
    post_key(app, pygame.K_e)
    # 4. Pyramid on j8 turns clockwise (Right arrow): the beam runs along rank 8 into f8
    click(app, screen, "j8")
    post_key(app, pygame.K_RIGHT)
    settle(app, 10)
    s = screen.session
    assert s.move_texts() == ["d4e5", "c6c5", "j1L", "c5c6", "j1R", "c6R", "j8R"]
    assert s.finished and s.outcome.winner == 0 and s.outcome.reason is Termination.ROYAL_DESTROYED
    assert screen.over_buttons, "the game-over panel is shown"
    # The record was saved and reloads identical.
    files = list(saves_dir().glob("*.json"))
    assert len(files) == 1
    loaded = Game.load(files[0])
    assert loaded == s.game and loaded.outcome == s.outcome
    # Main menu from the panel.
    click_element(app, screen.over_buttons["menu"])
    assert app.screens.names() == ["menu"]


def test_illegal_drop_snaps_back(app):
    screen = start_from_config(app)
    drag(app, screen, "e1", "e3")  # two squares: not legal
    assert screen.session.move_texts() == []
    assert screen.input.selected == screen.variant.geometry.parse_square("e1")
    assert screen.view.drag is None


def test_takeback_between_friends(app):
    screen = start_from_config(app)
    click(app, screen, "c1")
    click(app, screen, "c2")
    assert screen.session.move_texts() == ["c1c2"]
    click_element(app, screen.buttons["undo"])
    assert screen.session.move_texts() == [] and screen.session.turn == 0
    assert screen.position.fen() == KHET.setup_fen("Classic")


def test_resign_needs_two_presses(app, data_dir):
    screen = start_from_config(app)
    click(app, screen, "c1")
    click(app, screen, "c2")
    click_element(app, screen.buttons["resign"])
    assert not screen.session.finished and screen.buttons["resign"].text == "Sure?"
    click_element(app, screen.buttons["resign"])
    settle(app)
    out = screen.session.outcome
    assert out.reason is Termination.RESIGNATION and out.winner == 0  # Red resigned on its turn
    assert Game.load(next(saves_dir().glob("*.json"))).outcome == out


def test_resign_confirmation_cancels_itself(app):
    screen = start_from_config(app)
    click_element(app, screen.buttons["resign"])
    run_frames(app, int(60 * 3.2))
    assert screen.buttons["resign"].text == "Resign"
    click_element(app, screen.buttons["resign"])
    assert not screen.session.finished


def test_threefold_repetition_claim(app):
    screen = start_from_config(app)
    for _ in range(2):
        for frm, to in (("c1", "c2"), ("h8", "h7"), ("c2", "c1"), ("h7", "h8")):
            click(app, screen, frm)
            click(app, screen, to)
    settle(app)
    assert screen.buttons["draw"].text == "Claim draw"
    click_element(app, screen.buttons["draw"])
    settle(app)
    assert screen.session.outcome.reason is Termination.REPETITION


def test_draw_offer_between_friends(app):
    screen = start_from_config(app)
    click_element(app, screen.buttons["draw"])
    click_element(app, screen.buttons["draw"])  # confirm the offer (Silver offers)
    click(app, screen, "c1")
    click(app, screen, "c2")  # Silver moves; Red now sees the offer
    settle(app)
    assert screen.buttons["draw"].text == "Accept draw"
    click_element(app, screen.buttons["draw"])
    assert screen.session.outcome.reason is Termination.AGREEMENT


def test_flag_fall_on_a_short_clock(app):
    app.settings.clock_after_first_move = False  # the clock runs from the start
    game = Game.new(
        "khet", "Classic", players=(Player("human"), Player("human")), time_control=TimeControl(1)
    )
    app.screens.push("game", game=game)
    screen = game_screen(app)
    run_frames(app, 75)
    out = screen.session.outcome
    assert out is not None and out.reason is Termination.TIMEOUT and out.winner == 1


def test_clock_format():
    assert format_clock(605) == "10:05"
    assert format_clock(9.44) == "0:09.4"
    assert format_clock(3725) == "1:02:05"


def test_browsing_earlier_positions_locks_input(app):
    screen = start_from_config(app)
    click(app, screen, "c1")
    click(app, screen, "c2")
    post_key(app, pygame.K_LEFT)
    assert screen.view_ply == 0 and not screen.input.enabled
    assert screen.view.board == game_screen(app).session.start_position.board
    post_key(app, pygame.K_END)
    assert screen.view_ply is None and screen.input.enabled


def test_leaving_a_game_asks_first_and_saves(app, data_dir):
    screen = start_from_config(app)
    click(app, screen, "c1")
    click(app, screen, "c2")
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen  # asked first
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.names() == ["menu"]
    saved = Game.load(next(saves_dir().glob("*.json")))
    assert saved.moves[0].text == "c1c2" and not saved.finished


def test_beam_animation_locks_input_until_done(app):
    app.settings.laser_speed = "normal"
    screen = start_from_config(app)
    click(app, screen, "c1")
    click(app, screen, "c2")
    assert screen.view.busy and not screen.input.enabled
    run_frames(app, 120)
    assert not screen.view.busy and screen.input.enabled


@pytest.mark.slow
def test_game_against_beginner_cpu_to_the_end(app, data_dir):
    screen = start_from_config(app, opponent="cpu", level="Beginner")
    s = screen.session
    assert s.is_cpu(1) and not s.is_cpu(0)
    rng = random.Random(5)
    for _ in range(400):
        if s.finished:
            break
        if s.turn == 0 and screen.input.enabled:
            # The human blunders on purpose: walk into Red's beam whenever possible.
            moves = list(s.position.legal_moves)
            bad = [m for m in moves if _exposes(s.position, m)]
            move = rng.choice(bad or [m for m in moves if m.rotation in (0, 1)])
            names = s.position.geometry.names
            if move.from_square == move.to_square:
                click(app, screen, names[move.from_square])
                post_key(app, pygame.K_e)  # a clockwise turn
            else:
                click(app, screen, names[move.from_square])
                click(app, screen, names[move.to_square])
        else:
            run_frames(app, 6)
            pygame.time.wait(20)
    settle(app, 10)
    assert s.finished and s.outcome.winner == 1
    assert Game.load(next(saves_dir().glob("*.json"))).outcome == s.outcome


def _exposes(pos, move) -> bool:
    if move.from_square == move.to_square and move.rotation != 1:
        return False  # E plays clockwise rotations; keep to moves the test can enter
    pos.push(move)
    exposed = pos.loser < 0 and pos.royal_in_beam(0)
    pos.pop()
    return exposed


def test_continue_resumes_the_last_unfinished_game(app, data_dir):
    screen = start_from_config(app)
    click(app, screen, "c1")
    click(app, screen, "c2")
    post_key(app, pygame.K_ESCAPE)
    post_key(app, pygame.K_ESCAPE)  # leave (confirmed): the game is saved unfinished
    menu = app.screens.top
    labels = [button.text for button, _ in menu.buttons]
    assert labels[0] == "Continue"
    click_element(app, menu.buttons[0][0])
    resumed = game_screen(app)
    assert resumed.session.move_texts() == ["c1c2"] and resumed.session.turn == 1
    # Finish it: Continue disappears.
    click_element(app, resumed.buttons["resign"])
    click_element(app, resumed.buttons["resign"])
    settle(app)
    click_element(app, resumed.over_buttons["menu"])
    assert app.screens.names() == ["menu"]
    assert [button.text for button, _ in app.screens.top.buttons][0] != "Continue"


def test_a_left_arrow_in_a_live_game_replays_nothing(app, monkeypatch):
    """Browsing back shows the line's snapshot of each ply: no push, no move generation (it used
    to replay the game from its start for every key)."""
    from game.position import Position

    game = Game.new("khet", "Classic", players=(Player("human", "A"), Player("human", "B")))
    screen = open_screen(app, GameScreen, game=game)
    for text in ("c1c2", "h8h7", "c2c1", "h7h8", "c1c2", "h8h7"):
        screen.type_move(text)
    run_frames(app, 3)
    boards = [game.position_at(ply).board for ply in range(7)]
    work: list[str] = []
    for cls, name in ((Position, "apply_journaled"), (type(screen.variant), "generate")):
        original = getattr(cls, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            work.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(cls, name, counted)
    for expected in (5, 4, 3, 2, 1, 0):
        post_key(app, pygame.K_LEFT)
        assert screen.view_ply == expected and screen.view.board == boards[expected]
    assert work == []


def test_tab_back_into_the_move_field_selects_a_refused_move(app):
    """Issue 28 item 10: after a refused move, Tab put the caret at the start, so the next move was
    glued in front of the old text ("d1>Ne2>W"). The refused text is selected: typing replaces it."""
    screen = open_screen(app, GameScreen, game=Game.new("khet", players=(Player("human"), Player("human"))))
    entry = screen.widgets["move_entry"]
    post_key(app, pygame.K_TAB)
    for ch in "j1j2":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    post_key(app, pygame.K_RETURN)
    assert entry.get_text() == "j1j2" and "not legal" in screen.status_text()[0]
    post_key(app, pygame.K_ESCAPE)  # the keyboard back to the board
    assert not entry.is_focused
    post_key(app, pygame.K_TAB)
    for ch in "c1c2":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run_frames(app, 2)
    assert entry.get_text() == "c1c2"
    post_key(app, pygame.K_RETURN)
    assert screen.session.move_texts() == ["c1c2"]


# ----------------------------------------------------------------------------- one intent


def _spy_on_submit(monkeypatch) -> list[str]:
    """Every move the game's controller is handed through its one intent, as text."""
    from gui.models.game_controller import GameController

    seen: list[str] = []
    submit = GameController.submit

    def spy(self, move):
        side = self.premove_side()
        board = self.premove_position(side) if self.premoving and side is not None else self.position
        seen.append(board.move_text(move))
        return submit(self, move)

    monkeypatch.setattr(GameController, "submit", spy)
    return seen


def _type(app: App, text: str) -> None:
    post_key(app, pygame.K_TAB)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    post_key(app, pygame.K_RETURN)
    post_key(app, pygame.K_ESCAPE)  # the keyboard back to the board


def test_a_click_a_key_a_button_and_a_typed_move_are_one_intent(app, monkeypatch):
    """Issue 25: "X, the Fire button, a click and a typed move behave alike": each way of making a
    move hands it to GameController.submit, once (a typed move had its own way to the game)."""
    seen = _spy_on_submit(monkeypatch)
    humans = (Player("human", "A"), Player("human", "B"))
    screen = open_screen(app, GameScreen, game=Game.new("laserchess98", players=humans))
    s = screen.session
    ways = [
        ("c1>E", lambda: (click(app, screen, "c1"), post_key(app, pygame.K_e))),  # a key turns
        ("d1*", lambda: post_key(app, pygame.K_x)),  # X fires the only Laser
        ("b7b5", lambda: _type(app, "b7b5")),  # typed
        ("b1c3", lambda: (click(app, screen, "b1"), click(app, screen, "c3"))),  # clicked
        ("g7>E", lambda: (click(app, screen, "g7"), click_element(app, screen.buttons["rotate_left"]))),
        ("e8*", lambda: click_element(app, screen.buttons["fire"])),  # the Fire button
        ("d1*", lambda: (click(app, screen, "d1"), click(app, screen, "d1"))),  # a double-click fires
    ]
    for number, (text, make) in enumerate(ways, start=1):
        run_frames(app, 400)  # the last shot shown: the board takes moves again
        make()
        assert seen == [t for t, _ in ways[:number]], text
        assert [m.text for m in s.game.moves] == seen


def test_during_the_cpus_turn_a_typed_move_a_click_and_x_queue_a_premove_alike(app, monkeypatch):
    seen = _spy_on_submit(monkeypatch)
    game = Game.new("laserchess98", players=(Player("cpu", level="Expert"), Player("human", "You")))
    screen = open_screen(app, GameScreen, game=game)  # the CPU moves first and thinks long
    c = screen.controller
    assert screen.session.cpu_to_move
    post_key(app, pygame.K_x)
    assert seen == ["e8*"] and c.premove is not None and c.premove.text == "e8*"
    _type(app, "b7b5")
    assert seen[-1] == "b7b5" and c.premove.text == "b7b5"
    click(app, screen, "g8")
    click(app, screen, "f6")
    assert seen == ["e8*", "b7b5", "g8f6"] and c.premove.text == "g8f6"
    assert not screen.session.game.moves  # all queued, none played on the CPU's turn
