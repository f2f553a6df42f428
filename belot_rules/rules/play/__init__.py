"""The play: what a player must play (``play``); ``obligations`` compiles the legal cards, ``jass`` the Jass rules.

The same rules in C, for the playout kernel and the double-dummy solver, are ``obligations.h`` here.
"""
