"""Deal and match records: the full story of a game, and replaying it step by step.

A record names the variant and its content hash, the seed, and for every deal
the dealer, the deck after the cut (top card first), the reserve carried in,
every action in its text form and the score. Replaying applies each action
through the same legality checks as live play and compares every score, so a
corrupt or doctored record is refused with the step that breaks it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards import CARDS, CardError, parse_card
from ..checks import seat
from ..errors import UserError
from ..files import excerpt, write_text_atomically
from ..rules.match.options import MAX_DEALS
from ..ruleset import Ruleset
from .deal import OVER, DealState
from .match import FinishedDeal, MatchState

SCORE_KEYS = ("match_points", "hanging_out", "verdict")  # a recorded score has at least these
OPTIONAL_SCORE_KEYS = {"match_winner"}
DEAL_FORMAT = "belot-rules/deal-record"
MATCH_FORMAT = "belot-rules/match-record"
SHEET_FORMAT = "belot-rules/score-sheet"  # the scorekeeper's sheet (cli/sheet/store.py), told apart from a record
VERSION = 1


class RecordError(UserError):
    """A record that cannot be replayed: malformed, from another variant, or with an illegal step."""


def deal_to_dict(deal: FinishedDeal) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "deck": [str(CARDS[c]) for c in deal.deck],
        "hanging_in": deal.hanging_in,
        **({"board_in": list(deal.board_in)} if any(deal.board_in) else {}),
        "actions": list(deal.actions),
        "score": deal.score.to_dict() if deal.score is not None else None,
    }


def match_record(match: MatchState) -> dict[str, Any]:
    """The record of a match (finished or not) as a JSON-ready dict."""
    deals = list(match.deals)
    current = match.unbooked()
    if current is not None:
        deals.append(FinishedDeal.of(current))
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "variant": match.ruleset.name,
        "variant_hash": match.ruleset.content_hash,
        "seed": match.seed,
        "deals": [deal_to_dict(d) for d in deals],
        "board": list(match.board),
        "winner": match.winner,
    } | ({"drawn": True} if match.drawn else {})


def write_record(record: Mapping[str, Any], path: str | Path, private: bool = False) -> None:
    """Write a record as JSON, atomically (a crash or a second writer never leaves half a file); ``private``: for
    its owner's eyes alone."""
    write_text_atomically(Path(path), json.dumps(record, indent=1, ensure_ascii=False) + "\n", private)


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What a replay established: every deal with its score and, for a match, the board and winner."""

    variant: str
    deals: tuple[FinishedDeal, ...]
    board: tuple[int, ...]  # per side: team or player
    winner: int | None
    warnings: tuple[str, ...]
    drawn: bool = False  # a match of a fixed number of deals that ended level


def _deck(ruleset: Ruleset, raw: object, where: str) -> tuple[int, ...]:
    size = ruleset.seating.pack_size
    if not isinstance(raw, list) or len(raw) != size:
        raise RecordError(f"{where}.deck: a deck is a list of the {size} cards of the pack, top card first")
    deck: list[int] = []
    for place, card in enumerate(raw):
        try:
            deck.append(parse_card(card).index)
        except CardError as err:
            raise RecordError(f"{where}.deck[{place}]: {err}") from None
    if len(set(deck)) != size:
        dup = sorted({str(CARDS[c]) for c in deck if deck.count(c) > 1})
        raise RecordError(f"{where}.deck: {', '.join(dup)} appear more than once")
    foreign = [str(CARDS[c]) for c in deck if not ruleset.seating.pack_mask >> c & 1]
    if foreign:
        raise RecordError(f"{where}.deck: {', '.join(foreign)} not in the {size}-card pack of {ruleset.name}")
    return tuple(deck)


def _replay_deal(ruleset: Ruleset, raw: Mapping[str, Any], where: str, reserve: int,
                 board: tuple[int, ...] | None = None) -> DealState:
    """Replay one deal; ``board`` is the match score the deals before leave (None for a deal record,
    whose own ``board_in`` says it)."""
    if not isinstance(raw, Mapping):
        raise RecordError(f"{where}: a deal is an object with dealer, deck and actions")
    try:
        dealer = seat(raw.get("dealer"), len(ruleset.seating.seats), f"{where}.dealer")
    except UserError as err:
        raise RecordError(str(err)) from None
    hanging_in = raw.get("hanging_in", reserve)
    if type(hanging_in) is not int or hanging_in < 0:
        raise RecordError(f"{where}.hanging_in: the reserve carried in, a whole number 0 or more, "
                          f"not {excerpt(hanging_in)}")
    if hanging_in != reserve:
        raise RecordError(f"{where}.hanging_in is {hanging_in}, but the deals before leave {reserve} in reserve")
    sides = ruleset.seating.sides
    board_in = raw.get("board_in", [0] * sides if board is None else list(board))
    if not (isinstance(board_in, list) and len(board_in) == sides and all(type(p) is int for p in board_in)):
        raise RecordError(f"{where}.board_in: the match score before the deal, {sides} whole numbers, not {excerpt(board_in)}")
    if board is not None and tuple(board_in) != board:
        raise RecordError(f"{where}.board_in is {board_in}, but the deals before leave the board at {list(board)}")
    state = DealState.start(ruleset, _deck(ruleset, raw.get("deck"), where), dealer, reserve, tuple(board_in))
    actions = raw.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"{where}.actions: a list of calls, declarations and cards")
    for step, action in enumerate(actions):
        if state.phase == OVER:
            raise RecordError(f"{where}.actions[{step}]: {excerpt(action)} comes after the deal is over")
        if not isinstance(action, str):
            raise RecordError(f"{where}.actions[{step}]: an action is written as text (a call, a declaration "
                              f"or a card), not {excerpt(action)}")
        try:
            state.apply(action)
        except UserError as err:
            raise RecordError(f"{where}.actions[{step}]: {err}") from None
    recorded = raw.get("score")
    if recorded is not None and not isinstance(recorded, Mapping):
        raise RecordError(f"{where}.score: an object with match_points, hanging_out and verdict, "
                          f"not {excerpt(recorded)}")
    if recorded is not None and (state.phase != OVER or state.score is None):
        stop = "stops before the deal is over" if state.phase != OVER else "ends with every player passing"
        raise RecordError(f"{where}.score: the record gives a score, but the deal {stop} "
                          f"(after {len(actions)} action(s)); it was cut short or altered")
    if recorded is not None and state.score is not None:
        got = state.score.to_dict()
        for key in got:
            if key in recorded and recorded[key] != got[key] or key in SCORE_KEYS and key not in recorded:
                raise RecordError(f"{where}.score.{key}: the record says {excerpt(recorded.get(key))} "
                                  f"but the deal scores {excerpt(got[key])}")
        unknown = sorted(set(recorded) - set(got) - OPTIONAL_SCORE_KEYS)
        if unknown:
            raise RecordError(f"{where}.score: unknown key {excerpt(unknown[0])}; a score holds {', '.join(got)}")
    return state


def replay(ruleset: Ruleset, record: Mapping[str, Any]) -> ReplayResult:
    """Replay a deal or match record, checking every step; raise :class:`RecordError` naming the bad step."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    warnings = []
    recorded_hash = record.get("variant_hash")
    if recorded_hash and ruleset.content_hash and recorded_hash != ruleset.content_hash:
        warnings.append(
            f"the record was made with a different version of {ruleset.name} "
            f"(hash {recorded_hash}, now {ruleset.content_hash}); replaying with the current rules "
            "(replay --save OUT writes it again with them)"
        )
    version = record.get("version", VERSION)
    if type(version) is not int or version != VERSION:
        raise RecordError(f"version: this program replays records of version {VERSION}, not {excerpt(version)}")
    if record.get("format") == DEAL_FORMAT:
        state = _replay_deal(ruleset, record, "deal", record.get("hanging_in", 0))
        board = tuple(state.score.match_points) if state.score else (0,) * ruleset.seating.sides
        return ReplayResult(ruleset.name, (FinishedDeal.of(state),), board, None, tuple(warnings))
    if record.get("format") != MATCH_FORMAT:
        outcome = "format" not in record and "tricks" in record  # what a scorekeeper writes down
        sheet = record.get("format") == SHEET_FORMAT
        raise RecordError(f"format: expected {MATCH_FORMAT!r} or {DEAL_FORMAT!r}, got {excerpt(record.get('format'))}"
                          + ("; this is a deal outcome (tricks taken), which belot score scores" if outcome else "")
                          + ("; this is a score sheet: give it to belot sheet to go on with it" if sheet else ""))
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("deals: a match record lists its deals")
    if len(deals) > MAX_DEALS:  # told before replaying any: a live match stops there
        raise RecordError(f"deals: {len(deals)} given; a match stops after at most {MAX_DEALS} deals")
    match = MatchState(ruleset, record.get("seed", 0), random.Random(), 0, [0] * ruleset.seating.sides,
                       end_state=ruleset.match.initial_state())
    for number, raw in enumerate(deals):
        where = f"deals[{number}]"
        if match.winner is not None or match.drawn:
            over = "drawn" if match.winner is None else f"won by {ruleset.seating.side_name(match.winner)}"
            raise RecordError(f"{where}: the match was already {over}")
        match.current = _replay_deal(ruleset, raw, where, match.reserve, tuple(match.board))
        match.dealer = match.current.dealer
        if match.current.phase == OVER:
            match.book_deal()
        elif number != len(deals) - 1:
            raise RecordError(f"{where}: the deal is unfinished but more deals follow")
    for key, got in (("board", list(match.board)), ("winner", match.winner), ("drawn", match.drawn)):
        if key in record and record[key] != got:
            raise RecordError(f"{key}: the record says {excerpt(record[key])} but the replay gives {excerpt(got)}")
    current = match.unbooked()
    if current is not None:
        match.deals.append(FinishedDeal.of(current))
    return ReplayResult(ruleset.name, tuple(match.deals), tuple(match.board), match.winner,
                        tuple(warnings), match.drawn)


def rerecorded(ruleset: Ruleset, record: Mapping[str, Any], result: ReplayResult) -> dict[str, Any]:
    """A replayed record written again with the rules it was replayed with: their hash, the recomputed scores."""
    head = {"format": record.get("format"), "version": VERSION, "variant": record.get("variant", ruleset.name),
            "variant_hash": ruleset.content_hash, "seed": record.get("seed")}
    if record.get("format") == DEAL_FORMAT:
        return {**head, **deal_to_dict(result.deals[0])}
    return {**head, "deals": [deal_to_dict(d) for d in result.deals], "board": list(result.board),
            "winner": result.winner}


def deal_record(state: DealState, seed: int | None = None) -> dict[str, Any]:
    """The record of a single deal."""
    record = {"format": DEAL_FORMAT, "version": VERSION, "variant": state.ruleset.name,
              "variant_hash": state.ruleset.content_hash, "seed": seed}
    record.update(deal_to_dict(FinishedDeal.of(state)))
    return record
