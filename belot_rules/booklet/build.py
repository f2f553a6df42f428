"""The booklet's sections, chosen from the compiled rules: what a player needs, in the order a deal goes.

Each section has sentences composed from the rules' numbers and orders (:mod:`.messages`), then the
meaning of every value chosen for the options of its phase that the variant uses, in the words the
option declares for it (``rules/<phase>/options.py``): a rule has one home, and a house-rules file gets the
same sentences as a shipped variant. Numbers and yes/no rules without a sentence here are named at
the end, so a player knows where to look (``belot show``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .. import i18n
from ..cards import SUIT_NAMES
from ..cli.game.explain import explanation_in_words
from ..i18n import gettext as _, words
from ..rules.bidding.calls import CAPOT
from ..rules.bidding.options import Predictions
from ..rules.common import KINDS, choice_by_contract, option_of, rule_in
from ..rules.deal.options import TurnedCard
from ..rules.play.options import VoidTrumping
from ..rules.scoring.options import ContractAtStake, RoundingUnit
from ..ruleset import Ruleset
from ..variant.explain import opened
from ..variant.languages import words_in
from ..variant.meanings import meaning
from ..variant.model import SUIT_CONTRACTS, Variant, contract_kind
from ..variant.unused import unused_rules
from . import messages as say
from .example import Example, ExampleFailed, worked_example

KeyPath = tuple[str, ...]
K = TypeVar("K", bound=str)
V = TypeVar("V")
Block = str | tuple[str, ...]  # a paragraph, or a list of items


@dataclass(frozen=True)
class Section:
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Booklet:
    """A rule set told for players: a title, a few lines about it, and its sections."""

    title: str
    intro: tuple[str, ...]
    sections: tuple[Section, ...]
    example: Example | None  # None when no deal could be shown (the example section says why)


# The booklet section that tells each phase's options.
_PHASE_SECTION = {"table": say.PLAYERS, "deal": say.DEAL, "bidding": say.BIDDING, "play": say.PLAY,
                  "declarations": say.MELDS, "scoring": say.SCORING, "match": say.MATCH}
# Values whose meaning only says that nothing happens, or that a sentence of this module already says.
_SILENT = {("deal", "turned_card", "none"), ("deal", "seven_exchange", "off"), ("deal", "stock", "none"),
           ("declarations", "source", "hand"), ("declarations", "source", "tricks"), ("table", "sides", "partners"),
           ("table", "sides", "each_for_self"), ("table", "sides", "taker_vs_rest"),
           ("bidding", "style", "contract_ladder"), ("bidding", "style", "point_bids"), ("bidding", "predictions", "off"),
           ("bidding", "overcall", "higher_contract"),
           # told by the composed sentence of the concealed trump (say.concealed_trump)
           ("play", "trump_shown", "on_demand"), ("play", "earlier_trumps", "stay_plain"),
           ("play", "earlier_trumps", "become_trumps")}


def booklet(rules: Ruleset) -> Booklet:
    """The booklet of ``rules``, with its worked example played and checked by the engine."""
    variant = rules.variant
    meanings, unstated = _option_sentences(rules)
    example: Example | None = None
    try:
        example = worked_example(rules)
        told = _example(rules, example)
    except ExampleFailed as err:
        told = (say.no_example(str(err)),)
    sections = [
        Section(say.PLAYERS, (*_players(rules), *meanings[say.PLAYERS])),
        Section(say.DEAL, (*_deal(rules), *meanings[say.DEAL])),
        Section(say.BIDDING, (*_bidding(rules), *meanings[say.BIDDING])),
        Section(say.PLAY, (*_play(rules), *meanings[say.PLAY])),
        Section(say.CARD_POINTS, _card_points(rules)),
        Section(say.MELDS, (*_melds(rules), *meanings[say.MELDS])),
        Section(say.SCORING, (*_scoring(rules), *meanings[say.SCORING])),
        Section(say.EXAMPLE, told),
        Section(say.MATCH, (*_match(rules), *meanings[say.MATCH])),
    ]
    if unstated:
        sections.append(Section(say.NOT_STATED, (say.unstated(variant.name), tuple(unstated))))
    own = words_in(variant)  # the title and description in the language the booklet is written in
    english = say.english_description() if own.english_description else ""  # the file's words, not translated
    intro = tuple(p for p in (own.description, english, say.generated(rules.content_hash)) if p)
    return Booklet(say.title_line(own.title, variant.name), intro,
                   tuple(Section(_(s.heading), s.blocks) for s in sections), example)


def _option_sentences(rules: Ruleset) -> tuple[dict[str, list[Block]], list[str]]:
    """Per section, the rules of its phase the variant uses, each as a sentence: the meaning of a chosen
    value, or a yes/no rule's sentence; and the rules neither these nor the composed sentences tell."""
    variant = rules.variant
    unused = unused_rules(variant)
    told: dict[str, list[Block]] = {heading: [] for heading in _PHASE_SECTION.values()}
    unstated: list[str] = []
    for path, field in _leaves(Variant, ()):
        if path[0] not in _PHASE_SECTION or _is_unused(unused, path) or _IDLE.get(path, _never)(variant):
            continue
        value = _value_at(variant, path)
        text = meaning(field, value)
        if text is None and path in say.YES_NO:
            text = say.YES_NO[path][0 if value else 1]
        elif text is None and path not in _COMPOSED and value not in (None, [], {}):
            unstated.append(".".join(path))
        text = _(text) if text else text  # a meaning or a yes/no sentence, written in English where it is declared
        if text and (*path, str(value)) not in _SILENT:
            sentence = _by_kind(variant, path, field, _rounding(rules, path, say.sentence(text)))
            if sentence not in told[_PHASE_SECTION[path[0]]]:  # a choice by contract alike in every kind: once
                told[_PHASE_SECTION[path[0]]].append(sentence)
    return told, unstated


def _leaves(model: type[BaseModel], path: KeyPath) -> Iterator[tuple[KeyPath, FieldInfo]]:
    """Every rule of the model below ``path`` with its field, sections walked into, in the model's order."""
    for name, field in model.model_fields.items():
        sections = opened(field)
        if not sections:
            yield (*path, name), field
        for keys, section, _value in sections:
            if section is None:  # one place of a choice by contract
                yield (*path, name, *keys), field
            else:
                yield from _leaves(section, (*path, name, *keys))


def _by_kind(variant: Variant, path: KeyPath, field: FieldInfo, text: str) -> str:
    """A choice by contract that differs between the kinds it is shown in says which kind each sentence is of."""
    option = option_of(field)
    if choice_by_contract(field.annotation) is None or option is None:
        return text
    rule = _value_at(variant, path[:-1])
    return say.in_kind(path[-1], text) if len({str(rule_in(rule, kind)) for kind in option.shown_in}) > 1 else text


def _rounding(rules: Ruleset, path: KeyPath, text: str) -> str:
    """A rounding of one kind of contract says which, with its tie digit written as the number it is."""
    if path[:3] != ("scoring", "rounding", "totals"):
        return text
    digit = rules.variant.scoring.rounding.totals.of(path[3]).tie_digit
    return say.rounding(path[3], text.replace("tie_digit", str(digit)))


def _never(variant: Variant) -> bool:
    return False


# Rules that say nothing to a player of this game, though no other rule switches them off: who gets the first
# packet after the bidding where no packet is dealt then, where a turned card goes where none is turned, what
# counts towards a contract where none is at stake, rounding to tens where no total is rounded.
_IDLE: dict[KeyPath, Callable[[Variant], bool]] = {
    ("deal", "second_packets_start"): lambda variant: not variant.deal.second_packets,
    ("deal", "turned_card_to"): lambda variant: variant.deal.turned_card == TurnedCard.none,
    ("declarations", "counts_for_contract"): lambda variant: variant.scoring.contract == ContractAtStake.each_own,
    ("declarations", "belote", "counts_for_contract"): lambda variant: variant.scoring.contract == ContractAtStake.each_own,
    ("scoring", "rounding", "unit"): lambda variant: variant.scoring.rounding.unit == RoundingUnit.points and all(
        variant.scoring.rounding.totals.of(c).mode == "none" for c in variant.bidding.contracts),
}


def _is_unused(unused: dict[KeyPath, str], path: KeyPath) -> bool:
    return any(path[:n] in unused for n in range(1, len(path) + 1))


def _value_at(section: object, path: KeyPath) -> object:
    for key in path:
        section = rule_in(section, str(key))
    return section


# The rules the composed sentences below tell.
_COMPOSED: set[KeyPath] = {
    ("table", "players"), ("deal", "first_packets"), ("deal", "second_packets"), ("deal", "tableau_packets"),
    ("deal", "cut_min"), ("bidding", "contracts"), ("bidding", "contract_names"), ("bidding", "rounds"),
    ("bidding", "doubles", "max_level"), ("bidding", "doubles", "names"), ("bidding", "doubles", "multipliers"),
    ("bidding", "doubles", "match_winning_level"), ("bidding", "points", "minimum"), ("bidding", "points", "step"),
    ("bidding", "points", "maximum"), ("bidding", "points", "capot_bid"), ("bidding", "points", "capot_value"),
    ("scoring", "point_bids", "fixed_card_total"), ("scoring", "point_bids", "fixed_capot_total"), ("bidding", "ashkal", "enabled"),
    ("bidding", "ashkal", "contract"), ("bidding", "ashkal", "speakers"), ("bidding", "ashkal", "not_on_ranks"),
    ("deal", "redeal_claim", "enabled"), ("deal", "redeal_claim", "without_ranks"),
    ("deal", "redeal_claim", "with_all_four"),
    ("declarations", "enabled"), ("declarations", "allowed"), ("declarations", "sequences"),
    ("declarations", "quads"), ("declarations", "quad_order"),
    ("declarations", "wins_match_length"), ("scoring", "match_winning_points"), ("bidding", "doubles", "condition", "applies"),
    ("bidding", "doubles", "condition", "doubler_below"), ("bidding", "doubles", "condition", "taker_above"), ("declarations", "belote", "enabled"),
    ("declarations", "belote", "points"), ("declarations", "belote", "allowed"), ("scoring", "last_trick"),
    ("scoring", "card_factor"), ("scoring", "contract_factors"), ("scoring", "capot", "bonus"),
    ("scoring", "capot", "multiplied_by_card_factor"), *(("scoring", "rounding", "totals", kind, "tie_digit") for kind in KINDS),
    ("match", "target"), ("match", "deals"), ("table", "move_clock", "seconds"),
    ("play", "trump_shown"), ("play", "earlier_trumps"),
    ("scoring", "game_points", "brackets"), ("scoring", "game_points", "all_tricks_factor"), ("match", "set_at"),
    ("declarations", "pair", "enabled"), ("declarations", "pair", "moves_bid"),
    ("declarations", "pair", "min_bid_to_reduce"), ("bidding", "points", "partner_overcall_min"),
    ("bidding", "points", "equal_holds"), ("bidding", "points", "pass_is_final"), ("play", "seventh_card"),
    ("scoring", "exact_prediction_bonus"), ("play", "single_hand"), ("scoring", "game_points", "single_hand"),
}


def contract_words(rules: Ruleset, contract: str) -> str:
    """A contract as the table says it, in the booklet's language: ``Hokum hearts``, ``Sun (no trumps)``, ``spades``."""
    kind = contract_kind(contract)
    if contract in SUIT_CONTRACTS:
        plain = words.suit_names()[SUIT_CONTRACTS.index(contract)]
    else:
        plain = words.contract_names().get(contract, contract)
    if i18n.current() == i18n.SOURCE:  # the names the file gives, by kind of contract
        table = _plain(rules.variant.bidding.contract_names).get(kind)
    else:  # the file's names in this language, else the catalogue's
        table = words_in(rules.variant).contracts.get("suit" if kind == "suit" else contract)
    return say.contract_word(plain, table, contract not in ("no_trumps", "all_trumps"))


def _plain(table: Mapping[K, V]) -> dict[str, V]:
    """A table keyed by ranks or contracts, keyed by their plain names."""
    return {str(key): value for key, value in table.items()}


def _kinds(rules: Ruleset) -> list[str]:
    return list(dict.fromkeys(contract_kind(c) for c in rules.contracts))


def _players(rules: Ruleset) -> list[Block]:
    seating = rules.seating
    told = {"partners": say.players_partners, "each_for_self": say.players_each_for_self,
            "taker_vs_rest": say.players_taker_vs_rest}[seating.kind](seating.players)
    return [told, say.pack(seating.pack_size, rules.variant.cards.ranks), say.hand(seating.hand_size, seating.hand_size)]


def _deal(rules: Ruleset) -> list[Block]:
    deal = rules.variant.deal
    told: list[Block] = [say.packets(deal.first_packets, deal.second_packets, deal.talon)]
    if deal.tableau_packets:
        told.append(say.tableau(deal.tableau_packets))
    unused = unused_rules(rules.variant)
    if not _is_unused(unused, ("deal", "cut_min")):
        told.append(say.cut(deal.cut_min))
    if not _is_unused(unused, ("deal", "redeal_claim")) and deal.redeal_claim.enabled:
        told.append(say.redeal_claim(deal.redeal_claim.without_ranks, deal.redeal_claim.with_all_four))
    return told


def _bidding(rules: Ruleset) -> list[Block]:
    bidding = rules.variant.bidding
    named = [contract_words(rules, c) for c in rules.contracts]
    told: list[Block] = [say.contracts(named)]
    if bidding.style == "contract_ladder":
        told.append(say.ladder_order(named))
    elif bidding.overcall == "higher_contract" and not _is_unused(unused_rules(rules.variant), ("bidding", "overcall")):
        told.append(say.overcall_ladder(named))
    if "point_bids" in bidding.style and rules.variant.play.conceals_trump:
        points = bidding.points
        told.append(say.point_bids_alone(points.minimum, points.step, points.maximum))
    elif "point_bids" in bidding.style:
        points = bidding.points
        told.append(say.point_bids(points.minimum, points.step, points.maximum, points.capot_bid))
        if points.capot_bid or points.maximum_means_capot:
            told.append(say.capot_bid_value(points.capot_value))
    if "point_bids" in bidding.style and bidding.points.partner_overcall_min:
        told.append(say.partner_overcall(bidding.points.partner_overcall_min))
    if "point_bids" in bidding.style and bidding.points.equal_holds:
        told.append(say.equal_holds())
    if "point_bids" in bidding.style and bidding.points.pass_is_final:
        told.append(say.pass_is_final())
    unused = unused_rules(rules.variant)
    if not _is_unused(unused, ("bidding", "rounds")):
        told.append(say.rounds(bidding.rounds))
    if not _is_unused(unused, ("bidding", "ashkal")) and bidding.ashkal.enabled:
        ashkal = bidding.ashkal
        told.append(say.ashkal(ashkal.speakers, contract_words(rules, ashkal.contract), ashkal.not_on_ranks))
    doubles = bidding.doubles
    levels = doubles.max_level
    names = words_in(rules.variant).levels  # each level's name in the booklet's language
    told.append(say.doublings(names[:levels], doubles.multipliers[:levels]) if levels else say.no_doubling())
    if levels and doubles.match_winning_level:
        told.append(say.match_winning_level(names[doubles.match_winning_level - 1]))
        if rules.variant.scoring.match_winning_points is not None:
            told.append(say.match_winning_points(rules.variant.scoring.match_winning_points))
    condition = doubles.condition
    if levels and condition.applies.kinds():
        told.append(say.double_condition(say.kinds_said(condition.applies.kinds()), condition.doubler_below,
                                         condition.taker_above))
    return told


def _play(rules: Ruleset) -> list[Block]:
    cards = rules.variant.cards
    kinds = _kinds(rules)
    told: list[Block] = [say.first_lead(), say.follow_suit()]
    if "suit" in kinds:
        duty = [say.must_trump()] if rules.variant.play.void_trumping == VoidTrumping.required else []  # else its own sentence
        told += [*duty, say.trump_order(cards.trump_suit.of("suit").order), say.plain_order(cards.plain_suit.of("suit").order)]
    if "no_trumps" in kinds:
        told.append(say.no_trumps_order(cards.plain_suit.of("no_trumps").order))
    if "all_trumps" in kinds:
        told.append(say.all_trumps_order(cards.trump_suit.of("all_trumps").order))
    told.append(say.winner())
    if rules.variant.play.conceals_trump:
        told.append(say.concealed_trump(rules.variant.play.earlier_trumps_count))
    if rules.variant.play.conceals_trump and rules.variant.play.seventh_card:
        told.append(say.seventh_card())
    return told


def _card_points(rules: Ruleset) -> tuple[Block, ...]:
    variant = rules.variant
    cards = variant.cards
    kinds = _kinds(rules)
    told: list[Block] = []
    if "suit" in kinds:
        told += [say.trump_points(_plain(cards.trump_suit.of("suit").points)), say.plain_points(_plain(cards.plain_suit.of("suit").points))]
    if "no_trumps" in kinds:
        told.append(say.no_trumps_points(_plain(cards.plain_suit.of("no_trumps").points)))
    if "all_trumps" in kinds:
        told.append(say.all_trumps_points(_plain(cards.trump_suit.of("all_trumps").points)))
    if variant.scoring.last_trick:
        told.append(say.last_trick(variant.scoring.last_trick))
    first_of_kind = {kind: next(c for c in rules.contracts if contract_kind(c) == kind) for kind in kinds}
    last = variant.scoring.last_trick
    totals = [say.deal_total_trumps(rules.deck_total[c], last) if k == "suit" else say.deal_total(
        contract_words(rules, c), rules.deck_total[c], last) for k, c in first_of_kind.items()]
    return (*told, tuple(totals))


def _melds(rules: Ruleset) -> list[Block]:
    declarations = rules.variant.declarations
    told: list[Block] = []
    if declarations.enabled:
        if declarations.source == "tricks":
            told.append(say.melds_from_tricks())
        order = " ".join(rules.variant.cards.sequence_order)
        told.append(say.sequences(dict(declarations.sequences), order))
        if declarations.quads.default:
            told += [say.quads(_plain(declarations.quads.default)), say.quad_order(declarations.quad_order)]
        if declarations.quads.overrides.get("no_trumps") and declarations.allowed.of("no_trumps"):
            told.append(say.no_trumps_quads(_plain(declarations.quads.of("no_trumps"))))
        told.append(say.meld_contracts(say.kinds_said(declarations.allowed.kinds())))
    else:
        told.append(say.no_melds())
    if declarations.enabled and declarations.wins_match_length:
        told.append(say.wins_match(declarations.wins_match_length))
    if declarations.pair.enabled:
        told.append(say.pair(declarations.pair.moves_bid, declarations.pair.min_bid_to_reduce))
    belote = declarations.belote
    if belote.enabled:
        told.append(say.belote(belote.points, say.kinds_said(belote.allowed.kinds())))
    return told


def _scoring(rules: Ruleset) -> list[Block]:
    scoring = rules.variant.scoring
    told: list[Block] = []
    if "no_trumps" in rules.contracts and scoring.card_factor.of("no_trumps") != 1:
        told.append(say.no_trumps_factor(scoring.card_factor.of("no_trumps")))
        if scoring.capot.multiplied_by_card_factor.of("no_trumps"):
            told.append(say.no_trumps_capot_factor())
    factors = scoring.contract_factors
    if factors.written() != 1:  # each contract whose factor is not 1 or is written
        told.append(say.contract_factors({contract_words(rules, c): factors.of(c) for c in rules.contracts
                                          if factors.of(c) != 1 or c in factors.overrides}))
    if scoring.game_points.brackets:  # a deal in game points: no capot bonus, no fixed totals
        told.append(say.game_points([(b.bid, b.made, b.failed) for b in scoring.game_points.brackets],
                                    rules.variant.bidding.points.maximum, scoring.game_points.all_tricks_factor,
                                    rules.variant.bidding.doubles.max_level > 0))
        if rules.variant.play.single_hand:
            told.append(say.single_hand(scoring.game_points.single_hand))
        return told
    if rules.variant.bidding.predictions != Predictions.off:
        told.append(say.predictions_scored(scoring.exact_prediction_bonus))
    told.append(say.capot(scoring.capot.bonus.default))
    if "no_trumps" in rules.contracts and "no_trumps" in scoring.capot.bonus.overrides:
        told.append(say.no_trumps_capot(scoring.capot.bonus.of("no_trumps")))
    fixed = scoring.point_bids
    if "point_bids" in rules.variant.bidding.style and (fixed.fixed_card_total, fixed.fixed_capot_total) != (None, None):
        told.append(say.fixed_totals(fixed.fixed_card_total, fixed.fixed_capot_total))
    return told


def _match(rules: Ruleset) -> list[Block]:
    match = rules.variant.match
    told: list[Block] = [say.target(match.target) if match.target is not None
            else say.running_set(match.set_at) if match.set_at is not None
            else say.fixed_deals_penalties(match.deals) if match.deals and rules.variant.bidding.predictions != Predictions.off
            else say.fixed_deals(match.deals) if match.deals else say.single_deal()]
    seconds = rules.variant.table.move_clock.seconds
    if seconds:
        told.append(say.move_clock(seconds))
    return told


def _example(rules: Ruleset, example: Example) -> tuple[Block, ...]:
    deal, score = example.deal, example.score
    seating = rules.seating
    assert deal.contract is not None, "an example deal has a contract"
    taker = say.taker(deal.declarer, say.side_name(seating.side_of[deal.declarer], True) if seating.partners else None)
    levels = words_in(rules.variant).levels
    doubling = levels[deal.level - 1] if deal.level else None
    bid = None if deal.bid is None else words.call_names()["capot"] if deal.bid == CAPOT else str(deal.bid)
    contract = contract_words(rules, deal.contract)
    if deal.contract in SUIT_NAMES and not rules.variant.bidding.contract_names:
        contract = _("{suit} (trumps)").format(suit=contract)
    sides = [say.side_name(side, seating.partners) for side in range(len(score.raw_points))]
    sums = tuple(say.example_parts(sides[side][:1].upper() + sides[side][1:], tuple(zip(say.PART_NAMES, parts)), total)
                 for side, (parts, total) in enumerate(zip(score.parts, score.raw_points)))
    board = [(sides[side], points) for side, points in enumerate(score.match_points)]
    verdict: tuple[str, ...] = ()
    if rules.variant.scoring.contract == ContractAtStake.each_own:  # nobody takes: the trump is the last card dealt
        played = say.example_trump(contract)
    else:
        played, verdict = say.example_contract(taker, contract, doubling, bid), (say.example_verdict(score.verdict),)
    return (say.example_intro(example.seed), played, sums, *verdict, say.example_board(board, score.hanging_out),
            say.example_reckoning(), tuple(explanation_in_words(rules.variant, score)))
