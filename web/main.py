"""Entry point of the page: start the app, or show a readable error with a reload button.

The interpreter (web/interpreter.js) may have been restored from a memory snapshot taken right
after the imports below, in an earlier visit: nothing of that visit is in it, and `random` is
seeded again here. When the interpreter is to take a snapshot, the game starts once it is taken.
"""

import asyncio
import random
import sys
import traceback

from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from pasur_web.browser import stdlib_more

sys.dont_write_bytecode = True  # what was compiled here is compiled again next time: pasur_web.browser.bytecode
stdlib_more.install()  # the standard library's modules that no start imports, fetched if needed


BACKGROUND: list[asyncio.Future[None]] = []  # tasks kept until they end
APP: object = None  # the running game (browser/start.py), kept for the page's life


def show_error(error: Exception) -> None:
    """The start-up error of web/boot.js, with the remedies that fit: a short message, never a traceback."""
    window.console.warn("".join(traceback.format_exception(error)))
    window.pasur.startFailed(f"{type(error).__name__}: {error}")


def run() -> None:
    global APP
    try:
        from pasur_web.browser.start import start

        APP = start()
    except Exception as error:
        show_error(error)
        return
    window.setTimeout(create_once_callable(mark_compiled), 0)
    BACKGROUND.append(asyncio.ensure_future(stdlib_more.fetch_later()))


def mark_compiled() -> None:
    from pasur_web.browser.bytecode import compiled_from_source

    document.documentElement.setAttribute("data-compiled", " ".join(compiled_from_source()))


def prepare() -> None:
    interpreter = getattr(window, "pasurInterpreter", None)
    if interpreter is not None and interpreter.boot == "snapshot":
        random.seed()  # the generator was frozen in the snapshot
        run()
        return
    try:
        import pasur_web.browser.start  # noqa: F401  (the snapshot holds it imported)
    except Exception as error:
        show_error(error)
        return
    if interpreter is not None and interpreter.take:
        interpreter.take(create_proxy(run))
    else:
        run()


prepare()
