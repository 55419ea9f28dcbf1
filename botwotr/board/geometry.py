"""Plain-Python polygon geometry for the board (no pygame, no shapely).

Points are ``(x, y)`` tuples in board pixels (y grows downwards, as in Tiled and pygame).
Polygons are sequences of points; the closing edge (last point to first) is implied.

The tests, the map loader and the map generator share these functions, so that "two regions
overlap" means the same thing everywhere.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

Point = tuple[float, float]
Polygon = Sequence[Point]

EPS = 1e-6


def polygon_area(poly: Polygon) -> float:
    """Signed area (shoelace). Positive for clockwise polygons on a y-down screen."""
    s = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2.0


def centroid(poly: Polygon) -> Point:
    """Area centroid (falls back to the vertex mean for degenerate polygons)."""
    a = polygon_area(poly)
    if abs(a) < EPS:
        n = len(poly)
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        c = x1 * y2 - x2 * y1
        cx += (x1 + x2) * c
        cy += (y1 + y2) * c
    return (cx / (6 * a), cy / (6 * a))


def bbox(points: Iterable[Point]) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y)."""
    xs, ys = zip(*points)
    return (min(xs), min(ys), max(xs), max(ys))


def edges(poly: Polygon) -> list[tuple[Point, Point]]:
    n = len(poly)
    return [(tuple(poly[i]), tuple(poly[(i + 1) % n])) for i in range(n)]


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _sign(v: float) -> int:
    return 0 if abs(v) < EPS else (1 if v > 0 else -1)


def on_segment(p: Point, a: Point, b: Point, tol: float = EPS) -> bool:
    """True if p lies on the closed segment ab (within ``tol`` pixels)."""
    return point_segment_distance(p, a, b) <= tol


def segments_cross(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    """True if segments p1p2 and p3p4 cross at a single point interior to both.

    Touching at an end point, or overlapping collinearly (as two neighbouring regions do along
    their shared border), is *not* a crossing.
    """
    if (
        max(p1[0], p2[0]) < min(p3[0], p4[0])
        or max(p3[0], p4[0]) < min(p1[0], p2[0])
        or max(p1[1], p2[1]) < min(p3[1], p4[1])
        or max(p3[1], p4[1]) < min(p1[1], p2[1])
    ):
        return False
    d1 = _sign(_orient(p3, p4, p1))
    d2 = _sign(_orient(p3, p4, p2))
    d3 = _sign(_orient(p1, p2, p3))
    d4 = _sign(_orient(p1, p2, p4))
    return d1 * d2 < 0 and d3 * d4 < 0


def segments_touch(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    """True if the closed segments share at least one point (crossing, touching or collinear)."""
    e = 1e-3
    if (
        max(p1[0], p2[0]) + e < min(p3[0], p4[0])
        or max(p3[0], p4[0]) + e < min(p1[0], p2[0])
        or max(p1[1], p2[1]) + e < min(p3[1], p4[1])
        or max(p3[1], p4[1]) + e < min(p1[1], p2[1])
    ):
        return False
    if segments_cross(p1, p2, p3, p4):
        return True
    return on_segment(p1, p3, p4) or on_segment(p2, p3, p4) or on_segment(p3, p1, p2) or on_segment(p4, p1, p2)


def self_intersection(poly: Polygon) -> tuple[int, int] | None:
    """Indices (i, j) of two non-adjacent edges that touch, or of a repeated vertex / zero-length
    edge; None if the polygon is simple."""
    n = len(poly)
    es = edges(poly)
    for i, (a, b) in enumerate(es):
        if math.dist(a, b) < EPS:
            return (i, i)
    for i in range(n):
        a, b = es[i]
        for j in range(i + 1, n):
            c, d = es[j]
            if j == i + 1 or (i == 0 and j == n - 1):
                # neighbours share one vertex; they may only overlap if they fold back
                shared = b if j == i + 1 else a
                other_i = a if j == i + 1 else b
                other_j = d if j == i + 1 else c
                if (
                    _sign(_orient(other_i, shared, other_j)) == 0
                    and (
                        (other_i[0] - shared[0]) * (other_j[0] - shared[0])
                        + (other_i[1] - shared[1]) * (other_j[1] - shared[1])
                    )
                    > 0
                ):
                    return (i, j)
                continue
            if segments_touch(a, b, c, d):
                return (i, j)
    return None


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll < EPS:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / ll
    t = max(0.0, min(1.0, t))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def distance_to_boundary(p: Point, poly: Polygon) -> float:
    return min(point_segment_distance(p, a, b) for a, b in edges(poly))


def point_in_polygon(p: Point, poly: Polygon, tol: float = 1e-3) -> int:
    """1 if p is strictly inside, 0 if on the boundary (within ``tol``), -1 if outside."""
    x, y = p
    inside = False
    for a, b in zip(poly, poly[1:] + poly[:1]):  # every edge (a, b), the last back to the first
        ax, ay = a
        bx, by = b
        # boundary test only for edges whose box (grown by tol) holds p; written without
        # min()/max() calls, this test ran for every edge of every check of a map load
        if (
            (ax - tol <= x or bx - tol <= x)
            and (x <= ax + tol or x <= bx + tol)
            and (ay - tol <= y or by - tol <= y)
            and (y <= ay + tol or y <= by + tol)
            and point_segment_distance(p, a, b) <= tol
        ):
            return 0
        if (ay > y) != (by > y):
            xi = ax + (y - ay) * (bx - ax) / (by - ay)
            if xi > x:
                inside = not inside
    return 1 if inside else -1


def interior_point(poly: Polygon) -> Point:
    """A point strictly inside a simple polygon: the middle of the widest inside span of a
    horizontal line through the polygon (tried at a few heights)."""
    x0, y0, x1, y1 = bbox(poly)
    n = len(poly)
    best: Point | None = None
    best_w = 0.0
    for f in (0.5, 0.37, 0.63, 0.25, 0.75, 0.13, 0.87):
        y = y0 + (y1 - y0) * f
        xs = []
        for i in range(n):
            ax, ay = poly[i]
            bx, by = poly[(i + 1) % n]
            if (ay > y) != (by > y):
                xs.append(ax + (y - ay) * (bx - ax) / (by - ay))
        xs.sort()
        for k in range(0, len(xs) - 1, 2):
            w = xs[k + 1] - xs[k]
            if w > best_w:
                best, best_w = ((xs[k] + xs[k + 1]) / 2, y), w
        if best is not None and best_w > (x1 - x0) * 0.25:
            break
    if best is not None and point_in_polygon(best, poly) == 1:
        return best
    return pole_of_inaccessibility(poly)


def pole_of_inaccessibility(poly: Polygon, step: float | None = None) -> Point:
    """A coarse 'visual centre': the sampled inside point farthest from the boundary."""
    x0, y0, x1, y1 = bbox(poly)
    if step is None:
        step = max(2.0, min(x1 - x0, y1 - y0) / 16.0)
    best: Point | None = None
    best_d = -1.0
    c = centroid(poly)
    candidates = [c]
    y = y0 + step / 2
    while y < y1:
        x = x0 + step / 2
        while x < x1:
            candidates.append((x, y))
            x += step
        y += step
    for q in candidates:
        if point_in_polygon(q, poly) == 1:
            d = distance_to_boundary(q, poly)
            if d > best_d:
                best, best_d = q, d
    if best is None:  # very thin polygon: take the middle of the first edge, nudged inwards
        a, b = poly[0], poly[1]
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        nx, ny = -(b[1] - a[1]), b[0] - a[0]
        ln = math.hypot(nx, ny) or 1.0
        for s in (0.5, -0.5, 0.1, -0.1):
            q = (m[0] + nx / ln * s, m[1] + ny / ln * s)
            if point_in_polygon(q, poly, tol=1e-9) == 1:
                return q
        return m
    return best


def _bboxes_overlap(a, b) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def polygons_overlap(pa: Polygon, pb: Polygon, ia: Point | None = None, ib: Point | None = None) -> bool:
    """True if the interiors of two simple polygons overlap.

    Sharing edges or vertices (neighbouring regions) is not an overlap. ``ia``/``ib`` are optional
    precomputed interior points.
    """
    ba, bb = bbox(pa), bbox(pb)
    if not _bboxes_overlap(ba, bb):
        return False
    ea = [e for e in edges(pa) if _bboxes_overlap(bbox(e), bb) or _touches_box(e, bb)]
    eb = [e for e in edges(pb) if _bboxes_overlap(bbox(e), ba) or _touches_box(e, ba)]
    for a, b in ea:
        for c, d in eb:
            if segments_cross(a, b, c, d):
                return True
    va = {tuple(p) for p in pa}
    vb = {tuple(p) for p in pb}

    def strictly_in(p, poly, box):
        return box[0] < p[0] < box[2] and box[1] < p[1] < box[3] and point_in_polygon(p, poly) == 1

    for p in pa:
        if tuple(p) not in vb and strictly_in(p, pb, bb):
            return True
    for p in pb:
        if tuple(p) not in va and strictly_in(p, pa, ba):
            return True
    # Edge midpoints catch polygons that share all their vertices but fold differently.
    for a, b in ea:
        if strictly_in(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), pb, bb):
            return True
    for a, b in eb:
        if strictly_in(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), pa, ba):
            return True
    ia = ia if ia is not None else interior_point(pa)
    ib = ib if ib is not None else interior_point(pb)
    return point_in_polygon(ia, pb) == 1 or point_in_polygon(ib, pa) == 1


def _touches_box(e, box) -> bool:
    (x0, y0), (x1, y1) = e
    return not (max(x0, x1) < box[0] or min(x0, x1) > box[2] or max(y0, y1) < box[1] or min(y0, y1) > box[3])


def shared_edges(pa: Polygon, pb: Polygon, tol: float = 0.5) -> list[tuple[Point, Point]]:
    """Edges that appear (in either direction) in both polygons, vertices matched within tol."""

    def key(p):
        return (round(p[0] / tol), round(p[1] / tol))

    eb = {frozenset((key(a), key(b))) for a, b in edges(pb)}
    return [(a, b) for a, b in edges(pa) if frozenset((key(a), key(b))) in eb]


def chain_edges(segments: list[tuple[Point, Point]]) -> list[list[Point]]:
    """Join unordered segments into polylines (each shared vertex joins two segments)."""
    segs = [(tuple(a), tuple(b)) for a, b in segments]
    adj: dict[Point, list[Point]] = {}
    for a, b in segs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    used: set[frozenset] = set()
    lines: list[list[Point]] = []
    # start at ends (degree 1) first, then at whatever is left (closed loops)
    starts = [p for p, ns in adj.items() if len(ns) == 1] + list(adj)
    for s in starts:
        for n in adj[s]:
            if frozenset((s, n)) in used:
                continue
            line = [s]
            prev, cur = s, n
            used.add(frozenset((prev, cur)))
            line.append(cur)
            while True:
                nxt = [m for m in adj[cur] if frozenset((cur, m)) not in used]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
                used.add(frozenset((prev, cur)))
                line.append(cur)
            lines.append(line)
    return lines


def polyline_length(points: Sequence[Point]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_along(points: Sequence[Point], t: float) -> tuple[Point, float]:
    """The point at fraction t of a polyline's length and the direction angle there (radians)."""
    total = polyline_length(points)
    target = total * max(0.0, min(1.0, t))
    acc = 0.0
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        seg = math.dist(a, b)
        if acc + seg >= target and seg > 0:
            u = (target - acc) / seg
            return ((a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u), math.atan2(b[1] - a[1], b[0] - a[0]))
        acc += seg
    a, b = points[-2], points[-1]
    return (tuple(b), math.atan2(b[1] - a[1], b[0] - a[0]))
