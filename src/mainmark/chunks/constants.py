"""The chunk stage's cut-offs, in one table with the reason beside each value.

Chunking judges little (which short blocks above a heading belong to its card, when a
split table or code block repeats its header); most of its numbers bound what token
counting costs on hostile text. The table says which is which.

Every module of the stage reads its numbers here (``CUT.name``); ``docs/constants.md``
is generated from this table (``benchmarks/constants_table.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmark.cutoffs import Origin, cutoff


@dataclass(frozen=True, slots=True)
class ChunkCutoffs:
    """Every number the chunk stage compares against (read it as ``CUT``)."""

    # ------------------------------------------------------- split.py
    token_max_chars: int = cutoff(32, "chars",
        "The widest window a token could span per token of budget, when a block is cut by its "
        "tokens: a token is rarely longer than this many characters.",
        Origin.BOUND,
        "A start for a doubling search, not a judgement: a wider token only costs a step more.")
    card_lead_blocks: int = cutoff(3, "blocks",
        "A card's lead-in before its name (its photo, a badge \"Only 3 left!\", a brand): at most "
        "this many blocks above the heading...")
    card_lead_chars: int = cutoff(200, "chars",
        "...each at most this long.")
    table_header_divisor: int = cutoff(2, "parts of the budget",
        "A split table repeats its header row in every part only when the header takes at most "
        "the budget divided by this; else it is cut as plain text.")
    code_fence_divisor: int = cutoff(4, "parts of the budget",
        "A split code block reopens its fence in every part only when the fence line takes at "
        "most the budget divided by this.")
    heading_reserve_divisor: int = cutoff(4, "parts of the budget",
        "The heading path a chunk repeats takes at most ``max_tokens`` divided by this from a "
        "part's room.")
    heading_fit_divisor: int = cutoff(2, "parts of the room",
        "A heading piece shorter than the room divided by this is kept with the first part of "
        "the block it heads (the heading must fit with it).")

    # ------------------------------------------------------ tokens.py
    max_piece_chars: int = cutoff(200, "chars",
        "BPE merges inside one pre-token cost more than linear time in its length, and a run of "
        "text with no space is often one long pre-token (CJK, Thai, a long URL): the encoder is "
        "never handed a run of non-space characters longer than this; a longer run is counted in "
        "pieces of at most this many characters (``tokens.segmented_count``).",
        Origin.BOUND,
        "Counted whole, 160 KB of CJK took 8 times as long as 40 KB.")
    count_cache_size: int = cutoff(4096, "entries",
        "How many block texts the token counter remembers (a page's repeated blocks and the "
        "joins' re-counts).",
        Origin.BOUND,
        "Memory against re-counting; a cache size, no judgement on content.")
    long_space_chars: int = cutoff(1024, "chars",
        "A run of whitespace this long (a hostile page's padding) is counted in pieces...",
        Origin.BOUND,
        "Counting time on hostile padding.")
    space_segment_chars: int = cutoff(256, "chars",
        "...of this many characters.",
        Origin.BOUND,
        "Counting time on hostile padding.")


#: The chunk stage reads its numbers from this one instance.
CUT = ChunkCutoffs()
