"""The deal: packets, the turned card, the stock, shuffling (``deal``); ``dealing`` compiles it, ``redeal`` the redeal claim."""
