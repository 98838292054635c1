"""Page kinds: what kind of page this is, how sure, and what selection does about it.

The one owner of page kinds. ``features.py`` (with ``markup.py``) turns what a page says
(structured data, URL, links, markup, text shape, title) into named numbers; ``model.py``
reads a small learned model (``model.json``, trained by ``benchmarks/train_pagekind.py``
on the TUNE pages only) and gives each kind a probability; ``decide.py`` takes the most
probable kind and the page facts selection needs besides (a possible landing page, a
post with reader comments); ``behaviour.py`` is the table of what selection does on each
kind. Selection asks this package through ``PageKind.behaviour`` and decides no kind
itself. It reads the parsed page and the metadata stage, and may be handed a
``markup.Survey`` of the unedited tree that the cleaning stage's walk took for it (the
pipeline passes it on; without one it walks the tree itself); it must not import the
content, markdown or chunks stages (``tests/test_layering.py``).
"""
