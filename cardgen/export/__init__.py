"""Exports beyond the PDF sheets: per-card PNGs for print shops and Tabletop Simulator decks."""
