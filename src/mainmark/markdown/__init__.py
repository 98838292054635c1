"""Stage 3, content -> markdown, text and HTML: the walk, tag converters, tables, code, links.

Takes the selected content tree (and the source map) and returns the three serialisations
plus the typed blocks with their markdown and source offsets, recorded while rendering.

Must not: change which content was selected, recover offsets by searching the output, or
import ``chunks`` or ``pipeline``. The walk is iterative: no recursion over the tree.
"""
