"""The cards: rank orders and card points per kind of contract, the pack (``cards``); ``tables`` compiles them."""
