"""Imposition: cards on sheets of paper, crop marks, and duplex backs that line up."""

from cardgen.impose.grid import impose
from cardgen.impose.sheet import Sheet, SheetOptions, Slot
from cardgen.impose.papers import PAPERS, Paper, paper

__all__ = ["PAPERS", "Paper", "Sheet", "SheetOptions", "Slot", "impose", "paper"]
