"""Run mainmark on the bundled example pages and show what came out.

    python examples/run_examples.py            # all three pages
    python examples/run_examples.py news-article.html

For each page: the title found, which extraction path was taken, any warnings,
the first lines of the markdown and how many chunks it was cut into.
"""

from __future__ import annotations

import sys
from pathlib import Path

import mainmark

HERE = Path(__file__).resolve().parent
PAGES = ("news-article.html", "docs-page.html", "jsonld-article.html")
URLS = {
    "news-article.html": "https://courier.example/news/2024/03/harbour-line-tram-vote",
    "docs-page.html": "https://docs.tidewater.example/en/2.3/guide/batches.html",
    "jsonld-article.html": "https://crumbandcrust.example/journal/winter-starter",
}
PREVIEW_LINES = 12


def show(name: str) -> None:
    data = (HERE / name).read_bytes()
    doc = mainmark.extract(data, url=URLS.get(name), options=mainmark.Options(explain=True))
    strategy = doc.explain.strategy.value if doc.explain is not None else "?"
    print(f"=== {name} ({len(data):,} bytes, {doc.encoding.name} from {doc.encoding.signal.value})")
    print(f"title:    {doc.metadata.title}")
    print(f"strategy: {strategy}")
    print(f"warnings: {'; '.join(doc.warnings) or 'none'}")
    print(f"chunks:   {len(doc.chunks)}")
    lines = doc.markdown.splitlines()
    for line in lines[:PREVIEW_LINES]:
        print(f"    {line}")
    if len(lines) > PREVIEW_LINES:
        print(f"    ... ({len(lines) - PREVIEW_LINES} more lines)")
    print()


def main(argv: list[str]) -> int:
    names = argv or list(PAGES)
    unknown = [n for n in names if not (HERE / n).is_file()]
    if unknown:
        print(f"no such example: {', '.join(unknown)}", file=sys.stderr)
        return 1
    for name in names:
        show(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
