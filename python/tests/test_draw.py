"""Drawing: str(board) is the toolkit's text diagram, svg() and
_repr_svg_ its SVG with marks, arrows, the last move and a crop."""

import re

import pytest

from twixtkit import Board, IllegalMoveError, InvalidMoveError


def test_text_diagram():
    b = Board(size=6)
    for m in ["c3", "d5", "d4"]:
        b.push(m)
    text = str(b)
    rows = text.splitlines()
    # Red's c3 and Black's d5 in their cells; the border lines of the grid.
    assert any(r.lstrip().startswith("3") and "R" in r for r in rows)
    assert any(r.lstrip().startswith("5") and "B" in r for r in rows)
    assert "─" in text and "│" in text
    ascii_text = b.text(ascii=True)
    assert ascii_text.isascii() and "R" in ascii_text


def test_svg_draws_pegs_links_and_last_move():
    b = Board(size=8)
    for m in ["c3", "f6", "d5"]:
        b.push(m)
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('class="peg red') == 2 and svg.count('class="peg black') == 1
    assert "last" in svg
    plain = b.svg(lastmove=False)
    assert plain != svg


def view(svg):
    return [float(x) for x in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]


def width(svg):
    return float(re.search(r'<svg[^>]* width="([0-9.]+)"', svg).group(1))


def test_svg_marks_arrows_crop():
    b = Board(size=12)
    b.push("f6")
    full = b.svg()
    marked = b.svg(marks={"g8": "a"}, arrows=[("f6", "g8")], crosses=["e4"], highlights=["f6"])
    assert ">a<" in marked and len(marked) > len(full)
    cropped = b.svg(crop="d4-h8")
    assert view(cropped)[2] < view(full)[2]
    big = b.svg(scale=48)
    assert width(big) == 2 * width(full) and view(big) == view(full)
    numbered = b.svg(numbers=True)
    assert ">1<" in numbered
    assert b.svg(style="rulebook", coords="none", caption="Red's f6") != full


def test_svg_bad_arguments_raise():
    b = Board(size=8)
    with pytest.raises(ValueError, match="marks"):
        b.svg(marks={"z30": "a"})
    with pytest.raises(InvalidMoveError):
        b.svg(arrows=[("??", "a1")])
    with pytest.raises(ValueError):
        b.svg(crop="nonsense")
    with pytest.raises(ValueError):
        b.svg(style="no-such-style")
    with pytest.raises(ValueError):
        b.svg(scale=-1)
    with pytest.raises(ValueError):
        b.svg(coords="xyz")


def test_svg_lastmove_none_false_true_and_a_hole():
    # lastmove=None ringed the last move though the docstring says "False
    # or None: none", and an off-board hole was silently ignored where
    # marks refuse one.
    b = Board(size=8)
    for m in ["c3", "f6", "d5"]:
        b.push(m)
    ringed, plain = b.svg(), b.svg(lastmove=False)
    assert ringed != plain and b.svg(lastmove=True) == ringed
    assert b.svg(lastmove=None) == plain
    assert b.svg(lastmove="d5") == ringed and b.svg(lastmove="c3") != ringed
    for off in ("z26", "c9", "i3"):
        with pytest.raises(ValueError, match="lastmove: .* is not a hole of the 8 board"):
            b.svg(lastmove=off)
    with pytest.raises(InvalidMoveError):
        b.svg(lastmove="??")
    with pytest.raises(ValueError, match="lastmove is True, False, None"):
        b.svg(lastmove=3.5)


def test_svg_raises_illegal_move_error_for_a_hole_the_board_lacks():
    # svg raised a plain ValueError for a hole off the board (or a corner)
    # where push and peg_at raise IllegalMoveError: it raises that too, in
    # the same words, after the argument's name.
    b = Board(size=8)
    b.push("c3")
    for hole in ("c9", "i3", "z26", "a1", "h8"):
        with pytest.raises(IllegalMoveError) as by_peg_at:
            b.peg_at(hole)
        words = str(by_peg_at.value)
        assert words == f"{hole} is not a hole of the 8 board (off the board or a corner)"
        for what, call in [
            ("marks", lambda: b.svg(marks={hole: "a"})),
            ("crosses", lambda: b.svg(crosses=[hole])),
            ("highlights", lambda: b.svg(highlights=[hole])),
            ("arrows", lambda: b.svg(arrows=[("c3", hole)])),
            ("arrows", lambda: b.svg(arrows=[(hole, "c3")])),
            ("lastmove", lambda: b.svg(lastmove=hole)),
        ]:
            with pytest.raises(IllegalMoveError) as e:
                call()
            assert str(e.value) == f"{what}: {words}", what
