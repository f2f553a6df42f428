"""The table: the players, their sides and camps (``table`` in a variant file); ``seating`` compiles them."""
