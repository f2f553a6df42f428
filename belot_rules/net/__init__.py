"""Play with friends over the network: ``belot host`` keeps the table, ``belot join`` sits at it.

The server decides everything: it holds the match (a :class:`~belot_rules.cli.game.session.Session`
driven by the game controller), and each connection receives only what its seat may see, built from
that seat's :class:`~belot_rules.engine.deal.SeatView` (a spectator's: what the whole table sees).
Clients send what the player typed; the server parses it as the line game does, so an illegal card
is refused with the same reason.

- :mod:`.protocol`: the messages, their JSON Schema (``schemas/protocol.schema.json``) and the limits.
- :mod:`.wire`: a seat's view and the table's events as the messages carry them.
- :mod:`.table`: one table's match, seats, tokens and turns, free of any network code; :mod:`.seats` (who
  it speaks to), :mod:`.flow` (the controller for several people), :mod:`.takeback` (undo by the host's
  rule) and :mod:`.pages` (rules, sheet, history, result boxes) are its parts.
- :mod:`.server`: the WebSocket server: connections, rate limits, pacing, one task per table.
- :mod:`.store`: the hosted match saved after every move, for ``belot host --resume``.
- :mod:`.client`: the client of ``belot join``: the line game (``--plain``) and the watcher.
- :mod:`.joined`: ``belot join``'s full-screen table: the local table, its controller answered by the server.
"""
