"""The browser game's Python side: settings from the URL, the message catalog, the match
controller (pure Python, tested in CPython), and the DOM view (browser only, in ``app``)."""
