"""``fetched_at`` is the time the page's response arrived, not a time before the waits.

A fetch first waits for its host's politeness slot (``--fetch-delay``, ``Crawl-delay``)
and for robots.txt; stamping before those waits dated pages seconds too early. Served
from 127.0.0.1 only.
"""

from __future__ import annotations

import time
from datetime import datetime

from fetch_server import serve
from mainmark.ingest.fetch import Fetcher, FetchSettings

_DELAY = 2.0


def test_fetched_at_is_stamped_when_the_response_arrives() -> None:
    with serve() as site, Fetcher(FetchSettings(delay=_DELAY, timeout=5.0)) as fetcher:
        assert fetcher.fetch(f"{site.base}/p/0").problem is None
        asked = time.time()
        record = fetcher.fetch(f"{site.base}/p/1")  # waits for the host's delay first
        answered = time.time()
    assert record.problem is None and record.fetched_at is not None
    assert answered - asked >= _DELAY - 0.5, "the second request should have waited"
    stamped = datetime.fromisoformat(record.fetched_at).timestamp()  # whole seconds
    assert answered - 1.5 < stamped <= answered
