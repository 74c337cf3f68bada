"use strict";
// The twixtkit viewer: shows and hides the pieces of each game's SVG by the
// spans written on them; every position was computed by the engine.
(function () {
  const data = JSON.parse(document.getElementById("twixt-data").textContent);
  const sections = Array.from(document.querySelectorAll("section.game"));
  const games = sections.map(function (sec, gi) {
    const pieces = Array.from(sec.querySelectorAll("[data-v]")).map(function (e) {
      const spans = e.getAttribute("data-v").split(" ").map(function (s) {
        const m = /^(\d+):(\d+)-(\d+)$/.exec(s);
        return [Number(m[1]), Number(m[2]), Number(m[3])];
      });
      return { e: e, spans: spans, shown: true };
    });
    const figures = Array.from(sec.querySelectorAll("g.figure")).map(function (e) {
      return { e: e, l: Number(e.getAttribute("data-l")), p: Number(e.getAttribute("data-p")) };
    });
    return {
      sec: sec, d: data.games[gi], pieces: pieces, figures: figures,
      layer: sec.querySelector("g.pieces"), ring: sec.querySelector("circle.ring"),
      buttons: Array.from(sec.querySelectorAll("button.mv"))
    };
  });
  const state = { g: 0, l: 0, p: 0 };

  function lineEnd(G, l) { const L = G.d.lines[l]; return L.start + L.moves.length; }

  function show(g, l, p) {
    const G = games[g];
    if (!G) return;
    const lines = G.d.lines;
    if (!lines[l]) l = 0;
    const L = lines[l];
    p = Math.max(L.start, Math.min(p, lineEnd(G, l)));
    if (g !== state.g) {
      games.forEach(function (x, i) { x.sec.hidden = i !== g; });
    }
    state.g = g; state.l = l; state.p = p;
    for (const piece of G.pieces) {
      let on = false;
      for (const s of piece.spans) {
        if (s[0] === l && s[1] <= p && p < s[2]) { on = true; break; }
      }
      if (on !== piece.shown) {
        piece.shown = on;
        if (on) piece.e.removeAttribute("display"); else piece.e.setAttribute("display", "none");
      }
    }
    let figure = null;
    for (const f of G.figures) {
      const here = f.l === l && f.p === p;
      if (here) figure = f;
      if (here) f.e.removeAttribute("display"); else f.e.setAttribute("display", "none");
    }
    if (figure) G.layer.setAttribute("display", "none"); else G.layer.removeAttribute("display");
    const mv = p > L.start ? L.moves[p - L.start - 1] : null;
    if (mv && mv.h) {
      G.ring.setAttribute("cx", mv.h[0]);
      G.ring.setAttribute("cy", mv.h[1]);
      G.ring.removeAttribute("display");
    } else {
      G.ring.setAttribute("display", "none");
    }
    const sec = G.sec;
    sec.querySelector(".current").textContent = mv ? "Move " + mv.t : (l === 0 ? "Start" : "Variation: start");
    const comments = sec.querySelector(".comments");
    comments.textContent = "";
    const texts = (mv ? mv.c : L.intro).slice();
    for (const c of G.d.captions) if (c.l === l && c.p === p && c.c) texts.unshift(c.c);
    for (const t of texts) {
      const para = document.createElement("p");
      para.textContent = t;
      comments.appendChild(para);
    }
    // Variations that replace the next move branch here.
    const branches = sec.querySelector(".branches");
    branches.textContent = "";
    const next = p < lineEnd(G, l) ? L.moves[p - L.start] : null;
    if (next && next.v.length) {
      branches.appendChild(document.createTextNode("Variations: "));
      for (const v of next.v) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = lines[v].moves.length ? lines[v].moves[0].t : "(empty)";
        b.addEventListener("click", function () { show(g, v, lines[v].start + 1); });
        branches.appendChild(b);
      }
    }
    sec.querySelector(".result").textContent =
      l === 0 && p === lineEnd(G, 0) && G.d.result ? G.d.result : "";
    sec.querySelector(".leave").hidden = l === 0;
    for (const b of G.buttons) {
      const cur = Number(b.getAttribute("data-l")) === l && Number(b.getAttribute("data-p")) === p;
      if (cur) { b.setAttribute("aria-current", "step"); } else if (b.hasAttribute("aria-current")) { b.removeAttribute("aria-current"); }
    }
    setHash("#" + (games.length > 1 ? "game=" + (g + 1) + "&" : "") + (l ? "line=" + l + "&" : "") + "ply=" + p);
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
    const G = games[state.g];
    let l = state.l;
    const p = state.p + delta;
    while (l !== 0 && p <= G.d.lines[l].start) l = G.d.lines[l].parent[0];
    show(state.g, l, p);
  }

  function act(what) {
    const G = games[state.g];
    if (what === "first") show(state.g, 0, G.d.lines[0].start);
    else if (what === "last") show(state.g, state.l, lineEnd(G, state.l));
    else if (what === "back") step(-1);
    else if (what === "next") step(1);
    else if (what === "back10") step(-10);
    else if (what === "next10") step(10);
  }

  function fromHash() {
    hashState.written = location.hash;
    const q = new URLSearchParams(location.hash.slice(1));
    const g = Math.max(0, (parseInt(q.get("game"), 10) || 1) - 1);
    const l = parseInt(q.get("line"), 10) || 0;
    const G = games[g] || games[0];
    const p = q.has("ply") ? parseInt(q.get("ply"), 10) || 0 : G.d.lines[0].start;
    show(games[g] ? g : 0, l, p);
  }

  function download(G) {
    const svg = G.sec.querySelector(".board svg").cloneNode(true);
    svg.querySelectorAll("[display='none']").forEach(function (e) { e.remove(); });
    svg.querySelectorAll("[data-v]").forEach(function (e) { e.removeAttribute("data-v"); });
    const text = new XMLSerializer().serializeToString(svg);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    a.download = "position-" + state.p + ".svg";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  for (const G of games) {
    G.sec.addEventListener("click", function (ev) {
      const b = ev.target.closest("button");
      if (!b) return;
      if (b.hasAttribute("data-go")) act(b.getAttribute("data-go"));
      else if (b.classList.contains("mv")) show(state.g, Number(b.getAttribute("data-l")), Number(b.getAttribute("data-p")));
      else if (b.classList.contains("leave")) {
        const parent = G.d.lines[state.l].parent;
        if (parent) show(state.g, parent[0], parent[1]);
      } else if (b.getAttribute("data-do") === "coords") {
        const off = G.sec.classList.toggle("nocoords");
        b.setAttribute("aria-pressed", String(!off));
      } else if (b.getAttribute("data-do") === "flip") {
        const on = G.sec.classList.toggle("flipped");
        b.setAttribute("aria-pressed", String(on));
      } else if (b.getAttribute("data-do") === "download") download(G);
    });
  }
  document.querySelectorAll("button.pick-game").forEach(function (b) {
    b.addEventListener("click", function () {
      const g = Number(b.getAttribute("data-game"));
      show(g, 0, games[g].d.lines[0].start);
    });
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const keys = { ArrowRight: "next", ArrowLeft: "back", Home: "first", End: "last", PageDown: "next10", PageUp: "back10" };
    const what = keys[ev.key];
    if (!what) return;
    ev.preventDefault();
    act(what);
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
  // When the page became usable, for the benchmark.
  window.twixtViewerReady = performance.now();
})();
