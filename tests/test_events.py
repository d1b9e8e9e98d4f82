"""The typed log of a match (Game.events, pasur.events)."""

from helpers import cards, play_randomly
from pasur import DealScored, DealStarted, Game, LeftoverTaken, MoveRecord, Rules, new_game


def test_a_match_logs_each_deal_its_moves_leftover_and_score() -> None:
    game = new_game(3, Rules(target=31), seed=12)
    play_randomly(game, 12)
    events = game.events
    assert isinstance(events[0], DealStarted) and events[0] == DealStarted(0, 2, 0)
    assert [e for e in events if isinstance(e, MoveRecord)] == game.history
    scored = [e for e in events if isinstance(e, DealScored)]
    assert [e.results for e in scored] == game.deal_results and scored[-1].scores == tuple(game.scores)
    starts = [e for e in events if isinstance(e, DealStarted)]
    assert len(starts) == len(scored) == len(game.deal_results)  # no deal is started once it is over
    # Each deal: started, its moves, the leftover, the score sheet; in that order.
    kinds = "".join({"deal": "D", "move": "m", "leftover": "L", "scored": "S"}[e.kind] for e in events)
    assert kinds == "".join("D" + "m" * (len(kinds.split("D")[k + 1]) - 2) + "LS" for k in range(len(starts)))
    for number, start in enumerate(starts):
        assert start.deal == number and start.leader == number % 3 and start.dealer == (number - 1) % 3
    assert game.leftovers == [(e.side, list(e.cards)) for e in events if isinstance(e, LeftoverTaken)]
    assert game.deal_surs == [list(e.surs) for e in scored]


def test_leftover_event_names_the_last_capturer_and_the_cards() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=3)
    play_randomly(game, 3, until=47)
    last = [r for r in game.history if r.move.captured][-1].side
    record = game.play(game.legal_moves()[0])
    side = record.side if record.move.captured else last
    leftover = next(e for e in game.events if isinstance(e, LeftoverTaken))
    assert leftover.deal == 0 and leftover.side == side and game.leftovers == [(side, list(leftover.cards))]


def test_nobody_takes_the_leftover_when_nobody_captured() -> None:
    # §6.1: the last round of a deal in which nobody has captured; a King and a Queen are laid.
    game = Game.from_position(players=2, rules=Rules(fixed_deals=1), hands=[cards("KC"), cards("QD")],
                              table=cards("5S"), stock=[], piles=[[], []], surs=[0, 0], scores=[0, 0], turn=0,
                              leader=0, round_number=6, last_capturer=None)
    game.play("KC")
    game.play("QD")
    assert game.events[-2] == LeftoverTaken(0, None, tuple(cards("5S QD KC")))
    assert game.piles == [[], []] and game.over and game.scores == [0, 0]


def test_the_log_survives_a_save_and_a_copy() -> None:
    game = new_game(2, Rules(target=21), seed=4)
    play_randomly(game, 4, until=70)
    assert Game.from_json(game.to_json()).events == game.events
    assert game.copy().events == game.events and game.copy().events is not game.events
