"""The page's state and how it changes: the match, the actions, ``update``, the effects, the saves.
Pure Python: nothing here touches the browser."""
