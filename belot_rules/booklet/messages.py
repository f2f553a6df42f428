"""Every sentence of the players' booklet, one function each, so that a translation replaces them in one place.

The functions take numbers, names and lists already chosen by :mod:`.build` and return text in the language the
command speaks (each sentence a template of the catalogues, its values filled in); nothing else in the booklet
writes words a player reads (the meanings of the options' values come from their own declarations in
``rules/<phase>/options.py``, where they are also what ``belot show`` prints). Headings, kinds of contract and yes/no
sentences are kept in English here (``N_``) and translated where the booklet is built, so that a test can
name them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..i18n import N_, gettext as _, ngettext, pgettext, words

# Headings, in the order the booklet gives its sections.
PLAYERS = N_("The players and the cards")
DEAL = N_("The deal")
BIDDING = N_("The bidding")
PLAY = N_("The play")
CARD_POINTS = N_("Counting the cards")
MELDS = N_("Melds")
SCORING = N_("Scoring a deal")
EXAMPLE = N_("A worked example")
MATCH = N_("The match")
NOT_STATED = N_("Rules the booklet does not state")

ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"), N_("seventh"),
            N_("eighth"), N_("ninth"))


def listing(items: Sequence[str], last: str = "and") -> str:
    """``a, b and c``: the items of a sentence (``last``: and, or, then)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    joins = {"and": pgettext("list", "{first} and {last}"), "or": pgettext("list", "{first} or {last}"),
             "then": pgettext("list", "{first} then {last}")}
    # Translators: what separates the items of a list but the last two ("a, b and c").
    comma = pgettext("list", ", ")
    return joins[last].format(first=comma.join(items[:-1]), last=items[-1])


def sentence(text: str) -> str:
    """An option's meaning (``void in the led suit: any card``) as a sentence of its own."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?", "。")) else ".")


def rank(name: str) -> str:
    """A rank's name as a sentence says it (``jack``)."""
    return words.rank_names()[name]


def title_line(title: str, name: str) -> str:
    return f"{title} ({name})"


def english_description() -> str:
    return _("(The variant's file describes it in English only.)")


def generated(rules_hash: str) -> str:
    return _("This booklet is written from the rules the program plays (rules hash {hash}); its worked example is a "
             "deal the program played and scored.").format(hash=rules_hash)


def unstated(name: str) -> str:
    return _("These rules are numbers or yes/no choices this booklet does not put in words; `belot show {name}` "
             "gives each with what it means:").format(name=name)


def players_partners(players: int) -> str:
    return _("{players} players play in two teams of two; partners sit opposite each other.").format(players=players)


def players_each_for_self(players: int) -> str:
    return _("{players} players play, each for himself: every player scores his own points.").format(players=players)


def players_taker_vs_rest(players: int) -> str:
    return _("{players} players play. In each deal the player who takes the contract plays alone against the "
             "others, who score together for that deal.").format(players=players)


def pack(size: int, ranks: Sequence[str]) -> str:
    return ngettext("The pack has {size} card: {ranks} in each of the four suits.",
                    "The pack has {size} cards: {ranks} in each of the four suits.", size).format(
        size=size, ranks=listing([rank(r) for r in ranks]))


def hand(cards: int, tricks: int) -> str:
    # Translators: as many tricks as cards in a hand, so the count of cards chooses the form.
    return ngettext("Each player plays {cards} card, so a deal has {tricks} trick.",
                    "Each player plays {cards} cards, so a deal has {tricks} tricks.", cards).format(cards=cards, tricks=tricks)


def packets(first: Sequence[int], second: Sequence[int], talon: bool) -> str:
    first_said = listing([str(n) for n in first], "then")
    second_said = listing([str(n) for n in second], "then")
    if second and talon:
        return _("The dealer deals the cards in packets: first {first} to each player, and then {second} face down to "
                 "each, a talon picked up once the bidding is over.").format(first=first_said, second=second_said)
    if second:
        return _("The dealer deals the cards in packets: first {first} to each player, and after the bidding {second} "
                 "more.").format(first=first_said, second=second_said)
    return _("The dealer deals the cards in packets: first {first} to each player.").format(first=first_said)


def tableau(packets_on_table: int) -> str:
    return _("The first {packets} packets are laid on the table in front of each player, face-up cards on face-down "
             "ones; only the cards in hand and the face-up cards may be played.").format(packets=packets_on_table)


def contracts(named: Sequence[str]) -> str:
    return _("The contracts are {contracts}.").format(contracts=listing(named, "or"))


def ladder_order(named: Sequence[str]) -> str:
    return _("From lowest to highest: {contracts}.").format(contracts=listing(named))


def overcall_ladder(named: Sequence[str]) -> str:
    return _("After a take the bidding goes on: each call names a higher contract, from lowest to highest "
             "{contracts}, and three passes end it.").format(contracts=listing(named))


def contract_word(plain: str, table_word: str | None, by_suit: bool) -> str:
    """A contract as the table says it: its table's word and the plain one (``Sun (no trumps)``), a suit after the
    word for any trump contract (``Hokum hearts``), or the plain word alone."""
    if table_word and by_suit:
        return f"{table_word} {plain}"
    if table_word and table_word != plain:
        return f"{table_word} ({plain})"
    return plain


def point_bids(minimum: int, step: int, maximum: int, capot: bool) -> str:
    if capot:
        return _("A bid names a trump suit and the points the team means to make: {minimum} to {maximum}, in steps "
                 "of {step}, or capot (every trick).").format(minimum=minimum, maximum=maximum, step=step)
    return _("A bid names a trump suit and the points the team means to make: {minimum} to {maximum}, in steps of "
             "{step}.").format(minimum=minimum, maximum=maximum, step=step)


def point_bids_alone(minimum: int, step: int, maximum: int) -> str:
    return _("A bid names only the points the team means to make, {minimum} to {maximum} in steps of {step}; the "
             "bidder chooses the trump once the bidding is over.").format(minimum=minimum, maximum=maximum, step=step)


def seventh_card() -> str:
    return _("Instead of laying a card of his first four face down, the bidder may call for his seventh card: once the "
             "rest is dealt, the third card of his second packet is laid face down, and its suit is trump.")


def concealed_trump(counts_earlier: bool) -> str:
    earlier = _("count as trumps in it") if counts_earlier else _("stay plain cards in it")
    return _("The bidder lays one card of his hand face down: its suit is trump, known to him alone, and the card is "
             "out of his hand until it is shown. Until then each trick goes to the highest card of the suit led. A "
             "player who cannot follow suit may ask for the trump: the bidder shows the card and takes it back, the "
             "player who asked must play a trump if he holds one, and from then on trumps are trumps. Cards of the "
             "trump suit played to that trick before it was shown {earlier}. If nobody asks, the bidder shows it "
             "when it is his last card.").format(earlier=earlier)


def single_hand(points: int) -> str:
    return _("Once every card is dealt and before the first lead, each player in turn may undertake to win every trick "
             "alone: his partner lays his cards aside and sits the deal out, the bid, its double and its trump are void, "
             "there are no trumps and he leads. Taking every trick, his side wins {points} game points; losing one, it "
             "loses {points}.").format(points=points)


def game_points(brackets: Sequence[tuple[int, int, int]], maximum: int, all_tricks: int, doubled: bool) -> str:
    ends = [b for b, _made, _failed in brackets[1:]] + [maximum + 1]
    rows = [_("{bids} +{made} made, -{failed} failed").format(
                bids=f"{start}" if end - 1 == start else _("{low} to {high}").format(low=start, high=end - 1),
                made=made, failed=failed)
            for (start, made, failed), end in zip(brackets, ends)]
    text = _("A deal is scored in game points: the bidding side makes its bid with at least as many card points as "
             "it bid, and wins or loses by its bid: {rows}. Only the bidding side's score changes.").format(
                 rows=listing(rows, "and"))
    if doubled:
        text += " " + _("A double multiplies the game points.")
    if all_tricks > 1:
        text += " " + _("Taking every trick multiplies them by {factor}.").format(factor=all_tricks)
    return text


def pair(moves: int, reduces_from: int) -> str:
    text = _("A player holding the King and Queen of trumps may show them, the pair, once the trump is known: his "
             "side's target goes down by {moves} if it bid, up by {moves} if the opponents did, never below the "
             "lowest bid nor above the highest.").format(moves=moves)
    if reduces_from:
        text += " " + _("A bid below {bid} is not lowered.").format(bid=reduces_from)
    return text


def partner_overcall(least: int) -> str:
    return _("Over one's own partner's bid, the opponent between having passed, a bid must be at least "
             "{least}.").format(least=least)


def equal_holds() -> str:
    return _("A player who speaks before the standing bidder may hold the bid by equalling it; a later one must bid "
             "higher.")


def pass_is_final() -> str:
    return _("A player who passes is out of the bidding.")


def capot_bid_value(points: int) -> str:
    return _("A capot bid is worth {points}.").format(points=points)


def fixed_totals(cards: int | None, capot: int | None) -> str:
    parts = [_("{points} for the cards").format(points=cards) if cards is not None else "",
             _("{points} for a capot").format(points=capot) if capot is not None else ""]
    return _("A side that scores every card of the deal writes a fixed total: {totals}.").format(
        totals=listing([p for p in parts if p]))


def doublings(names: Sequence[str], multipliers: Sequence[int]) -> str:
    steps = [f"{name} (×{times})" for name, times in zip(names, multipliers)]
    if len(steps) == 1:
        return _("A contract may be doubled: {steps}, by the opponents of the contract.").format(steps=steps[0])
    if len(steps) == 2:
        return _("A contract may be doubled: {steps}. The opponents of the contract call the first level, its team "
                 "the second.").format(steps=listing(steps, "then"))
    return _("A contract may be doubled: {steps}. The opponents of the contract call the first level, its team the "
             "next, and so on.").format(steps=listing(steps, "then"))


def no_doubling() -> str:
    return _("Nobody doubles a contract.")


def first_lead() -> str:
    return _("The player after the dealer leads the first trick; whoever wins a trick leads the next.")


def follow_suit() -> str:
    return _("Every player must follow the suit led if he can.")


def must_trump() -> str:
    return _("A player who cannot follow suit must play a trump when an opponent is winning the trick, a trump "
             "higher than one already in the trick if he can; otherwise he may play any card, unless a rule below "
             "says more.")


def trump_order(order: Sequence[str]) -> str:
    return _("In a trump contract the {first} of trumps is the highest card, then the {second}; trumps rank "
             "{ranks}. A trump beats any card of another suit.").format(
                 first=rank(order[0]), second=rank(order[1]), ranks=_ranks(order))


def plain_order(order: Sequence[str]) -> str:
    return _("The other suits rank {ranks}, highest first.").format(ranks=_ranks(order))


def no_trumps_order(order: Sequence[str]) -> str:
    return _("In no trumps every suit has no trumps above it; the cards rank {ranks}, highest first.").format(
        ranks=_ranks(order))


def all_trumps_order(order: Sequence[str]) -> str:
    return _("In all trumps every suit is trumps, and its cards rank {ranks}, highest first.").format(
        ranks=_ranks(order))


def _ranks(order: Sequence[str]) -> str:
    return listing([rank(r) for r in order])


def winner() -> str:
    return _("The highest trump wins the trick; without a trump, the highest card of the suit led.")


def trump_points(points: Mapping[str, int]) -> str:
    return _("A trump counts: {points}; the other cards count nothing.").format(points=_worth(points))


def plain_points(points: Mapping[str, int]) -> str:
    return _("A card of another suit counts: {points}; the other cards count nothing.").format(points=_worth(points))


def no_trumps_points(points: Mapping[str, int]) -> str:
    return _("In no trumps a card counts: {points}; the other cards count nothing.").format(points=_worth(points))


def all_trumps_points(points: Mapping[str, int]) -> str:
    return _("In all trumps a card counts: {points}; the other cards count nothing.").format(points=_worth(points))


def _worth(points: Mapping[str, int]) -> str:
    return listing([f"{rank(r)} {p}" for r, p in points.items() if p])


def last_trick(points: int) -> str:
    return _("The last trick counts {points} more for whoever takes it.").format(points=points)


def deal_total(contract_words: str, total: int, last_trick: int) -> str:
    """What the cards of a deal count in a contract, the last trick's points included where it has some."""
    if not last_trick:  # twenty-nine.md §1: "most players nowadays do not count the point for the last trick"
        return _("The last trick counts nothing more: the cards of a deal count {total} in {contract}.").format(
            total=total, contract=contract_words)
    return _("With the last trick, the cards of a deal count {total} in {contract}.").format(
        total=total, contract=contract_words)


def deal_total_trumps(total: int, last_trick: int) -> str:
    if not last_trick:
        return _("The last trick counts nothing more: the cards of a deal count {total} in a trump contract.").format(
            total=total)
    return _("With the last trick, the cards of a deal count {total} in a trump contract.").format(total=total)


def no_trumps_factor(factor: int) -> str:
    return _("In no trumps the card points and the last trick count ×{factor}.").format(factor=factor)


def no_trumps_capot_factor() -> str:
    return _("The no-trumps factor multiplies the capot too.")


def contract_factors(factors: Mapping[str, int]) -> str:
    each = [f"{name} ×{times}" for name, times in factors.items()]
    return _("Every point of a deal is multiplied by its contract's factor: {factors}.").format(factors=listing(each))


def no_melds() -> str:
    return _("There are no sequences or fours of a kind to declare.")


def sequences(values: Mapping[int, int], in_what: str) -> str:
    longest = max(values)
    each = [(ngettext("{length} or more card {points}", "{length} or more cards {points}", length) if length == longest
             else ngettext("{length} card {points}", "{length} cards {points}", length)).format(length=length,
                                                                                               points=points)
            for length, points in values.items()]
    return _("A sequence of cards of one suit, in the order {order}, scores: {values}.").format(
        order=in_what, values=listing(each))


def _fours(values: Mapping[str, int]) -> str:
    return listing([_("four {rank}s {points}").format(rank=rank(r), points=points) for r, points in values.items()])


def quads(values: Mapping[str, int]) -> str:
    return _("Four of a kind scores: {values}.").format(values=_fours(values))


def quad_order(order: Sequence[str]) -> str:
    return _("Of two fours of a kind worth the same, the higher is by rank: {ranks}.").format(
        ranks=_ranks(order))


def no_trumps_quads(values: Mapping[str, int]) -> str:
    return _("In no trumps four of a kind scores: {values}.").format(values=_fours(values))


def meld_contracts(kinds: Sequence[str]) -> str:
    return _("Melds count in {kinds} contracts.").format(kinds=listing(kinds, "and"))


def melds_from_tricks() -> str:
    return _("Melds are not declared from the hand: they are found among the cards of each trick and score for the "
             "side that takes it.")


def belote(points: int, kinds: Sequence[str]) -> str:
    return _("The King and Queen of trumps in one hand, the belote, score {points} in {kinds} contracts.").format(
        points=points, kinds=listing(kinds, "and"))


def capot(bonus: int) -> str:
    return _("A side that takes every trick makes a capot, worth {bonus} more.").format(bonus=bonus)


def target(points: int) -> str:
    return ngettext("The match is played to {points} point.", "The match is played to {points} points.",
                    points).format(points=points)


def running_set(points: int) -> str:
    return _("The score runs above and below zero: a side reaching +{points} wins the match, a side falling to "
             "-{points} loses it.").format(points=points)


def fixed_deals(deals: int) -> str:
    return ngettext("The match is {deals} deal; the higher total wins.", "The match is {deals} deals; the higher total wins.",
                    deals).format(deals=deals)


def fixed_deals_penalties(deals: int) -> str:
    return ngettext("The match is {deals} deal; the fewest penalty points, the highest total on the board, wins.",
                    "The match is {deals} deals; the fewest penalty points, the highest total on the board, wins.",
                    deals).format(deals=deals)


def predictions_scored(bonus: int) -> str:
    """How predictions are scored (differenzler.md §5)."""
    said = _("Each player's penalty is the difference between his prediction and the points he took, written on the "
             "board as minus that many.")
    if bonus:
        said += " " + _("An exact prediction takes {bonus} off the penalty; a prediction of 0 only with a trick "
                        "taken.").format(bonus=bonus)
    return said


def single_deal() -> str:
    return _("The match is a single deal.")


def cut(cards: int) -> str:
    return ngettext("Each part of a cut holds at least {cards} card.", "Each part of a cut holds at least {cards} cards.",
                    cards).format(cards=cards)


def rounds(count: int) -> str:
    if count == 1:
        return _("The bidding goes round once; then, if nobody has taken, the deal is void.")
    return _("The bidding goes round at most {count} times; then, if nobody has taken, the deal is void.").format(
        count=count)


def redeal_claim(without: Sequence[str], all_four: str | None = None) -> str:
    ranks = listing([rank(r) for r in without], "or")
    if all_four:
        return _("A player whose cards hold no {ranks}, or all four {rank}s, may call redeal at his first call, "
                 "before anyone names a contract: the deal is void and the same dealer deals again.").format(
                     ranks=ranks, rank=rank(all_four))
    return _("A player whose cards hold no {ranks} may call redeal (kawesh) at his first call, before anyone names a "
             "contract: the deal is void and the same dealer deals again.").format(ranks=ranks)


def ashkal(speakers: Sequence[int], contract: str, not_on: Sequence[str]) -> str:
    who = listing([_(ORDINALS[s - 1]) for s in speakers], "or")
    text = _("The {who} speaker may call ashkal instead of a contract: it bids {contract} for his partner, who takes "
             "the turned card.").format(who=who, contract=contract)
    if not_on:
        text += " " + _("Not when the turned card is {ranks}.").format(ranks=listing([rank(r) for r in not_on], "or"))
    return text


def match_winning_level(name: str) -> str:
    return _("A deal doubled up to {name} decides the whole match: its winner wins the match.").format(name=name)


def match_winning_points(points: int) -> str:
    return ngettext("Its winner writes {points} point on the board, the other side nothing.",
                    "Its winner writes {points} points on the board, the other side nothing.", points).format(points=points)


def double_condition(kinds: Sequence[str], below: int, above: int) -> str:
    return _("A {kinds} contract may be doubled first only by a side with fewer than {below} points on the board, "
             "against a contract side with more than {above}.").format(kinds=listing(kinds, "or"), below=below,
                                                                      above=above)


def wins_match(length: int) -> str:
    return ngettext("A declared sequence of {length} card or more wins the match at once.",
                    "A declared sequence of {length} cards or more wins the match at once.", length).format(length=length)


def no_trumps_capot(bonus: int) -> str:
    return _("In no trumps the capot is worth {bonus}.").format(bonus=bonus)


# The kinds of contract, as a sentence names them ("in trump contracts").
KIND_WORDS = {"suit": N_("trump"), "no_trumps": N_("no-trumps"), "all_trumps": N_("all-trumps")}


def kinds_said(kinds: Sequence[str]) -> list[str]:
    """The kinds of contract (``suit``, ``no_trumps``, ``all_trumps``) as a sentence names them."""
    return [_(KIND_WORDS[kind]) for kind in kinds]


def in_kind(kind: str, text: str) -> str:
    """A rule said for one kind of contract, where it differs by kind (``play.trump_overtake``)."""
    return _("In {kind} contracts: {rule}").format(kind=_(KIND_WORDS[kind]), rule=text[:1].lower() + text[1:])


def rounding(kind: str, text: str) -> str:
    return _("Rounding in {kind} contracts: {rule}").format(kind=_(KIND_WORDS[kind]), rule=text[:1].lower() + text[1:])


# Yes/no rules, as a sentence for yes and one for no (None: nothing worth saying).
YES_NO: dict[tuple[str, ...], tuple[str | None, str | None]] = {
    ("deal", "talon"): (None, None),
    ("bidding", "doubles", "redouble_ends_auction"): (N_("The last doubling ends the auction at once."), None),
    ("bidding", "doubles", "after_bidding"): (
        N_("Doublings are called once the bidding is over, the opponents of the taker first."), None),
    ("bidding", "points", "maximum_means_capot"): (N_("The highest bid is itself a bid to take every trick."), None),
    ("declarations", "quad_beats_equal_sequence"): (N_("A four of a kind beats a sequence of the same value."), None),
    ("declarations", "count_without_tricks"): (None, N_("A side that takes no trick scores none of its melds.")),
    ("declarations", "counts_for_contract"): (
        N_("Melds count when deciding whether the contract is made."),
        N_("Melds do not count when deciding whether the contract is made.")),
    ("declarations", "belote", "counts_for_contract"): (
        N_("The belote counts when deciding whether the contract is made."),
        N_("The belote does not count when deciding whether the contract is made.")),
    ("declarations", "belote", "multiplied_by_double"): (None, N_("No doubling multiplies the belote.")),
    ("scoring", "capot", "replaces_card_points"): (
        N_("The capot side scores the capot instead of its card points and last trick, not on top of them."), None),
    ("scoring", "capot", "multiplied_by_double"): (None, N_("No doubling multiplies the capot.")),
    ("scoring", "capot", "shared"): (
        N_("A player who takes no trick is capot: the players who took tricks share the bonus."), None),
    ("scoring", "capot", "last_trick_counts"): (None, N_("With a capot the last trick scores no bonus.")),
    ("scoring", "reserve", "accumulate"): (N_("Another tie adds its points to those already waiting."), None),
    ("scoring", "reserve", "kept_on_all_pass"): (N_("A deal everyone passes leaves waiting points where they are."),
                                                 None),
    ("scoring", "point_bids", "bid_added"): (
        N_("The bid is added to the winners' score: to the takers when made, to the defenders when failed."), None),
    ("scoring", "rounding", "min_one"): (N_("In a made contract a side that scored never rounds down to 0."), None),
    ("match", "must_score_in_final_deal"): (
        N_("A side over the target wins only if it scored in the deal that took it there."), None),
    ("match", "belote_alone_cannot_win"): (
        N_("A side whose contract failed cannot reach the target with its belote alone."), None),
}


def move_clock(seconds: int) -> str:
    return _("Each call and each card must be made within {seconds} seconds.").format(seconds=seconds)


# ----------------------------------------------------------------------------- the worked example

def example_intro(seed: int) -> str:
    return _("Here is a deal the program dealt (seed {seed}) and scored. The program checks, every time it writes "
             "this booklet, that the sums below are its own.").format(seed=seed)


def example_contract(taker: str, contract_words: str, doubling: str | None, bid: str | None) -> str:
    if bid and doubling:
        text = _("{taker} took the contract in {contract} with a bid of {bid}, and it was doubled ({doubling}).")
    elif bid:
        text = _("{taker} took the contract in {contract} with a bid of {bid}.")
    elif doubling:
        text = _("{taker} took the contract in {contract}, and it was doubled ({doubling}).")
    else:
        text = _("{taker} took the contract in {contract}.")
    return text.format(taker=taker, contract=contract_words, bid=bid, doubling=doubling)


def taker(seat: int, side: str | None) -> str:
    """Who took the contract: ``Seat 2``, with the side where there are partners (``Seat 2 (team 0)``)."""
    said = _("Seat {seat}").format(seat=seat)
    return f"{said} ({side})" if side else said


def side_name(side: int, partners: bool) -> str:
    """How the example names a side, as the board does: ``team 0``, or ``player 2``."""
    return (_("team {number}") if partners else _("player {number}")).format(number=side)


def no_example(reason: str) -> str:
    return _("This booklet has no worked example: the program could not check its own score of a deal in these "
             "rules ({reason}). That is a defect of the program; please report it with the rules file.").format(
                 reason=reason)


def example_trump(contract_words: str) -> str:
    return _("The deal was played in {contract}, with no contract at stake.").format(contract=contract_words)


def example_parts(side: str, parts: Sequence[tuple[str, int]], total: int) -> str:
    shown = [f"{_(name)} {value}" for name, value in parts if value] or [_("nothing")]
    return f"{side}: {' + '.join(shown)} = {total}."


PART_NAMES = (N_("card points"), N_("last trick"), N_("melds"), N_("belote"), N_("capot"))


def example_verdict(verdict: str) -> str:
    said = {"made": _("The contract is made."), "failed": _("The contract fails."),
            "hanging": _("The totals are equal: the takers' points hang, waiting for a later deal."),
            "litige": _("The totals are equal: a litige, the takers' points waiting for a later deal.")}
    return said.get(verdict) or _("The result is {verdict}.").format(verdict=verdict)


def example_board(entries: Sequence[tuple[str, int]], waiting: int) -> str:
    board = listing([f"{side} {points}" for side, points in entries])
    if waiting:
        return _("On the match board: {board}; {waiting} wait for a later deal.").format(board=board, waiting=waiting)
    return _("On the match board: {board}.").format(board=board)


def example_reckoning() -> str:
    return _("The program's own reckoning, line by line:")
