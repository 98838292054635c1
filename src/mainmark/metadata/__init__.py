"""Citation metadata beside the content: structured data, schema.org, titles, authors, dates.

Takes the parsed :class:`~mainmark.page.parse.Page` (and its structured data) and returns a
:class:`~mainmark.model.Metadata`. The structured-data reader also feeds the content stage
(a JSON-LD ``articleBody`` locates the article), so this stage sits below ``content``.

Must not: mutate the tree (the content stage reads it afterwards), import ``content``,
``markdown`` or ``chunks``, or decide what the main content is.
"""
