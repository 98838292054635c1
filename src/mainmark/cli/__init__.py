"""The ``mainmark`` command line: one module per command, flags mapped to Options once.

:mod:`mainmark.cli.flags` is the single flags <-> :class:`~mainmark.options.Options`
mapping and holds the exit codes; every command module exposes ``add_arguments(parser)`` and
``run(args) -> int`` and calls the library (``pipeline``, ``ingest``, ``evaluation``).

Must not: hold extraction or batch logic of its own, or be imported by any library module.
"""
