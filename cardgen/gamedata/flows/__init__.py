"""Automated opponents' flowcharts: read and checked (charts), their expressions, their shape (graph), their printed text."""
