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
  // Every word the page prints comes from the page's table of words:
  // `say("key", {n: 3})` fills its {n}.
  const W = data.words;
  function say(key, args) {
    return (W[key] || key).replace(/\{(\w+)\}/g, function (_, k) { return args && k in args ? String(args[k]) : ""; });
  }
  // The plural category of a count in the page's language: the browser's
  // own CLDR rules (zero, one, two, few, many, other); without them, "one"
  // for the numbers the catalogue's `plural-one` lists.
  const pluralRules = (function () {
    try { return new Intl.PluralRules(document.documentElement.lang || "en"); } catch (e) { return null; }
  })();
  function plural(n) {
    if (pluralRules) return pluralRules.select(n);
    return (data.pluralOne || [1]).indexOf(n) >= 0 ? "one" : "other";
  }
  // A count said in the page's language: the message's form for the
  // count's category (its key and "One", "Few", …) where the catalogue
  // gives one, else the message itself (the plural).
  function counted(key, n, args) {
    const c = plural(n);
    const form = key + c.charAt(0).toUpperCase() + c.slice(1);
    return say(c !== "other" && form in W ? form : key, Object.assign({ n: n }, args || {}));
  }
  function tries(n) { return counted("wrongTries", n); }
  const SVGNS = "http://www.w3.org/2000/svg";
  const sec = document.getElementById("viewer");
  if (!sec) return; // a page of errors only
  const $ = function (sel) { return sec.querySelector(sel); };
  const boardBox = $(".board");
  const state = { g: -1, l: 0, p: 0, solving: false, busy: null, back: null, hint: 0 };
  // A puzzle's progress, kept in the browser per page: the position the
  // solver reached, their tries and whether they solved it.
  const store = {
    key: "twixtkit-puzzles:" + location.pathname,
    all: null,
    load: function () {
      if (store.all) return store.all;
      try { store.all = JSON.parse(localStorage.getItem(store.key) || "{}") || {}; } catch (e) { store.all = {}; }
      if (typeof store.all !== "object") store.all = {};
      return store.all;
    },
    get: function (g) { const v = store.load()[g]; return v && typeof v === "object" ? v : { l: 0, p: -1, tries: 0, solved: false }; },
    set: function (g, v) {
      store.load()[g] = v;
      try { localStorage.setItem(store.key, JSON.stringify(store.all)); } catch (e) { /* private mode: kept for this visit */ }
    }
  };
  const puzzles = [];
  games.forEach(function (d, g) { if (d.puzzle) puzzles.push(g); });
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
    const at = puzzles.indexOf(g);
    $(".session").hidden = at < 0 || puzzles.length < 2;
    $("[data-do='prev-puzzle']").disabled = at <= 0;
    $("[data-do='next-puzzle']").disabled = at < 0 || at === puzzles.length - 1;
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
    clearHint();
    $(".current").textContent = mv ? say("move", { move: mv.t }) : say(l === 0 ? "start" : "variationStart");
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
      branches.appendChild(document.createTextNode(say("variations") + " "));
      for (const v of next.v) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = lines[v].moves.length ? lines[v].moves[0].t : say("emptyLine");
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
      if (cur) keepInView(cur);
    }
    writeHash();
  }

  // The move list scrolls within its own box to keep the current move in
  // view; the page itself does not move.
  function keepInView(b) {
    const list = $(".move-list");
    if (list.hidden || !list.clientHeight) return;
    const box = list.getBoundingClientRect(), r = b.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) list.scrollTop += r.top - box.top - (box.height - r.height) / 2;
  }

  // The address names the game and the position; a puzzle being solved is
  // named alone (its progress is kept in the browser), and its solution
  // shown says so, so that a reload shows the same.
  function writeHash() {
    const embed = document.body.classList.contains("embed") && /embed/.test(location.hash) ? "embed&" : "";
    const game = games.length > 1 ? "game=" + (state.g + 1) : "";
    let h;
    if (state.solving) h = game || "puzzle";
    else {
      h = (game ? game + "&" : "") + (state.l ? "line=" + state.l + "&" : "") + "ply=" + state.p;
      if (G.d.puzzle) h += "&solution";
    }
    setHash("#" + embed + h);
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
    if (G && G.d.puzzle && state.solving) savePuzzle();
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
    state.busy = null;
    const whole = function (v) { return /^\d{1,9}$/.test(v) ? Number(v) : NaN; };
    let g = state.g < 0 ? 0 : state.g;
    if (q.has("game")) {
      const n = whole(q.get("game"));
      if (n >= 1 && n <= games.length) g = n - 1;
      else notes.push(say("noGame", { game: q.get("game"), n: games.length, shown: g + 1 }));
    }
    if (g !== state.g) open(g);
    const d = games[g];
    let l = 0;
    if (q.has("line")) {
      const n = whole(q.get("line"));
      if (n < d.lines.length) l = n;
      else notes.push(say("noLine", { line: q.get("line") }));
    }
    const L = d.lines[l];
    const end = lineEnd(d, l);
    let p = L.start;
    if (q.has("ply")) {
      const n = whole(q.get("ply"));
      if (n >= L.start && n <= end) p = n;
      else {
        p = n > end ? end : L.start;
        notes.push(say("noPly", { ply: q.get("ply"), from: L.start, to: end, shown: p }));
      }
    }
    notice.textContent = notes.join(" ");
    notice.hidden = notes.length === 0;
    // A puzzle opens to be solved, from where its solver left it, unless
    // the address asks for its solution.
    if (d.puzzle && !q.has("solution")) startSolving();
    else { solve(false); show(l, p); }
    return q.has("game") || q.has("ply") || q.has("line") || q.has("puzzle");
  }

  // ---- Autoplay.

  const play = { timer: null };
  const playButton = $("[data-do='play']");
  function stopPlay() {
    if (play.timer) clearInterval(play.timer);
    play.timer = null;
    playButton.textContent = say("play");
    playButton.setAttribute("aria-pressed", "false");
  }
  function startPlay() {
    if (state.p >= lineEnd(G.d, state.l)) show(state.l, G.d.lines[state.l].start);
    playButton.textContent = say("pause");
    playButton.setAttribute("aria-pressed", "true");
    play.timer = setInterval(function () {
      if (state.p >= lineEnd(G.d, state.l)) stopPlay(); else step(1);
    }, Number($(".speed").value) || 1000);
  }
  $(".speed").addEventListener("change", function () { if (play.timer) { stopPlay(); startPlay(); } });

  // ---- Solving a puzzle: the page compares the hole chosen with the
  // answers the engine wrote; it knows no rules.

  const verdict = $(".puzzle .verdict");
  const retry = $("[data-do='retry']");
  function solve(on) {
    state.solving = on && !!G.d.puzzle;
    state.busy = null;
    state.back = null;
    state.hint = 0;
    retry.hidden = true;
    sec.classList.toggle("solving", state.solving);
    $(".puzzle").hidden = !state.solving;
    $("[data-do='solve']").setAttribute("aria-pressed", String(state.solving));
    if (state.solving) {
      stopPlay();
      verdict.textContent = say("clickHole", { side: G.d.sides[G.d.puzzle.solver] });
    }
    session();
  }
  // Solve mode from the stored progress (a position the page still has),
  // else from the start.
  function startSolving() {
    solve(true);
    const d = G.d, saved = store.get(state.g);
    const here = function (l, p) { return d.lines[l] && p >= d.lines[l].start && p <= lineEnd(d, l); };
    if (saved.p >= 0 && here(saved.l, saved.p) && (answerAt(saved.l, saved.p) || saved.solved)) {
      show(saved.l, saved.p);
      if (saved.solved) verdict.textContent = say("solvedBefore", { tries: tries(saved.tries || 0) });
    } else show(0, d.lines[0].start);
  }
  function savePuzzle(extra) {
    const v = store.get(state.g);
    // Only a position where the solver is to move, or the end, is kept.
    if (answerHere() || (extra && extra.solved)) { v.l = state.l; v.p = state.p; }
    if (extra) Object.assign(v, extra);
    store.set(state.g, v);
    session();
  }
  // The puzzle session: which puzzle, how many solved, this one's tries.
  function session() {
    const at = puzzles.indexOf(state.g);
    const info = $(".session-info");
    if (at >= 0) {
      const solved = puzzles.filter(function (g) { return store.get(g).solved; }).length;
      const hints = store.get(state.g).hints || 0;
      info.textContent = say("session", { n: at + 1, of: puzzles.length, solved: counted("nSolved", solved), tries: store.get(state.g).tries || 0 }) +
        (hints ? " · " + say("hintsHere", { n: hints }) : "");
    } else info.textContent = "";
    refreshRows();
  }
  function answerAt(l, p) {
    for (const a of G.d.puzzle.answers) if (a.l === l && a.p === p) return a;
    return null;
  }
  function answerHere() { return G.d.puzzle ? answerAt(state.l, state.p) : null; }
  function pick(ev) {
    const m = G.svg.getScreenCTM();
    if (!m) return;
    const pt = G.svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const q = pt.matrixTransform(m.inverse());
    tryHole(Math.round(q.x), Math.round(q.y));
  }
  // Plays line `l` on from ply `p`, a move at a time, to its end or, with
  // `toAnswer`, to where the solver is next to move; `then` follows.
  function playOn(l, p, then, toAnswer) {
    const token = {};
    state.busy = token;
    const d = G.d;
    (function next(at) {
      if (state.busy !== token || !state.solving) return;
      show(l, at);
      if (at >= lineEnd(d, l) || (toAnswer && answerAt(l, at))) { state.busy = null; then(); return; }
      setTimeout(function () { next(at + 1); }, 600);
    })(p);
  }
  // The verdict said, and scrolled into view if it is not: on a phone it
  // stands under the board, which the solver has just tapped.
  function say1(text) {
    verdict.textContent = text;
    if (document.body.classList.contains("embed") || !state.solving) return;
    // The least scroll that shows it, and a little air.
    const r = verdict.getBoundingClientRect();
    if (r.bottom > window.innerHeight) window.scrollBy(0, r.bottom - window.innerHeight + 12);
    else if (r.top < 0) window.scrollBy(0, r.top - 12);
  }
  function wrong(text) {
    say1(text);
    sec.classList.remove("wrong");
    void sec.offsetWidth;
    sec.classList.add("wrong");
  }
  function countTry() {
    const v = store.get(state.g);
    v.tries = (v.tries || 0) + 1;
    store.set(state.g, v);
    session();
  }
  // Back from a wrong move played out to where it was tried.
  function backToTry() {
    if (!state.back) return;
    const b = state.back;
    state.back = null;
    state.busy = null;
    retry.hidden = true;
    sec.classList.remove("wrong");
    show(b.l, b.p);
  }
  function tryHole(col, row) {
    if (state.busy) return;
    backToTry();
    const d = G.d;
    if (!d.size || col < 0 || row < 0 || col >= d.size[0] || row >= d.size[1]) return;
    const here = answerHere();
    const name = holeName(col, row);
    const same = function (a) { return a[0] === col && a[1] === row; };
    if (!here) {
      say1(state.p >= lineEnd(d, state.l) ? say("solvedEnd") : say("waitDefence"));
      return;
    }
    const within = here.within ? " " + say(here.within === 1 ? "within1" : "within", { n: here.within }) : "";
    const taken = G.pieces.some(function (k) {
      if (!k.shown || !k.num) return false;
      const u = k.e.firstChild;
      return Number(u.getAttribute("x")) === col && Number(u.getAttribute("y")) === row;
    });
    const barred = here.barred.find(same);
    const key = here.ok.find(same), also = here.also.find(same);
    const falseStart = here.false.find(same), refuted = here.refuted.find(same);
    // A secure-connection puzzle: a move the prover could not judge, with
    // the line that holds it off as long as the key wins in, if any.
    const undecided = (here.undecided || []).find(same);
    const slower = undecided && undecided[2] !== null ? undecided : null;
    const from = { l: state.l, p: state.p };
    if (taken) { wrong(say("taken", { hole: name })); return; }
    if (barred) {
      wrong(barred[2] === "border"
        ? say("border", { hole: name, side: d.sides[d.puzzle.solver], other: d.sides[1 - d.puzzle.solver] })
        : say("illegal", { hole: name, why: barred[2] }));
      return;
    }
    if (key || also) {
      const line = (key || also)[2];
      const mine = moveAt(d, line, from.p + 1);
      playRight(line, from.p, !also ? say("right", { move: mine.t })
        : here.secure ? say("alsoSecures", { move: mine.t }) : say("alsoWins", { move: mine.t, within: within }));
      return;
    }
    if (falseStart || refuted || slower) {
      if (!slower) countTry();
      const line = (falseStart || refuted || slower)[2];
      state.back = from;
      say1(name + " …");
      playOn(line, from.p + 1, function () {
        const L = d.lines[line];
        const after = L.moves.slice(1).map(function (m) { return m.t; }).join(" ");
        const short = " " + say(here.short === 1 ? "within1" : "within", { n: here.short });
        wrong(falseStart ? say("falseStart", { move: L.moves[0].t, line: after })
          : !after ? say("noConnection", { hole: name })
          : slower ? say("notAsFast", { hole: name, within: short, move: after })
          : here.secure ? say("breaks", { hole: name, move: after })
          : say("holds", { hole: name, within: within, move: after }));
        retry.hidden = false;
      });
      return;
    }
    if (undecided) { say1(say("undecided", { hole: name })); return; }
    // Where the bound on a puzzle's lines left holes unanswered, the page
    // says it cannot tell rather than call the move wrong.
    if (here.complete === false) { say1(say("unchecked", { hole: name, n: data.maxPuzzleLines })); return; }
    countTry();
    wrong(say(here.secure ? "notSecure" : within ? "loses" : "notScript", { hole: name, within: within }));
  }
  // A right move (line `line` after ply `p`) played, and the defence after
  // it, said after `said`; solved when no answer is left to find.
  function playRight(line, p, said) {
    const d = G.d;
    sec.classList.remove("wrong");
    say1(said);
    playOn(line, p + 1, function () {
      const reply = state.p > p + 1 ? moveAt(d, line, state.p) : null;
      const done = !answerHere();
      const v = store.get(state.g);
      const wrongs = tries(v.tries || 0);
      const end = !done ? say("yourMove")
        : v.hints ? say("solvedHelped", { hints: counted("hintsN", v.hints), tries: wrongs })
        : say("solved", { tries: wrongs });
      say1(said + (reply ? " " + say("defence", { move: reply.t }) : "") + " " + end);
      savePuzzle(done ? { solved: true } : null);
    }, true);
  }

  // A hint, in three steps: a region of the board the key move is in,
  // then the key hole ringed (and the other winning moves named), then the
  // key move played for the solver. Each step is counted with the puzzle.
  function hint() {
    const here = answerHere();
    if (!here || state.busy || !here.ok.length) return;
    const level = Math.min(state.hint + 1, 3);
    clearHint(true);
    state.hint = level;
    G.hintAt = state.l + ":" + state.p;
    const v = store.get(state.g);
    v.hints = (v.hints || 0) + 1;
    store.set(state.g, v);
    session();
    const k = here.ok[0];
    const d = G.d;
    sec.classList.remove("wrong");
    if (level === 3) {
      playRight(k[2], state.p, say("hintKeyPlayed", { move: moveAt(d, k[2], state.p + 1).t }));
      return;
    }
    const layer = svgEl("g", { class: "hint" });
    if (level === 1) {
      // A 5 by 5 region holding the key, not centred on it (that would
      // name it), kept on the board.
      const shift = function (a, b, n) { return Math.max(0, Math.min(n - 5, a - 2 + ((a * 7 + b * 3) % 3) - 1)); };
      const x = shift(k[0], k[1], d.size[0]), y = shift(k[1], k[0], d.size[1]);
      layer.appendChild(svgEl("rect", { x: x - 0.5, y: y - 0.5, width: 5, height: 5, rx: 0.5,
        fill: "#2a7fff", "fill-opacity": 0.15, stroke: "#2a7fff", "stroke-width": 0.08 }));
      say1(say("hintRegion"));
    } else {
      layer.appendChild(svgEl("circle", { cx: k[0], cy: k[1], r: S.ringR + 0.15, fill: "#2a7fff", "fill-opacity": 0.3, stroke: "#2a7fff", "stroke-width": 0.15 }));
      const others = here.ok.slice(1).concat(here.also).map(function (a) { return holeName(a[0], a[1]); });
      say1(say("hintKey", { hole: holeName(k[0], k[1]) }) + (others.length ? " " + say("hintOthers", { holes: others.join(", ") }) : ""));
    }
    G.svg.appendChild(layer);
    G.hintAt = state.l + ":" + state.p;
    G.hintLayer = layer;
  }
  // The hint goes when the position changes (or, `now`, at once).
  function clearHint(now) {
    if (!G) return;
    if (!now && G.hintAt === state.l + ":" + state.p) return;
    if (G.hintLayer) G.hintLayer.remove();
    G.hintLayer = null;
    if (!now) { state.hint = 0; G.hintAt = null; }
  }
  function openPuzzle(g) {
    act(null);
    open(g);
    startSolving();
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
    else if (what === "solve") { if (state.solving) { solve(false); writeHash(); } else startSolving(); }
    else if (what === "reveal") { solve(false); writeHash(); }
    else if (what === "retry") backToTry();
    else if (what === "hint") hint();
    else if (what === "prev-puzzle" || what === "next-puzzle") {
      const at = puzzles.indexOf(state.g) + (what === "prev-puzzle" ? -1 : 1);
      if (at >= 0 && at < puzzles.length) openPuzzle(puzzles[at]);
    }
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
      const cells = [String(g + 1), d.title, d.players[0] || "", d.players[1] || "", d.eventWords || d.event || "", d.round || "", d.date || "", d.score, String(lineEnd(d, 0) - d.lines[0].start)];
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
        if (i === 8) td.setAttribute("data-unit", plural(Number(text)) === "one" ? say("move1") : say("moves"));
        tr.appendChild(td);
      });
      frag.appendChild(tr);
      rows.push({
        g: g, tr: tr,
        hay: [d.title, d.players[0], d.players[1], d.event, d.eventWords, d.date].filter(Boolean).join("\n").toLowerCase(),
        key: { n: g, title: d.title.toLowerCase(), red: (d.players[0] || "").toLowerCase(), black: (d.players[1] || "").toLowerCase(),
          event: (d.eventWords || d.event || "").toLowerCase(), round: roundKey(d.round), date: d.date || "", score: d.score, moves: lineEnd(d, 0) - d.lines[0].start },
        hides: false
      });
    });
    tbody.appendChild(frag);
    refreshRows();
    // A column no game fills (players of a book's figures, dates) is left out.
    [2, 3, 4, 5, 6].forEach(function (i) {
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
        const match = (!want || r.key.score === want && !r.hides) && words.every(function (w) { return r.hay.indexOf(w) >= 0; });
        const on = match && n < shown.limit;
        if (r.tr.hidden === on) r.tr.hidden = !on;
        if (match) n++;
      }
      const listed = Math.min(n, shown.limit);
      count.textContent = n === rows.length && listed === n ? counted("nGames", n)
        : listed < n ? say("firstFound", { listed: listed, n: n }) + (n < rows.length ? " " + say("ofAll", { all: rows.length }) : "")
        : counted("nOfGames", rows.length, { n: n, all: rows.length });
      more.hidden = listed === n;
      more.textContent = say("showAll", { n: n });
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
        // An unsolved puzzle's length and result are not told by its place.
        const x = a.hides && (key === "moves" || key === "score") ? "" : a.key[key];
        const y = c.hides && (key === "moves" || key === "score") ? "" : c.key[key];
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
      if (games[g].puzzle) openPuzzle(g);
      else { open(g); show(0, games[g].lines[0].start); }
      showBoard();
    });
  }

  // An unsolved puzzle's row tells neither its result nor its length.
  function refreshRows() {
    for (const r of rows) {
      const d = games[r.g];
      const hides = !!d.puzzle && !store.get(r.g).solved;
      if (hides === r.hides && r.tr.cells[7].textContent) continue;
      r.hides = hides;
      const score = r.tr.cells[7], moves = r.tr.cells[8];
      score.textContent = hides ? "?" : d.score;
      moves.textContent = hides ? "?" : String(lineEnd(d, 0) - d.lines[0].start);
      moves.setAttribute("data-unit", hides ? "" : plural(Number(moves.textContent)) === "one" ? say("move1") : say("moves"));
    }
  }
  function roundKey(r) {
    // Rounds sort as numbers where they are ("2" before "10", "3.1" before "3.2").
    return (r || "").replace(/\d+/g, function (n) { return n.padStart(9, "0"); });
  }

  // The board into view: whole, when the screen holds it.
  function showBoard() {
    const r = boardBox.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight) return;
    boardBox.scrollIntoView({ block: r.height <= window.innerHeight ? "center" : "start" });
  }

  window.addEventListener("hashchange", function () { if (fromHash()) showBoard(); });
  // A link to a game or a position lands on its board.
  if (fromHash() && !document.body.classList.contains("embed")) showBoard();

  window.twixtViewerReady = performance.now();
})();
