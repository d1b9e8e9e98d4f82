"""The page's Python names what it holds: no module, function, class, field or argument keeps a
name that says less than it could, and the table means the cards on it."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from pasur_web.model.state import State

PACKAGE = Path(__file__).resolve().parent.parent / "web" / "pasur_web"
# Names found unclear: a module of what a card would take called "look", "recap" for the moves since
# the player's turn, "said" for a quick message, a claim or a message key, "here" and "sent" for
# where a seat plays and what a friend was sent, "view_text"/"event_text" for data decoded.
UNCLEAR = {"look", "recap", "said", "here", "sent", "view_text", "event_text"}


def defined_names(tree: ast.Module) -> set[str]:
    """The names a module gives others: its functions, classes, their arguments, and the names
    assigned in the module and in its classes (a class's fields)."""
    names: set[str] = set()
    bodies = [tree.body, *(node.body for node in ast.walk(tree) if isinstance(node, ast.ClassDef))]
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    for statement in (statement for body in bodies for statement in body):
        targets = statement.targets if isinstance(statement, ast.Assign) else [
            statement.target] if isinstance(statement, ast.AnnAssign) else []
        names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def test_no_module_or_name_of_the_page_keeps_an_unclear_name() -> None:
    found = {(path.relative_to(PACKAGE).as_posix(), name)
             for path in PACKAGE.rglob("*.py")
             for name in ({path.stem} | defined_names(ast.parse(path.read_text(encoding="utf-8")))) & UNCLEAR}
    assert found == set()


def test_the_state_s_table_is_the_cards_on_the_table_only() -> None:
    fields = {field.name for field in dataclasses.fields(State)}
    assert "table" not in fields and "turn" in fields  # the play between moves is State.turn


def test_no_python_file_of_the_project_keeps_a_run_of_three_blank_lines() -> None:
    """Two blank lines part top-level definitions; three are what is left where one was removed."""
    root = PACKAGE.parent.parent
    three = re.compile(r"\n[ \t]*\n[ \t]*\n[ \t]*\n")
    runs = [f"{path.relative_to(root)}:{text[:found.start()].count(chr(10)) + 2}"
            for folder in ("pasur", "web", "tests", "e2e", "tools") for path in sorted((root / folder).rglob("*.py"))
            for text in [path.read_text(encoding="utf-8")] for found in three.finditer(text)]
    assert runs == []
