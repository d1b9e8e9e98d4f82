"""The move review (screens/review.py, screens/review_chart.py, its actions in model/review_panel.py):
the deal that can be reviewed, the key moments it opens on, the chart, one scale in every line, the
words and numbers of each language, Try again, and the review in the match's save."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from pathlib import Path

from helpers import found, game_of, match_of, review_of
from pasur import Move, Rules
from pasur.review import DealReview, MoveReview, Option, key_moments
from pasur_web.i18n import LANGUAGES, load_catalog
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.match import Match, Phase
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import match_from_json, match_to_json
from pasur_web.model.seats import Seat
from pasur_web.model.state import Review, State, View
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import Node, attrs_of, find, find_all, text_of
from pasur_web.screens.review import review
from pasur_web.screens.review_words import verdict_line
from pasur_web.screens.words import move_words


def play_until(match: Match, phase: Phase) -> Match:
    while match.phase != phase:
        if match.handoff is not None:
            match = match.reveal()
        elif match.is_ai_turn():
            seat = game_of(match).turn
            assert seat is not None
            match = match.play(match.player(seat).choose(game_of(match).view(seat)))
        else:
            match = match.play(game_of(match).legal_moves()[0])
    return match


def finished_deal() -> Match:
    return play_until(Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "greedy")), seed=4), Phase.DEAL_END)


def board(match: Match, lang: str = "en") -> State:
    return replace(initial_state(parse_params(f"?lang={lang}"), {}, lang), view=View.GAME, match=match)


def test_only_a_finished_deal_can_be_reviewed() -> None:
    match = Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "greedy")), seed=4)
    assert match.reviewable_deal() is None  # in play: never during a deal
    assert update(board(match), act.OpenReview()) == (board(match), [])
    match = play_until(match, Phase.DEAL_END)
    assert match.reviewable_deal() == 0
    assert match.next_deal().reviewable_deal() is None
    one = play_until(Match.start(2, Rules(fixed_deals=1), (Seat("Ana", "human"), Seat("Bo", "greedy")), seed=4),
                     Phase.MATCH_END)
    assert one.reviewable_deal() == 0


@functools.cache
def reviewed_deal() -> tuple[Match, tuple[MoveReview, ...]]:
    match = finished_deal()
    return match, tuple(DealReview(game_of(match), 0, 0, worlds=3).run())


@functools.cache
def others_reviewed() -> tuple[MoveReview, ...]:
    """Bo's moves in the same deal, each judged from Bo's view."""
    match, _ = reviewed_deal()
    return tuple(DealReview(game_of(match), 1, 0, worlds=3).run())


def shown(state: State) -> Node:
    drawn = review(state)
    assert drawn is not None
    return drawn[0]


def test_opening_the_review_computes_it_in_the_background_and_keeps_it() -> None:
    match, entries = reviewed_deal()
    state, effects = update(board(match), act.OpenReview())
    assert state.review == Review(0) and effects == [fx.ComputeReview(match, 0, 0), fx.Focus("#review-title")]
    state, _ = update(state, act.Reviewed(match.id, "0:0", entries[:3], False))
    drawn = review(state)
    assert drawn is not None and not drawn[1]
    assert text_of(found(find(drawn[0], id="review-progress"))) == f"Reviewing your moves… 3 of {len(entries)}"
    assert not find_all(drawn[0], data_review_moment="*")  # the key moments wait for the whole deal
    state, effects = update(state, act.Reviewed(match.id, "0:0", entries, True))
    kept = match_of(state)
    assert kept.reviews == {"0:0": entries} and effects == [fx.SaveMatch(kept), fx.ComputeReview(kept, 0, 1)]
    drawn = review(state)  # the key moments are there; Bo's moves are reviewed next, from Bo's view
    assert drawn is not None and not drawn[1] and find_all(drawn[0], data_review_moment="*")
    assert text_of(found(find(drawn[0], id="review-progress"))) == "Reviewing the moves of Bo… 0 of 24"
    state, _ = update(state, act.Reviewed(match.id, "0:1", others_reviewed()[:5], False))
    assert text_of(found(find(shown(state), id="review-progress"))) == "Reviewing the moves of Bo… 5 of 24"
    state, effects = update(state, act.Reviewed(match.id, "0:1", others_reviewed(), True))
    assert effects == [fx.SaveMatch(match_of(state))]  # every seat reviewed: nothing more to do
    drawn = review(state)
    assert drawn is not None and drawn[1] and find(drawn[0], id="review-progress") is None
    moments = find_all(drawn[0], data_review_moment="*")
    assert [int(attrs_of(node)["data-index"]) for node in moments] == [entries.index(e) for e in key_moments(entries)]
    state, effects = update(state, act.Press.REVIEW_ALL)
    assert state.review == Review(0, full=True) and effects == [fx.Focus("#review-key")]
    assert len(find_all(shown(state), data_review_move="*")) == len(entries)
    state, effects = update(state, act.ReviewMove(2))  # the replay of the deal, at that move
    step = [number for number, record in enumerate(game_of(match).history) if record.seat == 0][2]
    assert state.review == Review(0, 2, full=True, step=step) and effects == [fx.Focus("#review-back")]
    assert attrs_of(shown(state))["id"] == "review-position" and attrs_of(shown(state))["data-step"] == str(step)
    state, effects = update(state, act.Press.ESCAPE)
    assert state.review == Review(0, full=True) and effects == [fx.Focus('#review [data-index="2"]')]
    state, _ = update(state, act.Press.REVIEW_KEY)
    assert state.review == Review(0)
    state, _ = update(state, act.Press.ESCAPE)
    assert state.review is None
    _, effects = update(state, act.OpenReview())
    assert effects == [fx.Focus("#review-title")]  # kept: not computed again


def test_a_review_s_key_and_where_its_part_found_so_far_is_kept_are_spelled_in_one_place() -> None:
    """Only model/match.py writes a review's key ("deal:seat": ``review_key``) and its slot in
    ``State.running`` ("match id/key": ``running_slot``); every other module calls them."""
    spelled = re.compile(r'f"\{[^}"]*\}[:/]\{[^}"]*(seat|key)[^}"]*\}"')
    root = Path(__file__).parent.parent / "web" / "pasur_web"
    by_hand = {str(path.relative_to(root)) for path in root.rglob("*.py") if spelled.search(path.read_text())}
    assert by_hand == {"model/match.py"}


def test_the_review_opens_on_its_key_moments_with_the_position_and_a_chart() -> None:
    match, entries = reviewed_deal()
    moments = key_moments(entries)
    assert moments, "this deal has moves graded worse than good"
    for lang in LANGUAGES:
        panel = shown(replace(board(match.with_review("0:0", entries), lang), review=Review(0)))
        nodes = find_all(panel, data_review_moment="*")
        assert len(nodes) == len(moments) <= 3
        for node, entry in zip(nodes, moments, strict=True):
            hooks = attrs_of(node)
            assert (hooks["data-played"], hooks["data-better"]) == (str(entry.played), str(entry.best))
            rows = find_all(node, class_="review-cards")
            # The position: the table and the hand of that moment, nothing else; both moves marked.
            assert [sorted(attrs_of(card)["data-card"] for card in find_all(row, data_card="*")) for row in rows] == [
                sorted(map(str, entry.table)), sorted(map(str, entry.hand))]
            assert {attrs_of(card)["data-card"] for card in find_all(node, data_played="1")} == {
                str(card) for card in (entry.played.card, *entry.played.captured)}
            assert {attrs_of(card)["data-card"] for card in find_all(node, data_best="1")} == {
                str(card) for card in (entry.best.card, *entry.best.captured)}
            assert find(node, data_action="review-try") is not None and "{" not in text_of(node)
        chart = find(panel, id="review-chart")
        decisions = [entry for entry in entries if len(entry.options) > 1]  # a point for each move with a choice
        assert chart is not None and attrs_of(chart)["data-points"] == str(len(decisions))
        assert [attrs_of(dot)["data-chart-moment"] for dot in find_all(chart, data_chart_moment="*")] == [
            str(entry.number) for entry in moments]
        assert find(panel, id="review-all") is not None
        if lang == "en":  # the chart's name for screen readers ends with the key moments' moves
            listed = ", ".join(str(entry.number) for entry in moments)
            assert attrs_of(chart)["aria-label"].endswith(f"; key moments: moves {listed}")
    # A deal with no key moment says so in words, not "moves none".
    from pasur_web.screens.review_chart import chart as draw_chart

    clean = [replace(entry, played=entry.best) for entry in entries]
    drawn = draw_chart(clean, [], load_catalog("fr"))
    assert drawn is not None
    assert attrs_of(found(find(drawn, id="review-chart")))["aria-label"].endswith("; moments clés : aucun")


def test_no_line_graded_good_names_a_better_move() -> None:
    match, entries = reviewed_deal()
    for lang in LANGUAGES:
        cat = load_catalog(lang)
        better = cat.t("review_better", move="")
        panel = shown(replace(board(match.with_review("0:0", entries), lang), review=Review(0, full=True)))
        lines = find_all(panel, data_review_move="*")
        assert [attrs_of(line)["data-played"] for line in lines] == [str(entry.played) for entry in entries]
        for line, entry in zip(lines, entries, strict=True):
            hooks, text = attrs_of(line), text_of(line)
            assert hooks["data-grade"] == entry.grade and Move.parse(hooks["data-best"]) == entry.best
            named = entry.grade in ("inaccuracy", "mistake", "blunder")
            assert ("data-better" in hooks) == named == (better in text), (lang, entry.number, text)
            assert "{" not in text and "±" not in text


def worse_entry() -> MoveReview:
    """Played KC laid; 5S:6H was better by 7.25 points (standard error 0.5), taking one point more."""
    best = Option(Move.parse("5S:6H"), 0.0, 0.0)
    played = Option(Move.parse("KC"), 7.25, 0.5, ("fewer_points", {"points": "1", "best": "5♠"}))
    return MoveReview(2, 1, (), (), played.move, -3.0, False, (best, played))


def test_a_fall_that_the_moves_did_not_make_is_said_to_come_with_the_cards() -> None:
    """The summary and the chart agree: a clean deal whose expected result fell says where the fall
    came from; a fall no larger than the moves' losses says nothing more."""
    from pasur_web.screens.review import _summary

    def entry(number: int, expected: float, played: str = "5S:6H", loss: float = 0.0) -> MoveReview:
        best = Option(Move.parse("5S:6H"), 0.0, 0.0)
        options = (best,) if played == "5S:6H" else (best, Option(Move.parse(played), loss, 0.0,
                                                                    ("fewer_points", {"n": "1", "best": "5♠"})))
        return MoveReview(number, 1, (), (), Move.parse(played), expected, True, options)

    en, fr = load_catalog("en"), load_catalog("fr")
    clean = [entry(1, 13.0), entry(2, 6.0), entry(3, 1.0)]
    assert _summary(clean, en) == ("All 3 moves were best or good: nothing lost. The expected result still went "
                                   "from +13 to +1: that came with the cards and the other players' moves, not "
                                   "with yours.")
    assert _summary(clean, fr).startswith("Les 3 coups étaient tous les meilleurs ou bons : rien de perdu. Le "
                                          "résultat attendu est pourtant passé de +13 à +1")
    assert _summary([entry(1, 13.0), entry(2, 11.0)], en) == "All 2 moves were best or good: nothing lost."
    costly = [entry(1, 13.0), entry(2, 3.0, "KC", 4.0), entry(3, 1.0)]  # lost 4 of a fall of 12
    assert _summary(costly, en).endswith("The expected result went from +13 to +1: 8 points of that fall came "
                                         "with the cards and the other players' moves.")
    assert "came with the cards" not in _summary([entry(1, 5.0), entry(2, 1.0, "KC", 4.0)], en)

def test_review_words_and_numbers_in_each_language() -> None:
    cat = load_catalog("en")
    assert move_words(Move.parse("7C:4C,4D"), cat) == "7♣ takes 4♣ 4♦"
    assert move_words(Move.parse("KS"), cat) == "K♠ laid"
    entry = worse_entry()
    assert verdict_line(entry, cat, with_best=True) == (
        "Blunder (almost certain) · better: 5♠ takes 6♥ · 7.2 points lost · takes 1 point fewer than 5♠")
    assert "7,2 points perdus" in verdict_line(entry, load_catalog("fr"), with_best=False)  # a decimal comma
    persian = verdict_line(entry, load_catalog("fa", native_digits=True), with_best=False)
    assert "۷٫۲" in persian and "." not in persian  # Persian digits and the Persian decimal separator
    assert "7٫2" in verdict_line(entry, load_catalog("fa"), with_best=False)
    # Persian puts the verb last: "4♠ 7♠ را برمی‌دارد", the cards in their own left-to-right runs.
    took = move_words(Move.parse("4S:7S"), load_catalog("fa"))
    assert took == "\u20664♠\u2069 \u20667♠\u2069 را برمی‌دارد"
    solved = replace(entry, exact=True, options=(entry.options[0], replace(entry.options[1], loss=6.0, error=0.0)))
    assert verdict_line(solved, cat, with_best=False).startswith("Blunder (certain: no card was hidden any more) · 6.0")
    good = replace(entry, options=(entry.options[0], replace(entry.options[1], loss=0.5, error=1.2)))
    assert verdict_line(good, cat, with_best=True) == "Good"  # no better move, no loss
    assert load_catalog("fr").t("review_lost", loss=10.6) == "10,6 points perdus"
    assert load_catalog("fa", native_digits=True).decimal(4.3) == "۴٫۳"


def test_try_again_plays_a_key_moment_and_grades_the_move() -> None:
    match, entries = reviewed_deal()
    index = entries.index(key_moments(entries)[0])
    entry = entries[index]
    state = replace(board(match.with_review("0:0", entries)), review=Review(0))
    state, effects = update(state, act.TryAgain(index))
    assert state.review == Review(0, index, trying=True) and effects == [fx.Focus("#review-try-hand [data-card]")]
    panel = shown(state)
    assert attrs_of(panel)["id"] == "review-try" and find(panel, id="review-try-result") is None
    hand = find(panel, id="review-try-hand")
    assert hand is not None and sorted(attrs_of(card)["data-card"] for card in find_all(hand, tag="button")) == sorted(
        map(str, entry.hand))
    # The move played again: graded as the review graded it, the better move named.
    card = str(entry.played.card)
    several = [option.move for option in entry.options if str(option.move.card) == card]
    state, _ = update(state, act.TryMove(card))
    if len(several) > 1:
        assert review_of(state).choosing == card and review_of(state).tried is None
        choice = find(shown(state), id="review-try-choice")
        assert choice is not None and len(find_all(choice, data_capture="*")) == len(several)
        state, _ = update(state, act.TryMove("", ",".join(map(str, entry.played.sorted_captured()))))
    assert review_of(state).tried == str(entry.played)
    result = find(shown(state), id="review-try-result")
    assert result is not None and attrs_of(result)["data-grade"] == entry.grade
    assert text_of(result).endswith("Better move: " + move_words(entry.best, load_catalog("en")))
    # The best move: as good as the best.
    best = entry.best
    state, _ = update(replace(state, review=replace(review_of(state), choosing=None)), act.TryMove(str(best.card)))
    if review_of(state).choosing is not None:
        state, _ = update(state, act.TryMove("", ",".join(map(str, best.sorted_captured()))))
    result = find(shown(state), id="review-try-result")
    assert result is not None and attrs_of(result)["data-grade"] == "best"
    assert text_of(result) == move_words(best, load_catalog("en")) + ": the best move."
    assert update(state, act.TryMove("ZZ")) == (state, [])  # not a card
    state, effects = update(state, act.Press.ESCAPE)  # back to the key moment it was tried from
    assert state.review == Review(0) and effects == [fx.Focus(f'#review [data-index="{index}"]')]
    # From the replay of the deal: a position, played again, then back to the replay at that move.
    state, _ = update(replace(state, review=Review(0, full=True)), act.ReviewMove(index))
    replayed = review_of(state)
    state, _ = update(state, act.TryAgain(index))
    assert text_of(found(find(shown(state), id="review-back"))) == "Back to the deal"
    state, _ = update(state, act.Press.ESCAPE)
    assert state.review == replayed and attrs_of(shown(state))["id"] == "review-position"


def test_pass_and_play_reviews_each_human_seat() -> None:
    match = play_until(Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "human")), seed=4), Phase.DEAL_END)
    shown = review(replace(board(match), review=Review(1)))
    assert shown is not None
    seats = find_all(shown[0], data_review_seat="*")
    assert [(text_of(seat), attrs_of(seat)["aria-pressed"]) for seat in seats] == [
        ("Moves of Ana", "false"), ("Moves of Bo", "true")]


def test_the_review_is_kept_in_the_save() -> None:
    match, entries = reviewed_deal()
    reviewed = match.with_review("0:0", entries)
    again = match_from_json(match_to_json(reviewed))
    assert again.reviews == {"0:0": entries} and not again.edited
    data = json.loads(match_to_json(reviewed))
    data["reviews"]["0:0"][0]["options"][0][1] = -1  # an entry that cannot be read: computed again
    assert match_from_json(json.dumps(data)).reviews == {}
    assert "reviews" not in json.loads(match_to_json(match))  # saves without a review are unchanged
    data["reviews"]["0:0"] = [{**entry.to_dict(), "options": None} for entry in entries]  # an earlier version's
    assert match_from_json(json.dumps(data)).reviews == {}


def test_the_chart_s_caption_speaks_of_numbered_moments_only_when_there_are_some() -> None:
    """A deal played without a key moment has no number on its chart: its caption does not explain
    numbers (it did, to someone looking for them in vain); a deal with some explains them."""
    from pasur_web.screens.review_chart import chart as draw_chart

    _, entries = reviewed_deal()
    moments = key_moments(entries)
    clean = [replace(entry, played=entry.best) for entry in entries]
    cat = load_catalog("en")
    with_moments, without = draw_chart(entries, moments, cat), draw_chart(clean, [], cat)
    assert with_moments is not None and without is not None
    assert "Numbered" in text_of(found(find(with_moments, tag="figcaption")))
    caption = text_of(found(find(without, tag="figcaption")))
    assert "Numbered" not in caption and "key moment" not in caption, caption
    assert caption.startswith("The deal's expected result after each of your moves")
