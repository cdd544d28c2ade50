"""The level ladder (python -m game ladder): neighbouring levels' matches and the ratings table."""

from __future__ import annotations

import json

from game.search.ladder import ANCHOR, Step, cmd_ladder, play_ladder, ratings, table
from game.search.levels import LEVELS


def test_ratings_chain_the_steps_from_the_anchor():
    steps = [Step("Beginner", "Easy", 15, 0, 5), Step("Easy", "Medium", 10, 0, 10)]
    rated = ratings(steps)
    assert rated["Beginner"] == ANCHOR
    assert rated["Easy"] == ANCHOR + 191  # 75 %: +191 Elo
    assert rated["Medium"] == rated["Easy"]  # an even score adds nothing
    text = table(steps)
    assert "Easy" in text and "+15=0-5" in text and "95%" in text
    # A clean sweep has no finite estimate: its finite bound counts.
    sweep = ratings([Step("Beginner", "Easy", 4, 0, 0)])
    assert sweep["Easy"] > ANCHOR


def test_a_clean_sweep_never_rates_the_winner_below_the_level_it_beat():
    # One game won: the interval's lower bound is far below 0 (-676), which rated Easy 324.
    assert ratings([Step("Beginner", "Easy", 1, 0, 0)])["Easy"] == ANCHOR
    # A lost sweep is the mirror: the loser is never rated above the level that beat it.
    assert ratings([Step("Beginner", "Easy", 0, 0, 1)])["Easy"] == ANCHOR
    assert ratings([Step("Beginner", "Easy", 0, 0, 8)])["Easy"] < ANCHOR


def test_a_short_ladder_plays_every_neighbouring_pair(tmp_path, capsys):
    seen = []
    steps, interrupted = play_ladder(
        "lousychess", 2, 0.002, jobs=1, max_plies=12, report=lambda pair, r: seen.append(pair)
    )
    assert not interrupted
    names = list(LEVELS)
    assert [(s.weaker, s.stronger) for s in steps] == list(zip(names, names[1:], strict=False))
    assert all(s.wins + s.draws + s.losses == 2 for s in steps)
    assert len(seen) == 2 * (len(names) - 1)
    assert list(ratings(steps)) == names

    class Args:
        variant = "lousychess"
        games = 1
        time_scale = 0.002
        seed = 1
        jobs = 1
        max_plies = 8
        adjudicate = 300
        setups = None
        nps = 0
        start = ""
        out = tmp_path / "ratings.json"

    Args.out.write_text(json.dumps({"khet": {"ratings": {"Beginner": 1000}}}))
    assert cmd_ladder(Args()) == 0  # type: ignore[arg-type]
    written = json.loads(Args.out.read_text())
    assert written["khet"] == {"ratings": {"Beginner": 1000}}  # other rule sets' entries are kept
    assert list(written["lousychess"]["ratings"]) == names
    assert "Expert" in capsys.readouterr().out


def test_a_ladder_from_a_level_completes_the_stored_ladder_with_the_same_games(tmp_path, monkeypatch, capsys):
    import game.search.ladder as ladder
    from game.__main__ import main
    from game.search.match import GameResult, MatchRecord

    played = []

    def one_win(a, b, games, setups, jobs, seed, *rest):
        played.append((a.level.name, b.level.name, seed, a.nodes))
        won = GameResult(0, "Start", True, "1-0", "King captured", 40, 1.0, (2.0, 1.0), ())
        return MatchRecord([won] * games)

    monkeypatch.setattr(ladder, "play_match", one_win)
    out = tmp_path / "ratings.json"
    run = ["ladder", "--variant", "lousychess", "--games", "2", "--nps", "1000", "--out", str(out)]
    assert main(run) == 0
    whole = list(played)
    stored = json.loads(out.read_text())["lousychess"]
    stored["steps"][0] = ["Easy", "Beginner", 1, 1, 0]  # a step below Hard the run must keep
    stored["unrated"] = {"Expert": "not played"}
    out.write_text(json.dumps({"lousychess": stored}))
    played.clear()
    assert main([*run, "--from", "hard"]) == 0
    assert played == whole[-1:]  # only Expert-Hard, the same seed and nodes as in the whole ladder
    entry = json.loads(out.read_text())["lousychess"]
    assert entry["steps"][0] == ["Easy", "Beginner", 1, 1, 0] and entry["steps"][-1] == [
        "Expert",
        "Hard",
        2,
        0,
        0,
    ]
    assert list(entry["ratings"]) == list(LEVELS) and "unrated" not in entry
    assert entry["ratings"]["Easy"] == ANCHOR + 191  # 75 %: the kept step still counts
    # Other settings than the stored ladder's: refused before any game, the file kept.
    text = out.read_text()
    played.clear()
    assert main([*run[:-2], "--games", "4", "--out", str(out), "--from", "Hard"]) == 2
    assert played == [] and out.read_text() == text
    assert "no lousychess ladder with these settings" in capsys.readouterr().err
    # Without --out it plays the pairs from that level and rates them from it.
    assert main(["ladder", "--variant", "lousychess", "--games", "1", "--from", "Medium"]) == 0
    assert [p[:2] for p in played] == [("Hard", "Medium"), ("Expert", "Hard")]


def test_level_ratings_read_only_what_was_measured(tmp_path):
    from game.search.ladder import level_ratings

    path = tmp_path / "ratings.json"
    assert level_ratings("khet", path) == {}  # no file: no rating
    stored = {"Beginner": 1000, "Medium": 1350, "Bogus": 5, "Hard": True}
    path.write_text(json.dumps({"khet": {"ratings": stored}}))
    assert level_ratings("khet", path) == {"Beginner": 1000, "Medium": 1350}
    assert level_ratings("lousychess", path) == {}
    path.write_text("[" * 100_000)
    assert level_ratings("khet", path) == {}


def test_new_game_shows_each_levels_rating_and_a_choice_keeps_the_level(quick_app, tmp_path, monkeypatch):
    import pygame
    import pygame_gui

    import game.search.ladder as ladder
    from gui.screens.config import Choices, ConfigScreen
    from gui.testing import run_frames

    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"khet": {"ratings": {"Beginner": 1000, "Medium": 1350, "Hard": 1520}}}))
    monkeypatch.setattr(ladder.level_ratings, "__defaults__", (path,))
    ConfigScreen.remembered = Choices(opponent="cpu", variant="khet")
    quick_app.screens.push("config")
    run_frames(quick_app, 2)
    config = quick_app.screens.top
    menu = config.widgets["level"]
    assert menu.selected_option[0] == "Medium · Elo 1350"
    assert "Easy" in config.level_choices  # not measured: the plain name
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text="Hard · Elo 1520")
    )
    run_frames(quick_app, 2)
    assert quick_app.screens.top.choices.level == "Hard"


# A Khet Classic start without three of Red's Pyramids (Silver is ahead), and its mirror.
SILVER_AHEAD = "sc3ncfcncpb2/10/3Pd6/2Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/10/7Pa2/2PdNaFaNa3Sa b"
RED_AHEAD = "sc3ncfcncpb2/2pc7/10/pa3rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/10/2PdNaFaNa3Sa b"


def test_the_ply_limit_judge_gives_a_clear_lead_the_game_and_a_close_one_a_draw():
    from game.position import Position
    from game.search.match import adjudicate
    from game.variants import get_variant

    khet = get_variant("khet")
    result, reason = adjudicate(Position.from_fen(SILVER_AHEAD, khet), 300)
    assert result == "1-0" and "adjudicated: Silver +" in reason
    result, reason = adjudicate(Position.from_fen(RED_AHEAD, khet), 300)
    assert result == "0-1" and "adjudicated: Red +" in reason
    # Below the threshold, or the even start: a draw, with the judge's score said.
    assert adjudicate(Position.from_fen(SILVER_AHEAD, khet), 5000)[0] == "1/2-1/2"
    result, reason = adjudicate(Position.setup("Classic", "khet"), 300)
    assert result == "1/2-1/2" and "judged close" in reason


def test_a_game_at_the_ply_limit_is_judged_only_when_asked():
    from game.search.match import PlayerSpec, play_game, schedule

    beginner = PlayerSpec(LEVELS["Beginner"], nodes=10_000)  # (by nodes: the same game both times)
    plain = play_game(schedule(beginner, beginner, 1, ("Classic",), max_plies=3)[0])
    assert plain.result == "1/2-1/2" and plain.reason == "ply limit (adjudicated)"
    judged = play_game(schedule(beginner, beginner, 1, ("Classic",), max_plies=3, adjudicate=1)[0])
    assert judged.moves == plain.moves  # the same game, then judged
    assert "ply limit" in judged.reason and "judged close" not in judged.reason
    assert judged.result in ("1-0", "0-1")


def test_by_nodes_each_level_gets_its_share_of_nodes_and_keeps_its_depth_cap():
    from game.search.ladder import player
    from game.search.limits import Limits

    hard = player("Hard", 0.1, 10_000)
    assert hard.limits() == Limits(depth=LEVELS["Hard"].depth, nodes=5_000)  # 5 s x 0.1 x 10,000
    assert player("Beginner", 0.1, 10_000).limits() == Limits(depth=1, nodes=500)
    assert player("Expert", 0.1).limits() == Limits(depth=LEVELS["Expert"].depth, movetime=1.5)
    assert "5,000 nodes" in hard.label
    steps, _ = play_ladder("lousychess", 1, 0.01, jobs=1, max_plies=6, nps=20_000)
    assert len(steps) == len(LEVELS) - 1


def test_in_every_rule_set_each_level_looks_at_least_as_deep_and_strays_no_further():
    from itertools import pairwise

    from game.variants import VARIANTS, get_variant

    for name in VARIANTS:
        v = get_variant(name)
        levels = [level.in_variant(v) for level in LEVELS.values()]
        for low, high in pairwise(levels):
            assert high.depth >= low.depth and high.seconds >= low.seconds, (name, high.name)
            assert high.margin <= low.margin, (name, high.name)
            assert (high.blind, high.shallow) <= (low.blind, low.shallow), (name, high.name)


def test_lousy_chess_laserchess_98_and_laser_chess_1987_set_their_low_levels_apart():
    from game.variants import get_variant

    lousy = get_variant("lousychess")
    beginner, easy = LEVELS["Beginner"].randomness(lousy), LEVELS["Easy"].randomness(lousy)
    assert beginner is not None and beginner.temperature == 200 and beginner.margin == 300
    assert easy is not None and (easy.margin, easy.temperature) == (60, 20)
    lc98 = get_variant("laserchess98")
    beginner = LEVELS["Beginner"].randomness(lc98)
    assert beginner is not None and beginner.temperature == 200 and beginner.shallow and not beginner.blind
    assert LEVELS["Easy"].randomness(lc98) == LEVELS["Easy"].randomness()  # the common choice
    lc87 = get_variant("laserchess87")
    easy87, beginner87 = LEVELS["Easy"].in_variant(lc87), LEVELS["Beginner"].in_variant(lc87)
    assert (easy87.depth, easy87.blind, easy87.shallow) == (1, True, False)  # one action, blind
    assert (beginner87.blind, beginner87.shallow, beginner87.temperature) == (True, True, 200)
    assert LEVELS["Medium"].in_variant(lc87) == LEVELS["Medium"]  # two actions at a tenth of its time
    khet = get_variant("khet")
    assert LEVELS["Beginner"].randomness(khet) == LEVELS["Beginner"].randomness()
