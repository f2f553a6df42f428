"""Simulation and comparison of variants: bots at a table, statistics with confidence intervals.

This package returns data; the command line (``belot simulate``, ``belot compare``) renders it.
"""
