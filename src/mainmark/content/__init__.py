"""Stage 2, tree -> main content: cleaning, measuring, JSON-LD location, selection, pruning.

Takes the parsed page and its structured data and returns the selected content subtree with
an explanation of every removal. The class/id vocabularies that drive the judgement are data
in :mod:`mainmark.content.vocab`, each rule with the kind of page it is for.

Must not: render text or markdown, read Options it does not own (only the extraction knobs:
JSON-LD use, explain), or import ``markdown``, ``chunks`` or ``pipeline``.
"""
