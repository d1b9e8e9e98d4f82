"""No run of six or more lines is written twice in the project's sources (``pasur/``, ``web/``,
``tools/``): neither the same lines nor lines of the same shape with other names, texts and numbers.

Blank lines, comments, imports and lines of punctuation alone are passed over; a run of the same
shape counts when most of its lines say something (not ``else:`` or ``return x`` alone).
"""

from __future__ import annotations

import keyword
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN = 6
SOURCES = [*sorted((ROOT / "pasur").rglob("*.py")), *sorted((ROOT / "web").rglob("*.py")),
           *sorted((ROOT / "web").glob("*.js")), *sorted((ROOT / "tools").glob("*.py")),
           *sorted((ROOT / "tools").glob("*.mjs"))]
_TOKEN = re.compile(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`|\d[\w.]*|[A-Za-z_]\w*|\S)""")
_KEEP = set(keyword.kwlist) | {"function", "var", "const", "let", "return", "new", "this", "null", "true", "false",
                               "typeof", "undefined", "self", "async", "await"}
_SKIP = re.compile(r"""^(#|//|/\*|\*|import |from \S+ import |["']{3}$)""")


def shape(line: str) -> tuple[str, ...]:
    """A line as its shape: names, texts and numbers replaced by placeholders, keywords kept."""
    out = []
    for token in _TOKEN.findall(line):
        if token[0] in "\"'`":
            out.append("S")
        elif token[0].isdigit():
            out.append("0")
        elif token[0].isalpha() or token[0] == "_":
            out.append(token if token in _KEEP else "x")
        else:
            out.append(token)
    return tuple(out)


def meaningful(path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    """(line number, text, shape) of the lines that count."""
    lines = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = " ".join(raw.split())
        if not text or _SKIP.match(text) or all(not char.isalnum() for char in text):
            continue
        lines.append((number, text, shape(text)))
    return lines


def thin(form: tuple[str, ...]) -> bool:
    """A line that says little by itself: few names and values."""
    return sum(1 for token in form if token in ("x", "S", "0")) < 3


def repeated_runs(paths: list[Path], run: int = RUN, root: Path = ROOT) -> list[str]:
    """Each pair of places sharing a run of ``run`` lines (the same, or the same shape), once."""
    seen: dict[tuple[tuple[str, ...], ...], list[tuple[Path, int, int, tuple[str, ...]]]] = defaultdict(list)
    for path in paths:
        lines = meaningful(path)
        for start in range(len(lines) - run + 1):
            window = lines[start:start + run]
            seen[tuple(form for _, _, form in window)].append(
                (path, window[0][0], window[-1][0], tuple(text for _, text, _ in window)))
    found = set()
    for forms, places in seen.items():
        boilerplate = sum(thin(form) for form in forms) * 2 > run  # mostly lines that say little
        for index, (path, first, last, texts) in enumerate(places):
            for other_path, other_first, other_last, other_texts in places[index + 1:]:
                if (other_path == path and other_first <= last) or (boilerplate and texts != other_texts):
                    continue  # overlapping windows of one run, or alike only in lines that say little
                found.add(f"{path.relative_to(root)}:{first}-{last} ~ {other_path.relative_to(root)}:"
                          f"{other_first}-{other_last}")
    return sorted(found)


def test_no_run_of_six_lines_is_written_twice() -> None:
    assert repeated_runs(SOURCES) == []


def test_the_check_sees_the_same_lines_and_the_same_shape(tmp_path: Path) -> None:
    body = "".join(f"    total_{n} = compute(items[{n}], weight={n}) + offset\n" for n in range(6))
    (tmp_path / "a.py").write_text("def a(items):\n" + body)
    (tmp_path / "b.py").write_text("def b(things):\n" + body.replace("total", "sum").replace("weight", "w"))
    (tmp_path / "c.py").write_text("def c():\n" + "    else:\n" * 3 + "    return x\n" * 3)
    (tmp_path / "d.py").write_text("def d():\n" + "    else:\n" * 3 + "    return y\n" * 3)
    # a.py and b.py share a shape (other names); c.py and d.py share only lines that say little.
    found = repeated_runs(sorted(tmp_path.glob("*.py")), root=tmp_path)
    assert found and all(pair.startswith("a.py:") and " ~ b.py:" in pair for pair in found)
    (tmp_path / "e.py").write_text("def e():\n" + "    else:\n" * 3 + "    return x\n" * 3)  # c.py again
    assert "c.py:2-7 ~ e.py:2-7" in repeated_runs(sorted(tmp_path.glob("*.py")), root=tmp_path)
