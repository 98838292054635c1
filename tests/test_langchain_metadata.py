"""LangChain metadata carries what batch writes, in a form every Chroma version accepts.

Before, ``price``, ``currency``, ``availability``, ``image`` and ``keywords`` were in the
batch output but not in the LangChain metadata, and ``author`` / ``heading_path`` were
lists, which Chroma before 1.0 (inside the ``chromadb>=0.5`` test pin) refuses. Now one
function (``page_metadata``) builds the page's part from every ``Metadata`` field, and
list-valued fields are joined into strings unless the caller opts into lists.

Each value is checked against Chroma 0.5's rule (``chromadb.api.types.validate_metadata``:
a str, int, float or bool, nothing else) and added to a real in-process collection of
whichever Chroma is installed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import chromadb
import pytest
from langchain_core.documents import Document as LCDocument

import mainmark
from mainmark import Options
from mainmark.integrations.langchain import (
    MainmarkLoader,
    MainmarkTransformer,
    documents_for,
    page_metadata,
)

_LD = {"@context": "https://schema.org", "@type": "Product", "name": "Oak stool",
       "image": "https://shop.example/img/stool.jpg",
       "description": "A three-legged stool of solid oak, oiled by hand.",
       "offers": {"@type": "Offer", "price": "120.00", "priceCurrency": "EUR",
                  "availability": "https://schema.org/InStock"}}
PRODUCT = (
    "<html lang='en'><head><title>Oak stool | Shop</title>"
    "<meta name='keywords' content='stool, oak, furniture'>"
    "<meta name='author' content='Ada Joiner'><meta name='author' content='Ben Turner'>"
    f"<script type='application/ld+json'>{json.dumps(_LD)}</script></head><body><main>"
    "<h1>Oak stool</h1><h2>Details</h2><p>"
    + "Solid oak, three legs, oiled by hand in our workshop. " * 12
    + "</p><h2>Care</h2><p>" + "Wipe with a damp cloth and oil once a year. " * 12
    + "</p></main></body></html>")
URL = "https://shop.example/oak-stool"
OPTS = Options(max_tokens=80, min_tokens=16)


def chroma_05_accepts(metadata: dict[str, Any]) -> bool:
    """Chroma 0.5's ``validate_metadata``: a non-empty dict of str keys to str, int,
    float or bool values (bool checked apart, as it is an int)."""
    return bool(metadata) and all(
        isinstance(k, str) and isinstance(v, (str, int, float, bool))
        for k, v in metadata.items())


@pytest.fixture(scope="module")
def collection() -> Iterator[Any]:
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(Settings(anonymized_telemetry=False))
    yield client.get_or_create_collection("mainmark-metadata", embedding_function=None)


def add(collection: Any, docs: list[LCDocument]) -> None:
    collection.add(ids=[str(d.id) for d in docs], documents=[d.page_content for d in docs],
                   metadatas=[d.metadata for d in docs], embeddings=[[1.0, 0.0]] * len(docs))


def test_the_page_has_what_batch_writes() -> None:
    meta = mainmark.extract(PRODUCT, url=URL).metadata
    assert (meta.price, meta.currency, meta.availability) == ("120", "EUR", "InStock")
    assert meta.image and meta.keywords and len(meta.author) == 2


def test_page_metadata_carries_every_field_batch_writes() -> None:
    doc = mainmark.extract(PRODUCT, url=URL, options=OPTS)
    meta = page_metadata(doc, source="s", url=URL)
    batch = doc.to_dict()["metadata"]  # what documents.jsonl holds
    for key in ("page_type", "price", "currency", "availability", "image", "keywords",
                "author", "title", "language", "description", "type"):
        assert key in meta, key
    assert meta["page_type"] == batch["page_type"] == doc.metadata.page_type.value
    assert (meta["price"], meta["currency"], meta["availability"]) == ("120", "EUR",
                                                                       "InStock")
    assert meta["image"] == batch["image"]
    assert meta["keywords"] == "; ".join(batch["keywords"])
    assert meta["author"] == "Ada Joiner; Ben Turner"


def test_every_value_is_a_scalar_and_lists_only_on_request() -> None:
    doc = mainmark.extract(PRODUCT, url=URL, options=Options(max_tokens=80, min_tokens=16,
                                                             links="text"))
    plain = list(documents_for(doc, source="s", url=URL))
    assert len(plain) >= 2
    for d in plain:
        assert chroma_05_accepts(d.metadata), d.metadata
        assert not any(k.endswith("_list") for k in d.metadata)
    headed = next(d for d in plain if "heading_path" in d.metadata)
    assert headed.metadata["heading_path"].startswith("Oak stool > ")
    with_lists = list(documents_for(doc, source="s", url=URL, lists=True))
    listed = next(d for d in with_lists if "heading_path_list" in d.metadata)
    assert listed.metadata["heading_path_list"] == listed.metadata["heading_path"].split(" > ")
    assert listed.metadata["author_list"] == ["Ada Joiner", "Ben Turner"]
    assert listed.metadata["keywords_list"] == ["stool", "oak", "furniture"]


def test_loader_and_transformer_output_goes_into_a_real_chroma(collection: Any) -> None:
    loaded = MainmarkLoader(PRODUCT.encode(), options=OPTS, urls={"memory:0": URL}).load()
    incoming = LCDocument(page_content=PRODUCT, metadata={
        "source": URL + "?from=async", "tags": ["sale", "oak"], "nested": {"a": [1, 2]},
        "n": [1, 2]})
    transformed = MainmarkTransformer(options=OPTS).transform_documents([incoming])
    pages = MainmarkLoader(PRODUCT.encode(), options=OPTS, mode="page").load()
    docs = [*loaded, *transformed, *pages]
    assert all(chroma_05_accepts(d.metadata) for d in docs)
    assert transformed[0].metadata["tags"] == "sale; oak"
    add(collection, docs)
    stored = collection.get(where={"availability": "InStock"})
    assert len(stored["ids"]) == len(docs)
    kind = docs[0].metadata["page_type"]
    products = collection.get(where={"$and": [{"page_type": kind},
                                              {"currency": "EUR"}]})
    assert len(products["ids"]) == len(docs)
