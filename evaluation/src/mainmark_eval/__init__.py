"""Benchmark scoring for ``mainmark eval`` and the CI gate: metrics, structure, metadata.

:func:`~mainmark_eval.bench.evaluate_bench` loads a folder in the bench README layout,
runs mainmark (and optionally a reference extractor) interleaved on the same pages, and
scores each set with that README's metric.

Must not: import ``cli``, or change extraction: it only calls :func:`mainmark.extract`.
"""
