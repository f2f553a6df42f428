"""The match: when it ends and who wins it (``match``); ``end`` compiles it."""
