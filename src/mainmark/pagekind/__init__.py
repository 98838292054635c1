"""Page kinds: what kind of page this is, how sure, and what selection does about it.

The one owner of page kinds. ``features.py`` turns what a page says (structured data,
URL, markup, text shape) into numbers; ``model.py`` reads a small learned model (a data
file trained by ``benchmarks/train_pagekind.py`` on the TUNE pages) and gives a kind with
its probability; ``behaviour.py`` says what selection does on each kind, and does it only
where the kind is sure enough to pay. Selection asks this package and does not decide
kinds itself. It must not import the content or markdown stages.
"""
