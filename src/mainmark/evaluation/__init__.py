"""Benchmark scoring for `mainmark eval`: metrics, structure recall, metadata agreement."""
