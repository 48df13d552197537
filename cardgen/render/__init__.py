"""Renderers: drawing operations to vector PDF (reportlab) and to pixels (Pillow)."""
