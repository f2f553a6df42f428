"""The scorekeeper's pad: a real table's match scored deal by deal from what the players count.

``sheet`` holds the match as entered (each deal a short deal outcome) and works out the board;
``entry`` reads a deal as the scorekeeper says it; ``reduce`` tells an engine-played deal the same
way. The views and the files are ``belot sheet``'s (:mod:`belot_rules.cli.sheet`).
"""
