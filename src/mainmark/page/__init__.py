"""Stage 1, bytes -> tree: decoding, charsets, parsing, text normalisation, the source map.

Takes the raw bytes (and the HTTP headers, URL) of one page and returns a
:class:`~mainmark.page.parse.Page`: an lxml tree plus what later stages need to know about
how it was built (the decoding signal, warnings, the byte offsets of its text).

Must not: judge content (nothing here knows about boilerplate), read :class:`Options`
beyond input limits, or import any later stage.
"""
