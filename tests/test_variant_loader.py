"""Loading variants: shipped names, extends and its deep merge, origins, the content hash."""

from pathlib import Path

import pytest
from pydantic import ValidationError

from belot_rules.variant.loader import LoadedVariant, load_variant_model, shipped_dir, shipped_names

SHIPPED = ["baloot", "bazaar-blot", "bela", "belote-a-deux", "belote-a-trois", "belote-a-trois-32",
           "belote-bridgee", "belote-decouverte", "bulgarian",
           "bulgarian-cut-only", "coinche", "debertz", "debertz-3", "differenzler", "french", "french-point-bids", "french-single-deal",
           "klaberjass", "klaverjas-amsterdam", "klaverjas-rotterdam", "pilotta", "schieber", "twenty-eight",
           "twenty-nine"]
EXAMPLES = sorted((Path(__file__).parent.parent / "variants" / "examples").glob("*.yaml"))
PARENTS = {"bulgarian-cut-only": "bulgarian", "french-single-deal": "french", "french-point-bids": "french", "coinche": "french",
           "bazaar-blot": "coinche", "belote-bridgee": "french", "klaverjas-rotterdam": "klaverjas-amsterdam",
           "belote-a-deux": "french", "belote-a-trois": "french", "belote-a-trois-32": "belote-a-trois",
           "debertz-3": "debertz", "belote-decouverte": "belote-a-deux", "differenzler": "schieber"}


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_variants() -> None:
    assert shipped_names() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_variant_loads_under_its_own_name(name: str) -> None:
    loaded = load_variant_model(name)
    assert loaded.variant.name == name
    assert loaded.variant.extends == PARENTS.get(name)
    assert loaded.chain[0] == shipped_dir() / f"{name}.yaml"
    first_line = loaded.chain[0].read_text(encoding="utf-8").splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=../schemas/variant.schema.json"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_loads_and_extends_a_shipped_variant(path: Path) -> None:
    loaded = load_variant_model(path)
    assert loaded.variant.extends in SHIPPED
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=../../schemas/")


def test_examples_change_what_they_say() -> None:
    by_stem = {p.stem: load_variant_model(p).variant for p in EXAMPLES}
    assert by_stem["bulgarian-no-double-belote"].declarations.belote.in_sequence == "belote_absorbed"
    assert by_stem["french-501-no-declarations"].match.target == 501
    assert not by_stem["french-501-no-declarations"].declarations.enabled
    assert by_stem["bulgarian-french-undertrump"].play.undertrump == "required"


def test_shipped_files_state_the_rules_of_the_rules_table() -> None:
    french, single, points, coinche = (
        load_variant_model(n).variant for n in ("french", "french-single-deal", "french-point-bids", "coinche")
    )
    assert (french.deal.turned_card, french.bidding.style, french.bidding.rounds) == ("after_first_packets", "turned_card", 2)
    assert french.bidding.contracts == ["clubs", "diamonds", "hearts", "spades"]
    assert (french.play.undertrump, french.scoring.tie, french.scoring.capot.bonus.default) == ("never_required", "litige", 90)
    assert (french.scoring.rounding.unit, french.scoring.rounding.totals.of("suit").mode, french.match.target) == ("points", "half_up", 1000)
    assert french.declarations.belote.on_failure == "kept" and french.declarations.when_capot == "to_capot_team"
    assert (single.match.target, single.scoring.tie, single.play.undertrump) == (None, "taker_makes", "required")
    assert not single.declarations.enabled and single.declarations.belote.announcement == "automatic"
    assert points.bidding.style == "turned_card_point_bids" and points.bidding.points.maximum_means_capot
    assert (coinche.deal.first_packets, coinche.deal.second_packets) == ([3, 2, 3], [])
    assert coinche.cards.plain_suit.of("no_trumps").points == {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2}
    assert coinche.cards.trump_suit.of("all_trumps").points == {"J": 13, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 2}
    assert coinche.declarations.quads.of("no_trumps") == {"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100, "9": 100}
    assert coinche.bidding.doubles.redouble_ends_auction and coinche.bidding.doubles.overbid_after_double == "forbidden"
    assert (coinche.scoring.tie, coinche.scoring.doubled_winner, coinche.scoring.doubled_tie) == (
        "taker_fails", "contract_result", "as_undoubled"
    )
    assert coinche.play.partner_winning_void == "overtrump_if_trumping"


def test_child_merges_deeply_and_replaces_lists(tmp_path: Path) -> None:
    child = write(tmp_path, "child.yaml", "extends: bulgarian\nbidding:\n  doubles: {max_level: 1}\n  contracts: [hearts, spades, all_trumps]\n")
    loaded = load_variant_model(child)
    bidding = loaded.variant.bidding
    assert bidding.doubles.max_level == 1
    assert bidding.doubles.multipliers == [2, 4]  # the parent's sibling survives
    assert bidding.contracts == ["hearts", "spades", "all_trumps"]  # a list replaces
    assert loaded.origin(("bidding", "doubles", "max_level")) == child
    assert loaded.origin(("bidding", "doubles", "multipliers")).name == "bulgarian.yaml"
    assert loaded.origin(("deal", "first_dealer_seat")) is None  # a model default
    assert loaded.chain == (child, shipped_dir() / "bulgarian.yaml")


def test_rank_tables_merge_whatever_the_spelling_of_the_rank(tmp_path: Path) -> None:
    child = write(tmp_path, "child.yaml", "extends: bulgarian\ndeclarations: {quads: {'10': 90, j: 250}}\n")
    quads = load_variant_model(child).variant.declarations.quads.default
    assert (quads["T"], quads["J"], quads["9"]) == (90, 250, 150)


def test_name_title_and_description_are_not_inherited(tmp_path: Path) -> None:
    variant = load_variant_model(write(tmp_path, "my-table.yaml", "extends: french\n")).variant
    assert variant.name == "my-table"
    assert variant.title == "my-table (based on French Belote)"
    assert variant.description == ""


def test_extends_path_is_relative_to_the_extending_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    write(tmp_path / "rules", "base.yaml", "extends: french\nmatch: {target: 701}\n")
    house = write(tmp_path / "rules", "house.yaml", "extends: base.yaml\ndeclarations: {enabled: false}\n")
    monkeypatch.chdir(tmp_path)
    variant = load_variant_model("rules/house.yaml").variant
    assert (variant.match.target, variant.declarations.enabled, variant.bidding.style) == (701, False, "turned_card")
    assert load_variant_model(house).content_hash == load_variant_model(Path("rules/house.yaml")).content_hash


def test_content_hash_is_of_the_rules_only(tmp_path: Path) -> None:
    plain = load_variant_model("bulgarian")
    assert len(plain.content_hash) == 16 and int(plain.content_hash, 16) >= 0
    assert load_variant_model("bulgarian").content_hash == plain.content_hash
    renamed = write(tmp_path, "renamed.yaml", "extends: bulgarian\ntitle: Another name\ndescription: Same rules.\n")
    explicit = write(tmp_path, "explicit.yaml", "extends: bulgarian\ndeal: {first_dealer_seat: 3}\n")
    changed = write(tmp_path, "changed.yaml", "extends: bulgarian\nmatch: {target: 101}\n")
    assert load_variant_model(renamed).content_hash == plain.content_hash
    assert load_variant_model(explicit).content_hash == plain.content_hash  # stating a default changes nothing
    assert load_variant_model(changed).content_hash != plain.content_hash


def test_loaded_variant_is_frozen() -> None:
    loaded: LoadedVariant = load_variant_model("french")
    with pytest.raises(ValidationError, match="frozen"):
        loaded.variant.match.target = 500  # type: ignore[misc]


def test_two_files_with_the_same_rules_compile_under_their_own_names(tmp_path: Path) -> None:
    """The compiled-ruleset cache is keyed by rules and name: a house file is never shown as its parent."""
    from belot_rules import load_variant

    for name in ("alpha", "beta"):
        (tmp_path / f"{name}.yaml").write_text(f"name: {name}\ntitle: {name.title()}\nextends: bulgarian\n")
    alpha, beta = load_variant(tmp_path / "alpha.yaml"), load_variant(tmp_path / "beta.yaml")
    assert (alpha.name, beta.name) == ("alpha", "beta")
    assert beta.source.endswith("beta.yaml") and beta.variant.title == "Beta"
    assert load_variant("bulgarian").name == "bulgarian"
    assert load_variant(tmp_path / "beta.yaml") is beta


def test_family_is_inherited_but_a_file_may_name_its_own(tmp_path: Path) -> None:
    """Unlike name, title and description, a family is a rule-like fact about the game: a Dutch game's house
    rules are Dutch unless they say otherwise; it never changes the rules hash."""
    child = write(tmp_path, "house.yaml", "extends: klaverjas-amsterdam\nmatch: {deals: 16}\n")
    own = write(tmp_path, "own.yaml", "extends: klaverjas-amsterdam\nfamily: Club\nmatch: {deals: 16}\n")
    assert load_variant_model(child).variant.family == "Dutch"
    assert load_variant_model(own).variant.family == "Club"
    assert load_variant_model(child).content_hash == load_variant_model(own).content_hash
