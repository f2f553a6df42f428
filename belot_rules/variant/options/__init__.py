"""The options of a variant file by phase of the game, one module each; ``variant.model`` composes them."""
