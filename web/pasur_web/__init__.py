"""The browser game's Python side, in layers: ``i18n`` (the words), ``model`` (the state, the actions,
``update`` and the effects, pure), ``screens`` (what the page shows, pure), ``browser`` (the runtime,
the drawing and the events: the only package that touches the browser). docs/ARCHITECTURE.md."""
