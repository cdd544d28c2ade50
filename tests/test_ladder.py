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


def test_a_short_ladder_plays_every_neighbouring_pair(tmp_path, capsys):
    seen = []
    steps = play_ladder(
        "lousychess", 2, 0.002, jobs=1, max_plies=12, report=lambda pair, r: seen.append(pair)
    )
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
        out = tmp_path / "ratings.json"

    Args.out.write_text(json.dumps({"khet": {"ratings": {"Beginner": 1000}}}))
    assert cmd_ladder(Args()) == 0  # type: ignore[arg-type]
    written = json.loads(Args.out.read_text())
    assert written["khet"] == {"ratings": {"Beginner": 1000}}  # other rule sets' entries are kept
    assert list(written["lousychess"]["ratings"]) == names
    assert "Expert" in capsys.readouterr().out
