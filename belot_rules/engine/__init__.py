"""The generic engine: deal and match states, actions, records and replay, playouts."""
