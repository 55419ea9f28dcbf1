"""The polygon checks the loader and the generator rely on."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from botwotr.board import geometry as geo

SQUARE = [(0, 0), (10, 0), (10, 10), (0, 10)]


def test_point_in_polygon():
    assert geo.point_in_polygon((5, 5), SQUARE) == 1
    assert geo.point_in_polygon((10, 5), SQUARE) == 0
    assert geo.point_in_polygon((0, 0), SQUARE) == 0
    assert geo.point_in_polygon((11, 5), SQUARE) == -1


def test_self_intersection():
    assert geo.self_intersection(SQUARE) is None
    assert geo.self_intersection([(0, 0), (10, 10), (10, 0), (0, 10)]) is not None  # bow tie
    assert geo.self_intersection([(0, 0), (10, 0), (10, 0), (0, 10)]) is not None  # repeat
    # a spike folding back on itself
    assert geo.self_intersection([(0, 0), (10, 0), (5, 0), (0, 10)]) is not None


def test_neighbours_do_not_overlap_but_shifted_copies_do():
    right = [(10, 0), (20, 0), (20, 10), (10, 10)]
    assert not geo.polygons_overlap(SQUARE, right)
    assert geo.polygons_overlap(SQUARE, [(x - 3, y) for x, y in right])
    assert geo.polygons_overlap(SQUARE, [(2, 2), (4, 2), (4, 4)])  # inside
    assert geo.polygons_overlap(SQUARE, list(SQUARE))  # identical
    assert not geo.polygons_overlap(SQUARE, [(10, 10), (20, 10), (20, 20)])  # corner only


def test_shared_edges_and_chains():
    right = [(10, 0), (20, 0), (20, 10), (10, 10), (10, 5)]
    shared = geo.shared_edges(SQUARE + [], right)
    assert shared == []  # SQUARE's edge 10,0-10,10 is split in two in `right`
    left = [(0, 0), (10, 0), (10, 5), (10, 10), (0, 10)]
    segs = geo.shared_edges(left, right)
    lines = geo.chain_edges(segs)
    assert len(lines) == 1 and sorted(lines[0]) == [(10, 0), (10, 5), (10, 10)]


rect = st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(1, 20), st.integers(1, 20))


@settings(max_examples=60, deadline=None)
@given(rect, rect)
def test_overlap_matches_rectangles(a, b):
    def poly(r):
        x, y, w, h = r
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]

    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    expected = ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah
    assert geo.polygons_overlap(poly(a), poly(b)) == expected


def test_interior_point_is_inside():
    c_shape = [(0, 0), (30, 0), (30, 10), (10, 10), (10, 20), (30, 20), (30, 30), (0, 30)]
    p = geo.interior_point(c_shape)
    assert geo.point_in_polygon(p, c_shape) == 1
