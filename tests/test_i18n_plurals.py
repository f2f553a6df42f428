"""A count is said in the form its language gives that number (issue 25 item 1: "gettext catalogues (Babel) with
plural forms"). Russian and Croatian have three forms (1 and 21; 2-4 and 22; 5-20 and 0), Arabic six; each .po file's
Plural-Forms header (CLDR's rules, as Babel writes them) chooses the form, so a sentence with a number goes through
ngettext, never gettext with the plural of 5 for every count."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from belot_rules import i18n
from belot_rules.booklet import messages as say
from belot_rules.cli.game.controller import Controller
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.session import Session
from belot_rules.engine.actions import predict_action


def _renderer() -> Renderer:
    return Renderer(Controller(Session.start("differenzler", 1, ("random",) * 4)), Look())


CASES: list[tuple[str, Callable[[], str], str]] = [
    ("ru", lambda: say.target(151), "до 151 очка."),  # the booklet's match (booklet/messages.py)
    ("ru", lambda: say.target(1000), "до 1000 очков."),
    ("hr", lambda: say.target(1001), "do 1001 boda."),
    ("bg", lambda: say.target(1), "до 1 точка."),
    ("ru", lambda: say.fixed_deals(4), "4 раздачи;"),
    ("ru", lambda: say.hand(6, 6), "6 карт, так что в раздаче 6 взяток."),
    ("hr", lambda: say.hand(8, 8), "8 karata, pa dijeljenje ima 8 štihova."),
    ("ru", lambda: _renderer().describe(predict_action(21)), "предсказать 21 очко"),  # a Differenzler prediction
    ("ru", lambda: _renderer().describe(predict_action(43)), "предсказать 43 очка"),
    ("hr", lambda: _renderer().describe(predict_action(12)), "prognozirati 12 bodova"),
    ("ar", lambda: _renderer().describe(predict_action(2)), "توقع 2 نقطتين"),
    ("ru", lambda: _renderer().took_back([predict_action(1)] * 3, None), "и 2 хода после него."),  # an undo
    ("ru", lambda: _renderer().took_back([predict_action(1)] * 6, None), "и 5 ходов после него."),
]


@pytest.mark.parametrize(("language", "said", "form"), CASES)
def test_a_count_takes_the_form_of_its_number(language: str, said: Callable[[], str], form: str) -> None:
    with i18n.speaking(language):
        assert form in said()

