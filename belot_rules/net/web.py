"""The browser's seat: one page, served by ``belot host --web PORT``, that speaks the table's protocol.

The page joins over a WebSocket on the same port it came from, with the code and name the player
types (or ``?code=...&name=...`` in its address), keeps its seat token in the browser for a rejoin,
and shows what the terminal's table shows: the deal, the contract and the score over the seats (whose
turn it is marked), the bidding and declarations, the trick and the last one, the hand with the cards
it may play as buttons, the numbered choices of a move as buttons (a typed move works too), and asks
for the score sheet, the history, the rules, a hint and an undo as the table's keys do. The table's
sentences (its notes, each move's words, refusals, results, the sheet, the rules) come in the
browser's language, or ``?lang=``, when the table speaks it; the page's own labels are English. It
needs no other file and no library: everything it draws comes from the protocol's messages.
"""

from __future__ import annotations

import json

from ..i18n import LANGUAGES
from .protocol import MAX_TALK, MAX_TYPED, VERSION

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>belot table</title>
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
<h1>belot table</h1>
<form id="join">
 <label>Table code <input id="code" required maxlength="32"></label>
 <label>Your name <input id="name" maxlength="24"></label>
 <label><input id="watch" type="checkbox"> watch</label>
 <button>Join</button>
</form>
<div id="table" hidden>
 <p id="header"></p>
 <p id="score"></p>
 <p id="seats"></p>
 <p id="bidding"></p>
 <p>On the table: <span id="trick">nothing yet</span></p>
 <p id="last"></p>
 <p id="hand-line">Your hand: <span id="hand"></span></p>
 <p id="question" role="status"></p>
 <div id="menu"></div>
 <form id="typed"><label>Type a move <input id="move" maxlength="__TYPED__"></label> <button>Send</button></form>
 <p id="asks"><button data-ask="sheet">Score sheet</button> <button data-ask="history">History</button>
  <button data-ask="rules">Rules</button>
  <button data-ask="hint">Hint</button> <button data-ask="undo">Undo</button></p>
 <div id="log" aria-live="polite"></div>
 <form id="talk"><label>Say <input id="said" maxlength="__TALK__"></label> <button>Say</button></form>
</div>
<script>
"use strict";
const VERSION = __VERSION__;
const LANGUAGES = __LANGUAGES__;  // the table's sentences come in the first of the player's that the table speaks
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
const CONTRACTS = {clubs: "clubs \u2663", diamonds: "diamonds \u2666", hearts: "hearts \u2665",
                   spades: "spades \u2660"};
function words(text) { return CONTRACTS[text] || text.replaceAll("_", " "); }
function named(s) { return s === seat ? "you" : names[s]; }
function side(number) {
  return seats.filter((s) => s.side === number).map((s) => named(s.seat)).join(" & ");
}
function showHeader() {
  let text = title + (number ? " \u00b7 deal " + number : "");
  if (view && view.contract) {
    text += " \u00b7 contract: " + words(view.contract) + (view.declarer >= 0 ? " by " + named(view.declarer) : "")
      + (view.multiplier > 1 ? " \u00d7" + view.multiplier : "");
  }
  $("header").textContent = text;
  if (standing) {
    $("score").textContent = "Score: " + standing.board.map((points, s) => side(s) + " " + points).join(" \u00b7 ")
      + (standing.reserve ? " \u00b7 hanging " + standing.reserve : "");
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
    span.textContent = (s.seat === seat ? "You: " : "") + s.name + (s.present ? "" : " (away)");
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
  $("bidding").textContent = (bidding ? "Bidding: " + bidding : "")
    + view.declared.map(([s, said]) => " \u00b7 " + named(s) + " declared " + said).join("")
    + view.belotes.map(([s, said]) => " \u00b7 " + named(s) + ": belote " + said).join("");
  const last = view.tricks[view.tricks.length - 1];
  $("last").textContent = last ? "Last trick: " + last.cards.map(card).join(" ") + ", won by " + named(last.winner) : "";
  showSeats(seats);
  showHeader();
  if (view.to_act >= 0 && view.to_act !== seat) $("question").textContent = "Waiting for " + names[view.to_act] + ".";
  const trick = $("trick");
  trick.textContent = view.trick.length ? "" : "nothing yet";
  for (const [s, c] of view.trick) {
    trick.appendChild(document.createTextNode(names[s] + " "));
    trick.appendChild(cardSpan(c));
    trick.appendChild(document.createTextNode("  "));
  }
}
function ask(message) {
  $("question").textContent = "Your turn: " + message.prompt;
  const menu = $("menu");
  menu.textContent = "";
  message.menu.forEach((entry) => {
    const button = document.createElement("button");
    button.textContent = entry.key + ": " + entry.label;
    button.dataset.key = entry.key;
    button.addEventListener("click", () => { send({type: "move", text: entry.key}); });
    menu.appendChild(button);
  });
  if (message.bids) log("Or type a bid: " + message.bids);
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
    log(seat === null ? "Watching " + m.title + "." : "You sit at seat " + (seat + 1) + " at " + m.title + ".");
  },
  seats(m) { showSeats(m.seats); showHeader(); log(m.note); },
  deal(m) { number = m.number; stand(m); showView(m.view); log("Deal " + m.number + ": " + names[m.dealer] + " deals."); },
  moved(m) { quiet(); stand(m); showView(m.view); log(m.said); if (m.trick) log(m.trick); },
  turn(m) { stand(m); playable = legalCards(m); showView(m.view); ask(m); },
  refused(m) { log(m.reason); },
  undone(m) { quiet(); stand(m); showView(m.view); log(m.said); },
  sheet(m) { page(m.text); },
  history(m) { page(m.text.replace(/\\x1b\\[[0-9;]*m/g, "")); },  // drawn for a terminal: its colours left out
  rules(m) { page(m.text); },
  result(m) {
    if (standing) { standing = {...standing, board: m.board}; showHeader(); }
    log(m.title); m.lines.forEach((l) => log("  " + l)); log("Board: " + m.board.join("-"));
  },
  end(m) {
    quiet(); if (standing) { standing = {...standing, board: m.board}; showHeader(); }
    if (m.sheet) page(m.sheet); log(m.said); $("question").textContent = m.said;
  },
  said(m) { log(m.name + " says: " + m.text); },
  hint(m) { log(m.text); },
  error(m) { log(m.reason); $("question").textContent = m.reason; },
};
$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("code").value.trim(), watch = $("watch").checked;
  // table: sent what a table is drawn from (where the match stands, the legal moves), as a full-screen seat is
  const hello = {type: "hello", version: VERSION, code: code, name: $("name").value.trim(), watch: watch, table: true};
  const lang = [params.get("lang") || "", ...navigator.languages].map((l) => l.slice(0, 2).toLowerCase())
    .find((l) => LANGUAGES.includes(l));
  if (lang) hello.lang = lang;
  const token = localStorage.getItem("belot-token-" + code);
  if (token && !watch) hello.token = token;
  socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/");
  socket.onopen = () => socket.send(JSON.stringify(hello));
  socket.onmessage = (event) => { const m = JSON.parse(event.data); (on[m.type] || (() => {}))(m); };
  socket.onclose = () => log("The connection to the table is closed.");
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


def page() -> bytes:
    """The page, with the protocol's version and limits written in."""
    return (PAGE.replace("__VERSION__", str(VERSION)).replace("__LANGUAGES__", json.dumps(list(LANGUAGES)))
            .replace("__TYPED__", str(MAX_TYPED))
            .replace("__TALK__", str(MAX_TALK)).encode("utf-8"))
