"""The declarations (melds) and belote (``declarations``); ``melds`` compiles what a hand holds and the contest."""
