"""Named constants the content stage shares, each with the reason it has its value.

Most of selection's scoring comes from Arc90's Readability (``readability.js``, Apache
License 2.0, and its Python port ``readability-lxml``): a paragraph scores its ancestors
by its length and commas, discounted by link density, on top of a prior from the
container's tag and class words; the best candidate is joined by siblings scoring a
share of it. The numbers below marked *Readability* are its values (some extended, as
said); the rest are shared by several modules here and were set on the benchmark.
Constants one module alone reads stay beside their rule in that module.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- Readability

#: Readability: a sibling of the winning candidate joins the content when it scores at
#: least this share of the winner's score (``siblingScoreThreshold``; Readability also
#: asks for a score of 10 at least, we do not). The balanced and precision default of
#: :attr:`~mainmark.content.favor.Thresholds.sibling_share` and of the scorer's.
SIBLING_SHARE = 0.2

#: Readability: the score a positive class/id word adds to a container's prior, and a
#: negative one takes away (``getClassWeight``). Here a positive word counts in
#: proportion to the text it labels (``score._initial_score``).
CLASS_WEIGHT = 25.0

#: Readability: text shorter than this (UTF-8 bytes here, characters there) scores no
#: ancestor: too short to be a paragraph of the article.
MIN_PARAGRAPH_BYTES = 25

#: Readability: a paragraph scores 1, plus one per comma (Latin, CJK and Arabic commas
#: here), plus one per this many bytes of text...
PARAGRAPH_LENGTH_UNIT = 100.0
#: ...up to this many points for length.
PARAGRAPH_LENGTH_POINTS = 3.0

#: Readability: a paragraph's score goes to its parent in full, its grandparent halved,
#: and the ancestors above divided by three times their level, up to this many levels.
ANCESTOR_LEVELS = 5

#: Readability: the prior of a container by its tag (``initializeNode``: ``div`` +5,
#: ``pre``/``td``/``blockquote`` +3, lists and forms -3, headings and ``th`` -5); extended
#: with the HTML5 sectioning tags (``article`` +8, ``main`` +5, ``section`` +3, ``header``
#: -5, ``footer``/``nav``/``aside`` -10).
TAG_BONUS = {"div": 5, "article": 8, "main": 5, "section": 3, "td": 3, "blockquote": 3,
             "pre": 3, "form": -3, "ol": -3, "ul": -3, "dl": -3, "li": -3, "h1": -5,
             "h2": -5, "h3": -5, "th": -5, "header": -5, "footer": -10, "nav": -10,
             "aside": -10}

#: Readability: a ``<p>`` beside the winner joins it whatever its score when it is longer
#: than this with link density under :data:`GOOD_PARAGRAPH_DENSITY`, or shorter, without
#: links, and ending a sentence.
GOOD_PARAGRAPH_BYTES = 80
GOOD_PARAGRAPH_DENSITY = 0.25
