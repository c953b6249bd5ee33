"""The fixed parts of the replayer page (see :mod:`razzcore.show.replayer`): the
HTML skeleton, its style sheet and its script.

The script only shows the steps that Python recorded (it decides nothing
about the hand); it builds every element with ``textContent``, never from
HTML text, so names in the data cannot inject markup.  The Content Security
Policy forbids every load: the page works offline and sends no request.
"""

from __future__ import annotations

__all__ = ["PAGE_SCRIPT", "PAGE_STYLE", "PAGE_TEMPLATE"]

PAGE_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="razzcore">
<title>@@title@@</title>
<style>@@style@@</style>
</head>
<body>
@@sprite@@
<div id="app" data-spoilers="@@spoilers@@">
<nav id="hands" aria-label="Hands"><h2>Hands</h2><ol id="hand-list"></ol></nav>
<main>
<header><h1 id="title"></h1><p id="info"></p><p id="incomplete" role="status" hidden></p>
</header>
<div id="table" role="region" aria-label="Table">
<div id="felt"></div>
<div id="center">
<div id="street"></div>
<div id="pots"></div>
<div id="community"></div>
<div id="action" aria-live="polite"></div>
</div>
</div>
<div id="controls">
<button type="button" id="first" title="Start (Home)" aria-label="Start">&#xAB; Start</button>
<button type="button" id="prev" title="Back one step (&#x2190;)"
 aria-label="Back">&#x2039; Back</button>
<span id="counter"></span>
<button type="button" id="next" title="Forward one step (&#x2192;)"
 aria-label="Forward">Next &#x203A;</button>
<button type="button" id="last" title="End (End)" aria-label="End">End &#xBB;</button>
<span class="keys">keys: &#x2190; &#x2192; Home End</span>
</div>
<section id="result" hidden>
<div><h2>Showdown</h2><ul id="showdown"></ul></div>
<div><h2>Awards</h2><ul id="awards"></ul></div>
<div><h2>Finishing stacks</h2>
<table id="finishing"><thead><tr><th>Player</th><th>Start</th><th>Finish</th><th>Net</th>
</tr></thead><tbody></tbody><tfoot></tfoot></table><p id="check"></p></div>
</section>
</main>
</div>
<script type="application/json" id="rz-data">@@data@@</script>
<script>@@script@@</script>
</body>
</html>
"""

PAGE_STYLE = """
*{box-sizing:border-box}
body{margin:0;font:14px/1.35 "DejaVu Sans",Helvetica,Arial,sans-serif;color:#1d2330;
background:#eef1f5}
#app{display:flex;min-height:100vh}
#hands{width:230px;flex:none;background:#1d2330;color:#e8ecf3;padding:10px;overflow-y:auto;
max-height:100vh;position:sticky;top:0}
#hands h2{font-size:14px;margin:4px 4px 8px;text-transform:uppercase;letter-spacing:.05em}
#hands ol{list-style:none;margin:0;padding:0}
#hands button{display:block;width:100%;text-align:left;margin:0 0 4px;padding:6px 8px;
border:0;border-radius:6px;background:#2b3344;color:inherit;font:inherit;font-size:12px;
cursor:pointer}
#hands button[aria-current="true"]{background:#3d6fd8;color:#fff}
#app.single #hands{display:none}
main{flex:1;padding:12px 18px;min-width:0}
header h1{font-size:18px;margin:0}
header p{margin:2px 0 8px;color:#556}
#table{position:relative;height:620px;min-width:980px;max-width:1200px}
#felt{position:absolute;left:10%;right:10%;top:14%;bottom:14%;border-radius:50%;
background:radial-gradient(#1b7a4c,#0f5c3a);border:10px solid #6b4423;
box-shadow:0 4px 14px rgba(0,0,0,.35)}
#center{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);text-align:center;
color:#fff;width:36%}
#street{font-size:20px;font-weight:bold}
#pots{font-size:15px;margin-top:4px}
#community{margin-top:6px;min-height:4px}
#community{display:flex;gap:6px;align-items:center;justify-content:center}
#community .card{width:36px;height:50px}
#community .label{font-size:12px;text-transform:uppercase;letter-spacing:.04em}
#action{margin-top:8px;background:rgba(0,0,0,.35);border-radius:6px;padding:6px 8px;
font-size:15px;min-height:1.6em}
.seat{position:absolute;transform:translate(-50%,-50%);width:256px;background:#fff;
border-radius:10px;padding:6px 8px;box-shadow:0 2px 6px rgba(0,0,0,.3);border:3px solid #fff}
.seat.acted{border-color:#3d6fd8}
.seat.actor{border-color:#f2b705;background:#fff8e1}
.seat.folded,.seat.out{opacity:.5}
.seat .top{display:flex;justify-content:space-between;gap:6px;align-items:baseline}
.seat .name{font-weight:bold;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;
flex:1;min-width:0}
.seat .no{color:#667;font-size:11px;white-space:nowrap}
.seat .top{flex-wrap:wrap;gap:0 6px}
.seat .name{flex-basis:100%;order:-1}
.seat .stack{margin-left:auto}
.seat .stack{color:#334;white-space:nowrap}
.seat .cards{display:flex;gap:2px;min-height:51px;margin:4px 0 2px}
.card{width:32px;height:45px;flex:none}
.seat .cards .card.down{margin-top:0}
.seat .cards .card.up{margin-top:6px}
.seat .bottom{display:flex;flex-wrap:wrap;gap:4px 6px;align-items:center;min-height:20px;
font-size:12px}
.bet{background:#f2b705;color:#1d2330;border-radius:10px;padding:1px 8px;font-weight:bold;
white-space:nowrap}
.tag{background:#e3e7ef;border-radius:10px;padding:1px 8px;white-space:nowrap}
.tag.low{background:#d5f5e3}
.tag.won{background:#3d6fd8;color:#fff;font-weight:bold}
#controls{display:flex;gap:8px;align-items:center;margin:8px 0;max-width:1200px;
justify-content:center}
#controls button{font-size:15px;padding:4px 12px;border-radius:6px;border:1px solid #99a;
background:#fff;cursor:pointer}
#controls button:disabled{opacity:.4;cursor:default}
#counter{min-width:110px;text-align:center}
.keys{color:#667;font-size:12px}
#result{display:flex;gap:24px;flex-wrap:wrap;background:#fff;border-radius:10px;
padding:10px 16px;max-width:1200px}
#result[hidden]{display:none}
#result h2{font-size:15px;margin:4px 0}
#result ul{margin:0;padding-left:18px}
#finishing{border-collapse:collapse}
#finishing th,#finishing td{padding:2px 10px;text-align:right;border-bottom:1px solid #dde}
#finishing th:first-child,#finishing td:first-child{text-align:left}
#check{color:#445;font-size:12px;margin:4px 0}
#finishing tfoot td{color:#556;font-style:italic;border-bottom:0}
#incomplete{margin:0 0 8px;padding:6px 10px;border-radius:6px;background:#fde8c8;
color:#6b3a00;font-weight:bold}
#incomplete[hidden]{display:none}
header h1,header p{overflow-wrap:anywhere}
@media (max-width:1023px){
#app{flex-direction:column}
#hands{order:2;width:auto;position:static;max-height:40vh}
main{padding:8px}
#table{height:auto;min-width:0;max-width:none;display:grid;
grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:6px}
#felt{display:none}
#center{position:static;transform:none;width:auto;grid-column:1/-1;
background:radial-gradient(#1b7a4c,#0f5c3a);border-radius:10px;padding:8px}
.seat{position:static;transform:none;width:auto;min-width:0;padding:4px 6px}
.seat .cards{min-height:0}
.seat .cards .card{flex:1 1 0;min-width:0;max-width:32px;height:auto;aspect-ratio:40/56}
#controls{position:sticky;bottom:0;z-index:2;background:#eef1f5;flex-wrap:wrap;gap:6px;
padding:6px 0;margin:6px 0}
#controls button{padding:8px 10px;min-height:40px}
#counter{min-width:0}
.keys{display:none}
#result{flex-direction:column;gap:8px;padding:8px}
#finishing{width:100%}
#finishing th,#finishing td{padding:2px 4px}
}
"""

DRAW_HELPERS = r"""
  var SVG = "http://www.w3.org/2000/svg";
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function card(c, up) {
    var s = document.createElementNS(SVG, "svg");
    s.setAttribute("class", "card " + (c === null ? "back " : "") + (up ? "up" : "down"));
    s.setAttribute("viewBox", "0 0 40 56");
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", c === null ? "face-down card" : c + (up ? "" : " (down)"));
    var u = document.createElementNS(SVG, "use");
    u.setAttribute("href", "#rz-" + (c === null ? "back" : c + (up ? "" : "-down")));
    s.appendChild(u);
    return s;
  }
"""
"""The page scripts' drawing helpers (``$``, ``el``, ``card``: a card as a
``<use>`` of the page's card symbols), written once for the replayer page and
the browser seat's page."""

PAGE_SCRIPT = r"""
(function () {
  "use strict";
""" + DRAW_HELPERS + r"""
  var hands = JSON.parse(document.getElementById("rz-data").textContent);
  var cur = 0, step = 0, seen = [];
  var spoilers = $("app").dataset.spoilers === "true";
  function fill(node, items) {
    node.textContent = "";
    items.forEach(function (t) { node.appendChild(el("li", null, t)); });
  }
  function listLabel(i) {
    var h = hands[i];
    return h.label + ((spoilers || seen[i]) && h.outcome ? " \u00b7 " + h.outcome : "");
  }
  function buildList() {
    var list = $("hand-list");
    hands.forEach(function (h, i) {
      var li = el("li"), b = el("button", null, listLabel(i));
      b.type = "button";
      b.addEventListener("click", function () { choose(i); });
      li.appendChild(b);
      list.appendChild(li);
    });
    if (hands.length < 2) { $("app").className = "single"; }
  }
  function seatBoxes(h) {
    var table = $("table"), n = h.seats.length;
    Array.prototype.slice.call(table.querySelectorAll(".seat")).forEach(function (e) {
      e.remove();
    });
    h.seats.forEach(function (seat, s) {
      var a = Math.PI / 2 + 2 * Math.PI * s / n + (n === 8 ? Math.PI / 8 : 0);
      var box = el("div", "seat");
      box.dataset.seat = String(s + 1);
      box.style.left = (50 + 36 * Math.cos(a)) + "%";
      box.style.top = (50 + 40 * Math.sin(a)) + "%";
      var top = el("div", "top");
      if (seat.seat !== seat.name) { top.appendChild(el("span", "no", seat.seat)); }
      top.appendChild(el("span", "name", seat.name));
      top.appendChild(el("span", "stack"));
      box.appendChild(top);
      box.appendChild(el("div", "cards"));
      box.appendChild(el("div", "bottom"));
      table.appendChild(box);
    });
  }
  function show() {
    var h = hands[cur], st = h.steps[step], last = step === h.steps.length - 1;
    var boxes = $("table").querySelectorAll(".seat");
    h.seats.forEach(function (seat, s) {
      var box = boxes[s], cls = "seat";
      if (seat.out) { cls += " out"; }
      if (st.folded[s]) { cls += " folded"; }
      if (st.who === s) { cls += " acted"; }
      if (st.actor === s) { cls += " actor"; }
      box.className = cls;
      box.querySelector(".stack").textContent = st.stacks[s];
      var cards = box.querySelector(".cards");
      cards.textContent = "";
      st.cards[s].forEach(function (c, j) { cards.appendChild(card(c, h.up[s][j])); });
      var bottom = box.querySelector(".bottom");
      bottom.textContent = "";
      if (st.bets[s]) { bottom.appendChild(el("span", "bet", st.bets[s])); }
      if (seat.out) { bottom.appendChild(el("span", "tag", "not dealt in")); }
      else if (st.folded[s]) { bottom.appendChild(el("span", "tag", "folded")); }
      if (st.allin[s]) { bottom.appendChild(el("span", "tag", "all-in")); }
      if (st.actor === s) { bottom.appendChild(el("span", "tag", "to act")); }
      if (st.lows[s]) { bottom.appendChild(el("span", "tag low", st.lows[s])); }
      if (st.won[s]) { bottom.appendChild(el("span", "tag won", st.won[s])); }
    });
    $("street").textContent = st.over ? "Hand over" : st.street;
    $("pots").textContent = st.pots.join(" \u00b7 ");
    var comm = $("community");
    comm.textContent = "";
    if (st.community !== "") {
      comm.appendChild(el("span", "label", "Community card"));
      comm.appendChild(card(st.community, true));
    }
    $("action").textContent = st.text;
    $("counter").textContent = "Step " + (step + 1) + " / " + h.steps.length;
    $("first").disabled = $("prev").disabled = step === 0;
    $("next").disabled = $("last").disabled = last;
    if (last && !seen[cur]) {
      seen[cur] = true;
      var buttons = document.querySelectorAll("#hand-list button");
      if (buttons[cur]) { buttons[cur].textContent = listLabel(cur); }
    }
    var res = h.result;
    $("result").hidden = !(last && res);
    if (last && res) {
      fill($("showdown"), res.showdown.length ? res.showdown : ["no showdown"]);
      fill($("awards"), res.awards);
      var body = $("finishing").tBodies[0];
      body.textContent = "";
      res.stacks.forEach(function (row) {
        var tr = el("tr");
        row.forEach(function (v) { tr.appendChild(el("td", null, v)); });
        body.appendChild(tr);
      });
      var foot = $("finishing").tFoot;
      foot.textContent = "";
      if (res.rake) {
        var tr = el("tr");
        ["Rake", "", "", res.rake].forEach(function (v) { tr.appendChild(el("td", null, v)); });
        foot.appendChild(tr);
      }
      $("check").textContent = res.check;
    }
  }
  function go(k) {
    var n = hands[cur].steps.length;
    step = Math.max(0, Math.min(n - 1, k));
    show();
  }
  function choose(i) {
    cur = i;
    step = 0;
    var h = hands[i];
    $("title").textContent = h.title;
    $("info").textContent = h.info;
    $("incomplete").hidden = !h.incomplete;
    $("incomplete").textContent = h.incomplete;
    document.querySelectorAll("#hand-list button").forEach(function (b, j) {
      b.setAttribute("aria-current", j === i ? "true" : "false");
    });
    seatBoxes(h);
    show();
  }
  $("first").addEventListener("click", function () { go(0); });
  $("prev").addEventListener("click", function () { go(step - 1); });
  $("next").addEventListener("click", function () { go(step + 1); });
  $("last").addEventListener("click", function () { go(Infinity); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var moves = {ArrowLeft: -1, ArrowRight: 1};
    if (e.key in moves) { go(step + moves[e.key]); }
    else if (e.key === "Home") { go(0); }
    else if (e.key === "End") { go(Infinity); }
    else { return; }
    e.preventDefault();
  });
  buildList();
  choose(0);
}());
"""
