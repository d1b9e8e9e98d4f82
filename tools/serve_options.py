"""The options of ``tools/serve.py`` (and so of ``./dev serve``), in any order: ``--lan 8766`` is
``8766 --lan``; anything else is refused with the usage, which lists what is accepted."""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["parser", "read_options"]


def parser(site: Path) -> argparse.ArgumentParser:
    """The command's options, in any order: ``serve.py --lan 8766`` is ``serve.py 8766 --lan``."""
    parser = argparse.ArgumentParser(description=__doc__, usage="%(prog)s [PORT] [--lan] [--signalling-port N] "
                                     "[--host ADDRESS] [--dir FOLDER] (in any order)")
    parser.add_argument("where", nargs="?", type=int, metavar="PORT", help="the site's port (8000 by default)")
    parser.add_argument("--port", type=int, default=8000, help="the site's port (the same as PORT)")
    parser.add_argument("--dir", type=Path, default=site)
    parser.add_argument("--host", default="127.0.0.1", help="the address the site listens on")
    parser.add_argument("--lan", action="store_true", help="listen on this machine's network address (a phone "
                        "on the same Wi-Fi opens the link printed)")
    parser.add_argument("--signalling-port", type=int, default=0, help="also start the signalling server of a "
                        "game between friends on this port, beside the site (stopped with it)")
    parser.add_argument("--check", action="store_true", help="only check the options (./dev serve does, before "
                        "it builds the site)")
    return parser


def read_options(words: list[str], site: Path = Path("site")) -> argparse.Namespace:
    """The options of ``words``; anything else: the usage, which lists what is accepted, and exit 2."""
    args = parser(site).parse_args(words)
    if args.where is not None:
        args.port = args.where
    return args
