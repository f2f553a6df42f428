"""Pages over the table: messages that stay until dismissed, long pages to scroll, a yes/no question."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from ...engine.actions import Action
from ...i18n import gettext as _
from ..game.look import Look
from ..game.prompt import typed_number

TYPED_AHEAD = 0.4  # seconds: keys this soon after a message appears were meant for the table


def key_labels(node: DOMNode) -> None:
    """The labels of ``node``'s keys in the player's language: marked where they are bound (when the module is
    imported), translated when the node is made (once the language is chosen). The key letters stay."""
    keys = node._bindings.key_to_bindings  # each node's own copy of its class's bindings
    for key, bound in keys.items():
        keys[key] = [replace(b, description=_(b.description) if b.description else "",
                             key_display=_(b.key_display) if b.key_display else None) for b in bound]


class MessageScreen(ModalScreen[None]):
    """A message or a page (score, sheet, rules, help) over the table; Enter or Esc closes it.

    The box leaves the table's header in view, so the contract and the match score stay readable.
    """

    BINDINGS = [
        Binding("enter,escape,space", "close", _("Close"), priority=True),
        Binding("up", "scroll(-1)", _("Up"), show=False),
        Binding("down", "scroll(1)", _("Down"), show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("home", "scroll(-9999)", show=False),
        Binding("end", "scroll(9999)", show=False),
        Binding("q", "app.quit_game", show=False),  # the footer's q Quit holds over every page and score
    ]

    def __init__(self, title: str, body: RenderableType, closing: str | None = None,
                 ascii: bool = False) -> None:
        super().__init__()
        self.title_text, self.body, self.closing = title, body, closing or _("Enter to continue")
        key_labels(self)
        self.scrolling = _("({arrows} scroll)").format(arrows="^v" if ascii else "↑↓")
        self.set_class(ascii, "ascii")

    def compose(self) -> ComposeResult:
        with Vertical(id="message"):
            with VerticalScroll(id="message-body"):
                yield Static(self.body)
            yield Static(f"{self.closing} {self.scrolling}", id="message-closing")

    def on_mount(self) -> None:
        box = self.query_one("#message")
        box.border_title = self.title_text
        self.shown_at = time.monotonic()
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The body scrolls within four fifths of the screen, so the closing line stays in view."""
        self.query_one("#message-body").styles.max_height = max(self.app.size.height * 4 // 5 - 3, 3)

    def action_close(self) -> None:
        if time.monotonic() - self.shown_at < TYPED_AHEAD:
            return  # a key pressed for the last card must not close the message before it is read
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#message-body", VerticalScroll).scroll_relative(y=lines, animate=False)


class ResultScreen(MessageScreen):
    """A deal's score or the match result: the table's pages (keys, sheet, history, auction, rules,
    statistics) open over it, and its footer's undo and hint say why there is nothing to take back
    or decide, since the table's own keys do not reach past a box (space closes it, as Enter)."""

    BINDINGS = [*MessageScreen.BINDINGS,
                *(Binding(key, f"app.{action}", show=False) for key, action in (
                    ("question_mark", "help"), ("s", "sheet"), ("y", "history"), ("a", "auction"), ("r", "rules"),
                    ("t", "stats"), ("u", "undo"), ("h", "hint"), ("l", "level")))]


class PointedList(OptionList):
    """A list of choices whose highlighted one carries a pointer too, so the choice never rests on colour alone."""

    def __init__(self, pointer: str, texts: Sequence[str] = (), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.pointer = pointer
        self.offer(texts)

    def offer(self, texts: Sequence[str], highlighted: int = 0) -> None:
        """Show ``texts`` as the choices, the ``highlighted`` one pointed at."""
        self.texts = list(texts)
        self.clear_options()
        self.add_options([self.pointed(i, i == highlighted) for i in range(len(self.texts))])
        self.highlighted = highlighted if self.texts else None

    def pointed(self, index: int, marked: bool) -> str:
        return f"{self.pointer if marked else ' '} {self.texts[index]}"

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        for index in range(min(len(self.texts), self.option_count)):
            text = self.pointed(index, index == event.option_index)
            if str(self.get_option_at_index(index).prompt) != text:
                self.replace_option_prompt_at_index(index, text)


class QuestionScreen(ModalScreen[int]):
    """A question with a few answers, chosen with the arrows and Enter, a number, or the mouse; Esc goes back,
    q saves and quits as everywhere (before the game starts, it leaves the unfinished game as it was)."""

    BINDINGS = [Binding("escape", "answer(-1)", _("Back")), Binding("q", "app.quit_game", show=False)]

    def __init__(self, question: str, answers: list[str], ascii: bool = False, title: str = "",
                 cover: bool = False, highlighted: int = 0) -> None:
        """``cover``: hide the table behind (a question before the game starts); ``highlighted``: the answer
        pointed at first."""
        super().__init__()
        self.question, self.answers, self.title_text, self.highlighted = question, answers, title, highlighted
        key_labels(self)
        self.set_class(ascii, "ascii")
        self.set_class(cover, "cover")

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Static(self.question)
            answers = PointedList(">" if self.has_class("ascii") else "▶", id="answers")
            answers.offer([f"{i}. {a}" for i, a in enumerate(self.answers, 1)], self.highlighted)
            yield answers

    def on_mount(self) -> None:
        self.query_one("#question").border_title = self.title_text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def on_key(self, event: events.Key) -> None:
        number = typed_number(event.character or "")
        if number is not None and 1 <= number <= len(self.answers):
            event.stop()
            self.dismiss(number - 1)

    def action_answer(self, index: int) -> None:
        self.dismiss(index)


def belote_question(look: Look, actions: Sequence[Action]) -> tuple[QuestionScreen, list[Action]]:
    """The question of a card that may announce a belote, and the actions its answers choose, announcing first."""
    announce = sorted(actions, key=lambda a: not a.belote)
    card = look.card_name(announce[0].card)
    answers = [_("play {card}, announcing belote"), _("play {card} without announcing")]
    return QuestionScreen(_("Announce the belote with {card}?").format(card=card),
                          [answer.format(card=card) for answer in answers], look.ascii), announce
