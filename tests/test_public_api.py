"""The public surface is exactly what the package promises, no more and no less."""

from __future__ import annotations

import importlib.resources
import inspect

import mainmark
from mainmark import _version

EXPECTED_ALL = {
    "Block",
    "BlockKind",
    "Chunk",
    "Confidence",
    "Document",
    "EmptyPageError",
    "EncodingInfo",
    "EncodingSignal",
    "Explain",
    "InputError",
    "InputTypeError",
    "Link",
    "MainmarkError",
    "Metadata",
    "NotHtmlError",
    "Options",
    "OptionsError",
    "PageType",
    "Removal",
    "Stamp",
    "Strategy",
    "TimeBudgetExceeded",
    "TokenizerError",
    "__version__",
    "chunk",
    "extract",
}


def test_all_is_exactly_the_public_surface() -> None:
    assert set(mainmark.__all__) == EXPECTED_ALL
    assert len(mainmark.__all__) == len(EXPECTED_ALL)  # no duplicates


def test_every_public_name_exists() -> None:
    missing = [name for name in mainmark.__all__ if not hasattr(mainmark, name)]
    assert missing == []


def test_star_import_gives_the_public_surface() -> None:
    namespace: dict[str, object] = {}
    exec("from mainmark import *", namespace)
    assert set(namespace) - {"__builtins__"} == EXPECTED_ALL


def test_extract_signature() -> None:
    params = inspect.signature(mainmark.extract).parameters
    assert list(params) == ["html", "url", "headers", "options"]
    assert params["html"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    for name in ("url", "headers", "options"):
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY
        assert params[name].default is None


def test_errors_form_one_tree() -> None:
    assert issubclass(mainmark.OptionsError, mainmark.MainmarkError)
    assert issubclass(mainmark.OptionsError, ValueError)
    assert issubclass(mainmark.InputError, mainmark.MainmarkError)
    assert not issubclass(mainmark.InputError, TypeError)  # only InputTypeError is one
    assert issubclass(mainmark.TokenizerError, mainmark.MainmarkError)
    assert issubclass(mainmark.NotHtmlError, mainmark.InputError)
    assert issubclass(mainmark.EmptyPageError, mainmark.InputError)


def test_metadata_enums_are_public() -> None:
    """``Metadata.page_type`` and ``Metadata.confidence`` hold these: a caller compares
    against them without reaching into ``mainmark.model``."""
    assert mainmark.PageType("product") is mainmark.Metadata().page_type.__class__("product")
    assert mainmark.Confidence.HIGH.value == "high"


def test_version() -> None:
    assert mainmark.__version__ == _version.__version__
    parts = mainmark.__version__.split(".")
    assert len(parts) >= 2
    assert all(p.isdigit() for p in parts[:2])


def test_package_is_typed() -> None:
    assert importlib.resources.files("mainmark").joinpath("py.typed").is_file()


def test_document_fields() -> None:
    # text and html are read through properties: the document holds them as
    # ``held_text``/``held_html``, joined from the blocks on first read
    fields = set(mainmark.Document.__dataclass_fields__)
    properties = {name for name, value in vars(mainmark.Document).items()
                  if isinstance(value, property)}
    assert {"markdown", "metadata", "chunks", "encoding", "warnings", "stamp"} <= fields
    assert {"text", "html"} <= properties
    chunk_properties = {name for name, value in vars(mainmark.Chunk).items()
                        if isinstance(value, property)}
    assert {"text", "embed_text"} <= chunk_properties


def test_batch_api_is_public_in_ingest() -> None:
    import mainmark.ingest as ingest

    assert set(ingest.__all__) == {"BatchResult", "BatchSettings", "FetchSettings", "run_batch"}
    assert all(hasattr(ingest, name) for name in ingest.__all__)
    params = inspect.signature(ingest.run_batch).parameters
    assert list(params) == ["inputs", "settings", "options", "urls", "sitemaps"]
    assert "batch" not in mainmark.__all__  # the batch layer sits above the public surface
