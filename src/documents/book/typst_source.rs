//! A book as Typst source: the markup of the text, the figures as SVG files
//! beside it (every diagram at the book's one hole pitch: a TwixT hole
//! spacing, another game's [`super::Drawing::pitch_px`]), and the
//! template that sets the page style. `twixt book -o game.typ` writes these
//! files for an author to edit; the PDF writer hands them to Typst.
//!
//! Every string of the game file (titles, comments, captions, names) goes
//! into the source as a Typst string literal, never as markup, so that no
//! title can run code or change the layout: `#read("/etc/passwd")` prints
//! as written.

use std::fmt::Write as _;

use crate::diagram::Layout;
use crate::diagram::sheet::Paper;
use crate::diagram::{Scale, num_formatted as num, to_svg};
use std::str::FromStr;

use super::html::Styles;
use super::standings::Standing;
use super::{Art, Block, Book, Chapter, Figure};
use crate::messages::Messages;

/// The built-in template: Libertinus Serif 10.5 pt, justified and
/// hyphenated, page numbers, running heads in a booklet.
pub const DEFAULT_TEMPLATE: &str = include_str!("template.typ");

/// The template's file name beside the book's source, as the source
/// imports it (the PDF writer's world uses the same names).
pub const TEMPLATE_FILE: &str = "book-template.typ";

/// The hole pitch of a book's diagrams when none is asked for, in mm: two
/// 24×24 boards side by side on A4 and Letter.
pub const DEFAULT_PITCH_MM: f64 = 3.0;

/// The longest text of a stretch (in characters) that may share the row
/// of the diagram before: about three lines, so that no diagram stands
/// far below the moves it shows.
const SHORT_TEXT: usize = 320;

/// The largest hole pitch `--diagram-size` takes as a pitch, in mm; a
/// length from [`MIN_WIDTH_MM`] on is a full-board diagram's width.
pub const MAX_PITCH_MM: f64 = 20.0;

/// The smallest width of a full-board diagram `--diagram-size` takes, in mm.
pub const MIN_WIDTH_MM: f64 = 25.0;

/// The scale of every TwixT diagram of a book: one for the whole book.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DiagramSize {
    /// The distance between neighbouring holes, in mm.
    Pitch(f64),
    /// The width of a full-board diagram of the book's largest board, in
    /// the book's style, in mm: the pitch is derived from it.
    Width(f64),
}

impl Default for DiagramSize {
    fn default() -> Self {
        DiagramSize::Pitch(DEFAULT_PITCH_MM)
    }
}

/// Why a diagram size could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DiagramSizeError(String);

impl FromStr for DiagramSize {
    type Err = DiagramSizeError;

    /// `3mm` (or `3`): a hole pitch, from 0.5 to 20 mm; `40mm`: from 25 mm
    /// on, the width of a full-board diagram (at most 1,000 mm).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let v: f64 = s
            .trim()
            .trim_end_matches("mm")
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| {
                DiagramSizeError(format!(
                    "expected a length in mm such as 3mm (a hole pitch) or 40mm (a full board's width), found `{}`",
                    s.escape_debug()
                ))
            })?;
        if (0.5..=MAX_PITCH_MM).contains(&v) {
            Ok(DiagramSize::Pitch(v))
        } else if (MIN_WIDTH_MM..=1000.0).contains(&v) {
            Ok(DiagramSize::Width(v))
        } else {
            Err(DiagramSizeError(format!(
                "a diagram size is a hole pitch from 0.5mm to {MAX_PITCH_MM}mm, or a full board's width from {MIN_WIDTH_MM}mm to 1000mm, not {v}mm"
            )))
        }
    }
}

/// Where the text of a diagram's stretch (the moves it shows and the
/// comments among them) stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum BookLayout {
    /// Above the diagram, which stands under it (as many in a row as fit).
    #[default]
    Below,
    /// In a column beside the diagram, its caption under that text, as
    /// chess books and sgf2dg set them; a diagram too wide for a column
    /// beside the text stands under its text.
    Beside,
}

/// How the pages of a book are set (`twixt book`'s options for them).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct PageSetup {
    /// The title of a booklet's title page (default: the first game's).
    #[cfg_attr(feature = "cli", arg(long))]
    pub title: Option<String>,
    /// Paper of the PDF: a4, letter, a5, a3, legal, or WIDTHxHEIGHT in mm.
    #[cfg_attr(feature = "cli", arg(long, default_value = "a4"))]
    pub paper: Paper,
    /// One scale for every diagram of the PDF or Typst book: a hole pitch
    /// up to 20mm (the distance between neighbouring holes: 3mm), or from
    /// 25mm the width of a full-board diagram of the book's largest board
    /// (40mm), the pitch derived from it.
    #[cfg_attr(
        feature = "cli",
        arg(
            long = "pitch",
            visible_alias = "diagram-size",
            value_name = "SIZE",
            default_value = "3mm"
        )
    )]
    pub diagram_size: DiagramSize,
    /// Where the moves and comments a diagram shows stand in the PDF or
    /// Typst book: above it (below), or in a column beside it (beside).
    #[cfg_attr(feature = "cli", arg(long, value_enum, default_value = "below"))]
    pub layout: BookLayout,
    /// The language of the text, for hyphenation (fr, de, nl, it, en, …);
    /// default: the first game's [Language] header, else English.
    // The help text's words, not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[cfg_attr(feature = "cli", arg(long, value_name = "CODE", value_parser = super::parse_language))]
    pub lang: Option<String>,
    /// A booklet: a title page, a table of contents, each game on a new
    /// page, running heads.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub booklet: bool,
}

impl Default for PageSetup {
    fn default() -> Self {
        PageSetup {
            paper: Paper::A4,
            diagram_size: DiagramSize::default(),
            layout: BookLayout::default(),
            lang: None,
            title: None,
            booklet: false,
        }
    }
}

/// A book as Typst source.
#[derive(Debug, Clone, PartialEq)]
pub struct TypstBook {
    /// The source, which imports the template from [`TEMPLATE_FILE`].
    pub source: String,
    /// The built-in template, written beside the source with `--format typ`.
    pub template: String,
    /// The figures: (file name relative to the source, SVG document).
    pub figures: Vec<(String, String)>,
}

/// The folder the figures of a source named `stem.typ` go in.
pub fn figures_folder(stem: &str) -> String {
    format!("{stem}-figures")
}

/// `s` as a Typst string literal: quotes and backslashes escaped, control
/// characters written as escapes.
pub fn literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push(' '),
            c if c.is_control() || c == '\u{feff}' => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub use crate::messages::language_code;

/// The book's language: `setup.lang`, else the first `[Language]` header,
/// else English.
pub fn book_language(book: &Book, setup: &PageSetup) -> String {
    setup
        .lang
        .clone()
        .or_else(|| {
            book.chapters
                .iter()
                .find_map(|c| c.language.as_deref().and_then(language_code))
        })
        .unwrap_or_else(|| "en".into())
}

/// The Typst source of `book`, its figures in `stem-figures/` and its
/// template beside it.
pub fn to_typst(book: &Book, styles: &Styles, setup: &PageSetup, stem: &str) -> TypstBook {
    let folder = figures_folder(stem);
    let words = book.messages().clone();
    let mut w = Writer {
        out: String::with_capacity(16 * 1024),
        figures: Vec::new(),
        styles,
        pitch: pitch_mm(book, styles, setup.diagram_size),
        folder,
        beside: setup.layout == BookLayout::Beside,
        msgs: words.clone(),
    };
    let title = setup.title.as_deref().unwrap_or(&book.title);
    let lang = book_language(book, setup);
    let _ = write!(
        w.out,
        "// A book made by `twixt book`: edit it, or restyle it in {TEMPLATE_FILE}.\n\
         #import {}: book\n\
         #set outline(title: {})\n\
         #show: book.with(\n  title: {},\n  lang: {},\n  page-width: {}mm,\n  page-height: {}mm,\n  booklet: {},\n)\n\n",
        literal(TEMPLATE_FILE),
        literal(words.get("contents")),
        literal(title),
        literal(&lang),
        num(setup.paper.width_mm),
        num(setup.paper.height_mm),
        setup.booklet,
    );
    w.out.push_str(HELPERS);
    // Games with a task are puzzles: their problems together after the
    // other games, then their answers, numbered alike.
    let (puzzles, games): (Vec<&Chapter>, Vec<&Chapter>) =
        book.chapters.iter().partition(|c| c.puzzle.is_some());
    let grouped = games.iter().any(|c| c.standings.is_some());
    let mut k = 0;
    while k < games.len() {
        // Rulebook figures in a row: as many to a row as fit.
        let run = games[k..].iter().take_while(|c| c.figure).count();
        if run > 0 {
            w.figure_run(&games[k..k + run]);
            k += run;
        } else {
            let c = games[k];
            // Under its event's chapter, a game is a level-2 heading.
            let level = if grouped && c.pairing.is_some() { 2 } else { 1 };
            w.chapter(c, level, &c.title, true);
            k += 1;
        }
    }
    if !puzzles.is_empty() {
        w.puzzles(&puzzles, &words);
    }
    TypstBook {
        source: w.out,
        template: DEFAULT_TEMPLATE.to_string(),
        figures: w.figures,
    }
}

/// The hole pitch of `size` in `book`, in mm: the pitch given, or the one at
/// which a full-board diagram of the book's largest board (in the default
/// style) is as wide as asked.
pub fn pitch_mm(book: &Book, styles: &Styles, size: DiagramSize) -> f64 {
    let width = match size {
        DiagramSize::Pitch(p) => return p,
        DiagramSize::Width(w) => w,
    };
    let largest = book
        .figures()
        .into_iter()
        .filter_map(|f| match &f.art {
            Art::Twixt(d) => Some(d),
            Art::Drawn(_) => None,
        })
        .max_by_key(|d| (d.size.width(), d.size.height()));
    let Some(d) = largest else {
        // A book of another game's pictures: the widest, in pitches.
        let pitches = book
            .figures()
            .into_iter()
            .filter_map(|f| match &f.art {
                Art::Drawn(d) => f.art.svg_in(styles.of(f)).map(|(_, w, _)| w / d.pitch_px()),
                _ => None,
            })
            .fold(0.0, f64::max);
        return if pitches > 0.0 {
            width / pitches
        } else {
            DEFAULT_PITCH_MM
        };
    };
    let mut full = d.clone();
    full.crop = None;
    full.caption = None;
    width / Layout::new(&full, styles.default).width
}

/// Functions the source calls, in the source so that an author sees them.
const HELPERS: &str = r#"// The line under a game's title: its event in words.
#let twixt-subtitle(s) = block(sticky: true, above: 0em, below: 0.9em, emph(s))
// The facts of a game's title block, two to a line, kept with what follows.
// Set ragged: a long value ("Blue wins 101–6: …") in half the measure.
#let twixt-facts(..facts) = block(sticky: true, { set par(justify: false); grid(
  columns: (auto, 1fr, auto, 1fr), column-gutter: 1em, row-gutter: 0.5em,
  ..facts.pos().map(((k, v)) => (strong(k), v)).flatten(),
) })
// A run of moves: a move number never parted from its move.
#let twixt-moves(moves, sticky: false) = block(sticky: sticky, par(text(hyphenate: false, strong(moves))))
// A comment's paragraphs; one that opens a game or a variation stays with its moves.
#let twixt-comment(sticky: false, ..paragraphs) = block(sticky: sticky, for p in paragraphs.pos() { par(p) })
// A diagram of `width` with what is written under it, in a box of `measure`
// (a caption under a small board keeps a readable measure).
// With `run-in` (a rulebook's figure) the caption follows its label on one line.
#let twixt-diagram(file: none, width: 0mm, height: 0mm, measure: 0mm, label: none, caption: none, translation: none, notes: none, run-in: false) = box(width: measure, {
  align(center, image(file, width: width))
  v(0.45em)
  set text(size: 0.86em, hyphenate: false)
  set par(justify: false, first-line-indent: 0pt, leading: 0.5em)
  align(center, {
    strong(label)
    if caption != none and run-in { [ ]; caption } else if caption != none { linebreak(); caption }
    if translation != none { linebreak(); emph(translation) }
    if notes != none { linebreak(); notes }
  })
})
// What is written under a diagram, set beside it with its stretch's text.
#let twixt-caption(caption: none, translation: none, notes: none) = {
  set text(size: 0.86em, hyphenate: false)
  set par(justify: false, first-line-indent: 0pt, leading: 0.5em)
  if caption != none { block(above: 0.9em, below: 0em, caption) }
  if translation != none { block(above: 0.4em, below: 0em, emph(translation)) }
  if notes != none { block(above: 0.4em, below: 0em, notes) }
}
// A diagram with the text of its stretch (the moves it shows, the comments
// among them) in a column at its right, its caption under that text. A
// diagram wider than half the text stands under its text instead.
#let twixt-beside(figure, body) = layout(size => {
  let w = calc.min(figure.width, size.width)
  if w > size.width * 0.55 {
    body
    twixt-diagrams(figure)
  } else {
    block(width: 100%, above: 1em, below: 1.2em, grid(
      columns: (w, 1fr), column-gutter: 5mm,
      twixt-diagram(..figure, width: w, measure: w, caption: none, translation: none, notes: none),
      {
        body
        twixt-caption(caption: figure.caption, translation: figure.translation, notes: figure.notes)
      },
    ))
  }
})
// Diagrams that follow each other, as many to a row as fit, each row kept whole.
// `lead`, the moves the first row shows, is kept on the page of that row.
#let twixt-diagrams(lead: none, run-in: false, ..figures) = layout(size => {
  let gap = 6mm
  let rows = ()
  let row = ()
  let used = 0pt
  for f in figures.pos() {
    let w = calc.min(f.width, size.width)
    let m = calc.min(calc.max(w, 48mm), size.width)
    if row.len() > 0 and used + gap + m > size.width {
      rows.push(row)
      row = ()
      used = 0pt
    }
    if row.len() > 0 { used += gap }
    used += m
    row.push(twixt-diagram(..f, width: w, measure: m, run-in: run-in))
  }
  if row.len() > 0 { rows.push(row) }
  for (i, r) in rows.enumerate() {
    let shown = block(width: 100%, above: 1em, below: 1.2em,
      align(center, stack(dir: ltr, spacing: gap, ..r)))
    if i == 0 and lead != none {
      block(breakable: false, width: 100%, { lead; shown })
    } else {
      block(breakable: false, width: 100%, shown)
    }
  }
})
// The parts of a passage as paragraphs, as a game book runs them: moves
// ("m", in bold, a number never parted from its move) and a comment's first
// paragraph ("c", its paragraphs) run on in one paragraph; a comment's
// further paragraphs start new ones; a variation ("v", a block) stands apart.
#let twixt-paras(parts) = {
  let out = ()
  let cur = ()
  for (kind, v) in parts {
    if kind == "m" {
      cur.push(text(hyphenate: false, strong(v)))
    } else if kind == "c" {
      for (j, p) in v.enumerate() {
        if j > 0 and cur.len() > 0 { out.push(par(cur.join([ ]))); cur = () }
        cur.push(p)
      }
    } else {
      if cur.len() > 0 { out.push(par(cur.join([ ]))); cur = () }
      out.push(v)
    }
  }
  if cur.len() > 0 { out.push(par(cur.join([ ]))) }
  out
}
// A passage that no diagram follows.
#let twixt-text(..parts) = for p in twixt-paras(parts.pos()) { p }
// Stretches of a game: each its text (`parts`: the moves a diagram shows
// and the comments among them) and that diagram. The diagrams stand as many
// to a row as fit (three at most); a stretch whose text is long (`short`
// false) starts a row of its own, so that no diagram stands far from its
// moves. The text of a row's stretches runs before it, its last paragraph
// never parted from the row (unless it is longer than a third of a page);
// the captions follow the row as body text, each led by its diagram's label
// when the row holds more than one (such captions may begin the next page).
#let twixt-run(..stretches) = layout(size => {
  let gap = 6mm
  let rows = ()
  let row = ()
  let used = 0pt
  for s in stretches.pos() {
    let w = calc.min(s.figure.width, size.width)
    if row.len() > 0 and (row.len() >= 3 or not s.short or used + gap + w > size.width) {
      rows.push(row)
      row = ()
      used = 0pt
    }
    if row.len() > 0 { used += gap }
    used += w
    row.push(s)
  }
  if row.len() > 0 { rows.push(row) }
  for r in rows {
    let said = r.filter(s => s.figure.caption != none or s.figure.translation != none)
    let paras = twixt-paras(r.map(s => s.parts).sum(default: ()))
    let last = paras.at(-1, default: none)
    let lead = if last != none and measure(last, width: size.width).height < 85mm { paras.pop() }
    for p in paras { p }
    let w = calc.min(r.first().figure.width, size.width)
    if r.len() == 1 and said.len() == 1 and w <= 0.45 * size.width {
      // A lone narrow diagram: its caption beside it, as body text.
      let s = r.first()
      block(breakable: false, width: 100%, {
        lead
        block(width: 100%, above: 1em, below: 1em, grid(
          columns: (calc.max(w, 30mm), 1fr), column-gutter: 5mm,
          twixt-diagram(..s.figure, width: w, measure: calc.max(w, 30mm), caption: none, translation: none),
          par({
            if s.figure.caption != none { s.figure.caption }
            if s.figure.translation != none { [ ]; emph(s.figure.translation) }
          }),
        ))
      })
      continue
    }
    // A lone diagram's caption after it has no label: it stays with its
    // row. The captions of a row of several are led by their labels, and
    // run on to the next page when the row ends this one.
    block(breakable: false, sticky: r.len() == 1 and said.len() > 0, width: 100%, {
      lead
      block(width: 100%, above: 1em, below: 1em, align(center, stack(dir: ltr, spacing: gap,
        ..r.map(s => {
          let w = calc.min(s.figure.width, size.width)
          twixt-diagram(..s.figure, width: w, measure: calc.max(w, 30mm), caption: none, translation: none)
        }))))
    })
    for s in said {
      par({
        if r.len() > 1 { strong(s.figure.label); [ — ] }
        if s.figure.caption != none { s.figure.caption }
        if s.figure.translation != none { [ ]; emph(s.figure.translation) }
      })
    }
  }
})
// An event's standings: its title, then a line per player (place, name,
// games, won, drawn, lost, points), most points first.
#let twixt-standings(title, head, ..rows) = {
  block(sticky: true, above: 1.2em, below: 0.6em, strong(title))
  table(
    columns: 7, stroke: none, inset: (x: 0.6em, y: 0.3em),
    align: (right, left, right, right, right, right, right),
    table.hline(stroke: 0.6pt),
    table.header([], ..head.map(strong)),
    table.hline(stroke: 0.4pt),
    ..rows.pos().flatten(),
    table.hline(stroke: 0.6pt),
  )
}
// Problems in a grid of three columns, four rows to an A4 page: each board
// at the book's scale, or smaller to fit its cell; under it its number and
// its task; a heading hidden in the cell bookmarks it.
#let twixt-problems(..figures) = layout(size => {
  let gap = 5mm
  let cell = (size.width - 2 * gap) / 3
  let tall = calc.min(cell, 42mm)
  grid(columns: (cell, cell, cell), column-gutter: gap, row-gutter: 3.5mm,
    ..figures.pos().map(f => block(breakable: false, width: cell, {
      if f.at("mark", default: none) != none {
        place(hide(heading(level: 2, outlined: false, bookmarked: true, f.mark)))
      }
      let k = calc.min(1, cell / f.width, tall / f.height)
      box(width: cell, height: tall, align(center + horizon, image(f.file, width: f.width * k)))
      v(0.3em)
      set text(size: 0.86em, hyphenate: false)
      set par(justify: false, first-line-indent: 0pt, leading: 0.5em)
      align(center, { strong(f.label); if f.caption != none { h(0.4em); f.caption } })
    })))
})
// The answers as text in two columns: each problem's number, its key move
// in bold, the rest of its line; a hidden heading bookmarks it.
#let twixt-answers(..answers) = columns(2, gutter: 6mm, {
  set par(justify: false, first-line-indent: 0pt, hanging-indent: 1.2em)
  for a in answers.pos() {
    if a.mark != none { place(hide(heading(level: 2, outlined: false, bookmarked: true, a.mark))) }
    par({ strong(a.label); h(0.4em); text(hyphenate: false, { strong(a.key); [ ]; a.rest }) })
  }
})
"#;

struct Writer<'a> {
    out: String,
    figures: Vec<(String, String)>,
    styles: &'a Styles<'a>,
    pitch: f64,
    folder: String,
    /// Text beside its diagram (`BookLayout::Beside`).
    beside: bool,
    /// The words of the chapter being written.
    msgs: Messages,
}

impl Writer<'_> {
    /// A game: its heading at `level`, its facts (with `facts`), its text.
    fn chapter(&mut self, c: &Chapter, level: u8, title: &str, facts: bool) {
        self.msgs = c.messages.clone();
        if let Some(table) = &c.standings {
            self.standings(&c.title, table);
            return;
        }
        // A game's heading is labelled: a booklet starts each on a page and
        // heads the pages after with it, at any level.
        let label = if facts { " <twixt-game>" } else { "" };
        let _ = writeln!(
            self.out,
            "\n#heading(level: {level}, {}){label}",
            literal(&self.msgs.typeset(title))
        );
        if let Some(sub) = &c.subtitle {
            let _ = writeln!(self.out, "#twixt-subtitle({})", literal(sub));
        }
        if facts && (!c.facts.is_empty() || c.link.is_some()) {
            self.out.push_str("#twixt-facts(");
            for (k, v) in &c.facts {
                let _ = write!(self.out, "({}, {}), ", literal(k), literal(v));
            }
            if let Some(url) = &c.link {
                let url = literal(url);
                let name = literal(self.msgs.get("game-page"));
                let _ = write!(self.out, "({name}, link({url}, {url})), ");
            }
            self.out.push_str(")\n");
        }
        self.blocks(&c.blocks);
    }

    fn blocks(&mut self, blocks: &[Block]) {
        let mut i = 0;
        while i < blocks.len() {
            if self.beside {
                // The text of a stretch, then the diagram that shows it:
                // set side by side.
                let end = i + blocks[i..].iter().take_while(|b| is_text(b)).count();
                if let (true, Some(Block::Figure(f))) = (end > i, blocks.get(end)) {
                    self.out.push_str("#twixt-beside(\n");
                    self.figure(f);
                    self.out.push_str("[\n");
                    for k in i..end {
                        self.text(blocks, k, false);
                    }
                    self.out.push_str("])\n");
                    i = end + 1;
                    continue;
                }
                if let Block::Figure(_) = blocks[i] {
                    self.out.push_str("#twixt-diagrams(\n");
                    i = self.figure_row(blocks, i);
                } else {
                    self.text(blocks, i, false);
                }
                i += 1;
                continue;
            }
            if is_text(&blocks[i]) || matches!(blocks[i], Block::Figure(_)) {
                i = self.run(blocks, i, None);
            } else if let (Block::Variation(v), Some(Block::Figure(_))) =
                (&blocks[i], blocks.get(i + 1))
                && let Some((Block::Figure(last), inner)) = v.split_last()
                && inner.iter().all(is_text)
            {
                // A variation whose one diagram ends it, and the line it
                // leaves goes on with a diagram at once: the two follow
                // each other and share a row, after the variation's text
                // (kept with the row as a stretch's text is).
                i = self.run(blocks, i + 1, Some((inner, last)));
            } else {
                // A variation with diagrams of its own.
                self.text(blocks, i, false);
                i += 1;
            }
        }
    }

    /// Stretches from `blocks[start]`, each its text (moves, comments,
    /// variations without diagrams) and the diagram that shows it, set as
    /// a run of rows; text that no diagram follows as a passage. The run
    /// opens with `variation` when given: a variation's blocks but its
    /// last, set apart as its stretch's text, and that last diagram.
    /// Returns the index of the first block after them.
    fn run(
        &mut self,
        blocks: &[Block],
        start: usize,
        variation: Option<(&[Block], &Figure)>,
    ) -> usize {
        let mut i = start;
        let mut stretches = 0;
        if let Some((inner, last)) = variation {
            self.out
                .push_str("#twixt-run(\n (short: false, parts: (\n  (\"v\", [\n");
            self.variation(inner);
            self.out.push_str("]),\n ), figure:");
            self.figure(last);
            self.out.push_str(" ),\n");
            stretches = 1;
        }
        loop {
            let end = i + blocks[i..].iter().take_while(|b| is_text(b)).count();
            let Some(Block::Figure(f)) = blocks.get(end) else {
                if stretches > 0 {
                    self.out.push_str(")\n");
                }
                if end > i {
                    self.out.push_str("#twixt-text(\n");
                    self.parts(&blocks[i..end]);
                    self.out.push_str(")\n");
                }
                return end;
            };
            if stretches == 0 {
                self.out.push_str("#twixt-run(\n");
            }
            stretches += 1;
            let _ = writeln!(self.out, " (short: {}, parts: (", is_short(&blocks[i..end]));
            self.parts(&blocks[i..end]);
            self.out.push_str(" ), figure:");
            self.figure(f);
            self.out.push_str(" ),\n");
            i = end + 1;
        }
    }

    /// The parts of a passage, as `twixt-paras` takes them: ("m", moves),
    /// ("c", (paragraphs of a comment)), ("v", [a variation]).
    fn parts(&mut self, blocks: &[Block]) {
        for b in blocks {
            match b {
                Block::Moves(m) => {
                    let _ = writeln!(
                        self.out,
                        "  (\"m\", {}),",
                        literal(&m.replace(". ", ".\u{a0}"))
                    );
                }
                Block::Comment(c) => {
                    self.out.push_str("  (\"c\", (");
                    for p in paragraphs(c) {
                        self.out.push_str(&literal(&self.msgs.typeset(&p)));
                        self.out.push_str(", ");
                    }
                    self.out.push_str(")),\n");
                }
                Block::Variation(_) => {
                    self.out.push_str("  (\"v\", [\n");
                    self.text(std::slice::from_ref(b), 0, false);
                    self.out.push_str("]),\n");
                }
                Block::Figure(_) => {}
            }
        }
    }

    /// The figures in a row from `blocks[start]`, closing the row of
    /// diagrams opened before; returns the index of the last.
    fn figure_row(&mut self, blocks: &[Block], start: usize) -> usize {
        let mut end = start;
        while matches!(blocks.get(end + 1), Some(Block::Figure(_))) {
            end += 1;
        }
        for b in &blocks[start..=end] {
            if let Block::Figure(f) = b {
                self.figure(f);
            }
        }
        self.out.push_str(")\n");
        end
    }

    /// The text block `blocks[k]`: moves (kept with what follows when
    /// `sticky`), a comment, or a variation.
    fn text(&mut self, blocks: &[Block], k: usize, sticky: bool) {
        match &blocks[k] {
            Block::Moves(m) => {
                let moves = literal(&m.replace(". ", ".\u{a0}"));
                let _ = writeln!(self.out, "#twixt-moves({moves}, sticky: {sticky})");
            }
            Block::Comment(c) => {
                // A comment that opens a game or a variation stays with
                // its first moves.
                let opening = k == 0 && matches!(blocks.get(1), Some(Block::Moves(_)));
                let _ = write!(self.out, "#twixt-comment(sticky: {opening}, ");
                for p in paragraphs(c) {
                    self.out.push_str(&literal(&self.msgs.typeset(&p)));
                    self.out.push_str(", ");
                }
                self.out.push_str(")\n");
            }
            Block::Variation(v) => self.variation(v),
            Block::Figure(f) => {
                self.out.push_str("#twixt-diagrams(\n");
                self.figure(f);
                self.out.push_str(")\n");
            }
        }
    }

    /// A variation's blocks, set apart: indented, a rule at their left.
    fn variation(&mut self, blocks: &[Block]) {
        self.out.push_str(
            "#block(inset: (left: 1em), stroke: (left: 0.6pt + luma(55%)), breakable: true)[\n",
        );
        self.blocks(blocks);
        self.out.push_str("]\n");
    }

    /// One figure's arguments, its SVG kept for the figures folder.
    fn figure(&mut self, f: &Figure) {
        self.figure_with(f, "");
    }

    /// One figure's arguments and `more` of them (`mark: …`), its SVG kept
    /// for the figures folder.
    fn figure_with(&mut self, f: &Figure, more: &str) {
        let (svg, width_mm, height_mm) = match &f.art {
            Art::Twixt(d) => {
                let style = self.styles.of(f);
                let l = Layout::new(d, style);
                let svg = to_svg(d, style, Scale::Mm(self.pitch));
                (svg, l.width * self.pitch, l.height * self.pitch)
            }
            Art::Drawn(d) => {
                let (svg, width, height) = f.art.svg_in(self.styles.of(f)).unwrap_or_default();
                let k = self.pitch / d.pitch_px();
                (svg, width * k, height * k)
            }
        };
        let file = format!("{}/{}.svg", self.folder, f.number);
        let typeset = |s: &Option<String>| {
            s.as_deref()
                .map_or("none".into(), |s| literal(&self.msgs.typeset(s)))
        };
        let notes = (!f.notes.is_empty()).then(|| f.notes.join(", "));
        let _ = writeln!(
            self.out,
            "  (file: {}, width: {}mm, height: {}mm, label: {}, caption: {}, translation: {}, notes: {}{more}),",
            literal(&file),
            num(width_mm),
            num(height_mm),
            literal(&f.label),
            typeset(&f.caption),
            typeset(&f.translation),
            typeset(&notes),
        );
        self.figures.push((file, svg));
    }

    /// An event's chapter in a booklet: its name and its standings, a line
    /// per player, most points first.
    fn standings(&mut self, event: &str, table: &[Standing]) {
        let _ = writeln!(
            self.out,
            "\n#heading(level: 1, {})",
            literal(&self.msgs.typeset(event))
        );
        // No named players: no table.
        if table.is_empty() {
            return;
        }
        let head: Vec<String> = super::standings::COLUMNS
            .iter()
            .map(|k| literal(self.msgs.get(k)))
            .collect();
        let _ = writeln!(
            self.out,
            "#twixt-standings({}, ({}),",
            literal(self.msgs.get("standings")),
            head.join(", ")
        );
        for (k, s) in table.iter().enumerate() {
            let _ = writeln!(
                self.out,
                "  (\"{}\", {}, \"{}\", \"{}\", \"{}\", \"{}\", {}),",
                k + 1,
                literal(&s.player),
                s.played,
                s.won,
                s.drawn,
                s.lost,
                literal(&s.points()),
            );
        }
        self.out.push_str(")\n");
    }

    /// Rulebook figures that follow each other: their text, then their
    /// diagrams as many to a row as fit, each "Figure N" with its caption
    /// run in, no heading and no facts.
    fn figure_run(&mut self, run: &[&Chapter]) {
        let mut figures = Vec::new();
        for c in run {
            self.msgs = c.messages.clone();
            for (k, b) in c.blocks.iter().enumerate() {
                match b {
                    Block::Figure(f) => figures.push(f),
                    _ => self.text(&c.blocks, k, false),
                }
            }
        }
        self.out.push_str("#twixt-diagrams(run-in: true,\n");
        for f in figures {
            self.figure(f);
        }
        self.out.push_str(")\n");
    }

    /// A puzzle book's back matter: the problems in a grid, each numbered
    /// with its task under it; the answers as text (the key move, the main
    /// defences in parentheses); the full solutions of the problems that
    /// have more to say (comments, or diagrams the script asks for).
    fn puzzles(&mut self, puzzles: &[&Chapter], words: &Messages) {
        let _ = writeln!(
            self.out,
            "\n#heading(level: 1, {})\n#twixt-problems(",
            literal(words.get("problems"))
        );
        for (k, c) in puzzles.iter().enumerate() {
            let Some(p) = &c.puzzle else { continue };
            self.msgs = c.messages.clone();
            let n = (k + 1).to_string();
            let values = [
                ("n", n.as_str()),
                ("title", c.title.as_str()),
                ("task", p.task.as_str()),
            ];
            let mut f = (*p.figure).clone();
            f.label = self.msgs.fill("problem-label", &values);
            f.caption = Some(self.msgs.fill("problem-caption", &values));
            f.translation = None;
            let mark = self.msgs.fill("problem", &values);
            self.figure_with(&f, &format!(", mark: {}", literal(&mark)));
        }
        let _ = writeln!(
            self.out,
            ")\n\n#heading(level: 1, {})\n#twixt-answers(",
            literal(words.get("answers"))
        );
        let full: Vec<bool> = puzzles.iter().map(|c| has_more(&c.blocks)).collect();
        for (k, c) in puzzles.iter().enumerate() {
            self.msgs = c.messages.clone();
            let n = (k + 1).to_string();
            let values = [("n", n.as_str()), ("title", c.title.as_str())];
            let line = answer_line(&c.blocks).replace(". ", ".\u{a0}");
            // The key move: the first number and its move, joined by a no-break space.
            let (key, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            // Problems with a full solution are bookmarked there.
            let mark = (!full[k]).then(|| self.msgs.fill("solution", &values));
            let _ = writeln!(
                self.out,
                "  (label: {}, key: {}, rest: {}, mark: {}),",
                literal(&self.msgs.fill("answer", &values)),
                literal(key),
                literal(rest),
                mark.as_deref().map_or("none".into(), literal),
            );
        }
        self.out.push_str(")\n");
        if full.iter().any(|f| *f) {
            let _ = writeln!(
                self.out,
                "\n#heading(level: 1, {})",
                literal(words.get("solutions"))
            );
            for (k, c) in puzzles.iter().enumerate() {
                if full[k] {
                    let n = (k + 1).to_string();
                    let values = [("n", n.as_str()), ("title", c.title.as_str())];
                    let title = c.messages.fill("solution", &values);
                    self.chapter(c, 2, &title, false);
                }
            }
        }
    }
}

/// A solution's moves in one line: the main line, each variation in
/// parentheses after the move it replaces; comments and diagrams left out.
pub fn answer_line(blocks: &[Block]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for b in blocks {
        match b {
            Block::Moves(m) => parts.push(m.clone()),
            Block::Variation(v) => {
                let inner = answer_line(v);
                if !inner.is_empty() {
                    parts.push(format!("({inner})"));
                }
            }
            Block::Comment(_) | Block::Figure(_) => {}
        }
    }
    parts.join(" ")
}

/// True when a solution says more than its moves: a comment, or a diagram.
fn has_more(blocks: &[Block]) -> bool {
    blocks.iter().any(|b| match b {
        Block::Comment(_) | Block::Figure(_) => true,
        Block::Variation(v) => has_more(v),
        Block::Moves(_) => false,
    })
}

/// True when the text of a stretch may share the row of the diagram
/// before: short, and no variation.
fn is_short(blocks: &[Block]) -> bool {
    let mut chars = 0;
    for b in blocks {
        match b {
            Block::Moves(m) | Block::Comment(m) => chars += m.chars().count(),
            Block::Variation(_) | Block::Figure(_) => return false,
        }
    }
    chars <= SHORT_TEXT
}

/// Text that may stand beside a diagram: moves, a comment, or a variation
/// without diagrams of its own.
fn is_text(b: &Block) -> bool {
    match b {
        Block::Moves(_) | Block::Comment(_) => true,
        Block::Variation(v) => v.iter().all(is_text),
        Block::Figure(_) => false,
    }
}

/// A comment's paragraphs: split at blank lines, lines joined by spaces.
fn paragraphs(c: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in c.lines() {
        let line = line.trim();
        if line.is_empty() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(line);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_holds_any_text_as_text() {
        assert_eq!(literal(r#"a "b" \c"#), r#""a \"b\" \\c""#);
        assert_eq!(literal("x\ny\u{7}"), r#""x\ny\u{7}""#);
        // Markup has no meaning inside a literal.
        assert_eq!(
            literal("#read(\"/etc/passwd\")"),
            r##""#read(\"/etc/passwd\")""##
        );
    }

    #[test]
    fn a_language_is_a_short_code() {
        assert_eq!(language_code(" FR "), Some("fr".into()));
        assert_eq!(language_code("deu"), Some("deu".into()));
        assert_eq!(language_code("Français"), None);
        assert_eq!(language_code("e\""), None);
    }

    #[test]
    fn a_diagram_size_is_a_pitch_or_a_full_boards_width() {
        let size = |s: &str| s.parse::<DiagramSize>();
        assert_eq!(size("3mm"), Ok(DiagramSize::Pitch(3.0)));
        assert_eq!(size(" 2.5 "), Ok(DiagramSize::Pitch(2.5)));
        assert_eq!(size("20mm"), Ok(DiagramSize::Pitch(20.0)));
        assert_eq!(size("40mm"), Ok(DiagramSize::Width(40.0)));
        for bad in ["22mm", "0.2mm", "2000mm", "NaN", "inf", "wide", ""] {
            assert!(size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn comments_split_at_blank_lines() {
        assert_eq!(paragraphs("a\nb\n\n c "), vec!["a b", "c"]);
    }
}
