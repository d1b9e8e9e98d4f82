"""stats.py: the statistics kept on this device."""

from pathlib import Path

from pasur import Rules
from pasur_web.session import Match, Seat

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"



def test_statistics_count_once_per_match_and_survive_bad_data() -> None:
    from pasur_web.stats import Stats, preset_name

    assert preset_name(Rules.preset("classic", target=51)) == "classic"
    assert preset_name(Rules(jack_wild=False)) == "custom"
    match = Match.start(2, Rules(target=11), [Seat("Me", "human"), Seat("Bot", "greedy")], seed=4)
    while not match.game.over:
        if match.pending_sheet is not None:
            match.next_deal()
        move = match.ai_move() if match.is_ai_turn() else match.game.legal_moves()[0]
        match.play(move)
    stats = Stats()
    assert match.count_into(stats) and not match.count_into(stats)
    row = stats.rows["2/seeds"]
    game = match.game
    assert row["played"] == 1 and row["won"] == (1 if game.winner == 0 else 0)
    assert row["drawn"] == (1 if game.winner is None else 0)
    assert row["surs"] == sum(1 for r in game.history if r.sur and r.seat == 0)
    again = Match.from_json(match.to_json())
    assert again.counted and not again.count_into(stats)  # a reload does not count it twice
    assert Stats.from_json(stats.to_json()).rows == stats.rows
    for bad in ["", "nope", "[]", '{"rows": 5}', '{"rows": {"2/seeds": {"played": -3, "won": "x"}}}']:
        loaded = Stats.from_json(bad)
        assert all(value >= 0 for row in loaded.rows.values() for value in row.values())
    assert Stats.from_json('{"rows": {"2/seeds": {"played": -3}}}').rows["2/seeds"]["played"] == 0


def test_a_match_played_with_undo_is_marked_in_the_statistics() -> None:
    from pasur_web.stats import Stats

    stats = Stats.from_json('{"version": 1, "rows": {"2/seeds": {"played": 2, "won": 1, "drawn": 0, "surs": 3}}}')
    assert stats.rows["2/seeds"]["undone"] == 0  # statistics kept before the mark read as none
    match = Match.start(2, Rules(target=11), [Seat("Me", "human"), Seat("Bot", "greedy")], seed=4)
    match.play(match.game.legal_moves()[0])
    while match.is_ai_turn():
        match.play(match.ai_move())
    assert match.undo()
    while not match.game.over:
        if match.pending_sheet is not None:
            match.next_deal()
        match.play(match.ai_move() if match.is_ai_turn() else match.game.legal_moves()[0])
    assert match.count_into(stats)
    assert stats.rows["2/seeds"]["played"] == 3 and stats.rows["2/seeds"]["undone"] == 1
    plain = Stats()
    plain.record(2, Rules(), 0, 0, 0)
    assert plain.rows["2/seeds"]["undone"] == 0
