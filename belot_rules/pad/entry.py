"""A deal as the scorekeeper says it, in one line, turned into a short deal outcome (the words: :func:`words_help`)."""

from __future__ import annotations

from typing import Any

from ..cards import SUITS, CardError, parse_suit
from ..errors import UserError
from ..i18n import N_, gettext as _
from ..rules.outcome.short import card_total
from ..ruleset import Ruleset
from ..variant.explain import suggest

ALIASES = {"nt": "no_trumps", "sa": "no_trumps", "at": "all_trumps", "ta": "all_trumps", "sun": "no_trumps",
           "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
WORDS = ["by", "bid", "points", "last", "capot", "tricks", "seq", "quad", "belote"]
WORD_SHOWN = 30  # the most of a wrong word a message quotes
ONCE = {"by", "bid", "points", "last", "capot", "tricks", "doubling"}  # the words that may not be said twice
PASS = "pass"
REDEAL_WORDS = ("redeal", "kawesh")  # a redeal claim voided the deal (deal.redeal_claim, Baloot's kawesh)
EXAMPLES = """\
  hearts by 1 contra points 81 last 0 seq 0 50 belote 1
  all_trumps by 3 capot 1
  pass
  redeal"""
# What the words of an entry mean, said in the scorekeeper's language (the words themselves are typed as they are).
WORDS_EXPLAINED = N_("The contract first (a unique beginning is enough: h, nt, at), then in any order: by SEAT the taker;\n"
                     "the doubling by its name (contra, coinche, gahwa...) or xN; bid N or bid capot where points are bid;\n"
                     "points N the card points of side 0 counted in its tricks (the last trick's bonus not included; the\n"
                     "other side's are what is left; at three, two numbers; where not every card is played, every side's);\n"
                     "last SIDE the side of the last trick; capot SIDE for a side that took every trick; tricks A B the\n"
                     "tricks per side when a side took none or only cards worth nothing; the declarations that counted, by\n"
                     "side and value: seq SIDE POINTS, quad SIDE POINTS, belote SIDE [SUIT] (Klaverjas roem the same way).\n"
                     "pass: everybody passed. redeal (or kawesh): a redeal was claimed; the same dealer deals again.")

def words_help() -> str:
    """The examples of an entry and what its words mean, in the current language."""
    return EXAMPLES + "\n" + _(WORDS_EXPLAINED)


Outcome = dict[str, Any]


class RedealClaim:
    """What the line ``redeal`` says: no outcome, and the same dealer deals again (:data:`REDEAL`)."""


REDEAL = RedealClaim()


class EntryWords(UserError):
    """A line the pad cannot read: which word, and what would be valid there."""


def parse_entry(ruleset: Ruleset, line: str) -> Outcome | RedealClaim | None:
    """The short outcome a line says (None: everybody passed; :data:`REDEAL`: a redeal was claimed);
    :class:`EntryWords` for a word that does not fit."""
    words = line.replace(",", " ").split()
    if not words:
        raise EntryWords("say the deal: CONTRACT by SEAT points N last SIDE ..., or pass (help lists the words)")
    if words[0].lower() == PASS and len(words) == 1:
        return None
    if words[0].lower() in REDEAL_WORDS and len(words) == 1:
        return REDEAL
    reader = _Reader(ruleset, words)
    return reader.outcome()


class _Reader:
    """Reads the words of one line in turn, each keyword taking the numbers after it."""

    def __init__(self, ruleset: Ruleset, words: list[str]) -> None:
        self.rules = ruleset
        self.words = words
        self.at = 0
        table = ruleset.seating
        self.sides = table.sides
        self.out: Outcome = {"contract": self.contract(words[0]), "declarations": []}
        self.capot_side: int | None = None

    def fail(self, text: str) -> EntryWords:
        word = self.words[self.at] if self.at < len(self.words) else ""
        shown = word if len(word) <= WORD_SHOWN else word[:WORD_SHOWN] + "…"  # a word of thousands stays one line
        where = f"word {self.at + 1}" + (f" `{shown}`" if word else "")
        return EntryWords(f"{where}: {text}")

    def contract(self, word: str) -> str:
        contracts = list(self.rules.contracts)
        name = ALIASES.get(word.lower(), word.lower())
        found = [c for c in contracts if c == name] or [c for c in contracts if c.startswith(name)]
        if len(found) != 1:
            raise EntryWords(f"word 1 `{word}`: first the contract, or pass; "
                             + suggest(name, contracts, f"{self.rules.name} plays"))
        return found[0]

    def number(self, what: str, low: int = 0, high: int | None = None) -> int:
        self.at += 1
        if self.at >= len(self.words) or not self.words[self.at].isdecimal():  # int() reads these, not '²'
            raise self.fail(f"here goes {what}, a number" + (f" from {low} to {high}" if high is not None else ""))
        value = int(self.words[self.at])
        if value < low or (high is not None and value > high):
            raise self.fail(f"{what} is from {low} to {high}, not {value}")
        return value

    def side(self) -> int:
        names = ", ".join(f"{s} {self.rules.seating.side_name(s)}" for s in range(self.sides))
        return self.number(f"a side ({names})", 0, self.sides - 1)

    def outcome(self) -> Outcome:
        out = self.out
        doubles = self.rules.variant.bidding.doubles
        levels = doubles.names[:doubles.max_level]
        said: set[str] = set()  # the words that say one thing of the deal: each once
        while self.at + 1 < len(self.words):
            self.at += 1
            word = self.words[self.at].lower()
            once = "doubling" if word in levels else word
            if once in ONCE:
                if once in said:
                    raise self.fail(f"{word} is said twice; say it once")
                said.add(once)
            if word == "by":
                out["declarer"] = self.number("the taker's seat", 0, self.rules.seating.players - 1)
            elif word in levels:
                out["doubling"] = word
            elif word.startswith("x") and word[1:].isdecimal():
                out["multiplier"] = int(word[1:])
            elif word == "bid":
                self.at += 1
                if self.at < len(self.words) and self.words[self.at].lower() == "capot":
                    out["bid"] = "capot"
                else:
                    self.at -= 1
                    out["bid"] = self.number("the bid")
            elif word == "points":
                out["points"] = self.points()
            elif word == "last":
                out["last_trick"] = self.side()
            elif word == "capot":
                self.capot_side = self.side()
            elif word == "tricks":
                out["trick_counts"] = [self.number("a side's tricks") for _ in range(self.sides)]
            elif word in ("seq", "sequence", "quad"):
                kind = "quad" if word == "quad" else "sequence"
                out["declarations"].append({"side": self.side(), "kind": kind, "points": self.number("its value")})
            elif word == "belote":
                out["declarations"].append(self.belote())
            else:
                raise self.fail(suggest(word, WORDS + levels, "the words"))
        if "declarer" not in out:
            raise EntryWords("say who took the contract: by SEAT")
        if self.capot_side is not None:
            self.capot(self.capot_side)
        elif "points" not in out:
            raise EntryWords(f"say the card points: points N ({self.rules.seating.side_name(0)}'s), or capot SIDE")
        if "last_trick" not in out:
            raise EntryWords("say who took the last trick: last SIDE")
        if "doubling" in out and "multiplier" in out:
            raise EntryWords(f"say the doubling once: {out['doubling']} or x{out['multiplier']}")
        return out

    def points(self) -> list[int]:
        """The points of every side but the last; the last side's are what the cards leave (given too where some
        cards stay unplayed)."""
        table, contract = self.rules.seating, self.out["contract"]
        total, every_card = card_total(self.rules.contract_tables(contract), table, self.rules.variant)
        given = [self.number("a side's card points") for _ in range(self.sides - 1)]
        if not every_card:
            return given + [self.number(f"the last side's card points (not every card is played in {self.rules.name}, "
                                        "so each side's are given)")]
        if sum(given) > total:
            raise self.fail(f"{' + '.join(map(str, given))} is more than the {total} the cards count in {contract}")
        return given + [total - sum(given)]

    def capot(self, side: int) -> None:
        table, contract = self.rules.seating, self.out["contract"]
        total, every_card = card_total(self.rules.contract_tables(contract), table, self.rules.variant)
        name = table.side_name(side)
        if every_card and "points" in self.out:
            raise EntryWords(f"capot {side}: {name} took every trick and all {total} points; leave points out")
        if self.out.get("last_trick", side) != side:
            raise EntryWords(f"capot {side}: {name} took every trick, the last too; leave last out")
        if every_card:
            self.out["points"] = [total if s == side else 0 for s in range(self.sides)]
        self.out["last_trick"] = side
        self.out["trick_counts"] = [table.hand_size if s == side else 0 for s in range(self.sides)]

    def belote(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"side": self.side(), "kind": "belote"}
        if self.at + 1 < len(self.words):
            try:
                entry["suit"] = SUITS[parse_suit(self.words[self.at + 1])]
                self.at += 1
            except CardError:
                pass
        return entry
