"""Adapters to other frameworks, each importing its framework only when imported itself.

``mainmark.integrations.langchain``: ``MainmarkLoader`` and ``MainmarkTransformer`` (store-safe
metadata, URL sources), ``index_pages`` for incremental re-indexing.
``mainmark.integrations.ray``: Ray Data over a cluster, actors sized from its CPUs.
"""
