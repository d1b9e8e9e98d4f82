"""The options (pasur.rules): impossible values refused, docs/RULES.md §10 "Presets", and §2.2 sides."""

import re
from pathlib import Path
from typing import Any

import pytest

from pasur import Rules
from pasur.rules import side_count, side_of

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs/RULES.md"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"target": 0}, "target"),
        ({"target": -5}, "target"),
        ({"target": 10.5}, "target"),
        ({"target": True}, "target"),
        ({"fixed_deals": 0}, "fixed_deals"),
        ({"fixed_deals": "11"}, "fixed_deals"),
        ({"kids": "yes"}, "kids"),
    ],
)
def test_impossible_rules(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**changes)


def test_unknown_preset() -> None:
    with pytest.raises(ValueError, match=r"unknown preset 'fast'.*seeds, classic, kids"):
        Rules.preset("fast")


def test_presets() -> None:
    # §10.1: a preset sets the options it names; the others keep their defaults.
    assert Rules.preset("seeds") == Rules()
    classic = Rules.preset("classic")
    assert (classic.multi_combo, classic.no_jack_sur, classic.no_sur_last_round,
            classic.sur_limit_50, classic.sur_cancel, classic.jack_wild, classic.target) == (
        False, True, True, True, True, True, 62)
    assert Rules.preset("kids") == Rules(kids=True)
    assert Rules.preset("classic", target=51).target == 51


def test_round_trip_through_a_dict() -> None:
    rules = Rules.preset("classic", target=51, fixed_deals=11)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.preset_name() is None and Rules.preset("kids").preset_name() == "kids"
    with pytest.raises(ValueError, match="unknown rule option"):
        Rules.from_dict({"cheat": True})


@pytest.mark.parametrize(
    ("players", "rules", "sides"),
    [(2, Rules(), [0, 1]), (3, Rules(), [0, 1, 2]), (4, Rules(), [0, 1, 0, 1]),
     (4, Rules(solo4=True), [0, 1, 2, 3]), (3, Rules(solo4=True), [0, 1, 2])],
)
def test_side_of_a_seat(players: int, rules: Rules, sides: list[int]) -> None:
    # §2.2: partners sit opposite with four players unless solo4; otherwise each player alone.
    assert [side_of(seat, players, rules) for seat in range(players)] == sides
    assert side_count(players, rules) == len(set(sides))


def rules_sections() -> set[str]:
    """The section numbers of docs/RULES.md: "## 4. A turn" is 4, "### 4.2 Number cards" is 4.2."""
    text = RULES_DOC.read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, flags=re.MULTILINE))


def test_rules_doc_sections_are_numbered_in_order() -> None:
    numbers = sorted(rules_sections(), key=lambda n: [int(part) for part in n.split(".")])
    chapters = [n for n in numbers if "." not in n]
    assert chapters == [str(k) for k in range(1, len(chapters) + 1)]
    for chapter in chapters:
        subs = [n for n in numbers if n.startswith(chapter + ".")]
        assert subs == [f"{chapter}.{k}" for k in range(1, len(subs) + 1)]


def test_every_citation_of_the_rules_names_a_section_that_exists() -> None:
    sections = rules_sections()
    files = [*sorted((ROOT / "pasur").glob("*.py")), *sorted((ROOT / "tests").glob("*.py")),
             *sorted((ROOT / "e2e").glob("*.py"))]
    cited = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        for line_number, line in enumerate(text.splitlines(), start=1):
            where = f"{path.relative_to(ROOT)}:{line_number}"
            assert not re.search(r"(?<!docs/)RULES\.md", line), f"{where} cites a rules file other than docs/RULES.md"
            for number in re.findall(r"§(\d+(?:\.\d+)?)", line):
                assert number in sections, f"{where} cites §{number}, which docs/RULES.md does not have"
                cited += 1
    assert cited > 20
