"""Ingestion at crawl scale: the pieces behind ``mainmark batch`` and the Ray path.

Data flows forward through four modules, one job each::

    sources  (files, JSONL, WARC -> PageRecord, streamed)
      -> records  (PageRecord -> Outcome: rows or a discard; THE per-page function)
      -> pool     (records fanned out to worker processes, outcomes back in input order)
      -> writers  (outcomes -> documents / chunks / discards files)

``resume`` reads what a previous run wrote, so a re-run skips finished pages. Ray
(:mod:`mainmark.integrations.ray`) replaces ``pool`` and ``writers`` but calls the
same :func:`~mainmark.ingest.records.process_record`, which is why the two agree.
``run`` wires them for ``mainmark batch`` (:func:`~mainmark.ingest.run.run_batch`);
``payload`` holds the read-and-hash helper every reader shares; ``overhead`` measures how
much of a page's full text is boilerplate.

Must not: import ``cli`` or ``integrations``, lose a page (every record becomes a document or
one discard), or hold extraction logic: it calls :func:`mainmark.extract` and nothing deeper.
"""
