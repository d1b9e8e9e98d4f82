"""Entry point of the page: start the app, or show a readable error with a reload button."""

import traceback

from pyscript import document, window

try:
    from pasur_web.app import start

    APP = start()
except Exception as error:  # shown to the player as a short message, never as a traceback
    window.console.warn("".join(traceback.format_exception(error)))
    box = document.getElementById("startup-error")
    detail = document.getElementById("startup-error-detail")
    detail.textContent = f"{type(error).__name__}: {error}"
    box.hidden = False
    document.getElementById("loading").hidden = True
    document.documentElement.setAttribute("data-error", "")
