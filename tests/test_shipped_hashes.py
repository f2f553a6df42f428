"""The rules hash of every shipped variant, pinned (the issue "one home for each rule": a restructure keeps every
shipped file's content hash, so that the records and results files written before it replay without a warning).

A new option whose default keeps today's rules joins ``QUIET_DEFAULTS`` (belot_rules/variant/loader.py) and changes
no hash. Changing a shipped file's rules changes its hash on purpose: update its line here in the same commit, and
regenerate the example records that use it (``belot replay FILE --save FILE``).
"""

from __future__ import annotations

import pytest

from belot_rules.variant.loader import load_variant_model, shipped_names

HASHES = {
    "baloot": "02aa136f4e47caf5",
    "bazaar-blot": "9e6e7448acb15033",
    "bela": "2cb21ac327237ea3",
    "belote-a-deux": "2e0c159cc59e311c",
    "belote-a-trois": "b0bc8e2f5c7365b6",
    "belote-a-trois-32": "2a2100363a4c6ce4",
    "belote-bridgee": "cf9621f73be91e56",
    "belote-decouverte": "51656ea4fd6620f3",
    "bulgarian": "41dbaa4d982a4b36",
    "bulgarian-cut-only": "164763b34c33537e",
    "coinche": "6df82e31d97709dc",
    "debertz": "2f9bcdb50e792a67",
    "differenzler": "f4a57e6757d31ad1",
    "debertz-3": "2bfda445f4326c71",
    "french": "f50e20a622fd868f",
    "french-point-bids": "57245158f6454043",
    "french-single-deal": "5c5a1edb523f2ec1",
    "klaberjass": "4942d67c33d1ede6",
    "klaverjas-amsterdam": "d8bf4720d863dc82",
    "klaverjas-rotterdam": "bea6aec386ad945f",
    "pilotta": "570a6426a2f2eb5e",
    "schieber": "2563cca8f3c342a2",
    "twenty-eight": "9145028ad14aab6a",
    "twenty-nine": "c10f66a1914cd3fe",
}


def test_every_shipped_variant_is_pinned() -> None:
    assert sorted(HASHES) == sorted(shipped_names())


@pytest.mark.parametrize("name", sorted(HASHES))
def test_the_rules_hash_of_a_shipped_variant_is_unchanged(name: str) -> None:
    assert load_variant_model(name).content_hash == HASHES[name]
