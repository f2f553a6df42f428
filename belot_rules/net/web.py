"""The browser's seat: one page, served by ``belot host --web PORT``, that speaks the table's protocol.

The page joins over a WebSocket on the same port it came from, with the code and name the player
types (or ``?code=...&name=...`` in its address), keeps its seat token in the browser for a rejoin,
and shows what the terminal's table shows: the deal, the contract and the score over the seats (whose
turn it is marked), the bidding and declarations, the trick and the last one, the hand with the cards
it may play as buttons, the numbered choices of a move as buttons (a typed move works too), and asks
for the score sheet, the history, the rules, a hint and an undo as the table's keys do. The table's
sentences (its notes, each move's words, refusals, results, the sheet, the rules) come in the
browser's language, or ``?lang=``, when the table speaks it, and so do the page's own words. It needs
no other file and no library: everything it draws comes from the protocol's messages.
"""

from __future__ import annotations

import functools
import json
from html import escape
from urllib.parse import parse_qs, urlsplit

from ..cli.game.look import Look
from ..i18n import LANGUAGES, gettext as _, speaking
from ..rules.bidding.calls import Call
from ..variant.model import SUIT_CONTRACTS
from .protocol import MAX_TALK, MAX_TYPED, VERSION

PAGE = """<!doctype html>
<html lang="{{lang}}" dir="{{dir}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{title}}</title>
<style>
body { font: 16px/1.4 system-ui, sans-serif; margin: 1em auto; max-width: 46em; padding: 0 1em; }
#log { height: 16em; overflow-y: auto; border: 1px solid #999; padding: .3em; white-space: pre-wrap; }
#log pre { margin: 0; font-size: .85em; }
#hand button, #menu button { font-size: 1.1em; margin: .15em; min-width: 3em; }
.red { color: #c00; } .seat { margin-right: 1em; } .away { color: #888; } #question { font-weight: bold; }
.turn { font-weight: bold; text-decoration: underline; } #header { font-weight: bold; } #table p { margin: .4em 0; }
#hand button { background: #fff; border: 1px solid #666; border-radius: .3em; }
#hand button:disabled { opacity: .4; }  /* a card it may not play now */
</style></head>
<body>
<h1>{{title}}</h1>
<form id="join">
 <label>{{code}} <input id="code" required maxlength="32"></label>
 <label>{{name}} <input id="name" maxlength="24"></label>
 <label><input id="watch" type="checkbox"> {{watch}}</label>
 <button>{{join}}</button>
</form>
<div id="table" hidden>
 <p id="header"></p>
 <p id="score"></p>
 <p id="seats"></p>
 <p id="bidding"></p>
 <p>{{on_table}} <span id="trick">{{nothing}}</span></p>
 <p id="last"></p>
 <p id="hand-line">{{your_hand}} <span id="hand"></span></p>
 <p id="question" role="status"></p>
 <div id="menu"></div>
 <form id="typed"><label>{{type}} <input id="move" maxlength="__TYPED__"></label> <button>{{send}}</button></form>
 <p id="asks"><button data-ask="sheet">{{sheet}}</button> <button data-ask="history">{{history}}</button>
  <button data-ask="rules">{{rules}}</button>
  <button data-ask="hint">{{hint}}</button> <button data-ask="undo">{{undo}}</button></p>
 <div id="log" aria-live="polite"></div>
 <form id="talk"><label>{{say}} <input id="said" maxlength="__TALK__"></label> <button>{{say}}</button></form>
</div>
<script>
"use strict";
const VERSION = __VERSION__;
const T = __TEXTS__;  // the page's words in the reader's language, {names} filled in by say()
function say(key, values) { return T[key].replace(/\\{(\\w+)\\}/g, (all, name) => values[name]); }
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let socket = null, seat = null, names = [], seats = [], title = "", number = 0, standing = null, view = null;
let playable = null;  // at the seat's turn to play: the legal cards, each with the move that plays it
$("code").value = params.get("code") || "";
$("name").value = params.get("name") || "";
const SUITS = {C: "\\u2663", D: "\\u2666", H: "\\u2665", S: "\\u2660"};
function card(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return rank + SUITS[code[1]];
}
function cardSpan(code) {
  const span = document.createElement("span");
  span.textContent = card(code);
  if (code[1] === "D" || code[1] === "H") span.className = "red";
  return span;
}
function log(line) {
  const div = document.createElement("div");
  div.textContent = line;
  $("log").appendChild(div);
  $("log").scrollTop = $("log").scrollHeight;
}
function send(message) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(message)); }
const CALLS = __CALLS__;  // the calls and contracts as the table says them
function words(text) { return CALLS[text] || text.replaceAll("_", " "); }
function named(s) { return s === seat ? T.you : names[s]; }
function side(number) {
  return seats.filter((s) => s.side === number).map((s) => named(s.seat)).join(" & ");
}
function showHeader() {
  let text = title + (number ? " \u00b7 " + say("deal", {number: number}) : "");
  if (view && view.contract) {
    text += " \u00b7 " + say("contract", {contract: words(view.contract), name: named(view.declarer)})
      + (view.multiplier > 1 ? " \u00d7" + view.multiplier : "");
  }
  $("header").textContent = text;
  if (standing) {
    $("score").textContent = say("score", {sides: standing.board.map((points, s) => side(s) + " " + points)
      .join(" \u00b7 ")}) + (standing.reserve ? " \u00b7 " + say("hanging", {points: standing.reserve}) : "");
  }
}
function showSeats(list) {
  seats = list;
  names = seats.map((s) => s.name);
  const box = $("seats");
  box.textContent = "";
  for (const s of seats) {
    const span = document.createElement("span");
    span.className = "seat" + (s.present ? "" : " away") + (view && view.to_act === s.seat ? " turn" : "");
    const name = s.present ? s.name : say("away", {name: s.name});
    span.textContent = s.seat === seat ? say("you_are", {name: name}) : name;
    box.appendChild(span);
  }
}
function showView(shown) {
  view = shown;
  const hand = $("hand");
  hand.textContent = "";
  $("hand-line").hidden = seat === null;
  for (const c of view.hand) {
    const button = document.createElement("button");
    button.appendChild(cardSpan(c));
    const move = playable && playable.get(c);
    button.disabled = !move;
    if (move) button.addEventListener("click", () => { playable = null; send({type: "move", text: move}); });
    hand.appendChild(button);
  }
  const bidding = view.calls.map(([s, said]) => named(s) + " " + words(said)).join(", ");
  $("bidding").textContent = (bidding ? say("bidding", {calls: bidding}) : "")
    + view.declared.map(([s, said]) => " \u00b7 " + say("declared", {name: named(s), what: said})).join("")
    + view.belotes.map(([s, said]) => " \u00b7 " + say("belote", {name: named(s), what: said})).join("");
  const last = view.tricks[view.tricks.length - 1];
  $("last").textContent = last ? say("last", {cards: last.cards.map(card).join(" "), name: named(last.winner)}) : "";
  showSeats(seats);
  showHeader();
  if (view.to_act >= 0 && view.to_act !== seat) $("question").textContent = say("waiting", {name: names[view.to_act]});
  const trick = $("trick");
  trick.textContent = view.trick.length ? "" : T.nothing;
  for (const [s, c] of view.trick) {
    trick.appendChild(document.createTextNode(names[s] + " "));
    trick.appendChild(cardSpan(c));
    trick.appendChild(document.createTextNode("  "));
  }
}
function ask(message) {
  $("question").textContent = say("turn", {prompt: message.prompt});
  const menu = $("menu");
  menu.textContent = "";
  message.menu.forEach((entry) => {
    const button = document.createElement("button");
    button.textContent = entry.key + ": " + entry.label;
    button.dataset.key = entry.key;
    button.addEventListener("click", () => { send({type: "move", text: entry.key}); });
    menu.appendChild(button);
  });
  if (message.bids) log(say("bids", {bids: message.bids}));
}
function page(text) {
  const pre = document.createElement("pre"); pre.textContent = text;
  $("log").appendChild(pre); $("log").scrollTop = $("log").scrollHeight;
}
function quiet() { $("question").textContent = ""; $("menu").textContent = ""; playable = null; }
function stand(message) { if (message.match) { standing = message.match; number = standing.number; } }
function legalCards(message) {
  const cards = new Map();
  for (const entry of message.legal || []) {
    const code = entry.text.split(" ")[0];  // a card that may announce its belote: the server asks which
    if (entry.kind === "play") cards.set(code, code);
  }
  return message.phase === "playing" && cards.size ? cards : null;
}
const on = {
  welcome(m) {
    seat = m.seat;
    if (m.token) localStorage.setItem("belot-token-" + m.code, m.token);
    $("join").hidden = true; $("table").hidden = false;
    title = m.title;
    stand(m);
    showSeats(m.seats);
    showHeader();
    log(seat === null ? say("watching", {title: m.title}) : say("seated", {number: seat + 1, title: m.title}));
  },
  seats(m) { showSeats(m.seats); showHeader(); log(m.note); },
  deal(m) { number = m.number; stand(m); showView(m.view); log(say("dealt", {number: m.number, name: names[m.dealer]})); },
  moved(m) { quiet(); stand(m); showView(m.view); log(m.said); if (m.trick) log(m.trick); },
  turn(m) { stand(m); playable = legalCards(m); showView(m.view); ask(m); },
  refused(m) { log(m.reason); },
  undone(m) { quiet(); stand(m); showView(m.view); log(m.said); },
  sheet(m) { page(m.text); },
  history(m) { page(m.text.replace(/\\x1b\\[[0-9;]*m/g, "")); },  // drawn for a terminal: its colours left out
  rules(m) { page(m.text); },
  result(m) {
    if (standing) { standing = {...standing, board: m.board}; showHeader(); }
    log(m.title); m.lines.forEach((l) => log("  " + l)); log(say("board", {board: m.board.join("-")}));
  },
  end(m) {
    quiet(); if (standing) { standing = {...standing, board: m.board}; showHeader(); }
    if (m.sheet) page(m.sheet); log(m.said); $("question").textContent = m.said;
  },
  said(m) { log(say("says", {name: m.name, text: m.text})); },
  hint(m) { log(m.text); },
  error(m) { log(m.reason); $("question").textContent = m.reason; },
};
$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("code").value.trim(), watch = $("watch").checked;
  // table: sent what a table is drawn from (where the match stands, the legal moves), as a full-screen seat is
  const hello = {type: "hello", version: VERSION, code: code, name: $("name").value.trim(), watch: watch, table: true};
  hello.lang = document.documentElement.lang;  // the table's sentences in the page's language
  const token = localStorage.getItem("belot-token-" + code);
  if (token && !watch) hello.token = token;
  socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/");
  socket.onopen = () => socket.send(JSON.stringify(hello));
  socket.onmessage = (event) => { const m = JSON.parse(event.data); (on[m.type] || (() => {}))(m); };
  socket.onclose = () => log(T.closed);
});
$("typed").addEventListener("submit", (event) => {
  event.preventDefault(); send({type: "move", text: $("move").value}); $("move").value = "";
});
document.querySelectorAll("#asks button").forEach((button) => {
  button.addEventListener("click", () => send({type: button.dataset.ask}));
});
$("talk").addEventListener("submit", (event) => {
  event.preventDefault(); const text = $("said").value.trim();
  if (text) send({type: "say", text: text}); $("said").value = "";
});
</script>
</body></html>
"""


@functools.cache
def page(language: str) -> bytes:
    """The page in ``language``, with the protocol's version and limits written in."""
    with speaking(language):
        said = texts()
        calls = {name: Look().call(Call.parse(name)) for name in CALLED}
    html = PAGE
    for key, text in said.items():
        html = html.replace("{{" + key + "}}", escape(text))
    return (html.replace("{{lang}}", language).replace("{{dir}}", "rtl" if language == "ar" else "ltr")
            .replace("__TEXTS__", json.dumps(said, ensure_ascii=False))
            .replace("__CALLS__", json.dumps(calls, ensure_ascii=False))
            .replace("__VERSION__", str(VERSION))
            .replace("__TYPED__", str(MAX_TYPED)).replace("__TALK__", str(MAX_TALK)).encode("utf-8"))


CALLED = ("pass", "double", "redouble", *SUIT_CONTRACTS, "no_trumps", "all_trumps")  # the calls the page words


def texts() -> dict[str, str]:
    """The page's own words in the current language; the script fills in their {names}."""
    table, hand = _("On the table: {cards}"), _("Your hand: {cards}")
    return {
        "title": _("belot table"), "code": _("Table code"), "name": _("Your name"), "watch": _("watch"),
        "join": _("Join"), "on_table": table.split("{cards}")[0].strip(), "nothing": _("nothing yet"),
        "your_hand": hand.split("{cards}")[0].strip(), "type": _("Type a move"), "send": _("Send"),
        "sheet": _("Score sheet"), "history": _("History"), "rules": _("Rules"), "hint": _("Hint"),
        "undo": _("Undo"), "say": _("Say"), "you": _("you"), "you_are": _("You: {name}"),
        "away": _("{name} (away)"), "deal": _("deal {number}"), "contract": _("contract: {contract} by {name}"),
        "score": _("Score: {sides}"), "hanging": _("hanging {points}"), "bidding": _("Bidding: {calls}"),
        "declared": _("{name} declared {what}"), "belote": _("{name}: belote {what}"),
        "last": _("Last trick: {cards}, won by {name}"), "waiting": _("Waiting for {name}."),
        "turn": _("Your turn: {prompt}"), "bids": _("Or type a bid: {bids}"), "watching": _("Watching {title}."),
        "seated": _("You sit at seat {number} at {title}."), "dealt": _("Deal {number}: {name} deals."),
        "board": _("Board: {board}"), "says": _("{name} says: {text}"),
        "closed": _("The connection to the table is closed."),
    }


def language_asked(path: str, accepted: str, spoken: str) -> str:
    """The page's language: ``?lang=`` in its address, else the first of the browser's the table speaks, else
    the host's."""
    wanted = [*parse_qs(urlsplit(path).query).get("lang", []),
              *(part.split(";")[0].strip() for part in accepted.split(","))]
    return next((code for code in (w[:2].lower() for w in wanted) if code in LANGUAGES), spoken)
