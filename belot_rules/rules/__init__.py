"""Compiled rule strategies: card tables, bidding, play obligations, declarations, scoring."""
