"""The scorekeeper's pad: a real table's match scored deal by deal from what the players count.

``sheet`` holds the match as entered (each deal a short deal outcome) and works out the board;
``store`` keeps it on disk after every entry; ``export`` writes it as a sheet file or CSV. The
views (``belot sheet``) only read and enter.
"""
