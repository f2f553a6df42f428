"""Every sentence of the players' booklet, one function each, so that a translation replaces them in one place.

The functions take numbers, names and lists already chosen by :mod:`.build` and return English text; nothing
else in the booklet writes words a player reads (the meanings of the options' values come from their own
declarations in ``variant/options``, where they are also what ``belot show`` prints).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Headings, in the order the booklet gives its sections.
PLAYERS = "The players and the cards"
DEAL = "The deal"
BIDDING = "The bidding"
PLAY = "The play"
CARD_POINTS = "Counting the cards"
MELDS = "Melds"
SCORING = "Scoring a deal"
EXAMPLE = "A worked example"
MATCH = "The match"
NOT_STATED = "Rules the booklet does not state"

RANK_WORDS = {"6": "Six", "7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def listing(items: Sequence[str], last: str = "and") -> str:
    """``a, b and c``: the items of a sentence."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def sentence(text: str) -> str:
    """An option's meaning (``void in the led suit: any card``) as a sentence of its own."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def rank(name: str) -> str:
    return RANK_WORDS[name]


def title_line(title: str, name: str) -> str:
    return f"{title} ({name})"


def generated(rules_hash: str) -> str:
    return (f"This booklet is written from the rules the program plays (rules hash {rules_hash}); its worked "
            "example is a deal the program played and scored.")


def unstated(name: str) -> str:
    return (f"These rules are numbers or yes/no choices this booklet does not put in words; `belot show {name}` "
            "gives each with what it means:")


def players_partners(players: int) -> str:
    return f"{players} players play in two teams of two; partners sit opposite each other."


def players_each_for_self(players: int) -> str:
    return f"{players} players play, each for himself: every player scores his own points."


def players_taker_vs_rest(players: int) -> str:
    return (f"{players} players play. In each deal the player who takes the contract plays alone against the "
            "others, who score together for that deal.")


def pack(size: int, ranks: Sequence[str]) -> str:
    words = [rank(r).lower() for r in ranks]
    return f"The pack has {size} cards: {listing(words)} in each of the four suits."


def hand(cards: int, tricks: int) -> str:
    return f"Each player plays {cards} cards, so a deal has {tricks} tricks."


def packets(first: Sequence[int], second: Sequence[int], talon: bool) -> str:
    text = f"The dealer deals the cards in packets: first {listing([str(n) for n in first], 'then')} to each player"
    if second and talon:
        return text + (f", and then {listing([str(n) for n in second], 'then')} face down to each, a talon picked "
                       "up once the bidding is over.")
    if second:
        return text + f", and after the bidding {listing([str(n) for n in second], 'then')} more."
    return text + "."


def tableau(packets_on_table: int) -> str:
    return (f"The first {packets_on_table} packets are laid on the table in front of each player, face-up cards on "
            "face-down ones; only the cards in hand and the face-up cards may be played.")


def contracts(named: Sequence[str]) -> str:
    return f"The contracts are {listing(named, 'or')}."


def ladder_order(named: Sequence[str]) -> str:
    return f"From lowest to highest: {listing(named)}."


def overcall_ladder(named: Sequence[str]) -> str:
    return (f"After a take the bidding goes on: each call names a higher contract, from lowest to highest "
            f"{listing(named)}, and three passes end it.")


def contract_word(contract: str, table_word: str | None) -> str:
    plain = {"no_trumps": "no trumps", "all_trumps": "all trumps"}.get(contract, contract)
    if table_word and contract in ("no_trumps", "all_trumps"):
        return f"{table_word} ({plain})"
    if table_word:
        return f"{table_word} {plain}"
    return plain


def point_bids(minimum: int, step: int, maximum: int, capot: bool) -> str:
    text = f"A bid names a trump suit and the points the team means to make: {minimum} to {maximum}, in steps of {step}"
    return text + (", or capot (every trick)." if capot else ".")


def point_bids_alone(minimum: int, step: int, maximum: int) -> str:
    return (f"A bid names only the points the team means to make, {minimum} to {maximum} in steps of {step}; the "
            "bidder chooses the trump once the bidding is over.")


def concealed_trump(counts_earlier: bool) -> str:
    earlier = ("count as trumps in it" if counts_earlier else "stay plain cards in it")
    return ("The bidder lays one card of his hand face down: its suit is trump, known to him alone, and the card is "
            "out of his hand until it is shown. Until then each trick goes to the highest card of the suit led. A "
            "player who cannot follow suit may ask for the trump: the bidder shows the card and takes it back, the "
            "player who asked must play a trump if he holds one, and from then on trumps are trumps. Cards of the "
            f"trump suit played to that trick before it was shown {earlier}. If nobody asks, the bidder shows it "
            "when it is his last card.")


def game_points(brackets: Sequence[tuple[int, int, int]], maximum: int, all_tricks: int, doubled: bool) -> str:
    ends = [b for b, _, _ in brackets[1:]] + [maximum + 1]
    rows = [(f"{start}" if end - 1 == start else f"{start} to {end - 1}") + f" +{made} made, -{failed} failed"
            for (start, made, failed), end in zip(brackets, ends)]
    text = ("A deal is scored in game points: the bidding side makes its bid with at least as many card points as "
            f"it bid, and wins or loses by its bid: {listing(rows, 'and')}. Only the bidding side's score changes"
            + ("; a double multiplies the game points" if doubled else ""))
    return text + (f"; taking every trick multiplies them by {all_tricks}." if all_tricks > 1 else ".")


def pair(moves: int, reduces_from: int) -> str:
    text = (f"A player holding the King and Queen of trumps may show them, the pair, once the trump is known: his "
            f"side's target goes down by {moves} if it bid, up by {moves} if the opponents did, never below the "
            "lowest bid nor above the highest")
    return text + (f"; a bid below {reduces_from} is not lowered." if reduces_from else ".")


def partner_overcall(least: int) -> str:
    return f"Over one's own partner's bid, the opponent between having passed, a bid must be at least {least}."


def equal_holds() -> str:
    return "A player who speaks before the standing bidder may hold the bid by equalling it; a later one must bid higher."


def capot_bid_value(points: int) -> str:
    return f"A capot bid is worth {points}."


def fixed_totals(cards: int | None, capot: int | None) -> str:
    parts = [f"{cards} for the cards" if cards is not None else "", f"{capot} for a capot" if capot is not None else ""]
    return f"A side that scores every card of the deal writes a fixed total: {listing([p for p in parts if p])}."


def doublings(names: Sequence[str], multipliers: Sequence[int]) -> str:
    steps = [f"{name} (×{times})" for name, times in zip(names, multipliers)]
    return (f"A contract may be doubled: {listing(steps, 'then')}. The opponents of the contract call the first "
            "level, its team the next, and so on.")


def no_doubling() -> str:
    return "Nobody doubles a contract."


def first_lead() -> str:
    return "The player after the dealer leads the first trick; whoever wins a trick leads the next."


def follow_suit() -> str:
    return "Every player must follow the suit led if he can."


def must_trump() -> str:
    return ("A player who cannot follow suit must play a trump when an opponent is winning the trick, a trump "
            "higher than one already in the trick if he can; otherwise he may play any card, unless a rule below "
            "says more.")


def trump_order(order: Sequence[str]) -> str:
    first, second = rank(order[0]), rank(order[1]).lower()
    return (f"In a trump contract the {first} of trumps is the highest card, then the {second}; trumps rank "
            f"{_ranks(order)}. A trump beats any card of another suit.")


def plain_order(order: Sequence[str]) -> str:
    return f"The other suits rank {_ranks(order)}, highest first."


def no_trumps_order(order: Sequence[str]) -> str:
    return f"In no trumps every suit has no trumps above it; the cards rank {_ranks(order)}, highest first."


def all_trumps_order(order: Sequence[str]) -> str:
    return f"In all trumps every suit is trumps, and its cards rank {_ranks(order)}, highest first."


def _ranks(order: Sequence[str]) -> str:
    return listing([rank(r).lower() for r in order])


def winner() -> str:
    return "The highest trump wins the trick; without a trump, the highest card of the suit led."


def trump_points(points: Mapping[str, int]) -> str:
    return f"A trump counts: {_worth(points)}; the other cards count nothing."


def plain_points(points: Mapping[str, int]) -> str:
    return f"A card of another suit counts: {_worth(points)}; the other cards count nothing."


def no_trumps_points(points: Mapping[str, int]) -> str:
    return f"In no trumps a card counts: {_worth(points)}; the other cards count nothing."


def all_trumps_points(points: Mapping[str, int]) -> str:
    return f"In all trumps a card counts: {_worth(points)}; the other cards count nothing."


def _worth(points: Mapping[str, int]) -> str:
    return listing([f"{rank(r).lower()} {p}" for r, p in points.items() if p])


def last_trick(points: int) -> str:
    return f"The last trick counts {points} more for whoever takes it."


def deal_total(contract_words: str, total: int) -> str:
    return f"With the last trick, the cards of a deal count {total} in {contract_words}."


def deal_total_trumps(total: int) -> str:
    return f"With the last trick, the cards of a deal count {total} in a trump contract."


def no_trumps_factor(factor: int) -> str:
    return f"In no trumps the card points and the last trick count ×{factor}."


def no_trumps_capot_factor() -> str:
    return "The no-trumps factor multiplies the capot too."


def contract_factors(factors: Mapping[str, int]) -> str:
    each = [f"{name} ×{times}" for name, times in factors.items()]
    return f"Every point of a deal is multiplied by its contract's factor: {listing(each)}."


def no_melds() -> str:
    return "There are no sequences or fours of a kind to declare."


def sequences(values: Mapping[int, int], in_what: str) -> str:
    longest = max(values)
    each = [f"{length}{' or more' if length == longest else ''} cards {points}" for length, points in values.items()]
    return f"A sequence of cards of one suit, in the order {in_what}, scores: {listing(each)}."


def quads(values: Mapping[str, int]) -> str:
    each = [f"four {rank(r).lower()}s {points}" for r, points in values.items()]
    return f"Four of a kind scores: {listing(each)}."


def quad_order(order: Sequence[str]) -> str:
    return f"Of two fours of a kind worth the same, the higher is by rank: {listing([rank(r).lower() + 's' for r in order])}."


def no_trumps_quads(values: Mapping[str, int]) -> str:
    each = [f"four {rank(r).lower()}s {points}" for r, points in values.items()]
    return f"In no trumps four of a kind scores: {listing(each)}."


def meld_contracts(kinds: Sequence[str]) -> str:
    return f"Melds count in {listing(kinds, 'and')} contracts."


def melds_from_tricks() -> str:
    return "Melds are not declared from the hand: they are found among the cards of each trick and score for the side that takes it."


def belote(points: int, kinds: Sequence[str]) -> str:
    return f"The King and Queen of trumps in one hand, the belote, score {points} in {listing(kinds, 'and')} contracts."


def capot(bonus: int) -> str:
    return f"A side that takes every trick makes a capot, worth {bonus} more."


def target(points: int) -> str:
    return f"The match is played to {points} points."


def running_set(points: int) -> str:
    return (f"The score runs above and below zero: a side reaching +{points} wins the match, a side falling to "
            f"-{points} loses it.")


def fixed_deals(deals: int) -> str:
    return f"The match is {deals} deals; the higher total wins."


def single_deal() -> str:
    return "The match is a single deal."


def cut(cards: int) -> str:
    return f"Each part of a cut holds at least {cards} cards."


def rounds(count: int) -> str:
    if count == 1:
        return "The bidding goes round once; then, if nobody has taken, the deal is void."
    return f"The bidding goes round at most {count} times; then, if nobody has taken, the deal is void."


def redeal_claim(without: Sequence[str], all_four: str | None = None) -> str:
    four = f", or all four {rank(all_four).lower()}s," if all_four else ""
    return (f"A player whose cards hold no {listing([rank(r).lower() for r in without], 'or')}{four} may call redeal "
            "(kawesh) at his first call, before anyone names a contract: the deal is void and the same dealer "
            "deals again.")


def ashkal(speakers: Sequence[int], contract: str, not_on: Sequence[str]) -> str:
    who = listing([ORDINALS[s - 1] for s in speakers], "or")
    text = (f"The {who} speaker may call ashkal instead of a contract: it bids {contract} for his partner, "
            "who takes the turned card")
    return text + (f"; not when the turned card is {listing([rank(r).lower() for r in not_on], 'or')}." if not_on else ".")


def match_winning_level(name: str) -> str:
    return f"A deal doubled up to {name} decides the whole match: its winner wins the match."


def match_winning_points(points: int) -> str:
    return f"Its winner writes {points} points on the board, the other side nothing."


def double_condition(kinds: Sequence[str], below: int, above: int) -> str:
    return (f"A {listing(kinds, 'or')} contract may be doubled first only by a side with fewer than {below} points "
            f"on the board, against a contract side with more than {above}.")


def wins_match(length: int) -> str:
    return f"A declared sequence of {length} cards or more wins the match at once."


def no_trumps_capot(bonus: int) -> str:
    return f"In no trumps the capot is worth {bonus}."


# The kinds of contract, as a sentence names them ("in trump contracts").
KIND_WORDS = {"suit": "trump", "no_trumps": "no-trumps", "all_trumps": "all-trumps"}


def rounding(kind: str, text: str) -> str:
    return f"Rounding in {KIND_WORDS[kind]} contracts: {text[:1].lower()}{text[1:]}"


# Yes/no rules, as a sentence for yes and one for no (None: nothing worth saying).
YES_NO: dict[tuple[str, ...], tuple[str | None, str | None]] = {
    ("deal", "talon"): (None, None),
    ("bidding", "doubles", "redouble_ends_auction"): ("The last doubling ends the auction at once.", None),
    ("bidding", "doubles", "after_bidding"): (
        "Doublings are called once the bidding is over, the opponents of the taker first.", None),
    ("bidding", "points", "maximum_means_capot"): ("The highest bid is itself a bid to take every trick.", None),
    ("declarations", "quad_beats_equal_sequence"): ("A four of a kind beats a sequence of the same value.", None),
    ("declarations", "count_without_tricks"): (None, "A side that takes no trick scores none of its melds."),
    ("declarations", "counts_for_contract"): (
        "Melds count when deciding whether the contract is made.",
        "Melds do not count when deciding whether the contract is made."),
    ("declarations", "belote", "counts_for_contract"): (
        "The belote counts when deciding whether the contract is made.",
        "The belote does not count when deciding whether the contract is made."),
    ("declarations", "belote", "multiplied_by_double"): (None, "No doubling multiplies the belote."),
    ("scoring", "capot", "replaces_card_points"): (
        "The capot side scores the capot instead of its card points and last trick, not on top of them.", None),
    ("scoring", "capot", "multiplied_by_double"): (None, "No doubling multiplies the capot."),
    ("scoring", "capot", "shared"): (
        "A player who takes no trick is capot: the players who took tricks share the bonus.", None),
    ("scoring", "capot", "last_trick_counts"): (None, "With a capot the last trick scores no bonus."),
    ("scoring", "reserve", "accumulate"): ("Another tie adds its points to those already waiting.", None),
    ("scoring", "reserve", "kept_on_all_pass"): ("A deal everyone passes leaves waiting points where they are.", None),
    ("scoring", "point_bids", "bid_added"): (
        "The bid is added to the winners' score: to the takers when made, to the defenders when failed.", None),
    ("scoring", "rounding", "min_one"): ("In a made contract a side that scored never rounds down to 0.", None),
    ("match", "must_score_in_final_deal"): (
        "A side over the target wins only if it scored in the deal that took it there.", None),
    ("match", "belote_alone_cannot_win"): (
        "A side whose contract failed cannot reach the target with its belote alone.", None),
}


def move_clock(seconds: int) -> str:
    return f"Each call and each card must be made within {seconds} seconds."


# ----------------------------------------------------------------------------- the worked example

def example_intro(seed: int) -> str:
    return (f"Here is a deal the program dealt (seed {seed}) and scored. The program checks, every time it writes "
            "this booklet, that the sums below are its own.")


def example_contract(taker: str, contract_words: str, doubling: str | None, bid: str | None) -> str:
    text = f"{taker} took the contract in {contract_words}"
    if bid:
        text += f" with a bid of {bid}"
    if doubling:
        text += f", and it was doubled ({doubling})"
    return text + "."


def no_example(reason: str) -> str:
    return (f"This booklet has no worked example: the program could not check its own score of a deal in these "
            f"rules ({reason}). That is a defect of the program; please report it with the rules file.")


def example_trump(contract_words: str) -> str:
    return f"The deal was played in {contract_words}, with no contract at stake."


def example_parts(side: str, parts: Sequence[tuple[str, int]], total: int) -> str:
    shown = [f"{name} {value}" for name, value in parts if value] or ["nothing"]
    return f"{side}: {' + '.join(shown)} = {total}."


PART_NAMES = ("card points", "last trick", "melds", "belote", "capot")


def example_verdict(verdict: str) -> str:
    words = {"made": "The contract is made.", "failed": "The contract fails.",
             "hanging": "The totals are equal: the takers' points hang, waiting for a later deal.",
             "litige": "The totals are equal: a litige, the takers' points waiting for a later deal."}
    return words.get(verdict, f"The result is {verdict}.")


def example_board(entries: Sequence[tuple[str, int]], waiting: int) -> str:
    text = f"On the match board: {listing([f'{side} {points}' for side, points in entries])}"
    return text + (f"; {waiting} wait for a later deal." if waiting else ".")


def example_reckoning() -> str:
    return "The program's own reckoning, line by line:"
