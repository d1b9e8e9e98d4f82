"""The everyday command (./dev): ``./dev serve`` takes its options in any order and says what it
accepts when one is wrong, before it builds anything; ``./dev test`` runs one slice of the suite by
name and says which slices there are."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from serve_options import read_options

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("words", [["--lan", "8766"], ["8766", "--lan"], ["--port", "8766", "--lan"]])
def test_serve_takes_its_options_in_any_order(words: list[str]) -> None:
    options = read_options(words)
    assert (options.port, options.lan) == (8766, True)


def test_serve_without_a_port_serves_on_8000() -> None:
    options = read_options(["--signalling-port", "9301"])
    assert (options.port, options.lan, options.signalling_port) == (8000, False, 9301)


def run(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ROOT / "dev"), *words], capture_output=True, text=True, timeout=60, cwd=ROOT)


@pytest.mark.parametrize("words", [["--bogus"], ["12x"], ["--lan", "8766", "--signalling-port"]])
def test_a_wrong_option_of_serve_says_what_is_accepted_before_anything_is_built(words: list[str]) -> None:
    done = run("serve", *words)
    assert done.returncode == 2
    assert "[PORT] [--lan] [--signalling-port N]" in done.stderr and "any order" in done.stderr
    assert "built" not in done.stdout  # (the site is built only once the options are known)


def test_test_names_its_slices_when_given_another_word() -> None:
    done = run("test", "bogus")
    assert done.returncode == 2
    assert "engine|browser|online" in done.stderr
