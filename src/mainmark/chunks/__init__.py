"""Stage 4, blocks -> chunks: splitting, token-aware packing, tokenizers.

Takes the markdown and its blocks and returns heading-path chunks whose byte offsets slice
back to their text and whose token counts never exceed the budget.

Must not: re-render or re-parse the page, or import any stage above it. Tokenizers are a
small protocol; tiktoken's offline encodings are the default.
"""
