"use strict";
// The twixtkit viewer. Every position was computed by the engine when the
// page was written: the data gives each peg and link the plies of each line
// during which it stands, and this script draws the game opened and only
// shows and hides. Text from files is only ever set with textContent.
(function () {
  // When the script started and (at its end) when the page became usable,
  // for the benchmark.
  window.twixtViewerStart = performance.now();
  const data = JSON.parse(document.getElementById("twixt-data").textContent);
  const S = data.style;
  const games = data.games;
  const SVGNS = "http://www.w3.org/2000/svg";
  const sec = document.getElementById("viewer");
  if (!sec) return; // a page of errors only
  const $ = function (sel) { return sec.querySelector(sel); };
  const boardBox = $(".board");
  const state = { g: -1, l: 0, p: 0, solving: false };
  let G = null; // the game open: its data, board and pieces

  function lineEnd(d, l) { const L = d.lines[l]; return L.start + L.moves.length; }
  function moveAt(d, l, p) { const L = d.lines[l]; return p > L.start ? L.moves[p - L.start - 1] : null; }
  function svgEl(name, attrs) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function triples(a) {
    const out = [];
    for (let i = 0; i + 2 < a.length; i += 3) out.push([a[i], a[i + 1], a[i + 2]]);
    return out;
  }
  function holeName(c, r) {
    let s = "", n = c;
    do { s = String.fromCharCode(97 + (n % 26)) + s; n = Math.floor(n / 26) - 1; } while (n >= 0);
    return s + (r + 1);
  }
  function setShown(e, on) { if (on) e.removeAttribute("display"); else e.setAttribute("display", "none"); }

  // ---- Opening a game: its board, pieces, move list and facts.

  function drawTwixt(d) {
    const svg = document.importNode(document.getElementById("board-" + d.board).content.firstElementChild, true);
    const pieces = [];
    const layer = svgEl("g", { class: "pieces" });
    const links = svgEl("g", { class: "links", "stroke-linecap": "round", "stroke-width": S.linkWidth });
    for (const k of d.links) {
      const e = svgEl("path", {
        class: "link " + (k[0] ? "black" : "red"), stroke: k[0] ? S.blackLink : S.redLink,
        d: "M" + k[1] + " " + k[2] + "L" + k[3] + " " + k[4]
      });
      links.appendChild(e);
      pieces.push({ e: e, spans: triples(k[5]), hidden: triples(k[6]), shown: true });
    }
    const pegs = svgEl("g", S.outline ? { class: "pegs", stroke: S.outline, "stroke-width": S.outlineWidth } : { class: "pegs" });
    for (const k of d.pegs) {
      const at = svgEl("g", { class: "peg-at" });
      at.appendChild(svgEl("use", {
        class: "peg " + (k[0] ? "black" : "red"), href: "#b" + d.board + "-peg",
        fill: k[0] ? S.black : S.red, x: k[1], y: k[2], "data-hole": holeName(k[1], k[2])
      }));
      const num = svgEl("text", { class: "num", x: k[1], y: k[2], stroke: "none", fill: "#fff" });
      at.appendChild(num);
      pegs.appendChild(at);
      pieces.push({ e: at, spans: triples(k[3]), hidden: triples(k[4]), renum: triples(k[5] || []), shown: true, num: num, n: "" });
    }
    const ring = svgEl("circle", {
      class: "ring last-move", fill: "none", stroke: S.ring, "stroke-width": S.ringWidth,
      cx: 0, cy: 0, r: S.ringR, display: "none"
    });
    layer.append(links, pegs, ring);
    svg.appendChild(layer);
    return { svg: svg, pieces: pieces, layer: layer, ring: ring, delta: true };
  }

  function drawDrawn(g) {
    const svg = document.importNode(document.getElementById("drawn-" + g).content.firstElementChild, true);
    const pieces = Array.from(svg.querySelectorAll("[data-v]")).map(function (e) {
      const spans = e.getAttribute("data-v").split(" ").map(function (s) {
        const m = /^(\d+):(\d+)-(\d+)$/.exec(s);
        return [Number(m[1]), Number(m[2]), Number(m[3])];
      });
      return { e: e, spans: spans, hidden: [], shown: true };
    });
    return { svg: svg, pieces: pieces, layer: svg.querySelector("g.pieces"), ring: svg.querySelector("circle.ring"), delta: false };
  }

  function moveList(d, l, into, buttons) {
    const ol = document.createElement("ol");
    ol.className = l ? "moves variation" : "moves";
    ol.setAttribute("data-line", l);
    d.lines[l].moves.forEach(function (m, i) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "mv " + (m.b ? "black" : "red");
      const p = d.lines[l].start + i + 1;
      b.setAttribute("data-l", l);
      b.setAttribute("data-p", p);
      b.textContent = m.t;
      buttons.set(l + ":" + p, b);
      li.appendChild(b);
      for (const v of m.v || []) moveList(d, v, li, buttons);
      ol.appendChild(li);
    });
    into.appendChild(ol);
  }

  function open(g) {
    stopPlay();
    const d = games[g];
    const drawn = d.board !== null ? drawTwixt(d) : drawDrawn(g);
    const figures = [];
    if (d.figures) {
      const t = document.getElementById("figures-" + g).content.firstElementChild;
      for (const f of t.children) {
        const e = document.importNode(f, true);
        drawn.svg.appendChild(e);
        figures.push({ e: e, l: Number(e.getAttribute("data-l")), p: Number(e.getAttribute("data-p")) });
      }
    }
    boardBox.textContent = "";
    boardBox.appendChild(drawn.svg);
    const buttons = new Map();
    const list = $(".move-list");
    list.textContent = "";
    moveList(d, 0, list, buttons);
    // A position with no moves (a diagram) has no list to show.
    list.hidden = d.lines.every(function (L) { return !L.moves.length; });
    G = { d: d, svg: drawn.svg, pieces: drawn.pieces, layer: drawn.layer, ring: drawn.ring, delta: drawn.delta,
      figures: figures, buttons: buttons, current: null };
    state.g = g;
    $(".game-title").textContent = d.title;
    $(".game-title").hidden = games.length === 1;
    const players = $(".players");
    players.textContent = "";
    if (d.players[0] !== null || d.players[1] !== null) {
      const r = document.createElement("span"); r.className = "red-name"; r.textContent = d.players[0] || d.sides[0];
      const b = document.createElement("span"); b.className = "black-name"; b.textContent = d.players[1] || d.sides[1];
      players.append(r, " – ", b);
    }
    players.hidden = !players.textContent;
    const facts = $(".facts");
    facts.textContent = "";
    for (const f of d.facts) {
      const dt = document.createElement("dt"); dt.textContent = f[0];
      const dd = document.createElement("dd"); dd.textContent = f[1];
      facts.append(dt, dd);
    }
    const source = $(".source");
    const link = typeof d.link === "string" && /^https:\/\/www\.littlegolem\.net\/jsp\/game\/game\.jsp\?gid=\d+$/.test(d.link) ? d.link : null;
    source.hidden = !link;
    if (link) source.querySelector("a").href = link; else source.querySelector("a").removeAttribute("href");
    const flip = $("[data-do='flip']");
    if (flip) flip.hidden = d.board === null;
    $("[data-do='solve']").hidden = !d.puzzle;
    $(".puzzle .task").textContent = d.puzzle ? d.puzzle.task : "";
    solve(false);
    for (const row of rows) row.tr.classList.toggle("open", row.g === g);
  }

  // ---- Showing a position.

  // The first ply of the span that shows `piece` at (l, p), or -1. A
  // variation of a TwixT game holds only what it changes: a piece it says
  // nothing of stands as it stood where the variation branched.
  function standsAt(piece, l, p) {
    const lines = G.d.lines;
    for (;;) {
      for (const s of piece.spans) if (s[0] === l && s[1] <= p && p < s[2]) { piece.at = l; return s[1]; }
      if (!G.delta || l === 0) return -1;
      for (const s of piece.hidden) if (s[0] === l && s[1] <= p && p < s[2]) return -1;
      const L = lines[l];
      p = L.start;
      l = L.parent[0];
    }
  }

  function show(l, p) {
    const d = G.d;
    const lines = d.lines;
    if (!lines[l]) l = 0;
    const L = lines[l];
    p = Math.max(L.start, Math.min(p, lineEnd(d, l)));
    state.l = l; state.p = p;
    const first = lines[0].start;
    for (const piece of G.pieces) {
      const a = standsAt(piece, l, p);
      const on = a >= 0;
      if (on !== piece.shown) { piece.shown = on; setShown(piece.e, on); }
      if (on && piece.num) {
        // A swapped first peg keeps the number of the move that set it.
        const re = piece.renum.find(function (r) { return r[0] === piece.at && r[1] === a; });
        const shownNum = re ? re[2] : a;
        const n = shownNum > first ? String(shownNum) : "";
        if (n !== piece.n) {
          piece.n = n;
          piece.num.textContent = n;
          piece.num.setAttribute("font-size", n.length > 2 ? 0.42 : 0.55);
        }
      }
    }
    let figure = null;
    for (const f of G.figures) {
      const here = f.l === l && f.p === p;
      if (here) figure = f;
      setShown(f.e, here);
    }
    setShown(G.layer, !figure);
    const mv = moveAt(d, l, p);
    if (mv && mv.h) {
      G.ring.setAttribute("cx", mv.h[0]);
      G.ring.setAttribute("cy", mv.h[1]);
      G.ring.removeAttribute("display");
    } else {
      G.ring.setAttribute("display", "none");
    }
    $(".current").textContent = mv ? "Move " + mv.t : (l === 0 ? "Start" : "Variation: start");
    const comments = $(".comments");
    comments.textContent = "";
    const texts = [];
    for (const c of d.captions) if (c.l === l && c.p === p) texts.push.apply(texts, c.c);
    texts.push.apply(texts, mv ? mv.c || [] : L.intro);
    for (const t of texts) {
      const para = document.createElement("p");
      para.textContent = t;
      comments.appendChild(para);
    }
    // Variations that replace the next move branch here.
    const branches = $(".branches");
    branches.textContent = "";
    const next = p < lineEnd(d, l) ? L.moves[p - L.start] : null;
    if (next && next.v) {
      branches.appendChild(document.createTextNode("Variations: "));
      for (const v of next.v) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = lines[v].moves.length ? lines[v].moves[0].t : "(empty)";
        b.addEventListener("click", function () { act(null); show(v, lines[v].start + 1); });
        branches.appendChild(b);
      }
    }
    $(".result").textContent = l === 0 && p === lineEnd(d, 0) && d.result ? d.result : "";
    $(".leave").hidden = l === 0;
    const cur = G.buttons.get(l + ":" + p) || null;
    if (cur !== G.current) {
      if (G.current) G.current.removeAttribute("aria-current");
      if (cur) cur.setAttribute("aria-current", "step");
      G.current = cur;
    }
    const embed = document.body.classList.contains("embed") && /embed/.test(location.hash) ? "embed&" : "";
    setHash("#" + embed + (games.length > 1 ? "game=" + (state.g + 1) + "&" : "") + (l ? "line=" + l + "&" : "") + "ply=" + p);
  }

  // The address follows the position, at most ten times a second: a held
  // arrow key would otherwise make the browser throttle the page.
  // `written` is the address as the page last set or read it: when it
  // differs, the user went to another address and its hashchange decides.
  const hashState = { last: -1e9, timer: null, next: null, written: location.hash };
  function setHash(h) {
    hashState.next = h;
    const wait = hashState.last + 100 - performance.now();
    if (wait <= 0) flushHash();
    else if (!hashState.timer) hashState.timer = setTimeout(flushHash, wait);
  }
  function flushHash() {
    hashState.timer = null;
    hashState.last = performance.now();
    const next = hashState.next;
    hashState.next = null;
    if (next === null || location.hash !== hashState.written) return;
    if (location.hash !== next) history.replaceState(null, "", next);
    hashState.written = next;
  }

  // Steps along the current line; going back past a variation's first move
  // leaves it for its parent line (plies are numbered the same in both).
  function step(delta) {
    let l = state.l;
    const p = state.p + delta;
    while (l !== 0 && p <= G.d.lines[l].start) l = G.d.lines[l].parent[0];
    show(l, p);
  }

  const notice = $(".notice");
  function act(what) {
    notice.hidden = true;
    if (what === null) return;
    // Solving, only going back: forward would give the answer away.
    if (state.solving && (what === "next" || what === "next10" || what === "last")) return;
    const d = G.d;
    if (what === "first") show(0, d.lines[0].start);
    else if (what === "last") show(state.l, lineEnd(d, state.l));
    else if (what === "back") step(-1);
    else if (what === "next") step(1);
    else if (what === "back10") step(-10);
    else if (what === "next10") step(10);
  }

  function fromHash() {
    hashState.written = location.hash;
    const q = new URLSearchParams(location.hash.slice(1));
    if (q.has("embed")) document.body.classList.add("embed");
    const notes = [];
    const whole = function (v) { return /^\d{1,9}$/.test(v) ? Number(v) : NaN; };
    let g = state.g < 0 ? 0 : state.g;
    if (q.has("game")) {
      const n = whole(q.get("game"));
      if (n >= 1 && n <= games.length) g = n - 1;
      else notes.push("This page has no game “" + q.get("game") + "” (it has " + games.length + "); showing game " + (g + 1) + ".");
    }
    if (g !== state.g) open(g);
    const d = games[g];
    let l = 0;
    if (q.has("line")) {
      const n = whole(q.get("line"));
      if (n < d.lines.length) l = n;
      else notes.push("This game has no line “" + q.get("line") + "”; showing the main line.");
    }
    const L = d.lines[l];
    const end = lineEnd(d, l);
    let p = L.start;
    if (q.has("ply")) {
      const n = whole(q.get("ply"));
      if (n >= L.start && n <= end) p = n;
      else {
        p = n > end ? end : L.start;
        notes.push("There is no ply “" + q.get("ply") + "” here (this line runs from ply " + L.start + " to " + end + "); showing ply " + p + ".");
      }
    }
    notice.textContent = notes.join(" ");
    notice.hidden = notes.length === 0;
    if (d.puzzle && l === 0 && p === L.start && !q.has("ply")) solve(true);
    show(l, p);
  }

  // ---- Autoplay.

  const play = { timer: null };
  const playButton = $("[data-do='play']");
  function stopPlay() {
    if (play.timer) clearInterval(play.timer);
    play.timer = null;
    playButton.textContent = "Play";
    playButton.setAttribute("aria-pressed", "false");
  }
  function startPlay() {
    if (state.p >= lineEnd(G.d, state.l)) show(state.l, G.d.lines[state.l].start);
    playButton.textContent = "Pause";
    playButton.setAttribute("aria-pressed", "true");
    play.timer = setInterval(function () {
      if (state.p >= lineEnd(G.d, state.l)) stopPlay(); else step(1);
    }, Number($(".speed").value) || 1000);
  }
  $(".speed").addEventListener("change", function () { if (play.timer) { stopPlay(); startPlay(); } });

  // ---- Solving a puzzle: the page compares the hole chosen with the
  // answers the engine wrote; it knows no rules.

  const verdict = $(".puzzle .verdict");
  function solve(on) {
    state.solving = on && !!G.d.puzzle;
    sec.classList.toggle("solving", state.solving);
    $(".puzzle").hidden = !state.solving;
    $("[data-do='solve']").setAttribute("aria-pressed", String(state.solving));
    if (state.solving) {
      stopPlay();
      verdict.textContent = "Click or tap the hole of " + G.d.sides[G.d.puzzle.solver] + "'s move.";
    }
  }
  function answerHere() {
    for (const a of G.d.puzzle.answers) if (a[0] === state.l && a[1] === state.p) return a;
    return null;
  }
  function pick(ev) {
    const m = G.svg.getScreenCTM();
    if (!m) return;
    const pt = G.svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const q = pt.matrixTransform(m.inverse());
    tryHole(Math.round(q.x), Math.round(q.y));
  }
  function tryHole(col, row) {
    const here = answerHere();
    const d = G.d;
    if (!here) {
      verdict.textContent = state.p >= lineEnd(d, state.l) ? "Solved: the script's line ends here." : "Wait for the defence.";
      return;
    }
    const same = function (a) { return a[0] === col && a[1] === row; };
    // The search's other winning moves (when the replay proved the win
    // here): right too, and the script's line goes on with its own move.
    const other = !here[2].some(same) && here[3] && here[3].some(same);
    const hit = other ? here[2][0] : here[2].find(same);
    const within = here[4] ? " within " + here[4] + " move" + (here[4] === 1 ? "" : "s") : "";
    if (!hit) {
      verdict.textContent = holeName(col, row) + " is not the script's move" +
        (within ? " and does not win" + within : "") + ". Try again.";
      sec.classList.remove("wrong");
      void sec.offsetWidth;
      sec.classList.add("wrong");
      return;
    }
    const line = hit[2];
    show(line, state.p + 1);
    const mine = moveAt(d, line, state.p);
    let said = other
      ? "Right: " + holeName(col, row) + " also wins" + within + "; the script plays " + mine.t + "."
      : "Right: " + mine.t + " is the script's move.";
    if (state.p >= lineEnd(d, line)) {
      verdict.textContent = said + " Solved!" + (line === 0 && d.result ? " " + d.result + "." : "");
      return;
    }
    verdict.textContent = said;
    const at = { l: line, p: state.p };
    setTimeout(function () {
      if (!state.solving || state.l !== at.l || state.p !== at.p) return;
      show(line, at.p + 1);
      const reply = moveAt(d, line, at.p + 1);
      verdict.textContent = said + " The defence: " + reply.t + "." +
        (state.p >= lineEnd(d, line) ? " Solved!" : " Your move.");
    }, 600);
  }

  function slug(t) {
    const s = t.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
    return s || "game";
  }
  function download() {
    const svg = G.svg.cloneNode(true);
    svg.querySelectorAll("[display='none']").forEach(function (e) { e.remove(); });
    svg.querySelectorAll("[data-v]").forEach(function (e) { e.removeAttribute("data-v"); });
    if (!sec.classList.contains("numbers")) svg.querySelectorAll("text.num").forEach(function (e) { e.remove(); });
    const text = new XMLSerializer().serializeToString(svg);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    a.download = slug(G.d.title) + (state.l ? "-line-" + state.l : "") + "-ply-" + state.p + ".svg";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  sec.addEventListener("click", function (ev) {
    const b = ev.target.closest("button");
    if (!b || !sec.contains(b)) return;
    if (!b.hasAttribute("data-do") || b.getAttribute("data-do") !== "play") stopPlay();
    const what = b.getAttribute("data-do");
    if (b.hasAttribute("data-go")) act(b.getAttribute("data-go"));
    else if (b.classList.contains("mv")) { act(null); show(Number(b.getAttribute("data-l")), Number(b.getAttribute("data-p"))); }
    else if (b.classList.contains("leave")) {
      const parent = G.d.lines[state.l].parent;
      if (parent) show(parent[0], parent[1]);
    } else if (what === "coords" || what === "numbers" || what === "flip") {
      const cls = { coords: "nocoords", numbers: "numbers", flip: "flipped" }[what];
      const on = sec.classList.toggle(cls);
      b.setAttribute("aria-pressed", String(what === "coords" ? !on : on));
    } else if (what === "download") download();
    else if (what === "play") { if (play.timer) stopPlay(); else startPlay(); }
    else if (what === "solve") { solve(!state.solving); if (state.solving) show(0, G.d.lines[0].start); }
    else if (what === "reveal") solve(false);
  });

  // The board: tap its right half for the next move, its left half for the
  // one before, or swipe; when solving, a tap chooses a hole.
  const touch = { x: 0, y: 0, at: -1e9 };
  boardBox.addEventListener("pointerdown", function (ev) { touch.x = ev.clientX; touch.y = ev.clientY; });
  boardBox.addEventListener("pointerup", function (ev) {
    const dx = ev.clientX - touch.x, dy = ev.clientY - touch.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      touch.at = performance.now();
      stopPlay();
      act(dx < 0 ? "next" : "back");
    }
  });
  boardBox.addEventListener("click", function (ev) {
    if (!G || performance.now() - touch.at < 500) return;
    if (state.solving) { pick(ev); return; }
    stopPlay();
    const r = boardBox.getBoundingClientRect();
    act(ev.clientX - r.left >= r.width / 2 ? "next" : "back");
  });

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !G) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    const keys = { ArrowRight: "next", ArrowLeft: "back", Home: "first", End: "last", PageDown: "next10", PageUp: "back10" };
    const what = keys[ev.key];
    if (!what) return;
    ev.preventDefault();
    stopPlay();
    act(what);
  });

  // ---- The list of games: search, filter by result, sort by a column.

  const rows = [];
  const table = document.getElementById("games");
  if (table) {
    const tbody = table.tBodies[0];
    const label = Array.from(table.tHead.rows[0].cells).map(function (c) { return c.textContent; });
    const frag = document.createDocumentFragment();
    games.forEach(function (d, g) {
      const tr = document.createElement("tr");
      const cells = [String(g + 1), d.title, d.players[0] || "", d.players[1] || "", d.event || "", d.date || "", d.score, String(lineEnd(d, 0) - d.lines[0].start)];
      cells.forEach(function (text, i) {
        const td = document.createElement("td");
        td.setAttribute("data-label", label[i]);
        if (i === 1) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "pick-game";
          b.setAttribute("data-game", g);
          b.textContent = text;
          td.appendChild(b);
        } else {
          td.textContent = text;
        }
        if (!text && i > 1) td.className = "empty";
        if (i === 7) td.setAttribute("data-unit", text === "1" ? "move" : "moves");
        tr.appendChild(td);
      });
      frag.appendChild(tr);
      rows.push({
        g: g, tr: tr,
        hay: [d.title, d.players[0], d.players[1], d.event, d.date].filter(Boolean).join("\n").toLowerCase(),
        key: { n: g, title: d.title.toLowerCase(), red: (d.players[0] || "").toLowerCase(), black: (d.players[1] || "").toLowerCase(),
          event: (d.event || "").toLowerCase(), date: d.date || "", score: d.score, moves: lineEnd(d, 0) - d.lines[0].start }
      });
    });
    tbody.appendChild(frag);
    // A column no game fills (players of a book's figures, dates) is left out.
    [2, 3, 4, 5].forEach(function (i) {
      if (rows.some(function (r) { return r.tr.cells[i].textContent; })) return;
      table.tHead.rows[0].cells[i].classList.add("blank-col");
      rows.forEach(function (r) { r.tr.cells[i].classList.add("blank-col"); });
    });
    let order = rows;
    const search = document.getElementById("search");
    const result = document.getElementById("result-filter");
    const count = document.getElementById("list-count");
    // At most `shown.limit` rows are laid out at a time, so a search costs
    // the same in a list of ten thousand games as in one of a hundred.
    const shown = { limit: 100 };
    const more = document.createElement("button");
    more.type = "button";
    more.className = "more";
    more.addEventListener("click", function () { shown.limit = Infinity; filter(); });
    count.after(more);
    const filter = function () {
      // Words, or "phrases in quotes", that must all appear.
      const words = [];
      search.value.toLowerCase().replace(/"([^"]*)"|(\S+)/g, function (_, phrase, word) {
        const w = (phrase || word || "").trim();
        if (w) words.push(w);
        return "";
      });
      const want = result.value;
      let n = 0;
      for (const r of order) {
        const match = (!want || r.key.score === want) && words.every(function (w) { return r.hay.indexOf(w) >= 0; });
        const on = match && n < shown.limit;
        if (r.tr.hidden === on) r.tr.hidden = !on;
        if (match) n++;
      }
      const listed = Math.min(n, shown.limit);
      count.textContent = n === rows.length && listed === n ? n + " games"
        : listed < n ? "the first " + listed + " of " + n + " games found" + (n < rows.length ? " (of " + rows.length + ")" : "")
        : n + " of " + rows.length + " games";
      more.hidden = listed === n;
      more.textContent = "Show all " + n;
    };
    search.addEventListener("input", filter);
    result.addEventListener("change", filter);
    filter();
    const sorted = { key: "n", up: true };
    table.tHead.addEventListener("click", function (ev) {
      const b = ev.target.closest("button.sort");
      if (!b) return;
      const key = b.getAttribute("data-sort");
      sorted.up = sorted.key === key ? !sorted.up : true;
      sorted.key = key;
      const sign = sorted.up ? 1 : -1;
      order = rows.slice().sort(function (a, c) {
        const x = a.key[key], y = c.key[key];
        return sign * (x < y ? -1 : x > y ? 1 : 0) || a.g - c.g;
      });
      const sortedRows = document.createDocumentFragment();
      for (const r of order) sortedRows.appendChild(r.tr);
      tbody.appendChild(sortedRows);
      filter();
      for (const th of table.tHead.rows[0].cells) {
        const mine = th.querySelector("button").getAttribute("data-sort") === key;
        th.setAttribute("aria-sort", mine ? (sorted.up ? "ascending" : "descending") : "none");
      }
    });
    tbody.addEventListener("click", function (ev) {
      const b = ev.target.closest("button.pick-game");
      if (!b) return;
      const g = Number(b.getAttribute("data-game"));
      act(null);
      open(g);
      if (games[g].puzzle) solve(true);
      show(0, games[g].lines[0].start);
      if (sec.getBoundingClientRect().top < 0 || sec.getBoundingClientRect().top > window.innerHeight / 2) sec.scrollIntoView();
    });
  }

  window.addEventListener("hashchange", fromHash);
  fromHash();
  window.twixtViewerReady = performance.now();
})();
