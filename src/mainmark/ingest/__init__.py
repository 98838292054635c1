"""Ingestion at crawl scale: the pieces behind ``mainmark batch`` and the Ray path.

Data flows forward through four modules, one job each::

    sources  (files, JSONL, WARC -> PageRecord, streamed)
      -> records  (PageRecord -> Outcome: rows or a discard; THE per-page function)
      -> pool     (records fanned out to worker processes, outcomes back in input order)
      -> writers  (outcomes -> documents / chunks / discards files)

``resume`` reads what a previous run wrote, so a re-run skips finished pages. Ray
(:mod:`mainmark.integrations.ray`) replaces ``pool`` and ``writers`` but calls the
same :func:`~mainmark.ingest.records.process_record`, which is why the two agree.
``run`` wires them for ``mainmark batch`` (``lock`` keeps it to one run per output
directory); ``fetch`` turns http(s) URLs and sitemaps into records, politely (``robots``
reads robots.txt as RFC 9309 says, ``sitemaps`` streams sitemaps and keeps them to their
origin); ``payload`` holds the read-and-hash helper every reader shares; ``inflate`` the
one decompressor (gzip, deflate, zstd in capped pieces: bombs cost the cap); ``overhead``
measures how much of a page's full text is boilerplate.

The public batch API (what ``mainmark batch`` calls)::

    from mainmark.ingest import BatchSettings, run_batch
    result = run_batch(["crawl.warc.gz"], BatchSettings(out="out/", workers=4),
                       urls=["https://example.org/a"], sitemaps=[])
    result.documents, result.discards, result.reasons

Must not: import ``cli`` or ``integrations``, lose a page (every record becomes a document or
one discard), or hold extraction logic: it calls :func:`mainmark.extract` and nothing deeper.
"""

from mainmark.ingest.fetch import FetchSettings
from mainmark.ingest.run import BatchResult, BatchSettings, run_batch

__all__ = ["BatchResult", "BatchSettings", "FetchSettings", "run_batch"]
