"""Automated opponents: flowcharts from card_data run step by step against the game's rules."""
