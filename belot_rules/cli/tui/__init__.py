"""The full-screen game behind ``belot play`` on a terminal, built with Textual.

It plays the same :class:`~belot_rules.cli.game.session.Session` as the line-by-line
game (``belot play --plain``) and draws with the same :class:`~belot_rules.cli.game.render.Renderer`
words: :mod:`.drawing` (cards and the seats around the trick as rich text),
:mod:`.screens` (messages and pages that stay until dismissed) and :mod:`.app` (the table,
its keys and the bots' moves).
"""
