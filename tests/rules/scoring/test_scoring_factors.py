"""The factors of the treatment table: which score components ``scoring.card_factor`` and ``scoring.contract_factors``
multiply (issue "One home for each rule", item 2: one treatment table for score components, with the contract
factor per component). Bulgarian: card points and last trick ×2 in no-trumps, the valat's 90 not (bulgarian.md
§6, [E1] SF "except the bonus for getting all the hands", HLP 35); Baloot: Sun ×2 counts projects too (baloot.md
§1, PAG, TAZ)."""

from __future__ import annotations

from test_scoring import changed, quad, score, shipped

from belot_rules.rules.scoring.pipeline import ScoringRules
from belot_rules.rules.scoring.treatment import Treatments
from belot_rules.variant.loader import load_variant_model


def test_the_card_factor_multiplies_cards_and_the_capot_as_its_row_says_bulgarian_6() -> None:
    table = Treatments.of(shipped("bulgarian"))
    assert [(name, row.card_factor.of("no_trumps")) for name, row in table.named()] == [
        ("cards", True), ("capot", False), ("declarations", False), ("belote", False)]
    assert score(ScoringRules(shipped("bulgarian")), "no_trumps", 0, (130, 0), capot=0).raw_points == (350, 0)
    doubled_capot = changed(shipped("bulgarian"), scoring={"capot": {"multiplied_by_card_factor": True}})
    assert Treatments.of(doubled_capot).capot.card_factor.of("no_trumps")
    assert score(ScoringRules(doubled_capot), "no_trumps", 0, (130, 0), capot=0).raw_points == (440, 0)


def test_the_contract_factor_multiplies_every_component_by_default_baloot_1() -> None:
    baloot = load_variant_model("baloot").variant
    assert all(row.contract_factor for _, row in Treatments.of(baloot).named())
    rules = ScoringRules(baloot)
    plain, with_quad = score(rules, "no_trumps", 0, (80, 50)), score(rules, "no_trumps", 0, (80, 50),
                                                                     decls=(quad(0, 6, rules, "no_trumps"),))
    assert with_quad.raw_points[0] - plain.raw_points[0] == 2 * 100  # four kings: 100, ×2 in Sun


def test_each_component_says_whether_the_contract_factor_multiplies_it_belote_bridgee_6_2() -> None:
    """belote-bridgee.md §6.2 multiplies every point of the deal by the contract's rank (hearts ×3), the default of
    each component's `multiplied_by_contract_factor`; a house rule may leave the declarations, the belote or the
    capot out, one option per row of the treatment table."""
    bridgee = shipped("belote-bridgee")
    assert all(row.contract_factor for _, row in Treatments.of(bridgee).named())
    apart = changed(bridgee, declarations={"multiplied_by_contract_factor": False,
                                           "belote": {"multiplied_by_contract_factor": False}},
                    scoring={"capot": {"multiplied_by_contract_factor": False}})
    assert [(name, row.contract_factor) for name, row in Treatments.of(apart).named()] == [
        ("cards", True), ("capot", False), ("declarations", False), ("belote", False)]
    for variant, times in ((bridgee, 3), (apart, 1)):
        rules = ScoringRules(variant)
        plain = score(rules, "hearts", 0, (100, 62)).raw_points[0]
        assert score(rules, "hearts", 0, (100, 62), decls=(quad(0, 6, rules),)).raw_points[0] - plain == times * 100
        assert score(rules, "hearts", 0, (162, 0), capot=0).raw_points[0] == 3 * 162 + times * 90
