"""Game files: every file of the repository's examples and the shared
records read into games; the tree of a script (comments, glyphs,
variations, directives); canonical scripts; check, render, book; bad files."""

import glob
import json
import os
import subprocess

import pytest

import twixtkit
from conftest import REPO, shared_games, twixt_binary

EXAMPLES = sorted(
    glob.glob(os.path.join(REPO, "examples", "*.twixt"))
    + glob.glob(os.path.join(REPO, "examples", "records", "*.tsgf"))
)
CORNER = os.path.join(REPO, "examples", "corner-puzzle.twixt")


def record_files():
    root = shared_games()
    return sorted(
        p
        for p in glob.glob(os.path.join(root, "**", "*"), recursive=True)
        if os.path.isfile(p) and not p.endswith(".md")
    )


def test_examples_exist():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_every_example_reads_and_writes_back(path):
    games = twixtkit.read_games(path)
    assert games
    for g in games:
        text = g.script()
        again = twixtkit.parse_script(text)
        assert len(again) == 1
        # The canonical script reads back to the same script and moves.
        assert again[0].script() == text
        assert [str(m) for m in again[0].moves] == [str(m) for m in g.moves]
        assert [str(n.move) for n in g.mainline] == [str(m) for m in g.moves]
        assert isinstance(g.headers, dict)


def test_every_shared_record_reads_and_replays():
    files = record_files()
    assert len(files) >= 10
    for path in files:
        games = twixtkit.read_games(path)
        report = twixtkit.check(path)
        assert len(report["games"]) == len(games), path
        for g, checked in zip(games, report["games"]):
            moves = g.moves
            assert moves, path
            if checked["errors"]:
                continue
            # The main line replays to the end, as check replayed it.
            board = g.end()
            assert board.ply == len(moves) == checked["plies"], path


def test_tree_of_a_script():
    g = twixtkit.read_games(CORNER)[0]
    assert g.headers["Rules"] == "pencil"
    assert g.headers["Task"] == "Red to play and win"
    main = g.mainline
    assert [str(n.move) for n in main] == ["j10", "g4", "h3", "i4", "f7"]
    assert [n.ply for n in main] == [1, 2, 3, 4, 5]
    assert main[0].comments == ["Threatens to join at once."]
    # The variation plays instead of move 4.
    (var,) = main[3].variations
    assert [(n.ply, str(n.move)) for n in var] == [(4, "f7"), (5, "i4")]
    assert "#connected red" in var[1].directives
    assert any(d.startswith("#wins red in 3") for d in g.comments)
    assert any(d.startswith("#diagram name=puzzle") for d in g.comments)
    assert any(d.startswith("#diagram name=solution") for d in main[4].directives)


def test_glyphs():
    (g,) = twixtkit.parse_script('[Rules "pencil"]\n1. f6! 2. m12?! 3. g8 {ok}\n')
    assert [n.glyph for n in g.mainline] == ["!", "?!", None]
    assert g.mainline[2].comments == ["ok"]


def test_setup_board_and_pictures():
    g = twixtkit.read_games(CORNER)[0]
    b = g.board()
    assert b.peg_at("b6") == "red" and b.peg_at("a2") == "black"
    assert b.turn == "red"
    pics = g.pictures()
    assert [p.name for p in pics] == ["puzzle", "solution"]
    assert pics[0].svg().startswith("<svg")
    assert twixtkit.Board.from_line(pics[0].line()).peg_at("b6") == "red"
    assert "R" in str(pics[1])


def test_check_is_the_binarys_json():
    twixt = twixt_binary()
    for path in [CORNER, os.path.join(REPO, "examples", "tutorial.twixt")]:
        ours = twixtkit.check(path)
        out = subprocess.run(
            [twixt, "check", "--format", "json", path], capture_output=True, text=True
        )
        assert ours == json.loads(out.stdout)


def test_check_reports_errors_as_values(tmp_path):
    bad = tmp_path / "bad.twixt"
    bad.write_text('[Rules "pencil"]\n1. f6 2. f6\n')
    report = twixtkit.check(str(bad))
    assert report["errors"] == 1
    assert "f6" in report["games"][0]["errors"][0]["message"]


def test_render_and_book(tmp_path):
    written = twixtkit.render(CORNER, tmp_path / "pics")
    assert sorted(os.path.basename(p) for p in written) == ["puzzle.svg", "solution.svg"]
    one = twixtkit.render(os.path.join(REPO, "examples", "records", "pencil-7.tsgf"), tmp_path / "g.png")
    assert open(one[0], "rb").read(4) == b"\x89PNG"
    twixtkit.book(CORNER, tmp_path / "book.html")
    html = (tmp_path / "book.html").read_text()
    assert "<svg" in html and "corner puzzle" in html
    with pytest.raises(twixtkit.FileError):
        twixtkit.render(CORNER, tmp_path / "x.jpg")


def test_pdf_book_or_the_missing_feature(tmp_path):
    out = tmp_path / "book.pdf"
    if twixtkit.TYPST:
        twixtkit.book(CORNER, out)
        assert out.read_bytes()[:5] == b"%PDF-"
    else:
        with pytest.raises(twixtkit.FileError) as e:
            twixtkit.book(CORNER, out)
        assert "`typst` feature" in str(e.value) and e.value.path == str(out)
        assert not out.exists()
    # Typst source needs no typesetter in either build.
    twixtkit.book(CORNER, tmp_path / "src" / "book.typ")
    assert (tmp_path / "src" / "book.typ").read_text().strip()


def test_bad_files_raise_with_line_and_column(tmp_path):
    with pytest.raises(twixtkit.FileError) as e:
        twixtkit.read_games(tmp_path / "missing.twixt")
    assert "missing.twixt" in str(e.value)
    bad = tmp_path / "bad.twixt"
    bad.write_text('[Rules "pencil"]\n1. f6 2. zz99zz\n')
    with pytest.raises(twixtkit.FileError) as e:
        twixtkit.read_games(bad)
    assert e.value.line == 2 and e.value.col > 1
    with pytest.raises(twixtkit.FileError) as e:
        twixtkit.parse_script("1. f6 {unclosed")
    assert e.value.line == 1
    with pytest.raises(twixtkit.FileError):
        twixtkit.read_games(tmp_path / "game.unknownext")


def test_illegal_main_line():
    (g,) = twixtkit.parse_script('[Rules "pencil"]\n1. f6 2. f6\n')
    with pytest.raises(twixtkit.IllegalMoveError, match="move 2"):
        g.end()


def test_hostile_title(tmp_path):
    title = '"]} <script>alert(1)</script> \\" \u202e \x07' * 20
    escaped = title.replace("\\", "\\\\").replace('"', '\\"')
    path = tmp_path / "t.twixt"
    path.write_text(f'[Title "{escaped}"]\n[Rules "pencil"]\n1. f6 2. m12\n#diagram\n', encoding="utf-8")
    (g,) = twixtkit.read_games(path)
    assert g.headers["Title"] == title
    svg = g.pictures()[0].svg()
    assert "<script>" not in svg
    twixtkit.parse_script(g.script())
    twixtkit.book(path, tmp_path / "b.html")
    assert "<script>alert" not in (tmp_path / "b.html").read_text(encoding="utf-8")


def test_records_with_rules_and_size(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("1. f6 2. k10 3. g8\n")
    (g,) = twixtkit.read_games(path, rules="t1", size=12)
    assert g.end().size == 12 and g.end().rules == "t1"


# Runs `calls` on a FIFO game file and on `-` in a fresh interpreter, with
# standard input that would hand the old reader an empty game list: the
# old code waited for ever on the FIFO holding the GIL (the timeout ends
# the run) and read standard input for `-`.
REFUSALS = """
import os, sys, twixtkit
folder = sys.argv[1]
fifo = os.path.join(folder, "g.twixt")
os.mkfifo(fifo)
game = os.path.join(folder, "ok.twixt")
with open(game, "w") as f:
    f.write('[Rules "pencil"]\\n[Size "8"]\\n1. c3\\n')
calls = {
    "read_games fifo": lambda: twixtkit.read_games(fifo),
    "check fifo": lambda: twixtkit.check(fifo),
    "render fifo": lambda: twixtkit.render(fifo, os.path.join(folder, "o.svg")),
    "book fifo": lambda: twixtkit.book(fifo, os.path.join(folder, "b.html")),
    "read_games -": lambda: twixtkit.read_games("-"),
    "check -": lambda: twixtkit.check("-"),
    "render -": lambda: twixtkit.render("-", os.path.join(folder, "o.svg")),
    "book -": lambda: twixtkit.book("-", os.path.join(folder, "b.html")),
    "render to -": lambda: twixtkit.render(game, "-"),
}
for name, call in calls.items():
    try:
        call()
        print(name, "returned")
    except twixtkit.FileError as e:
        print(name, "FileError", e.path, str(e).replace("\\n", " "))
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_and_standard_input_are_refused(tmp_path):
    import sys

    run = subprocess.run(
        [sys.executable, "-c", REFUSALS, str(tmp_path)],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 9, run.stdout
    fifo = str(tmp_path / "g.twixt")
    for line in lines[:4]:
        assert f"FileError {fifo} cannot read {fifo}: it is not a regular file" in line
    for line in lines[4:8]:
        assert "FileError - `-` names standard input" in line
    assert "FileError - `-` names standard output" in lines[8]
