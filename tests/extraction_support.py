"""Shared page text for the extraction rule tests: one realistic article body."""

from __future__ import annotations

TITLE = "Swing bridge to reopen"
PARAGRAPHS = (
    "The harbour authority confirmed on Tuesday that the old swing bridge, closed since "
    "the spring floods, will reopen to foot traffic next month after repairs costing more "
    "than two million pounds.",
    "Engineers replaced the corroded bearings, repainted the steel trusses, and installed a "
    "new control cabin, according to a report published by the council, which had faced "
    "criticism over the delays.",
    "Local traders, who say footfall dropped by a third while the crossing was shut, "
    "welcomed the news but asked for clearer signage, more benches, and better lighting "
    "along the quay.",
)
