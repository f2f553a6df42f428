"""The pad full screen: the board deal by deal above, what the pad said in the middle, the line to type below.

The lines typed and what they do are those of the line form (:class:`.controller.PadController`);
this only shows them: the board is drawn again after every answer.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Input, RichLog, Static

from .controller import PadController


class PadApp(App[None]):
    """``belot sheet`` at a terminal."""

    CSS = """
    #names { height: 1; padding: 0 1; text-style: bold; }
    #board { height: 1fr; min-height: 5; }
    #said { height: 2fr; border-top: solid $accent; }
    #line { dock: bottom; }
    """
    BINDINGS = [Binding("escape", "leave", "leave (the sheet is kept)"), Binding("ctrl+q", "leave", show=False)]
    ENABLE_COMMAND_PALETTE = False
    TITLE = "belot sheet"

    def __init__(self, pad: PadController) -> None:
        super().__init__()
        self.pad = pad

    def compose(self) -> ComposeResult:
        rules = self.pad.sheet.ruleset
        yield Static(f"{rules.variant.title} — " + ", ".join(
            f"{rules.seating.side_name(s)}: {n}" for s, n in enumerate(self.pad.sheet.names)), id="names")
        yield DataTable(id="board", zebra_stripes=True, cursor_type="row")
        yield RichLog(id="said", wrap=True, markup=False, highlight=False)
        yield Input(placeholder=self.placeholder(), id="line")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#board", DataTable)
        table.add_columns(*self.pad.headings())
        self.draw_board()
        self.tell(self.pad.greeting())
        self.query_one("#line", Input).focus()

    def placeholder(self) -> str:
        return f"{self.pad.prompt().rstrip('> ')}: the deal in one line (help lists the words), or undo, fix N ..."

    def tell(self, lines: list[str]) -> None:
        log = self.query_one("#said", RichLog)
        for line in lines:
            log.write(hanging(line))

    def draw_board(self) -> None:
        table = self.query_one("#board", DataTable)
        table.clear()
        for row in self.pad.board_rows():
            table.add_row(*row)
        if table.row_count:
            table.move_cursor(row=table.row_count - 1)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        typed = event.value
        event.input.value = ""
        answer = self.pad.handle(typed)
        self.tell([f"> {typed}", *answer.lines] if typed.strip() else answer.lines)
        if answer.done:
            self.exit()
            return
        self.draw_board()
        event.input.placeholder = self.placeholder()

    def action_leave(self) -> None:
        self.exit()


def hanging(line: str) -> RenderableType:
    """A line of the reckoning whose wrapped rest stays under its own text, past its indent and bullet
    (``  • Rounding ...``), so that a long line still reads as one point of the list."""
    body = line.lstrip(" ")
    indent = len(line) - len(body) + (2 if body.startswith("• ") else 0)
    if indent == 0:
        return Text(line)
    grid = Table.grid()
    grid.add_column(width=indent, no_wrap=True)
    grid.add_column()
    grid.add_row(Text(line[:indent]), Text(line[indent:]))
    return grid
