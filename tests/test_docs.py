"""The README and the pages of docs/: a README read in a minute that starts with the two commands CI
and people rely on, every relative link leading to a file (and a heading) that exists, and every page
of docs/ reachable from the README."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))

# [text](target) and ![image](target): the target up to a space (a title) or the closing parenthesis.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)[^)]*\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#* *$")


def prose(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code blanked out: no link or heading there."""
    lines, fence = [], False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            lines.append("")
            continue
        lines.append("" if fence else re.sub(r"`[^`]*`", "``", line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a Markdown file, a repeated heading's as GitHub numbers it (-1, -2)."""
    seen: dict[str, int] = {}
    found = set()
    fence = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        match = None if fence else HEADING.match(line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def relative_links(path: Path) -> list[tuple[int, str]]:
    """(line number, target) of each link of a Markdown file that is not to another site."""
    found = []
    for number, line in enumerate(prose(path.read_text(encoding="utf-8")), start=1):
        for target in LINK.findall(line):
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target, flags=re.IGNORECASE):
                found.append((number, target))
    return found


def broken_links(path: Path) -> list[str]:
    """The relative links of a file whose file, or whose heading, does not exist."""
    broken = []
    for number, target in relative_links(path):
        name, _, anchor = target.partition("#")
        linked = (path.parent / name).resolve() if name else path
        where = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{number}: {target}"
        if not linked.exists():
            broken.append(f"{where} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{where} (no such heading)")
    return broken


def test_the_readme_is_read_in_a_minute() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines: move the detail into docs/"


def test_the_readme_starts_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Pasur"
    # The first thing after the title is the code block of the two commands, in this order.
    body = [line for line in lines[1:] if line.strip()]
    assert body[0] == "```sh"
    assert body[1].startswith("./dev serve ")
    assert body[2].startswith("./dev test ")
    assert body[3] == "```"


def test_every_relative_link_leads_to_a_file_and_heading_that_exist() -> None:
    broken = [problem for path in [README, *PAGES] for problem in broken_links(path)]
    assert not broken, "\n".join(broken)


def test_every_page_of_docs_is_linked_from_the_readme() -> None:
    linked = {(ROOT / target.partition("#")[0]).resolve() for _, target in relative_links(README)}
    missing = [page.name for page in PAGES if page.resolve() not in linked]
    assert not missing, f"README.md links to no {', '.join(missing)}"


def test_the_slugs_are_github_s() -> None:
    assert slug("Across the room: a phone on the same Wi-Fi") == "across-the-room-a-phone-on-the-same-wi-fi"
    assert slug("The engine: `python -m pasur bench`") == "the-engine-python--m-pasur-bench"
    assert slug("2.1 Seats") == "21-seats"
    assert slug("Friends' games, [online](ONLINE.md)") == "friends-games-online"


def test_a_broken_link_and_a_missing_heading_are_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## A part\n", encoding="utf-8")
    page.write_text(
        "# Page\n\n[fine](other.md#a-part) [none](missing.md) [wrong](other.md#no-part) [here](#page)\n"
        "`[code](missing.md)`\n\n```\n[in a block](missing.md)\n```\n[away](https://example.org/x)\n",
        encoding="utf-8",
    )
    targets = [target for _, target in relative_links(page)]
    assert targets == ["other.md#a-part", "missing.md", "other.md#no-part", "#page"]
    assert [problem.split(": ", 1)[1] for problem in broken_links(page)] == [
        "missing.md (no such file)", "other.md#no-part (no such heading)"]
