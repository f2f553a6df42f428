"""The rules of a variant, one package per phase of the game, each the one home of its rules.

A phase package holds the options of its section of a variant file (``options``: each option's type,
default, meanings and when it applies, declared once on its field), the checks of its rules against other
sections' (``checks``) and the strategies compiled from them: ``table`` (seats, sides, camps), ``cards`` (rank orders and card points), ``deal``, ``bidding``,
``play``, ``declarations`` (the melds and belote), ``scoring`` and ``match``. ``common`` holds what
every section's options share (``Rule``, ``Option``, ``ByContract``), ``said`` the sentences of the
rules' explanations, and ``outcome`` a deal's outcome as a scorekeeper types it.
``variant.model`` composes the sections' options into a variant.
"""
