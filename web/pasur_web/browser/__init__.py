"""The only package that touches the browser (``pyscript``, ``js``, ``pyodide``): the runtime that runs
the effects, the drawing of each frame, the events, the start of the page."""
