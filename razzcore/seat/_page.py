"""The fixed parts of the browser seat's page (see :mod:`razzcore.seat.web`):
the HTML skeleton, the style added to the replayer's, and the script.

The script shows the frames the server sends (the table as the person's seat
sees it after each action) one by one, and offers one button per legal
action the frame lists; it decides nothing about the hand.  It builds every
element with ``textContent``, never from HTML text.  Each page load opens its
own session, so two tabs are two tables.  The page loads nothing but itself
and talks only to the server that sent it.
"""

from __future__ import annotations

from ..show._replayer_page import DRAW_HELPERS

__all__ = ["CSP", "SEAT_SCRIPT", "SEAT_STYLE", "SEAT_TEMPLATE"]

CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
       "connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'")
"""The page's Content Security Policy: inline style and script, requests to
its own server only."""

SEAT_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="razzcore">
<title>Razz table · razzcore</title>
<style>@@style@@</style>
</head>
<body>
@@sprite@@
<div id="app" class="single">
<main>
<header><h1>Razz</h1><p id="info">@@info@@</p></header>
<div id="table" role="region" aria-label="Table">
<div id="felt"></div>
<div id="center">
<div id="street"></div>
<div id="pots"></div>
<div id="community"></div>
<div id="action" aria-live="polite"></div>
</div>
</div>
<div id="bar">
<div id="status" data-state="waiting" role="status" aria-live="polite">Dealing…</div>
<div id="actions"></div>
<p id="error" role="alert"></p>
</div>
<section id="result" hidden><h2>Hand over</h2><ul id="result-lines"></ul></section>
</main>
<aside id="side">
<h2>Session</h2>
<table id="session"><thead><tr><th>Seat</th><th>Stack</th><th>Net</th></tr></thead>
<tbody></tbody></table>
<p id="session-note"></p>
<h2>Hands</h2>
<p class="links"><a id="download-phh" download>PHH</a> · <a id="download-pokerstars"
 download>PokerStars</a> · <a id="open-replayer" target="_blank" rel="noopener">replayer</a></p>
<h2>This hand</h2>
<ul id="log"></ul>
<p class="keys">keys: f fold · c check/call · b bet/raise · p bring-in · n next hand</p>
</aside>
</div>
<script>@@script@@</script>
</body>
</html>
"""

SEAT_STYLE = """
#app.single{display:flex;gap:12px;align-items:flex-start}
#table{height:560px}
.seat.you{border-color:#3d6fd8;box-shadow:0 0 0 3px rgba(61,111,216,.35)}
#bar{display:flex;gap:10px;align-items:center;flex-wrap:wrap;margin:8px 0;max-width:1200px;
justify-content:center;min-height:44px}
#status{font-weight:bold;padding:6px 12px;border-radius:8px;background:#e3e7ef}
#status[data-state="your-turn"]{background:#f2b705;color:#1d2330}
#status[data-state="over"]{background:#3d6fd8;color:#fff}
#actions{display:flex;gap:8px;flex-wrap:wrap}
#actions button{font-size:16px;padding:8px 16px;border-radius:8px;border:1px solid #99a;
background:#fff;cursor:pointer;font-weight:bold}
#actions button[data-action="fold"]{border-color:#c0262d;color:#c0262d}
#actions button[data-action="bet_raise"]{background:#1d2330;color:#fff}
#actions button#next-hand{background:#3d6fd8;color:#fff;border-color:#3d6fd8}
#error{color:#c0262d;margin:0;flex-basis:100%;text-align:center}
#error:empty{display:none}
#side{width:300px;flex:none;background:#fff;border-radius:10px;padding:10px 14px;
margin:12px 12px 0 0;font-size:13px}
#side h2{font-size:14px;margin:8px 0 4px}
#session{border-collapse:collapse;width:100%}
#session th,#session td{padding:2px 6px;text-align:right;border-bottom:1px solid #dde}
#session th:first-child,#session td:first-child{text-align:left}
#session tr.you td{font-weight:bold}
#log{max-height:300px;overflow-y:auto;margin:0;padding:0;list-style:none;font-size:12px}
#log li{padding:1px 0;border-bottom:1px solid #eef}
.links a{color:#3d6fd8}
.links a[aria-disabled="true"]{color:#99a;pointer-events:none}
#result{display:block}
#result ul{margin:0;padding-left:18px}
"""

SEAT_SCRIPT = r"""
(function () {
  "use strict";
""" + DRAW_HELPERS + r"""
  var session = null, pace = 700, queue = [], timer = null, frame = null, built = 0;
  function chips(n) { return n.toLocaleString("en-US"); }
  function signed(n) { return (n > 0 ? "+" : "") + chips(n); }
  function status(state, text) {
    var s = $("status");
    s.dataset.state = state;
    s.textContent = text;
  }
  function request(path, body) {
    var init = {method: "POST", headers: {"Content-Type": "application/json"},
                body: JSON.stringify(body || {})};
    return fetch(path, init).then(function (r) {
      return r.json().then(function (data) {
        if (!r.ok) { throw new Error(data.error || r.statusText); }
        return data;
      });
    });
  }
  function seats(f) {
    var table = $("table"), n = f.seats.length;
    Array.prototype.slice.call(table.querySelectorAll(".seat")).forEach(function (e) {
      e.remove();
    });
    f.seats.forEach(function (seat, s) {
      var a = Math.PI / 2 + 2 * Math.PI * (s - f.me) / n;
      var box = el("div", "seat");
      box.dataset.seat = String(s + 1);
      box.style.left = (50 + 36 * Math.cos(a)) + "%";
      box.style.top = (50 + 40 * Math.sin(a)) + "%";
      var top = el("div", "top");
      top.appendChild(el("span", "name", seat.name));
      top.appendChild(el("span", "stack"));
      box.appendChild(top);
      box.appendChild(el("div", "cards"));
      box.appendChild(el("div", "bottom"));
      table.appendChild(box);
    });
    built = n;
  }
  function draw(f) {
    if (built !== f.seats.length) { seats(f); }
    var boxes = $("table").querySelectorAll(".seat");
    f.seats.forEach(function (seat, s) {
      var box = boxes[s], cls = "seat";
      if (seat.you) { cls += " you"; }
      if (seat.out) { cls += " out"; }
      if (seat.folded) { cls += " folded"; }
      if (f.actor === s) { cls += " actor"; }
      box.className = cls;
      var stack = box.querySelector(".stack");
      stack.textContent = chips(seat.stack);
      stack.dataset.stack = String(seat.stack);
      var cards = box.querySelector(".cards");
      cards.textContent = "";
      seat.cards.forEach(function (c, j) { cards.appendChild(card(c, seat.up[j])); });
      var bottom = box.querySelector(".bottom");
      bottom.textContent = "";
      if (seat.bet) { bottom.appendChild(el("span", "bet", chips(seat.bet))); }
      if (seat.out) { bottom.appendChild(el("span", "tag", "not dealt in")); }
      else if (seat.folded) { bottom.appendChild(el("span", "tag", "folded")); }
      if (seat.allin) { bottom.appendChild(el("span", "tag", "all-in")); }
      if (f.actor === s) { bottom.appendChild(el("span", "tag", "to act")); }
      if (seat.low) { bottom.appendChild(el("span", "tag low", seat.low)); }
      if (seat.net !== null && seat.net !== 0) {
        bottom.appendChild(el("span", seat.net > 0 ? "tag won" : "tag", signed(seat.net)));
      }
    });
    $("street").textContent = f.over ? "Hand " + f.hand + " over" : "Hand " + f.hand +
      " · " + f.street;
    $("pots").textContent = "Pot " + chips(f.pot);
    var comm = $("community");
    comm.textContent = "";
    if (f.community !== null) { comm.appendChild(card(f.community, true)); }
    $("action").textContent = f.text;
    var log = $("log");
    log.textContent = "";
    f.log.forEach(function (line) { log.appendChild(el("li", null, line)); });
    log.scrollTop = log.scrollHeight;
    var body = $("session").tBodies[0];
    body.textContent = "";
    f.session.seats.forEach(function (row) {
      var tr = el("tr", row.you ? "you" : null);
      [row.name, chips(row.stack), signed(row.net)].forEach(function (v) {
        tr.appendChild(el("td", null, v));
      });
      body.appendChild(tr);
    });
    $("session-note").textContent = f.session.hands + " hand" +
      (f.session.hands === 1 ? "" : "s") + " played" +
      (f.session.ended ? " · session over: " + f.session.ended : "");
    ["download-phh", "download-pokerstars", "open-replayer"].forEach(function (k) {
      $(k).setAttribute("aria-disabled", f.session.hands ? "false" : "true");
    });
  }
  function controls(f, last) {
    var box = $("actions");
    box.textContent = "";
    $("result").hidden = !(last && f.over);
    if (!last) {
      status("waiting", f.actor === null ? "…" : f.seats[f.actor].name + " to act");
      return;
    }
    if (f.state === "your-turn") {
      status("your-turn", "Your turn" + (f.to_call ? ": " + chips(f.to_call) + " to call" : ""));
      f.choices.forEach(function (c) {
        var b = el("button", null, c.label);
        b.type = "button";
        b.dataset.action = c.name;
        b.dataset.key = c.key;
        b.addEventListener("click", function () { act(c); });
        box.appendChild(b);
      });
    } else if (f.state === "over") {
      var lines = $("result-lines");
      lines.textContent = "";
      f.result.forEach(function (line) { lines.appendChild(el("li", null, line)); });
      if (f.session.ended) {
        status("over", "Session over: " + f.session.ended);
        var again = el("button", null, "New session");
        again.type = "button";
        again.id = "new-session";
        again.addEventListener("click", start);
        box.appendChild(again);
      } else {
        status("over", "Hand " + f.hand + " over");
        var next = el("button", null, "Next hand");
        next.type = "button";
        next.id = "next-hand";
        next.addEventListener("click", deal);
        box.appendChild(next);
      }
    } else {
      status("waiting", "Waiting");
    }
  }
  function tick() {
    timer = null;
    var f = queue.shift();
    if (!f) { return; }
    var last = queue.length === 0;
    frame = f;
    draw(f);
    controls(f, last);
    if (!last) { timer = setTimeout(tick, pace); }
  }
  function show(frames) {
    queue = queue.concat(frames);
    if (timer === null) { tick(); }
  }
  function failed(e) {
    // Say why, then show the table as the server has it (a refused request
    // changed nothing there); if even that fails, the last frame again.
    $("error").textContent = String(e && e.message ? e.message : e);
    var again = function () { if (frame) { controls(frame, true); } };
    if (session === null) { again(); return; }
    Promise.resolve().then(function () {
      return fetch("/api/session/" + session);
    }).then(function (r) {
      if (!r.ok) { throw new Error(r.statusText); }
      return r.json();
    }).then(function (d) {
      queue = [];
      show(d.frames);
    }).catch(again);
  }
  function busy(text) {
    $("actions").textContent = "";
    $("error").textContent = "";
    status("waiting", text);
  }
  function act(c) {
    busy(c.label + "…");
    request("/api/session/" + session + "/act",
            {hand: frame.hand, step: frame.step, action: c.action}).then(function (d) {
      show(d.frames);
    }).catch(failed);
  }
  function deal() {
    busy("Dealing…");
    request("/api/session/" + session + "/next", {hand: frame.hand}).then(function (d) {
      show(d.frames);
    }).catch(failed);
  }
  function start() {
    busy("Dealing…");
    queue = [];
    request("/api/session", {}).then(function (d) {
      session = d.id;
      pace = d.pace;
      built = 0;
      var base = "/api/session/" + session;
      $("download-phh").href = base + "/hands.phhs";
      $("download-pokerstars").href = base + "/hands.txt";
      $("open-replayer").href = base + "/replayer.html";
      show(d.frames);
    }).catch(failed);
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var k = e.key.toLowerCase();
    var b = k === "n" ? $("next-hand") : $("actions").querySelector('[data-key="' +
      (/^[fcbp]$/.test(k) ? k : "-") + '"]');
    if (b) { e.preventDefault(); b.click(); }
  });
  start();
}());
"""
