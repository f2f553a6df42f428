"""Every kind of mistake in a variant file gives ``file:line:column: what; what would be valid``."""

from pathlib import Path

import pytest

from belot_rules.errors import MAX_PROBLEMS_SHOWN, UserError, VariantError
from belot_rules.variant.loader import load_variant_model


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in the test's directory, so that messages name files as a user would see them."""
    monkeypatch.chdir(tmp_path)


def problems_of(tmp_path: Path, text: str, name: str = "house.yaml") -> str:
    """Write ``text`` as a variant file and return the message of the error loading it raises."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_variant_model(path)
    return str(caught.value)


# ----------------------------------------------------------------------------- reading the file


def test_duplicate_key_names_both_lines(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\nmatch: {target: 101}\nplay: {}\nmatch: {target: 201}\n")
    assert "house.yaml:4:1: duplicate key `match` (first at line 2, again at line 4)" in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("extends: bulgarian\ncards:\n  trump: {points: {J: 20, 10: 10, T: 11}}\n",
         "house.yaml:3:35: duplicate key `T`: `10` at line 3 is the same rank"),
        ("extends: bulgarian\ndeclarations:\n  quads:\n    9: 150\n    '9': 140\n",
         "house.yaml:5:5: duplicate key `9` (first at line 4, again at line 5)"),
        ("extends: bulgarian\ndeclarations:\n  sequences: {3: 20, 5: 100, 5+: 150}\n",
         "duplicate key `5+`: `5` at line 3 is the same length"),
    ],
)
def test_two_spellings_of_one_rank_are_duplicate_keys(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in problems_of(tmp_path, text)


def test_alias_bomb_is_refused(tmp_path: Path) -> None:
    bomb = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{x}: &{x} [{', '.join([f'*{p}'] * 9)}]\n" for p, x in zip("abcdefgh", "bcdefghi")
    )
    assert len(bomb.encode()) < 400
    message = problems_of(tmp_path, bomb)
    assert "house.yaml:2:" in message and "aliases (*a) are not allowed" in message


def test_nesting_is_capped(tmp_path: Path) -> None:
    assert "nested more than" in problems_of(tmp_path, "a: " + "[" * 200 + "]" * 200 + "\n")


def test_yaml_boolean_surprise_is_explained(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\ntitle: no\n")
    assert "house.yaml:2:8: title:" in message
    assert "YAML read `no` as the boolean false; quote it: 'no'" in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("deal:\n  direction: no\n",
         "house.yaml:3:14: deal.direction: `no` is not a valid value; valid values: counter_clockwise, clockwise"),
        ("scoring: {rounding: {totals: {suit: {mode: on}}}}\n",
         "scoring.rounding.totals.suit.mode: `on` is not a valid value; did you mean `none`?"),
        ("deal: {cut_min: on}\n", "house.yaml:2:17: deal.cut_min: expected a number; YAML 1.1 reads `on` as a boolean"),
        ("declarations: off\n",
         "declarations: a section of rules, written as `key: value` lines under it, not `off`; "
         "to turn declarations off, write `enabled: false` under it"),
    ],
)
def test_a_yaml_boolean_is_not_told_to_be_quoted_where_quoting_would_not_help(
    tmp_path: Path, text: str, expected: str
) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\n" + text)
    assert expected in message
    assert "quote it" not in message


def test_octal_looking_number_is_refused(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\nscoring: {last_trick: 010}\n")
    assert "house.yaml:2:23: YAML 1.1 reads `010` as the octal number 8; write 10" in message


def test_a_base_60_number_says_what_to_write(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\ntable: {move_clock: {seconds: 1:30}}\n")
    assert "house.yaml:2:31: YAML 1.1 reads `1:30` as the base-60 number 90; write 90 for that number" in message


def test_number_keys_are_read_as_ranks(tmp_path: Path) -> None:
    path = tmp_path / "quads.yaml"
    path.write_text("title: Quads\ndeclarations: {quads: {J: 200, 9: 150, 10: 120, A: 100}}\n")
    assert load_variant_model(path).variant.declarations.quads.default == {"J": 200, "9": 150, "T": 120, "A": 100}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("extends: bulgarian\ntable: {move_clock: {on: 30}}\n", "house.yaml:2:22: table.move_clock.on: unknown key `on`;"),
        ("extends: bulgarian\n9: 150\n", "house.yaml:2:1: 9: unknown key `9`; valid keys here: name, title"),
        ("extends: bulgarian\ndeclarations: {quads: {J: 200, no: 50}}\n", "unknown rank 'no'; ranks are 7 8 9 10"),
    ],
)
def test_a_key_is_the_text_written_not_what_yaml_makes_of_it(tmp_path: Path, text: str, expected: str) -> None:
    message = problems_of(tmp_path, text)
    assert expected in message
    assert "keys should be strings" not in message


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "house.yaml: is empty"),
        (b"# only a comment\n", "house.yaml: is empty"),
        (b"\x00\x01\x02PK", "house.yaml: is a binary file"),
        (b"title: caf\xe9\n", "house.yaml:1:11: the byte 0xe9 is not UTF-8 text; save the file as UTF-8"),
        (b"title: \xd0\x91\xd0\xb5\xd0\xbb\xd0\xbe\xd1\x82\n# \xe9\n", "house.yaml:2:3: the byte 0xe9 is not UTF-8"),
        (b"---\n", "house.yaml: is empty"),
        (b"- a list\n", "house.yaml:1:1: a variant file is a mapping of rules"),
        (b"title: [1, 2\nname: x\n", "house.yaml:2:5: YAML syntax:"),
        (b"deal:\n\tshuffle: cut_only\n", "indent with spaces, not tabs"),
        (b"match:\n    target: 501\n  compare: exceed\n", "house.yaml:3:3: YAML syntax: did not find expected key"
         " (while parsing a block mapping at line 1); indent this line like the other keys of its section"),
        (b"title: x\nmatch\n  target: 501\n", "; a rule is written `key: value`, with a colon and a space"),
        (b"match\n  target: 501\n", "a section's name ends with a colon and its rules go on their own indented lines"),
        (b"match: target: 501\n", "; a section's name ends with a colon and its rules go on their own indented "
         "lines, or in braces: match: {target: 501}"),
        (b"title: @home\n", "; quote a value that starts with this character"),

        (b"title: !!python/object:os.system x\n", "the tag !!python/object:os.system is not allowed"),
        (b"# " + b"x" * (1 << 20) + b"\n", "house.yaml: is larger than 1 MiB"),
    ],
)
def test_unreadable_content_is_one_clean_line(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_bytes(content)
    with pytest.raises(VariantError) as caught:
        load_variant_model(path)
    assert expected in str(caught.value)
    assert "Traceback" not in str(caught.value)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="nowhere.yaml: no such file"):
        load_variant_model(tmp_path / "nowhere.yaml")
    with pytest.raises(VariantError, match="is a directory"):
        load_variant_model(tmp_path)
    with pytest.raises(VariantError, match=r"^\.: is a directory; give the path of a \.yaml file$"):
        load_variant_model(".")


@pytest.mark.parametrize(("file", "typed", "hint"), [("mine.yaml", "mine", "mine.yaml"), ("mine", "mine", "./mine")])
def test_a_name_that_is_a_file_here_says_how_to_give_the_file(tmp_path: Path, file: str, typed: str, hint: str) -> None:
    (tmp_path / file).write_text("extends: bulgarian\n")
    with pytest.raises(UserError, match=f"no shipped variant named `mine`; .*; for the file here, write {hint}$"):
        load_variant_model(typed)


def test_unknown_shipped_name_suggests_the_nearest() -> None:
    with pytest.raises(UserError, match="no shipped variant named `bulgarain`; did you mean `bulgarian`"):
        load_variant_model("bulgarain")


# ----------------------------------------------------------------------------- the rules


RULE_MISTAKES = {
    "misspelt key suggests the field": (
        "extends: bulgarian\ndeal:\n  shufle: cut_only\n",
        ["house.yaml:3:3: deal.shufle: unknown key `shufle`; did you mean `shuffle`?"],
    ),
    "a rule written in the wrong section says which section it belongs in": (
        "extends: bulgarian\ntarget: 501\ndeal:\n  undertrump: required\n  contracts: [clubs]\n",
        [
            "house.yaml:2:1: target: `target` is not a rule here; it belongs in the match section",
            "house.yaml:4:3: deal.undertrump: `undertrump` is not a rule here; it belongs in the play section",
            "deal.contracts: `contracts` is not a rule here; it belongs in the bidding section",
        ],
    ),
    "a misspelt rule of another section is suggested there": (
        "extends: bulgarian\nplay:\n  shufle: cut_only\n",
        ["house.yaml:3:3: play.shufle: unknown key `shufle`; did you mean `shuffle`, in the deal section?"],
    ),
    "a top-level key written inside a section says so": (
        "extends: bulgarian\ndeal:\n  title: Mine\n",
        ["house.yaml:3:3: deal.title: `title` is not a rule here; it belongs at the top level of the file"],
    ),
    "bad enum value suggests the value": (
        "extends: bulgarian\nbidding: {style: point_bid}\n",
        [
            "house.yaml:2:18: bidding.style: `point_bid` is not a valid value; did you mean `point_bids`?",
            "contract_ladder, turned_card, point_bids, turned_card_point_bids",
        ],
    ),
    "packets must deal eight cards": (
        "extends: bulgarian\ndeal:\n  first_packets: [3, 3]\n",
        ["house.yaml:3:18: deal: the packets deal 6 + 3 = 9 cards to each player; they must deal 8"],
    ),
    "a contract may not repeat": (
        "extends: bulgarian\nbidding: {contracts: [clubs, hearts, clubs]}\n",
        ["bidding.contracts: a contract may appear only once; repeated: clubs"],
    ),
    "point-bid bounds must agree": (
        "extends: coinche\nbidding:\n  points: {minimum: 80, maximum: 155}\n",
        [
            "house.yaml:3:34: bidding.points: maximum 155 is not minimum 80 plus a multiple of step 10",
            "the nearest valid maximum is 150",
        ],
    ),
    "turned card needs turned-card bidding": (
        "extends: bulgarian\ndeal: {turned_card: after_first_packets}\n",
        ["house.yaml:2:21: deal.turned_card is set but bidding.style contract_ladder never uses it"],
    ),
    "a cross-field mistake points at the rule the file changed": (
        "extends: french\nbidding: {style: contract_ladder}\n",
        ["house.yaml:2:18: deal.turned_card is set but bidding.style contract_ladder never uses it"],
    ),
    "a quad value needs a place in quad_order, told in the file that added it": (
        "extends: bulgarian\ndeclarations:\n  quads: {J: 200, 7: 50}\n",
        ["house.yaml:3:10: declarations: quads gives 7 a value but quad_order does not rank it; add 7 to quad_order"],
    ),
    "a file that extends nothing needs a title": (
        "match: {target: 101}\n",
        ["house.yaml:1:1: title: missing; add it (Full name shown to players.)"],
    ),
}


@pytest.mark.parametrize(("text", "expected"), RULE_MISTAKES.values(), ids=RULE_MISTAKES)
def test_rule_mistake_is_placed_and_explained(tmp_path: Path, text: str, expected: list[str]) -> None:
    message = problems_of(tmp_path, text)
    for part in expected:
        assert part in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("match: {target: five hundred}\n", "house.yaml:2:17: match.target: should be a whole number or null; got `five hundred`"),
        ("scoring: {last_trick: 10.5}\n", "house.yaml:2:23: scoring.last_trick: should be a whole number; got `10.5`"),
        ("deal: {first_packets: 3 2}\n", "deal.first_packets: should be a list, written [a, b, c]; got `3 2`"),
        ("deal: {cut_min: 20}\n", "house.yaml:2:17: deal.cut_min: should be at most 16; got `20`"),
        ("declarations: {enabled: maybe}\n", "declarations.enabled: should be true or false; got `maybe`"),
        ("name: My Rules\n", "house.yaml:2:7: name: should be lowercase letters, digits, - and _, like `my-rules`"),
        ("declarations:\n  sequences: {2: 10, 3: 20}\n",
         "house.yaml:3:15: declarations.sequences: the key `2` should be at least 3"),
    ],
)
def test_a_wrong_value_is_told_in_plain_words(tmp_path: Path, text: str, expected: str) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\n" + text)
    assert expected in message
    assert "Input should" not in message and "input should" not in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cards:\n  sequence_order: [7, 8, 9, 10, J, Q, K, Ace]\n",
         "house.yaml:3:42: cards.sequence_order: unknown rank 'Ace'; ranks are 7 8 9 10 (or T) J Q K A"),
        ("declarations:\n  quads: {J: 200, X: 100}\n", "house.yaml:3:19: declarations.quads: unknown rank 'X'"),
        ("cards:\n  sequence_order: [7, 8, 9, {10: 9}, J, Q, K, A]\n",
         "house.yaml:3:19: cards.sequence_order: a rank is one of 7 8 9 10 (or T) J Q K A, not a mapping"),
        ("declarations:\n  sequences: {three: 20}\n",
         "house.yaml:3:15: declarations.sequences: unknown sequence length 'three'; a length is a number of cards from 3 to 8"),
    ],
)
def test_an_unknown_rank_or_length_is_placed_at_the_entry_not_the_table(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in problems_of(tmp_path, "extends: bulgarian\n" + text)


def test_a_long_or_multi_line_value_is_shortened_to_keep_one_line_per_problem(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\nmatch: |\n  target: 501\n  compare: reach\n" + "  # note\n" * 20)
    assert message.splitlines() == [
        "house.yaml:2:8: match: a section of rules, written as `key: value` lines under it, "
        "not `target: 501 compare: reach # note # note # note # note # ...`"
    ]


def test_name_from_an_unusable_file_name_says_so(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\n", name="клуб.yaml")
    assert "клуб.yaml:1:1: name: the file name gives the name `клуб`, but a name is lowercase Latin letters" in message
    assert "add a line such as `name: house-rules`" in message


@pytest.mark.parametrize(("file", "name"), [("My Rules.yaml", "my-rules"), ("Club_Rules (v2).yml", "club_rules-v2")])
def test_a_file_name_with_capitals_or_spaces_gives_a_usable_name(tmp_path: Path, file: str, name: str) -> None:
    path = tmp_path / file
    path.write_text("extends: bulgarian\n", encoding="utf-8")
    assert load_variant_model(path).variant.name == name


def test_several_problems_are_reported_together_on_one_screen(tmp_path: Path) -> None:
    keys = "".join(f"  wrong_{i}: 1\n" for i in range(MAX_PROBLEMS_SHOWN + 3))
    message = problems_of(tmp_path, f"extends: bulgarian\ndeal:\n{keys}")
    lines = message.splitlines()
    assert len(lines) == MAX_PROBLEMS_SHOWN + 1
    assert lines[-1] == "... and 3 more problems"
    assert lines[0].startswith("house.yaml:3:3: deal.wrong_0: unknown key")


def test_yaml_surprises_are_reported_with_the_rule_mistakes(tmp_path: Path) -> None:
    message = problems_of(
        tmp_path,
        "extends: bulgarian\nmatch: {target: 010}\ndeal: {shufle: cut_only, first_dealer_seat: 010}\n"
        "play: {}\nplay: {}\n",
    )
    assert message.splitlines() == [
        "house.yaml:2:17: YAML 1.1 reads `010` as the octal number 8; write 10, or quote it",
        "house.yaml:3:8: deal.shufle: unknown key `shufle`; did you mean `shuffle`? (valid keys here: first_packets, "
        "second_packets, turned_card, talon, second_packets_start, shuffle, cut_min, first_dealer, first_dealer_seat, "
        "rotation, all_pass, redeal_claim, direction, turned_card_to, seven_exchange, tableau_packets, stock)",
        "house.yaml:3:45: YAML 1.1 reads `010` as the octal number 8; write 10, or quote it",
        "house.yaml:5:1: duplicate key `play` (first at line 4, again at line 5); each key may appear once in a mapping",
    ]


def test_inherited_mistake_names_its_file_and_the_chain(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text("title: Parent\ndeal:\n  first_packets: [3, 3]\n")
    message = problems_of(tmp_path, "extends: parent.yaml\nplay: {undertrump: required}\n")
    assert "parent.yaml:3:18: deal: the packets deal 6 + 3 = 9 cards" in message
    assert "(inherited through house.yaml -> parent.yaml)" in message


def test_extends_cycle_names_the_chain(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("extends: b.yaml\n")
    (tmp_path / "b.yaml").write_text("extends: ./a.yaml\n")
    with pytest.raises(VariantError) as caught:
        load_variant_model(tmp_path / "a.yaml")
    assert "b.yaml:1:10: extends `./a.yaml` makes a cycle:" in str(caught.value)
    assert "a.yaml -> " in str(caught.value) and "b.yaml -> " in str(caught.value)


@pytest.mark.parametrize(
    ("text", "got"),
    [("extends:\n", "1:9: extends names one shipped variant (baloot, bazaar-blot, bela, "), ("extends: [bulgarian, french]\n", "got a list"),
     ("extends: {name: bulgarian}\n", "got a mapping"), ("extends: ''\n", "got nothing")],
)
def test_an_extends_that_names_nothing_or_several_says_what_it_takes(tmp_path: Path, text: str, got: str) -> None:
    message = problems_of(tmp_path, text)
    assert "house.yaml:1:" in message and got in message
    assert "or one file path" in message and "title: missing" not in message


def test_extends_of_a_shipped_file_name_says_to_give_the_name(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian.yaml\n")
    assert "house.yaml:1:10: extends `bulgarian.yaml`: no such file bulgarian.yaml; for the shipped variant, " \
        "write extends: bulgarian" in message


def test_missing_parent_names_the_chain(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("extends: b.yaml\n")
    (tmp_path / "b.yaml").write_text("extends: ../elsewhere/c.yaml\n")
    with pytest.raises(VariantError) as caught:
        load_variant_model(tmp_path / "a.yaml")
    message = str(caught.value)
    assert "b.yaml:1:10: extends `../elsewhere/c.yaml`: no such file" in message
    assert "(chain: " in message and "a.yaml -> " in message and "c.yaml)" in message


def test_broken_parent_is_reported_with_the_way_it_was_reached(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_bytes(b"\x00binary")
    message = problems_of(tmp_path, "extends: parent.yaml\n")
    assert "parent.yaml: is a binary file" in message
    assert "reached through extends: " in message


def test_a_misspelt_extends_hides_none_of_the_files_own_mistakes(tmp_path: Path) -> None:
    """The README promises every problem at once: an unknown parent does not stop the file's own checks."""
    message = problems_of(tmp_path, (
        "extends: bulgarain\n"
        "play: {undertrum: required}\n"
        "match: {target: yes}\n"
        "scoring: {last_trick: 010}\n"
        "deal: {shuffle: shufled}\n"
        "declarations: {belote: {enabled: maybe}}\n"
    ))
    lines = message.splitlines()
    assert lines[0].startswith("house.yaml:1:10: no shipped variant named `bulgarain`; did you mean `bulgarian`")
    assert any(line.startswith("house.yaml:2:8: play.undertrum: unknown key `undertrum`") for line in lines)
    assert any(line.startswith("house.yaml:3:17: match.target: expected a number; YAML 1.1 reads `yes`") for line in lines)
    assert any(line.startswith("house.yaml:4:23: YAML 1.1 reads `010` as the octal number 8") for line in lines)
    assert any(line.startswith("house.yaml:5:17: deal.shuffle: `shufled` is not a valid value") for line in lines)
    assert any(line.startswith("house.yaml:6:34: declarations.belote.enabled: should be true or false") for line in lines)
    assert len(lines) == 6 and "title: missing" not in message


def test_a_broken_chain_still_checks_every_file_it_reached(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text("title: Parent\nextends: nowhere.yaml\nplay: {undertrump: sometimes}\n")
    message = problems_of(tmp_path, "extends: parent.yaml\nmatch: {targt: 101}\n")
    assert "house.yaml:2:9: match.targt: unknown key `targt`" in message
    assert "parent.yaml:2:10: extends `nowhere.yaml`: no such file" in message
    assert "parent.yaml:3:20: play.undertrump: `sometimes` is not a valid value" in message


def test_a_missing_parent_keeps_the_rule_checks_no_parent_could_settle(tmp_path: Path) -> None:
    """Points 85 to 160 in steps of 10 fail over any parent; turned-card bidding with contra only over some."""
    message = problems_of(tmp_path, "extends: frenc\nbidding:\n  points: {minimum: 85, step: 10, maximum: 160}\n")
    assert "house.yaml:3:44: bidding.points: maximum 160 is not minimum 85 plus a multiple of step 10" in message
    message = problems_of(tmp_path, "extends: frenc\nbidding: {style: turned_card}\n")
    assert "nobody can double" not in message and len(message.splitlines()) == 1


# ----------------------------------------------------------------------------- strict types


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("scoring: {capot: {shared: \"yes\"}}",
         "house.yaml:2:27: scoring.capot.shared: should be true or false; got the text \"yes\": write true or false"),
        ("scoring: {capot: {shared: 1}}", "house.yaml:2:27: scoring.capot.shared: should be true or false; got `1`"),
        ("deal: {talon: 'no'}", "deal.talon: should be true or false; got the text \"no\""),
        ("match: {target: \"300\"}",
         "house.yaml:2:17: match.target: should be a whole number or null; got the text \"300\": write 300 without"),
        ("match: {target: 300.0}",
         "house.yaml:2:17: match.target: should be a whole number or null; got `300.0`: write 300"),
        ("scoring: {last_trick: 10.5}", "scoring.last_trick: should be a whole number; got `10.5`\n"),
        ("deal: {first_packets: [\"3\", 3]}",
         "house.yaml:2:24: deal.first_packets[0]: should be a whole number; got the text \"3\""),
        ("declarations: {sequences: {3: \"20\"}}", "declarations.sequences.3: should be a whole number"),
    ],
)
def test_text_is_never_a_number_or_a_boolean_nor_a_float_a_whole_number(
        tmp_path: Path, rule: str, expected: str) -> None:
    """A value is what the file shows: YAML's quoted text or a float is not converted behind the author's back;
    the message says what to write instead when there is one (300 for 300.0, none for 10.5)."""
    assert expected in problems_of(tmp_path, f"extends: bulgarian\n{rule}\n") + "\n"


def test_named_values_are_still_written_as_text(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: bulgarian\ndeal: {shuffle: \"cut_only\", first_packets: [3, 2]}\nmatch: {target: 1501}\n")
    variant = load_variant_model(path).variant
    assert variant.deal.shuffle == "cut_only" and variant.match.target == 1501


# ----------------------------------------------------------------------------- rule conflicts


def test_every_rule_conflict_is_reported_at_once_each_at_its_own_key(tmp_path: Path) -> None:
    """A conflict within the deal does not hide one between sections; each has its line, at the rule it names."""
    message = problems_of(
        tmp_path,
        "extends: bulgarian\n"
        "deal:\n"
        "  seven_exchange: anyone\n"
        "bidding:\n"
        "  schmeiss: first_round\n"
        "table:\n"
        "  players: 3\n"
        "  sides: partners\n",
    )
    lines = message.splitlines()
    assert any(line.startswith("house.yaml:3:19: deal.seven_exchange trades the trump seven") for line in lines)
    assert any(line.startswith("house.yaml:5:13: bidding.schmeiss is an offer") for line in lines)
    assert any(line.startswith("house.yaml:8:10: table.sides partners needs 4 players") for line in lines)
    assert all(line.count("; ") <= 2 for line in lines)  # one problem a line, not several joined


def test_two_conflicts_of_one_rule_are_both_told(tmp_path: Path) -> None:
    message = problems_of(
        tmp_path,
        "extends: bulgarian\nbidding:\n  schmeiss: first_round\n  forced_call: first_speaker\n",
    )
    assert "house.yaml:3:13: bidding.schmeiss is an offer to the one other player" in message
    assert "house.yaml:3:13: bidding.schmeiss offers to play the turned card's suit" in message
    assert "house.yaml:4:16: bidding.forced_call first_speaker keeps a deal from being void" in message


def test_a_deal_leaving_cards_undealt_suggests_only_fixes_that_work(tmp_path: Path) -> None:
    """3 + 3 + 4 = 10 cards to each of 3 players leaves 2 of 32, and 32 cards do not share among 3: the hint
    names the stock, never "deal 10" (the file already deals 10) nor a hand size that cannot be dealt."""
    message = problems_of(tmp_path, "extends: belote-a-trois-32\ndeal: {first_packets: [3, 3, 4], stock: none}\n")
    assert ("deal: the packets deal 10 + 0 = 10 cards to each of the 3 players (table.players) and leave 2 of the "
            "32-card pack undealt; set deal.stock to aside, bottom_card_shown or to_taker for the cards left") in message
    assert ", or deal" not in message and "-card pack (cards.ranks" not in message


def test_a_deal_of_eight_each_to_three_suggests_the_24_card_pack(tmp_path: Path) -> None:
    """belote-a-trois.md: 3 x 8 cards is the 24-card pack; with 32 cards 8 are left and 32 / 3 is no hand size."""
    message = problems_of(tmp_path, "extends: belote-a-trois\ncards: {ranks: [7, 8, 9, T, J, Q, K, A]}\n")
    assert "leave 8 of the 32-card pack undealt; set deal.stock to aside, bottom_card_shown or to_taker" in message
    assert "or play with a 24-card pack (cards.ranks [9, T, J, Q, K, A])" in message
    assert ", or deal" not in message


def test_a_deal_that_can_share_the_pack_exactly_says_how_many_each(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\ndeal: {first_packets: [3, 2], second_packets: [2]}\n")
    assert "or deal 8 cards each with deal.first_packets and deal.second_packets" in message


@pytest.mark.parametrize("written", ["off", "no", "false", "'off'", '"off"'])
def test_an_option_with_an_off_value_reads_yaml_false_as_off(tmp_path: Path, written: str) -> None:
    """YAML 1.1 reads a plain `off` as false; where an option has the value off, that is what the author meant."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: klaberjass\ndeal: {{seven_exchange: {written}}}\n")
    assert load_variant_model(path).variant.deal.seven_exchange == "off"


def test_an_option_with_an_off_value_still_refuses_true(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: klaberjass\ndeal: {seven_exchange: on}\n")
    assert "house.yaml:2:24: deal.seven_exchange: `on` is not a valid value; valid values: off, anyone" in message


# ----------------------------------------------------------------------------- every problem of a section


def test_every_contradiction_within_a_section_is_told_each_at_its_own_key(tmp_path: Path) -> None:
    """The doubling ladder, point bids, quad_order, a rank table's order and sequence_order each told every
    problem, not the first; and none of them hides a contradiction between sections (the schmeiss)."""
    message = problems_of(
        tmp_path,
        "extends: bulgarian\n"
        "bidding:\n"
        "  schmeiss: first_round\n"
        "  doubles:\n"
        "    max_level: 4\n"
        "    multipliers: [2, 2]\n"
        "    names: [contra, pass, contra]\n"
        "  points: {minimum: 80, step: 10, maximum: 20000}\n"
        "declarations:\n"
        "  quads: {J: 200, 7: 50}\n"
        "  no_trumps_quads: {8: 10}\n"
        "  quad_order: [J, 9, A, T, K, Q, J]\n"
        "cards:\n"
        "  trump: {order: [J, 9, A]}\n"
        "  plain: {order: [A, A, K, Q, J, 9, 8, 7]}\n"
        "  sequence_order: [7, 8]\n",
    )
    expected = [
        "house.yaml:3:13: bidding.schmeiss is an offer to the one other player",
        "house.yaml:5:16: bidding.doubles: max_level 4 needs 4 multipliers, got [2, 2]",
        "house.yaml:5:16: bidding.doubles: max_level 4 needs 4 names",
        "house.yaml:6:18: bidding.doubles: multipliers must grow with each level, got [2, 2]",
        "house.yaml:7:12: bidding.doubles: names: `pass` already means another call",
        "house.yaml:7:12: bidding.doubles: names: each doubling level needs its own name",
        "house.yaml:8:21: bidding.points: minimum 80 to maximum 20000 in steps of 10 makes 1993 bids; at most 100",
        "house.yaml:10:10: declarations: quads gives 7 a value but quad_order does not rank it",
        "house.yaml:11:20: declarations: quads.no_trumps gives 8 a value but quad_order does not rank it",
        "house.yaml:12:15: declarations: quad_order ranks each rank once; repeated: J",
        "house.yaml:14:18: cards.trump_suit.suit: order must list each of the ranks 7 8 9 T J Q K A exactly once; missing 7 8 T Q K",
        "house.yaml:15:18: cards.plain_suit.suit: order must list each of the ranks 7 8 9 T J Q K A exactly once; missing T; "
        "repeated A",
        "house.yaml:16:19: cards: sequence_order must list each of the ranks",
    ]
    path = tmp_path / "house.yaml"
    with pytest.raises(VariantError) as caught:
        load_variant_model(path)
    told = [f"{p.file}:{p.line}:{p.column}: {p.message}" for p in caught.value.problems]
    for line in expected:
        assert sum(t.startswith(line) for t in told) == 1, line
    assert message.splitlines()[0].startswith("house.yaml:3:13:")


def test_point_bids_that_are_too_many_and_off_step_say_both(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: coinche\nbidding:\n  points: {minimum: 80, maximum: 20005}\n")
    assert "makes 1993 bids; at most 100" in message
    assert "maximum 20005 is not minimum 80 plus a multiple of step 10" in message


# ----------------------------------------------------------------------------- a wrong value beside a conflict


def test_a_wrong_type_does_not_hide_a_conflict_between_other_rules(tmp_path: Path) -> None:
    """Wrong types in scoring and the bidding's contradiction with the deal are told together: the check of
    bidding.style against deal.turned_card reads no scoring rule."""
    message = problems_of(
        tmp_path,
        "extends: bulgarian\nscoring:\n  capot: {shared: \"yes\"}\n  last_trick: ten\nbidding:\n  style: turned_card\n",
    )
    assert "house.yaml:3:19: scoring.capot.shared: should be true or false" in message
    assert "house.yaml:4:15: scoring.last_trick: should be a whole number; got `ten`" in message
    assert "house.yaml:6:10: bidding.style turned_card needs a turned card: set deal.turned_card" in message
    assert "house.yaml:6:10: bidding.style turned_card with bidding.overcall none ends at the first take" in message


def test_a_check_that_reads_a_wrong_value_is_left_until_it_is_fixed(tmp_path: Path) -> None:
    """`players: "3"` is no number, so every check that reads table.players waits (the schmeiss needs two
    players, the packets must share the pack); the schmeiss's own bidding rules read no player count and
    are told."""
    message = problems_of(
        tmp_path, "extends: klaberjass\ntable:\n  players: \"3\"\nbidding:\n  forced_call: first_speaker\n",
    )
    assert "house.yaml:3:12: table.players: should be a whole number; got the text \"3\"" in message
    assert "house.yaml:5:16: bidding.forced_call first_speaker keeps a deal from being void" in message
    assert "table.players 2, not" not in message and "cards to each" not in message
    assert len(message.splitlines()) == 2


def test_a_misspelt_key_leaves_the_checks_of_its_section_until_it_is_fixed(tmp_path: Path) -> None:
    """`player: 3` may be table.players misspelt: no check that reads the table section is told about the
    players it would have meant, while a check of the bidding alone is."""
    message = problems_of(tmp_path, "extends: bulgarian\ntable:\n  player: 2\nbidding:\n  schmeiss: first_round\n")
    assert "house.yaml:3:3: table.player: unknown key `player`; did you mean `players`?" in message
    assert "house.yaml:5:13: bidding.schmeiss offers to play the turned card's suit" in message
    assert "needs table.players 2" not in message


@pytest.mark.parametrize("extra", ["notes: the club's rules since 2019\n", "scorng: {last_trick: 10}\n"])
def test_an_unknown_top_level_key_hides_only_the_section_it_may_mean(tmp_path: Path, extra: str) -> None:
    """A note at the top level hides no check; `scorng` may mean scoring, so the checks of the scoring wait
    while the match's contradiction is told."""
    message = problems_of(tmp_path, "extends: bulgarian\nmatch: {deals: 16, target: 151}\n" + extra)
    assert "house.yaml:3:1:" in message
    assert "house.yaml:2:16: match.deals 16 and match.target 151 are both set" in message


def test_a_missing_title_does_not_hide_a_contradiction(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "match: {deals: 16, target: 151}\n")
    assert "house.yaml:1:1: title: missing; add it" in message
    assert "house.yaml:1:16: match.deals 16 and match.target 151 are both set" in message


# ----------------------------------------------------------------------------- what a new author writes


def test_a_table_made_smaller_is_told_at_the_players_line(tmp_path: Path) -> None:
    """README "Writing house rules": a contradiction is told at the first rule it names that the file states.
    Two players at a Bulgarian table: the partners the parent never wrote down are named with table.players,
    so both problems point at `players: 2`, not at line 1."""
    message = problems_of(tmp_path, "extends: bulgarian\ntable: {players: 2}\n")
    assert "house.yaml:2:18: table.sides partners needs 4 players, not 2 (table.players)" in message
    assert "house.yaml:2:18: deal: the packets deal 5 + 3 = 8 cards to each of the 2 players" in message
    assert "house.yaml:1:1:" not in message


def test_a_table_made_larger_is_told_at_the_players_line_with_the_turned_card_it_keeps(tmp_path: Path) -> None:
    """debertz-3 dealt to four: 9 cards each from 32 less the turned card left on the stock cannot be dealt;
    the message is placed in the author's file, not in the shipped variant two files up."""
    message = problems_of(tmp_path, "extends: debertz-3\ntable:\n  players: 4\n")
    assert message.splitlines()[0] == (
        "house.yaml:3:12: deal: the packets deal 6 + 3 = 9 cards to each player; they must deal 7 at most (a 32-card "
        "pack less the turned card left on the stock, 4 players: cards.ranks, table.players); change "
        "deal.first_packets or deal.second_packets")


def test_an_eight_card_pack_reads_as_english(tmp_path: Path) -> None:
    message = problems_of(tmp_path, "extends: bulgarian\ncards:\n  ranks: [A, K]\n")
    assert "they must deal 2 at most (an 8-card pack, 4 players" in message


@pytest.mark.parametrize(("text", "column"), [("match:\n", 7), ("match: null\n", 8), ("match:\n  # target: 1001\n", 7)])
def test_a_section_with_nothing_under_it_says_so(tmp_path: Path, text: str, column: int) -> None:
    """`match:` with its rules still to write (or commented out) is no `null` the author wrote."""
    message = problems_of(tmp_path, "extends: bulgarian\n" + text)
    assert message.splitlines() == [
        f"house.yaml:2:{column}: match: nothing is written under this section; write its rules on indented `key: value` "
        "lines below it, or remove the line"]


@pytest.mark.parametrize("parent", ["klaberjass", "debertz-3"])
def test_ashkal_needs_a_partner_to_take(tmp_path: Path, parent: str) -> None:
    """baloot.md: ashkal makes the caller's partner the taker; at a table without partners there is none (the
    engine made seat -1 the taker)."""
    message = problems_of(tmp_path, f"extends: {parent}\nbidding:\n  ashkal: {{enabled: true, contract: clubs}}\n")
    assert ("house.yaml:3:11: bidding.ashkal bids a contract for the caller's partner: it needs table.sides partners, "
            "not each_for_self") in message


def test_extends_of_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    message = problems_of(tmp_path, "extends: rules\n".replace("rules", "./rules"))
    assert "house.yaml:1:10: extends `./rules` is a folder; name a variant file in it (a .yaml file)" in message


def test_extends_of_a_device_says_it_is_not_a_file(tmp_path: Path) -> None:
    """docs/house-rules.md (extends takes a path): `extends: /dev/zero` was told "no such file /dev/zero"."""
    message = problems_of(tmp_path, "extends: /dev/null\n")
    assert "house.yaml:1:10: extends `/dev/null` is not a regular file (a pipe or a device)" in message
    assert "no such file" not in message


@pytest.mark.parametrize(("text", "expected"), [
    ("bidding:\n  contract_names: {hokum: Hokum}\n",
     "house.yaml:3:20: bidding.contract_names: unknown key `hokum`; valid keys: clubs, diamonds, hearts, spades, "
     "no_trumps, all_trumps, undenufe, suit"),
    ("scoring:\n  contract_factors: {heart: 2}\n",
     "house.yaml:3:22: scoring.contract_factors.heart: unknown key `heart`; did you mean `hearts`?"),
])
def test_a_table_keyed_by_contract_names_a_wrong_key_as_a_key(tmp_path: Path, text: str, expected: str) -> None:
    """README "Writing house rules": "did you mean" for misspelt keys; a contract's name in contract_names or
    contract_factors is a key, placed at the key, not called a value."""
    assert expected in problems_of(tmp_path, "extends: bulgarian\n" + text)


def test_every_rule_check_says_the_same_through_the_recorder_of_what_it_reads() -> None:
    """The checks run on a file with wrong values are run through a recorder of the rules they read: it must
    not change what any check says, and every check reads the rules it weighs (on every shipped variant, with
    the offending checks' gates open: the schmeiss at four players, ashkal without a turned card)."""
    from belot_rules.variant.loader import shipped_names
    from belot_rules.variant.model import CHECKS, Variant
    from belot_rules.variant.partial import run_recorded

    variants = [load_variant_model(name).variant for name in shipped_names()]
    contradictions = {
        "name": "x", "title": "x",
        "cards": {"trump": {"order": ["J"], "points": {}}, "sequence_order": ["7"]},
        "deal": {"seven_exchange": "anyone", "stock": "to_taker", "talon": True, "tableau_packets": 3,
                 "turned_card": "after_first_packets", "first_dealer": "fixed_seat", "rotation": "deal_winner"},
        "bidding": {"style": "point_bids", "schmeiss": "first_round", "ashkal": {"enabled": True},
                    "overcall": "higher_contract", "contract_names": {"no_trumps": "Sun"}, "contracts": ["hearts"],
                    "doubles": {"max_level": 4, "multipliers": [2, 2]}, "points": {"minimum": 90, "maximum": 85}},
        "declarations": {"source": "tricks", "quad_order": ["J"], "belote": {"contracts": ["no_trumps"]}},
        "scoring": {"contract_factors": {"clubs": 2}},
        "match": {"deals": 4},
        "table": {"players": 3, "sides": "each_for_self"},
    }
    variants.append(Variant.model_validate(contradictions, context={"unchecked": True}))
    assert sum(bool(check(variants[-1])) for _, check in CHECKS) >= 20  # most checks find their problem
    for variant in variants:
        for _, check in CHECKS:
            said, reads = run_recorded(check, variant)
            assert said == check(variant)
            assert reads


def test_doubles_written_as_no_says_how_to_play_without_them(tmp_path: Path) -> None:
    """`doubles: no` (a table that never doubles) is a section, not a switch: the message says what turns it off."""
    message = problems_of(tmp_path, "extends: bulgarian\nbidding:\n  doubles: no\n")
    assert message.splitlines() == ["house.yaml:3:12: bidding.doubles: a section of rules, written as `key: value` "
                                    "lines under it, not `no`; to play without doubles, write `max_level: 0` under it"]


def test_cut_only_with_every_card_played_is_valid(tmp_path: Path) -> None:
    """belote-a-trois deals the whole 24-card pack to three, so its tricks gather into a whole pack."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: belote-a-trois\ndeal:\n  shuffle: cut_only\n")
    assert load_variant_model(path).variant.deal.shuffle == "cut_only"


def test_a_rule_written_at_the_top_level_leaves_the_checks_of_its_section_until_it_is_moved(tmp_path: Path) -> None:
    """`max_level: 0` at the top level belongs in bidding.doubles: the check that reads the doubling ladder
    (nobody can double in a bidding that ends at the first take) waits for it; the others do not."""
    message = problems_of(tmp_path, "extends: bulgarian\nmax_level: 0\nbidding: {style: single_call}\n"
                                    "match: {deals: 16}\n")
    assert "house.yaml:2:1: max_level: `max_level` is not a rule here; it belongs in the bidding.doubles section" in message
    assert "house.yaml:4:16: match.deals 16 and match.target 151 are both set" in message
    assert "nobody can double" not in message


def test_a_wrong_doubling_name_leaves_the_ladder_checked(tmp_path: Path) -> None:
    """The doubling ladder's levels and its names are checked apart: a name that is no text waits, the
    multipliers that do not grow are told."""
    message = problems_of(tmp_path, "extends: bulgarian\nbidding:\n  doubles: {multipliers: [2, 2], names: [1, 2]}\n")
    assert "house.yaml:3:42: bidding.doubles.names[0]: should be text; got `1`" in message
    assert "house.yaml:3:26: bidding.doubles: multipliers must grow with each level, got [2, 2]" in message


def test_baloot_without_its_match_winning_gahwa_is_told_at_the_line_that_removes_it(tmp_path: Path) -> None:
    """baloot.yaml (baloot.md §4): the gahwa's ×4 repeats the four's because it wins the match; a house file that
    sets match_winning_level to null leaves a ladder that does not grow, told at its own line, not at baloot's."""
    message = problems_of(tmp_path, "extends: baloot\nbidding:\n  doubles:\n    match_winning_level: null\n")
    assert message.count("\n") == 0 and ("house.yaml:4:26: bidding.doubles: multipliers must grow with each level, "
                                          "got [2, 3, 4, 4]; only the level that wins the match (match_winning_level) "
                                          "may repeat the one below it") in message


@pytest.mark.parametrize(("text", "expected"), [
    ("extends: bulgarian\ntitle: Belot: our house\n",
     "house.yaml:2:13: YAML syntax: mapping values are not allowed in this context; text with a colon and a space "
     "in it is quoted: title: 'Belot: our house'"),
    ("extends: bulgarian\ntitle: Rock 'n' roll: belot\n", "is quoted: title: \"Rock 'n' roll: belot\""),
    ("extends: bulgarian\nmatch:\n  target: 501\n   compare: reach\n",
     "house.yaml:4:11: YAML syntax: mapping values are not allowed in this context; this line is indented more "
     "than the rule above it: indent it like the other keys of its section"),
    ("extends: bulgarian\ntitle: \"Belot: our house\n",
     "house.yaml:2:8: YAML syntax: the quote opened here is never closed; end the text with the same quote on "
     "this line"),
])
def test_a_yaml_slip_is_told_as_the_author_made_it(tmp_path: Path, text: str, expected: str) -> None:
    """README "Writing house rules": what would be valid. A colon in a title wants quotes, not braces; a line
    indented one space too far is not a section on one line; an unclosed quote is told where it opens."""
    message = problems_of(tmp_path, text)
    assert expected in message and len(message.splitlines()) == 1


@pytest.mark.parametrize("line", ["match: target: [" + "9" * 5000 + "]", "title: Belot: " + "x" * 5000],
                         ids=["section-on-one-line", "colon-in-text"])
def test_a_yaml_hint_shows_only_the_start_of_a_huge_line(tmp_path: Path, line: str) -> None:
    """A hint's example is made from the author's line; a line of thousands of characters (found by the fuzz test)
    made a message of thousands: the example shows its first 80 characters, then an ellipsis."""
    message = problems_of(tmp_path, f"extends: bulgarian\n{line}\n")
    assert "…" in message and len(message) < 400 and len(message.splitlines()) == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("extends: !!python/object:os.system bulgarian\n", "house.yaml:1:10: the tag !!python/object:os.system is not allowed"),
    ("extends: 010\n", "house.yaml:1:10: YAML 1.1 reads `010` as the octal number 8"),
])
def test_what_yaml_did_to_extends_is_told_not_what_extends_then_got(tmp_path: Path, text: str, expected: str) -> None:
    """docs/house-rules.md (no tags; YAML 1.1 numbers): a tagged `extends` was told "got nothing", hiding the tag."""
    message = problems_of(tmp_path, text)
    assert expected in message and "got nothing" not in message


def test_a_misspelt_key_of_a_section_with_many_rules_stays_one_readable_line(tmp_path: Path) -> None:
    """The declarations section has over twenty rules: listing them all after "did you mean" made a line of over
    500 characters (found by the fuzz test), so the list stops with an ellipsis once the suggestion is made."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: french\ndeclarations:\n  enabeld: false\n", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_variant_model(path)
    line = str(caught.value).splitlines()[0]
    assert "did you mean `enabled`?" in line and line.endswith(", …)") and len(line) < 360, line


def test_an_unknown_parent_far_from_every_name_keeps_its_message_short(tmp_path: Path) -> None:
    """With 23 shipped variants the list after an unknown ``extends`` (nothing close to it), followed by the
    file's chain, made a line of over 500 characters (found by the fuzz test): the list stops with an ellipsis."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: " + "q" * 300 + "\n", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_variant_model(path)
    line = str(caught.value).splitlines()[0]
    assert "shipped variants: baloot, " in line and ", … (chain: " in line
    assert len(line) - 2 * len(str(path)) < 300, line
