"""What the page shows, drawn from the state as plain values (``html.h`` nodes), one module per screen
or panel. Pure Python: tested in CPython."""
