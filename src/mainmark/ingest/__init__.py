"""Ingestion at crawl scale: the pieces behind ``mainmark batch`` and the Ray path.

Data flows forward through four modules, one job each::

    sources  (files, JSONL, WARC -> PageRecord, streamed)
      -> records  (PageRecord -> Outcome: rows or a discard; THE per-page function)
      -> pool     (records fanned out to worker processes, outcomes back in input order)
      -> writers  (outcomes -> documents / chunks / discards files)

``resume`` reads what a previous run wrote, so a re-run skips finished pages. Ray
(:mod:`mainmark.integrations.ray`) replaces ``pool`` and ``writers`` but calls the
same :func:`~mainmark.ingest.records.process_record`, which is why the two agree.
"""
