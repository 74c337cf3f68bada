// twixt edit: the page sends each request to the server and draws what it
// answers. The engine, the tree and the board drawing stay in Rust.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("t") || "";
  const $ = (id) => document.getElementById(id);
  let state = null;
  let tool = "play";
  let busy = Promise.resolve();

  function columnName(col) {
    let n = col + 1, s = "";
    while (n > 0) { const r = (n - 1) % 26; s = String.fromCharCode(97 + r) + s; n = Math.floor((n - 1) / 26); }
    return s;
  }
  const holeName = (c, r) => columnName(c) + (r + 1);

  // Requests go one after another, so that each carries the version the
  // previous answer gave.
  function call(path, body) {
    busy = busy.then(() => fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "x-twixt-token": token, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => {
      if (!r.ok) return r.text().then((t) => { throw new Error(t); });
      return r.json();
    }).then(show).catch((e) => banner(String(e.message || e), true)));
    return busy;
  }
  const op = (o) => call("/api/op", Object.assign({ version: state ? state.version : 0 }, o));

  function banner(text, error, buttons) {
    const b = $("banner");
    b.textContent = text;
    b.className = error ? "error" : "";
    for (const [label, action] of buttons || []) {
      const btn = document.createElement("button");
      btn.textContent = label;
      btn.addEventListener("click", action);
      b.appendChild(btn);
    }
    b.hidden = !text;
  }

  function show(reply) {
    state = reply.state;
    const twrs = state.kind === "twrs";
    document.body.classList.toggle("twrs", twrs);
    $("board").innerHTML = state.svg;
    $("tree").innerHTML = state.tree;
    // The current move is scrolled into view inside the list only: the
    // page itself stays where the author left it (scrollIntoView would move
    // a phone's page down to the list at every move).
    const list = $("tree"), cur = list.querySelector(".current");
    if (cur) {
      const box = list.getBoundingClientRect(), at = cur.getBoundingClientRect();
      if (at.top < box.top) list.scrollTop -= box.top - at.top;
      else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
    }
    drawCrop();
    if (twrs) { if (!sameTurn()) turn = null; drawTurn(); }
    const comment = $("comment");
    if (document.activeElement !== comment || reply.refused) comment.value = state.comment;
    comment.disabled = false;
    let status = state.error || state.status || (state.to_move ? state.to_move.charAt(0).toUpperCase() + state.to_move.slice(1) + " to move" : "");
    if (twrs && state.twrs && !state.error) status += (status ? " · " : "") + "score " + state.twrs.score[0] + "–" + state.twrs.score[1] + " · " + state.twrs.stones_left + " stones left";
    $("status").textContent = reply.refused ? "Refused: " + reply.refused : status;
    $("status").className = reply.refused ? "refused" : "";
    $("dirty").hidden = !state.dirty;
    $("undo").disabled = !state.undo[0];
    $("redo").disabled = !state.undo[1];
    for (const b of document.querySelectorAll("#glyphs button")) {
      b.setAttribute("aria-pressed", String(b.dataset.glyph === state.glyph));
    }
    $("directives").textContent = state.directives.join("\n");
    const d = state.diagram || ["", ""];
    if (document.activeElement !== $("caption")) $("caption").value = d[0];
    if (document.activeElement !== $("translation")) $("translation").value = d[1];
    const h = $("headers");
    h.textContent = "";
    for (const [k, v] of state.tags) {
      const p = document.createElement("div");
      p.textContent = "[" + k + " \"" + v + "\"]";
      h.appendChild(p);
    }
    if (reply.changed_on_disk) {
      banner(reply.file + " changed on disk since it was opened.", true, [
        ["Reload from disk", () => call("/api/reload", {})],
        ["Keep mine (save over it)", () => call("/api/save", { overwrite: true })],
      ]);
    } else if (reply.recovery) {
      banner("A recovery copy of unsaved edits from an earlier session is there.", false, [
        ["Open the recovery copy", () => call("/api/recover", {})],
      ]);
    } else if (reply.notice) {
      banner(reply.notice, false);
    } else if (!reply.refused) {
      banner("", false);
    }
    if (reply.notice && reply.notice.match(/^(proved|refuted|undecided)/)) $("prove-result").textContent = reply.notice;
    document.querySelector("[data-tool=link]").hidden = !state.links_by_hand;
    $("preview").innerHTML = state.preview || "";
    $("preview-error").textContent = state.preview_error || "";
    if (state.preview) $("diagram-box").open = true;
    if (book.version !== null && book.version !== state.version && !$("book-img").hidden) {
      bookStatus("The game changed since this page was set: set it again to see the change.", false);
    }
    const lenient = reply.lenient;
    $("source-box").hidden = !lenient;
    if (lenient) {
      if (document.activeElement !== $("source")) $("source").value = lenient.text;
      const list = $("source-errors");
      list.textContent = "";
      for (const e of lenient.errors) {
        const li = document.createElement("li");
        li.textContent = "line " + e.line + ", column " + e.col + ": " + e.message;
        list.appendChild(li);
      }
    }
  }

  // The figure's window, drawn over the board as a dashed frame.
  function drawCrop() {
    const svg = $("board").querySelector("svg");
    if (!svg || !state || !state.crop) return;
    const [c0, c1, r0, r1] = state.crop;
    const ns = "http://www.w3.org/2000/svg";
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("id", "crop-frame");
    rect.setAttribute("x", c0 - 0.5); rect.setAttribute("y", r0 - 0.5);
    rect.setAttribute("width", c1 - c0 + 1); rect.setAttribute("height", r1 - r0 + 1);
    rect.setAttribute("fill", "none"); rect.setAttribute("stroke", "#1a5fb4");
    rect.setAttribute("stroke-width", "0.12"); rect.setAttribute("stroke-dasharray", "0.4 0.2");
    rect.setAttribute("pointer-events", "none");
    svg.appendChild(rect);
  }

  // Board: a click (or tap) names the hole nearest it; in SVG units hole
  // (c, r) is at x = c, y = r.
  function holeAt(ev) {
    const svg = $("board").querySelector("svg");
    if (!svg || !state) return null;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const c = Math.round(p.x), r = Math.round(p.y);
    if (c < 0 || r < 0 || c >= state.board[0] || r >= state.board[1]) return null;
    if (Math.hypot(p.x - c, p.y - r) > 0.5) return null;
    return holeName(c, r);
  }
  // Tools that join two holes: a drag from one to the other, or a click
  // (a tap) on each in turn.
  const twoHoles = {
    arrow: (from, to) => op({ op: "arrow", from, to }),
    link: (from, to) => op({ op: "link", from, to }),
    crop: (from, to) => op({ op: "crop", from, to }),
  };
  let dragFrom = null, pending = null;
  $("board").addEventListener("pointerdown", (ev) => {
    const hole = holeAt(ev);
    if (!hole) return;
    ev.preventDefault();
    if (twoHoles[tool]) { dragFrom = hole; return; }
    clickHole(hole);
  });
  $("board").addEventListener("pointerup", (ev) => {
    if (!twoHoles[tool] || !dragFrom) return;
    const from = dragFrom, to = holeAt(ev);
    dragFrom = null;
    if (!to) return;
    if (to !== from) { pending = null; twoHoles[tool](from, to); return; }
    if (pending && pending !== to) { const first = pending; pending = null; twoHoles[tool](first, to); return; }
    pending = to;
    $("status").className = "";
    $("status").textContent = "From " + to + ": now click the other " + (tool === "crop" ? "corner" : tool === "link" ? "peg" : "hole");
  });
  // A TWRS turn made of clicks: one of the mover's towers, where it goes,
  // then the opponent's tower it marks (or none). The server says which
  // turns are open (state.twrs) and plays the move written out.
  let turn = null;
  const capital = (w) => w.charAt(0).toUpperCase() + w.slice(1);
  function sameTurn() {
    if (!turn || !state.twrs || turn.version !== state.version) return false;
    return state.twrs.towers.some((t) => t.number === turn.tower && t.at === turn.from);
  }
  function towerAt(point) {
    for (const g of document.querySelectorAll("#board .tower")) {
      const c = g.querySelector("circle");
      if (c && holeName(Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))) === point) {
        const n = (g.getAttribute("class").match(/\bt(\d)\b/) || [])[1];
        if (n) return Number(n);
      }
    }
    return null;
  }
  function playTwrs(mv) {
    turn = null;
    return op({ op: "play", mv });
  }
  function twrsClick(point) {
    const p = state.twrs;
    if (!p) return;
    if (p.placing) return playTwrs(p.placing === "stone" ? "stone " + point : p.placing + " " + point);
    const own = p.towers.find((t) => t.at === point);
    if (own) {
      turn = { version: state.version, tower: own.number, from: own.at, to: null, marks: [] };
      return drawTurn();
    }
    if (turn && !turn.to) {
      const dest = p.towers.find((t) => t.number === turn.tower).to.find(([d]) => d === point);
      const mv = turn.tower + " " + turn.from + "-" + point;
      // A place it cannot go: the engine says why.
      if (!dest || dest[1].length === 0) return playTwrs(mv);
      turn.to = point;
      turn.marks = dest[1];
      return drawTurn();
    }
    if (turn && turn.to) {
      const mv = turn.tower + " " + turn.from + "-" + turn.to;
      if (point === turn.to) return playTwrs(mv);
      const target = towerAt(point);
      const mark = turn.marks.find((m) => target !== null && m.replace(/[\/\\]$/, "") === "x" + target);
      if (mark) return playTwrs(mv + " " + mark);
      if (target !== null) return playTwrs(mv + " x" + target);
    }
    $("status").className = "refused";
    $("status").textContent = "Click one of " + capital(state.to_move || "") + "'s towers first";
  }
  // The chosen tower and its places, or the chosen place and its
  // markings, drawn over the board; the marking buttons below it.
  function drawTurn() {
    const svg = $("board").querySelector("svg");
    const help = $("twrs-help"), marks = $("twrs-marks");
    marks.textContent = "";
    const p = state.twrs;
    if (!p || !state.to_move) { help.textContent = ""; return; }
    if (p.placing) { help.textContent = "Click a free point to place " + (p.placing === "stone" ? "a stone" : "tower " + p.placing) + "."; return; }
    if (!turn) { help.textContent = "Click one of " + capital(state.to_move) + "'s towers to move it."; return; }
    const ns = "http://www.w3.org/2000/svg";
    const overlay = (name, c, r, size) => {
      const e = document.createElementNS(ns, name);
      if (name === "circle") { e.setAttribute("cx", c); e.setAttribute("cy", r); e.setAttribute("r", size); }
      else { e.setAttribute("x", c - size); e.setAttribute("y", r - size); e.setAttribute("width", 2 * size); e.setAttribute("height", 2 * size); }
      e.setAttribute("fill", "none"); e.setAttribute("stroke", "#1a5fb4"); e.setAttribute("stroke-width", "0.08");
      e.setAttribute("pointer-events", "none"); e.setAttribute("class", "turn");
      svg.appendChild(e);
    };
    const xy = (point) => {
      const col = point.charCodeAt(0) - 97, row = Number(point.slice(1)) - 1;
      return [col, row];
    };
    if (svg) overlay("circle", ...xy(turn.from), 0.45);
    if (!turn.to) {
      const t = p.towers.find((t) => t.number === turn.tower);
      if (svg) for (const [d] of t.to) overlay("rect", ...xy(d), 0.2);
      help.textContent = "Tower " + turn.tower + ": click where it goes.";
      return;
    }
    if (svg) overlay("circle", ...xy(turn.to), 0.45);
    help.textContent = "Tower " + turn.tower + " to " + turn.to + ": click the tower it marks, or:";
    const mv = turn.tower + " " + turn.from + "-" + turn.to;
    const button = (label, move) => {
      const b = document.createElement("button");
      b.textContent = label;
      b.addEventListener("click", () => playTwrs(move));
      marks.appendChild(b);
    };
    button("No marking", mv);
    for (const m of turn.marks) button("Mark " + m.slice(1), mv + " " + m);
  }
  $("twrs-play").addEventListener("click", () => {
    const mv = $("twrs-move").value.trim();
    if (mv) playTwrs(mv).then(() => { if (!$("status").classList.contains("refused")) $("twrs-move").value = ""; });
  });
  $("twrs-move").addEventListener("keydown", (ev) => { if (ev.key === "Enter") $("twrs-play").click(); });

  function clickHole(hole) {
    if (state && state.kind === "twrs") return twrsClick(hole);
    switch (tool) {
      case "play": return op({ op: "play", hole });
      case "label": {
        const used = state.directives.join(" ");
        let letter = "a";
        for (let i = 0; i < 26; i++) { const l = String.fromCharCode(97 + i); if (!used.includes(" " + l + "\n") && !used.endsWith(" " + l)) { letter = l; break; } }
        return op({ op: "label", hole, text: letter });
      }
      case "cross": return op({ op: "label", hole, text: "X" });
      case "number": {
        const n = (state.directives.join("\n").match(/#label \S+ \d+/g) || []).length + 1;
        return op({ op: "label", hole, text: String(n) });
      }
      case "ghost-red": return op({ op: "ghost", hole, player: "red" });
      case "ghost-black": return op({ op: "ghost", hole, player: "black" });
      case "erase": return op({ op: "clear-marks", hole });
      case "setup-red": return op({ op: "setup-peg", hole, player: "red" });
      case "setup-black": return op({ op: "setup-peg", hole, player: "black" });
      case "setup-none": return op({ op: "setup-peg", hole, player: null });
    }
  }
  for (const b of document.querySelectorAll("#tools button")) {
    b.addEventListener("click", () => {
      tool = b.dataset.tool;
      pending = null;
      for (const o of document.querySelectorAll("#tools button")) o.classList.toggle("on", o === b);
    });
  }

  $("tree").addEventListener("click", (ev) => {
    const mv = ev.target.closest(".mv");
    if (!mv) return;
    const path = mv.dataset.path === "" ? [] : mv.dataset.path.split(",").map(Number);
    op({ op: "goto", path });
  });
  const buttons = {
    start: "start", prev: "previous", next: "next", end: "end", swap: "swap",
    promote: "promote", mainline: "make-main", delete: "delete", undo: "undo", redo: "redo",
  };
  for (const [id, o] of Object.entries(buttons)) $(id).addEventListener("click", () => op({ op: o }));
  $("save").addEventListener("click", () => call("/api/save", {}));
  for (const b of document.querySelectorAll("#glyphs button")) {
    b.addEventListener("click", () => op({ op: "glyph", glyph: b.dataset.glyph }));
  }
  // The comment is sent as it is typed; the server batches the letters
  // into one undo step.
  let typing = null;
  $("comment").addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => op({ op: "comment", text: $("comment").value }), 250);
  });
  $("comment").addEventListener("blur", () => {
    if (state && $("comment").value !== state.comment) { clearTimeout(typing); op({ op: "comment", text: $("comment").value }); }
  });
  $("diagram-set").addEventListener("click", () => op({ op: "diagram", caption: $("caption").value, translation: $("translation").value }));
  $("diagram-remove").addEventListener("click", () => op({ op: "diagram", caption: "", translation: "", remove: true }));
  $("crop-clear").addEventListener("click", () => op({ op: "crop", from: null, to: null }));
  $("source-apply").addEventListener("click", () => call("/api/source", { version: state.version, text: $("source").value }));
  $("to-move").addEventListener("change", () => op({ op: "to-move", player: $("to-move").value || null }));
  $("tag-set").addEventListener("click", () => op({ op: "tag", name: $("tag-name").value, value: $("tag-value").value }));
  $("tag-name").addEventListener("change", () => {
    const t = state.tags.find(([k]) => k.toLowerCase() === $("tag-name").value.toLowerCase());
    $("tag-value").value = t ? t[1] : "";
  });
  $("prove").addEventListener("click", () => {
    $("prove-result").textContent = "searching…";
    call("/api/prove", { version: state.version, moves: Number($("prove-moves").value), seconds: Number($("prove-seconds").value) });
  });
  // The book page: set by the server (typesetting takes a moment), shown a
  // page at a time as PNG; the PDF itself opens in a new tab.
  const book = { version: null, pages: 0, page: 1, url: null };
  function bookStatus(text, error) {
    $("book-status").textContent = text;
    $("book-status").className = error ? "error" : "";
  }
  function get(path) {
    return fetch(path, { headers: { "x-twixt-token": token } }).then((r) => {
      if (!r.ok) return r.text().then((t) => { throw new Error(t); });
      return r;
    });
  }
  function showBookPage(n) {
    return get("/api/book/page?n=" + n).then((r) => r.blob()).then((blob) => {
      if (book.url) URL.revokeObjectURL(book.url);
      book.url = URL.createObjectURL(blob);
      book.page = n;
      const img = $("book-img");
      img.src = book.url;
      img.alt = "Page " + n + " of the book of " + $("file").textContent;
      img.hidden = false;
      $("book-page-no").textContent = "page " + n + " of " + book.pages;
      $("book-prev").disabled = n <= 1;
      $("book-next").disabled = n >= book.pages;
      $("book-pager").hidden = book.pages < 2;
      bookStatus("The book page of the game as it stands.", false);
    });
  }
  $("book-set").addEventListener("click", () => {
    bookStatus("Setting the book page…", false);
    $("book-set").disabled = true;
    get("/api/book").then((r) => r.json()).then((b) => {
      book.version = b.version;
      book.pages = b.pages;
      const w = $("book-warnings");
      w.textContent = "";
      for (const text of b.warnings) {
        const li = document.createElement("li");
        li.textContent = text;
        w.appendChild(li);
      }
      $("book-pdf").href = "/api/book.pdf?t=" + encodeURIComponent(token);
      $("book-pdf").hidden = false;
      return showBookPage(1);
    }).catch((e) => {
      $("book-img").hidden = true;
      $("book-pager").hidden = true;
      $("book-pdf").hidden = true;
      bookStatus(String(e.message || e), true);
    }).finally(() => { $("book-set").disabled = false; });
  });
  $("book-prev").addEventListener("click", () => showBookPage(book.page - 1).catch((e) => bookStatus(String(e.message || e), true)));
  $("book-next").addEventListener("click", () => showBookPage(book.page + 1).catch((e) => bookStatus(String(e.message || e), true)));

  const help = (open) => { $("help").hidden = !open; };
  $("help-open").addEventListener("click", () => help(true));
  $("help-close").addEventListener("click", () => help(false));

  const glyphKeys = { "1": "!", "2": "?", "3": "!!", "4": "??", "5": "!?", "6": "?!" };
  document.addEventListener("keydown", (ev) => {
    const inField = ev.target.matches("textarea, input, select");
    if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === "s") { ev.preventDefault(); if (inField) ev.target.blur(); busy.then(() => call("/api/save", {})); return; }
    if (inField) return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === "z") { ev.preventDefault(); op({ op: "undo" }); return; }
    if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === "y") { ev.preventDefault(); op({ op: "redo" }); return; }
    if (ev.ctrlKey || ev.metaKey) return;
    const nav = { ArrowLeft: "previous", ArrowRight: "next", ArrowUp: "up", ArrowDown: "down", Home: "start", End: "end", Delete: "delete", p: "promote", m: "make-main" };
    if (nav[ev.key]) { ev.preventDefault(); op({ op: nav[ev.key] }); return; }
    if (state && state.kind === "twrs" && ev.key !== "?" && ev.key !== "Escape") return;
    if (ev.altKey && glyphKeys[ev.key]) { ev.preventDefault(); op({ op: "glyph", glyph: glyphKeys[ev.key] }); return; }
    if (ev.key === "!") { op({ op: "glyph", glyph: "!" }); return; }
    if (ev.key === "?") { help($("help").hidden); return; }
    if (ev.key === "Escape") help(false);
  });
  window.addEventListener("beforeunload", (ev) => { if (state && state.dirty) ev.preventDefault(); });
  call("/api/state");
})();
