"""The phases of a deal, as :attr:`~belot_rules.engine.deal.DealState.phase` names them."""

BIDDING, DECLARING, PLAYING, OVER = "bidding", "declaring", "playing", "over"
EXCHANGING = "exchanging"  # the holder of the trump seven may take the turned card for it before trick 1
DISCARDING = "discarding"  # the taker, who picked up the chien, lays as many cards aside before trick 1
CONCEALING = "concealing"  # the bidder lays a card face down: its suit is trump, known to him alone (play.trump_shown on_demand)
PREDICTING = "predicting"  # each player predicts the points he will take, before trick 1 (bidding.predictions)
SINGLE_HAND = "single_hand"  # each player in turn may undertake to win every trick alone, his partner out (play.single_hand)
MENU_PHASES = (DECLARING, EXCHANGING, SINGLE_HAND)  # the phases whose few actions a table offers as a menu of choices
