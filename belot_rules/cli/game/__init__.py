"""The terminal game behind ``belot play``: a match against bots, drawn with rich.

The pieces, each small and testable alone: :mod:`.seating` (who sits where, bots'
reproducible choices), :mod:`.session` (the match and its score sheet), :mod:`.save`
(saves and resume), :mod:`.clock` (input sources and the move clock), :mod:`.prompt`
(what the player may type), :mod:`.render` (what the player sees) and :mod:`.loop`
(the game itself, driven by any input source so tests can script whole matches).
"""
