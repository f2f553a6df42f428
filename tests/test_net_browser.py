"""The browser's seat (issue 24, "A browser seat"): ``belot host --web PORT`` serves a page that plays a
seat over the same protocol; headless Chromium joins and plays a whole deal by clicking its choices and
its cards, and reads what the terminal's table shows too: the deal, the contract and the score, whose turn
it is, the bidding, the last trick, the cards it may play, the history and the sheet.
On failure the page's screenshot is saved and its path is in the test's output."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import test_net_play
from test_net_play import Running

started = test_net_play.started  # the fixture that stops the processes a test starts
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

MOVED = """(before) => [...document.querySelectorAll('#log div')].filter((d) => d.textContent.startsWith('Ana:')).length
    > before || document.querySelector('#log').textContent.includes('won the match')"""  # Ana's move is told
READY = """() => document.querySelector('#menu button') !== null
    || document.querySelector('#log').textContent.includes('won the match')"""  # a question, or the end

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Chromium is not installed (apt-get install chromium)")


@contextmanager
def browser_at(tmp_path: Path, started: list[Running], code: str, *options: str) -> Iterator[tuple[Any, str]]:
    """A headless Chromium page and the address of the page a new ``belot host --web`` serves for table ``code``;
    on a failure the page's screenshot is saved and its path printed."""
    server = Running(["host", "bulgarian", "--seats", "human,random,random,random", "--code", code, "--port", "0",
                      "--web", "0", *options], tmp_path / "host")
    started.append(server)
    page_address = server.wait_for(r"Browsers join at: (http://\S+)").group(1)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        try:
            yield page, page_address
        except Exception:
            shot = tmp_path / f"browser-{code}.png"
            page.screenshot(path=str(shot))
            print(f"The page at the failure: {shot}")
            raise
        finally:
            browser.close()


def test_a_browser_plays_a_whole_deal(tmp_path: Path, started: list[Running]) -> None:
    options = ("--seed", "3", "--target", "1", "--speed", "instant")
    with browser_at(tmp_path, started, "web-1", *options) as (page, page_address):
        page.goto(f"{page_address}?code=web-1&name=Ana&lang=en")
        page.click("#join button")
        page.wait_for_selector("text=You sit at seat 1")
        page.click("#asks button[data-ask=rules]")
        page.wait_for_selector("#log pre")  # the rules, asked as the line game's r asks them
        page.wait_for_function(READY)
        page.click("#asks button[data-ask=history]")  # the history page, its terminal colours left out
        page.wait_for_function("() => document.querySelectorAll('#log pre').length === 2")
        history = page.locator("#log pre").last.inner_text()
        assert "Deal 1" in history and "\x1b" not in history, history
        shown: dict[str, str] = {}
        for _ in range(60):  # the deal's calls, declarations and eight cards, each a click
            page.wait_for_function(READY)
            if page.locator("#log", has_text="won the match").count():
                break
            moves = page.locator("#log div", has_text="Ana:").count()
            cards = page.locator("#hand button:enabled")  # at a card to play: the cards it may play
            if cards.count():
                assert cards.count() == page.locator("#menu button").count(), "the hand's playable cards"
                for part in ("header", "score", "question", "last", "bidding"):
                    shown[part] = page.inner_text(f"#{part}")
                shown["turn"] = page.inner_text("#seats .turn")
                cards.first.click()
            else:
                page.locator("#menu button").first.click()
            page.wait_for_function(MOVED, arg=moves)
        log = page.inner_text("#log")
        assert "Deal 1:" in log and "Trick 8:" in log and "won the match" in log, log
        assert "Score sheet" in log, "the match's end shows the whole sheet"
        assert "Bulgarian Belot · deal 1 · contract: " in shown["header"], shown
        assert shown["score"].startswith("Score: you & ") and shown["bidding"].startswith("Bidding: "), shown
        assert shown["question"].startswith("Your turn: ") and shown["turn"] == "You: Ana", shown
        assert shown["last"].startswith("Last trick: ") and ", won by " in shown["last"], shown
    assert started[-1].ended() == 0


def test_a_browser_reads_the_table_in_its_language(tmp_path: Path, started: list[Running]) -> None:
    """The page comes in the browser's language (here ?lang=fr; else its Accept-Language), its own words and the
    table's sentences, which it asks for as it joins."""
    with browser_at(tmp_path, started, "web-2") as (page, page_address):
        page.goto(f"{page_address}?code=web-2&name=Ana&lang=fr")
        assert page.inner_text("#join button") == "Rejoindre"
        page.click("#join button")
        page.wait_for_selector("text=Vous êtes à la place 1")
        page.wait_for_selector("text=Ana s'assied à la place 1")
        assert "Feuille de marque" in page.inner_text("#asks"), page.inner_text("#asks")
