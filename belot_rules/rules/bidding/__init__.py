"""The bidding: contracts, the auction, contra and recontra (``bidding``); ``auction`` compiles each style,
``calls`` holds the calls and the auction's state, ``push`` the push auction, ``closed`` a locked game.
"""
