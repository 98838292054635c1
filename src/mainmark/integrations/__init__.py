"""Adapters to other frameworks, each importing its framework only when imported itself.

``mainmark.integrations.langchain``: ``MainmarkLoader`` and ``MainmarkTransformer``.
"""
