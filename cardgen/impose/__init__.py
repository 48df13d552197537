"""Imposition: cards on sheets of paper, crop marks, and duplex backs that line up."""

from cardgen.impose.grid import Sheet, SheetOptions, Slot, impose
from cardgen.impose.papers import PAPERS, Paper, paper

__all__ = ["PAPERS", "Paper", "Sheet", "SheetOptions", "Slot", "impose", "paper"]
