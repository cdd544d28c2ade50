"""The past-games browser driven headlessly: cards for every record, sorting and filtering, the
green selection, opening a replay, resuming, copying positions, delete with confirm, export and
import, unreadable files listed and left alone, and a folder of 500 records."""

from __future__ import annotations

import contextlib
import json
import os
from functools import cache
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import Game
from gui import clipboard, library
from gui.app import App
from gui.library import LibraryError
from gui.paths import data_dir, saves_dir
from gui.samples import make_sample_games
from gui.screen import Screen
from gui.screens.browser import DELETE_CONFIRM, BrowserScreen, exports_dir
from gui.screens.replay import ReplayScreen
from gui.testing import click_element, post_click, post_key, run_frames

DAMAGED = '{"format": "laser-chess-game", "version": 1, "moves": ['
FUTURE = {"format": "laser-chess-game", "version": 99, "moves": []}


@cache
def samples() -> tuple[Game, ...]:
    return tuple(make_sample_games(7, seed=5))


def write_samples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [game.save(folder) for game in samples()]


@pytest.fixture
def app(quick_app):
    return quick_app


@pytest.fixture
def saves() -> Path:
    folder = saves_dir()
    write_samples(folder)
    (folder / "20250101-000000-damaged.json").write_text(DAMAGED, encoding="utf-8")
    (folder / "20250102-000000-future.json").write_text(json.dumps(FUTURE), encoding="utf-8")
    (folder / "setups").mkdir()
    (folder / "setups" / "khet-mine.json").write_text("{}", encoding="utf-8")  # not a game
    return folder


def press(app: App, element) -> None:
    """Click a widget (after dismissing notices, which sit over the bottom bar and take clicks)."""
    app.toasts.items.clear()
    click_element(app, element)


def open_browser(app: App) -> BrowserScreen:
    menu = app.screens.top
    for button, _ in menu.buttons:
        if button.text == "Past games":
            click_element(app, button)
            break
    screen = app.screens.top
    assert isinstance(screen, BrowserScreen)
    run_frames(app, 2)
    return screen


def choose(app: App, screen: BrowserScreen, drop: str, text: str) -> None:
    """Pick an option of a drop-down as pygame-gui reports it."""
    element = screen.widgets[drop]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=element, text=text))
    run_frames(app, 2)


def select_where(app: App, screen: BrowserScreen, test) -> int:
    for i, entry in enumerate(screen.shown):
        if test(entry):
            screen.strip.select(i, jump=True)
            run_frames(app, 1)
            post_click(app, screen.strip.card_rect(i).center)
            assert screen.strip.selected == i
            return i
    raise AssertionError("no such card")


# ----------------------------------------------------------------------------- listing


def test_every_record_is_a_card_and_unreadable_files_say_why(app, saves):
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in saves.glob("*.json")}
    screen = open_browser(app)
    assert len(screen.entries) == len(samples()) + 2
    bad = {e.path.name: e.error for e in screen.entries if not e.readable}
    assert set(bad) == {"20250101-000000-damaged.json", "20250102-000000-future.json"}
    assert "not valid JSON" in bad["20250101-000000-damaged.json"]
    assert "unknown record version" in bad["20250102-000000-future.json"]
    for entry in screen.entries:
        if entry.readable:
            assert entry.result_text() and entry.player_labels()[0] and entry.variant_title
    # the cards in view get their board pictures
    run_frames(app, 3)
    visible = [screen.shown[i] for i in screen.strip.visible_indices() if screen.shown[i].readable]
    assert visible and all(
        library.cached_thumbnail(
            e, screen.strip.thumb_area(screen.strip.card_rect(0)).size, screen.strip.scheme
        )
        for e in visible
    )
    # selecting an unreadable card offers delete only, and Enter does nothing
    select_where(app, screen, lambda e: not e.readable)
    assert not screen.actions["replay"].is_enabled and not screen.actions["export"].is_enabled
    assert screen.actions["delete"].is_enabled
    post_key(app, pygame.K_RETURN)
    assert app.screens.top is screen
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in saves.glob("*.json")}
    assert after == before  # nothing was changed, moved or removed


def test_sorting_by_date_length_and_result(app, saves):
    screen = open_browser(app)
    starts = [e.started for e in screen.shown]
    assert starts == sorted(starts, reverse=True)  # newest first by default
    choose(app, screen, "sort", "Oldest first")
    assert [e.started for e in screen.shown] == sorted(starts)
    choose(app, screen, "sort", "Most moves")
    counts = [e.full_moves for e in screen.shown]
    assert counts == sorted(counts, reverse=True)
    choose(app, screen, "sort", "Fewest moves")
    assert [e.full_moves for e in screen.shown] == sorted(counts)
    choose(app, screen, "sort", "By result")
    order = ["human", "cpu", "draw", "unfinished", "unreadable"]
    kinds = [order.index(e.result_kind) for e in screen.shown]
    assert kinds == sorted(kinds)
    assert screen.games.sort == "result"


def test_filtering_by_opponent_and_result(app, saves):
    screen = open_browser(app)
    total = len(screen.shown)
    choose(app, screen, "opponent", "Against the CPU")
    assert screen.shown and all(e.opponent_kind == "cpu" for e in screen.shown)
    choose(app, screen, "opponent", "Two players")
    assert screen.shown and all(e.opponent_kind == "human" for e in screen.shown)
    choose(app, screen, "opponent", "All opponents")
    assert len(screen.shown) == total
    choose(app, screen, "result", "Unfinished")
    assert screen.shown and all(e.unfinished for e in screen.shown)
    choose(app, screen, "result", "Draws")
    assert all(e.result_kind == "draw" for e in screen.shown)
    choose(app, screen, "opponent", "Against the CPU")
    choose(app, screen, "result", "Won by the CPU")
    assert all(e.result_kind == "cpu" for e in screen.shown)
    run_frames(app, 2)  # an empty strip draws its message
    choose(app, screen, "opponent", "All opponents")
    choose(app, screen, "result", "All results")
    assert len(screen.shown) == total


def test_selection_keys_wheel_and_scroll_bar(app, saves):
    screen = open_browser(app)
    strip = screen.strip
    assert strip.selected == 0
    post_key(app, pygame.K_RIGHT)
    assert strip.selected == 1
    post_key(app, pygame.K_END)
    assert strip.selected == len(screen.shown) - 1
    run_frames(app, 30)  # smooth scroll arrives
    card = strip.card_rect(strip.selected)
    assert strip.rect.left <= card.left and card.right <= strip.rect.right
    post_key(app, pygame.K_HOME)
    assert strip.selected == 0
    run_frames(app, 30)
    assert strip.scroll == 0
    # mouse wheel over the strip scrolls it
    pygame.mouse.set_pos(strip.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    run_frames(app, 30)
    assert strip.scroll > 0
    # dragging the scroll bar's thumb to the far right shows the last cards
    thumb = strip.thumb_rect()
    assert thumb is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(strip.rect.right + 300, thumb.centery), rel=(0, 0), buttons=(1, 0, 0)
        )
    )
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(strip.rect.right + 300, thumb.centery), button=1)
    )
    run_frames(app, 2)
    assert strip.scroll == strip.max_scroll


def test_click_selects_with_a_green_border_and_double_click_opens_the_replay(app, saves):
    screen = open_browser(app)
    index = select_where(app, screen, lambda e: e.readable and e.move_count > 5)
    card = screen.strip.card_rect(index)
    edge = app.surface.get_at((card.centerx, card.top + 1))
    assert edge.g > 150 and edge.r < 140  # green
    post_click(app, card.center)  # the second click of a double click
    top = app.screens.top
    assert isinstance(top, ReplayScreen)
    assert top.game.game_id == screen.shown[index].game.game_id
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen and screen.strip.selected == index
    post_key(app, pygame.K_RETURN)  # Enter opens it too
    assert isinstance(app.screens.top, ReplayScreen)


class Stub(Screen):
    name = "stub"
    calls: list[dict] = []

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app)
        Stub.calls.append(kwargs)


def test_unfinished_games_are_marked_and_resume(app, saves):
    app.registry.register("game", Stub)
    Stub.calls = []
    screen = open_browser(app)
    select_where(app, screen, lambda e: e.readable and not e.unfinished)
    assert not screen.actions["resume"].is_enabled
    index = select_where(app, screen, lambda e: e.unfinished)
    assert screen.actions["resume"].is_enabled
    press(app, screen.actions["resume"])
    assert isinstance(app.screens.top, Stub)
    game = Stub.calls[-1]["game"]
    assert isinstance(game, Game) and game.game_id == screen.shown[index].game.game_id
    assert game.final_fen == game.position_at().fen()  # loaded with its moves checked


def test_copy_start_and_final_positions(app, saves):
    screen = open_browser(app)
    entry = screen.shown[select_where(app, screen, lambda e: e.readable)]
    press(app, screen.actions["copy_start"])
    assert screen.last_copied == entry.game.start_fen
    post_key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert screen.last_copied == entry.game.position_at().fen()
    with contextlib.suppress(pygame.error):  # no clipboard here: the notice shows the text instead
        assert pygame.scrap.get_text() == screen.last_copied


def test_delete_asks_for_a_second_click(app, saves):
    screen = open_browser(app)
    count = len(screen.entries)
    index = select_where(app, screen, lambda e: e.readable)
    path = screen.shown[index].path
    press(app, screen.actions["delete"])
    assert screen.actions["delete"].text == DELETE_CONFIRM and path.exists()
    run_frames(app, 200)  # the confirmation runs out
    assert screen.actions["delete"].text == "Delete"
    press(app, screen.actions["delete"])
    press(app, screen.actions["delete"])
    assert not path.exists()
    assert len(screen.entries) == count - 1 and all(e.path != path for e in screen.shown)
    assert screen.strip.selected is not None
    # the Delete key works the same way, on an unreadable file too
    bad = select_where(app, screen, lambda e: not e.readable)
    bad_path = screen.shown[bad].path
    post_key(app, pygame.K_DELETE)
    assert bad_path.exists()
    post_key(app, pygame.K_DELETE)
    assert not bad_path.exists()


def type_path(app: App, screen: BrowserScreen, text: str) -> None:
    screen.widgets["path"].set_text(text)
    press(app, screen.widgets["confirm"])


def test_export_and_import_round_trip(app, saves):
    screen = open_browser(app)
    index = select_where(app, screen, lambda e: e.readable and e.move_count > 3)
    original = screen.shown[index]
    original_json = json.loads(original.path.read_text(encoding="utf-8"))
    press(app, screen.actions["export"])
    assert screen.mode == "export" and not screen.actions["replay"].visible
    default = Path(screen.widgets["path"].get_text())
    assert default.parent == exports_dir() and data_dir() in default.parents
    press(app, screen.widgets["confirm"])
    assert screen.mode is None and default.exists()
    assert json.loads(default.read_text(encoding="utf-8")) == original_json
    # exporting again to the same file is refused, and the file is kept
    press(app, screen.actions["export"])
    type_path(app, screen, str(default))
    assert screen.mode == "export" and "already exists" in screen.bar_note[1]
    run_frames(app, 2)  # the message is drawn above the bar
    post_key(app, pygame.K_ESCAPE)  # closes the bar, stays on the browser
    assert screen.mode is None and app.screens.top is screen

    # importing the game while it is still there is refused
    press(app, screen.widgets["import"])
    assert screen.mode == "import"
    type_path(app, screen, str(default))
    assert "already in your past games" in screen.bar_note[1]
    # delete it, then import it back
    post_key(app, pygame.K_ESCAPE)
    select_where(app, screen, lambda e: e.path == original.path)
    press(app, screen.actions["delete"])
    press(app, screen.actions["delete"])
    assert not original.path.exists()
    press(app, screen.widgets["import"])
    type_path(app, screen, str(default))
    assert screen.mode is None
    assert original.path.exists()  # the same file name as before
    assert Game.load(original.path).to_json() == Game.load(default).to_json()
    assert screen.selected is not None and screen.selected.path == original.path


def test_import_errors_are_shown_and_nothing_is_added(app, saves, tmp_path):
    screen = open_browser(app)
    count = len(screen.entries)
    broken = tmp_path / "broken.json"
    broken.write_text(DAMAGED, encoding="utf-8")
    game = Game.from_json(samples()[0].to_json())
    data = game.to_json()
    data["moves"][2]["move"] = "a1a1"  # a move that cannot be played
    data["final"] = None
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data), encoding="utf-8")
    for path, words in (
        (broken, "not valid JSON"),
        (illegal, "move 3"),
        (tmp_path / "missing.json", "no such file"),
        (tmp_path, "is a folder"),
    ):
        press(app, screen.widgets["import"])
        type_path(app, screen, str(path))
        assert screen.mode == "import"
        assert screen.bar_note[0] == "error" and words in screen.bar_note[1], screen.bar_note
        post_key(app, pygame.K_ESCAPE)
    assert len(library.scan(saves)) == count
    assert broken.read_text(encoding="utf-8") == DAMAGED


def test_an_empty_folder_explains_itself(app):
    screen = open_browser(app)
    assert screen.entries == [] and screen.selected is None
    for button in screen.actions.values():
        assert not button.is_enabled
    post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_RETURN)
    assert app.screens.top is screen


def test_the_list_follows_changes_made_elsewhere(app, saves):
    screen = open_browser(app)
    count = len(screen.entries)
    select_where(app, screen, lambda e: e.readable and e.move_count > 3)
    post_key(app, pygame.K_RETURN)
    extra = Game.from_json(samples()[1].to_json())
    extra.game_id = "addedlater"
    extra.save(saves)
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen and len(screen.entries) == count + 1


def test_screenshot_factory_never_writes_into_saves(app):
    from gui.screens.browser import screenshot_browser

    screen = screenshot_browser(app)
    app.screens.push(screen)
    run_frames(app, 3)
    assert len(screen.entries) >= 8 and screen.folder != saves_dir()
    folder = screen.folder
    app.screens.pop()
    assert not saves_dir().exists() or not any(saves_dir().iterdir())
    assert not folder.exists()  # the temporary folder is cleaned up


def write_many(folder: Path, count: int) -> None:
    """``count`` records made fast: prefixes of a few sample games, with their final positions."""
    folder.mkdir(parents=True, exist_ok=True)
    bases = []
    for game in samples():
        fens = [game.start_position().fen()]
        pos = game.start_position()
        for record in game.moves:
            pos.push(pos.parse_move(record.text))
            fens.append(pos.fen())
        bases.append((game.to_json(), fens))
    for i in range(count):
        data, fens = bases[i % len(bases)]
        plies = len(fens) - 1
        cut = plies if i % 3 == 0 else (i * 7) % (plies + 1)
        record = dict(data, moves=data["moves"][:cut], final=fens[cut], id=f"many{i:05d}")
        if cut != plies:
            record["outcome"] = None
        record["started_at"] = f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00"
        (folder / f"game-{i:05d}.json").write_text(json.dumps(record), encoding="utf-8")


def test_a_folder_of_500_records(app):
    write_many(saves_dir(), 500)
    screen = open_browser(app)
    assert len(screen.entries) == 500 and all(e.readable for e in screen.entries)
    run_frames(app, 2)
    post_key(app, pygame.K_END)
    run_frames(app, 40)
    last = screen.strip.card_rect(len(screen.shown) - 1)
    assert screen.strip.rect.contains(last.clip(screen.strip.rect))
    choose(app, screen, "sort", "Most moves")
    assert screen.shown[0].move_count == max(e.move_count for e in screen.entries)


def test_unchanged_files_are_not_read_again(app, saves, monkeypatch):
    screen = open_browser(app)
    calls = []
    original = Game.load

    def counting(path, check_moves=True):
        calls.append(path)
        return original(path, check_moves)

    monkeypatch.setattr(Game, "load", staticmethod(counting))
    screen.refresh()
    assert calls == []
    path = next(e.path for e in screen.entries if e.readable)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    screen.refresh()
    assert calls == [path]


def test_resizing_keeps_the_selection(app, saves):
    screen = open_browser(app)
    select_where(app, screen, lambda e: e.readable)
    selected = screen.selected
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    run_frames(app, 3)
    assert app.screens.top is screen and screen.selected is selected
    card = screen.strip.card_rect(screen.strip.selected)
    assert card.bottom <= screen.details_rect.top and screen.panel_rect.bottom <= 600


def test_browse_fills_the_path_from_the_file_dialog(app, saves, tmp_path):
    screen = open_browser(app)
    select_where(app, screen, lambda e: e.readable)
    press(app, screen.actions["export"])
    press(app, screen.widgets["browse"])
    dialog = screen.file_dialog
    assert dialog is not None and dialog.visible
    target = tmp_path / "picked.json"
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=dialog, text=str(target))
    )
    run_frames(app, 2)
    assert screen.widgets["path"].get_text() == str(target) and screen.file_dialog is None
    dialog.kill()
    press(app, screen.widgets["confirm"])
    assert target.exists() and screen.mode is None


def test_random_input_over_the_browser_and_replay_raises_nothing(app, saves):
    import random

    app.registry.register("game", Stub)
    app.registry.register("config", Stub)
    rng = random.Random(7)
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_HOME,
        pygame.K_END,
        pygame.K_RETURN,
        pygame.K_DELETE,
        pygame.K_SPACE,
        pygame.K_f,
        pygame.K_ESCAPE,
        pygame.K_PAGEDOWN,
        pygame.K_c,
        pygame.K_a,
    ]
    open_browser(app)
    for _ in range(200):
        if isinstance(app.screens.top, Stub):
            app.screens.pop()
        if app.screens.names() == ["menu"]:
            app.screens.push("browser")
        w, h = app.window_size
        roll = rng.random()
        if roll < 0.5:
            points = [e.rect.center for e in app.ui.get_sprite_group().sprites() if e.visible]
            pos = (
                rng.choice(points) if points and rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
            )
            post_click(app, pos, frames=1)
            if rng.random() < 0.2:
                post_click(app, pos, frames=1)  # a double click
        elif roll < 0.8:
            mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
            post_key(app, rng.choice(keys), mod=mod, frames=1)
        elif roll < 0.97:
            pygame.mouse.set_pos((rng.randrange(w), rng.randrange(h)))
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-2, -1, 1, 2)), flipped=False)
            )
            run_frames(app, 1)
        else:
            size = rng.choice([(800, 600), (1280, 720), (640, 480), (1600, 900)])
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            run_frames(app, 1)
    assert app.running


def test_pasting_a_game_that_is_already_there_says_so(app, saves):
    """A pasted text has no game id, so the paste added a second copy of a game already there."""
    from gui.notation import game_to_text

    screen = open_browser(app)
    count = len(screen.entries)
    original = next(e for e in screen.entries if e.readable and e.move_count > 3)
    clipboard.put_text(game_to_text(original.game))
    app.toasts.items.clear()
    post_key(app, pygame.K_v, mod=pygame.KMOD_CTRL, frames=3)
    assert len(screen.entries) == count and len(list(saves.glob("*.json"))) == count
    assert any("already in your past games" in t.text for t in app.toasts.items)
    # a text game not yet there is added once; pasting it again says so too
    fresh = make_sample_games(9, seed=77)[-1]
    clipboard.put_text(game_to_text(fresh))
    post_key(app, pygame.K_v, mod=pygame.KMOD_CTRL, frames=3)
    assert len(screen.entries) == count + 1
    app.toasts.items.clear()
    post_key(app, pygame.K_v, mod=pygame.KMOD_CTRL, frames=3)
    assert len(screen.entries) == count + 1
    assert any("already in your past games" in t.text for t in app.toasts.items)


def test_export_as_text_or_json_by_the_players_choice_and_import_both(app, saves, tmp_path):
    """Export… named game.txt wrote game.txt.json (a record, not text)."""
    screen = open_browser(app)
    select_where(app, screen, lambda e: e.readable and e.move_count > 3 and e.game.outcome is not None)
    original = screen.selected
    press(app, screen.actions["export"])
    assert screen.widgets["format"].visible and screen.widgets["path"].get_text().endswith(".json")
    press(app, screen.widgets["format"])  # the player asks for text: the name follows
    assert screen.bar.fmt == "text" and screen.widgets["path"].get_text().endswith(".txt")
    named = tmp_path / "game.txt"
    type_path(app, screen, str(named))
    assert named.exists() and not (tmp_path / "game.txt.json").exists()
    text = named.read_text(encoding="utf-8")
    assert text.startswith('[Event "Laser Chess"]') and f'[Variant "{original.game.variant}"]' in text
    assert "1. " in text and text.rstrip().endswith(original.game.outcome.result)
    # a name without an ending takes the chosen format's; .json asks for a record whatever the button
    press(app, screen.actions["export"])
    type_path(app, screen, str(tmp_path / "plain"))
    assert (tmp_path / "plain.txt").read_text(encoding="utf-8") == text
    press(app, screen.actions["export"])
    type_path(app, screen, str(tmp_path / "record.json"))
    assert json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))["id"] == original.game.game_id
    # both import, each checked by replaying it, into another folder
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    from_text = Game.load(library.import_game(named, elsewhere))
    assert [m.text for m in from_text.moves] == [m.text for m in original.game.moves]
    assert from_text.outcome is not None and from_text.outcome.result == original.game.outcome.result
    with pytest.raises(LibraryError, match="already in your past games"):
        library.import_game(tmp_path / "record.json", elsewhere)  # the same game, as a record


def test_most_moves_counts_full_moves_as_the_cards_show_them(tmp_path):
    """Sorted by plies, "Most moves" listed a LaserChess 98 game of 14 moves (two half-actions a
    turn) above a Khet game of 15 moves."""
    import random

    from game import Player

    def played(variant: str, turns: int, seed: int) -> Game:
        """A game of ``turns`` turns (rotations where a turn may be two: two half-actions)."""
        game = Game.new(variant, players=(Player("human"), Player("human")))
        pos, rng = game.start_position(), random.Random(seed)
        done = 0
        while done < turns:
            side = pos.turn
            moves = list(pos.legal_moves)
            rotations = [m for m in moves if m.from_square == m.to_square and not m.fire]
            rng.shuffle(moves)
            for move in rotations or moves:
                text = pos.move_text(move)
                pos.push(move)
                if pos.outcome() is None:
                    break
                pos.pop()
            game.add_move(text, 1.0)
            done += pos.turn != side
        return game

    lc98 = played("laserchess98", 28, 3)  # 14 moves of each side, most of them two half-actions
    khet = played("khet", 30, 4)  # 15 moves
    for game in (lc98, khet):
        game.save(tmp_path)
    entries = [e for e in library.scan(tmp_path) if e.readable]
    by_variant = {e.game.variant: e for e in entries}
    assert by_variant["laserchess98"].full_moves == 14 and by_variant["khet"].full_moves == 15
    assert by_variant["laserchess98"].move_count > by_variant["khet"].move_count
    ordered = library.arrange(entries, "longest")
    assert [e.game.variant for e in ordered] == ["khet", "laserchess98"]
