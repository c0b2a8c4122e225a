"""The plan pass of ``sight_matrix``: angular intervals seen from each eye (exact proofs only).

Seen from each eye, a convex piece covers an interval of directions; pieces that span the heights
of a pair hide it exactly when the intervals of those nearer than its disc cover the disc's
directions, and one exact ray into an uncovered direction proves a pair seen. ``_plan_pass``
decides most ordered pairs this way; the rest go to the exact stages (``sight.matrix``).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from game.geometry.sight.pieces import ConvexPieces, _expand
from game.geometry.sight.segments import END_SKIP, _blocked_rows
from game.geometry.terrain import TerrainIndex

TWO_PI = 2.0 * np.pi
#: the plan pass widens each piece's angular interval by this much when listing candidates
_ENUM_MARGIN = 1e-7
#: and shrinks it by this much when it proves a target hidden
_PROOF_MARGIN = 1e-9
#: key stride per eye in the sorted angle lists (angles and their copies lie in [0, 5 pi))
_KEY_STRIDE = 32.0
_SENTINEL = 15.0
#: the plan pass aims its rays this fraction of the height under the top of the silhouette
_RAY_DROP = 1e-3


@dataclass(frozen=True, eq=False)
class _PieceShape:
    """Per convex piece: centroid, half its longest edge, and how far an ``eps`` growth of its
    edges moves its sharpest corner (as a multiple of ``eps``)."""

    centroid: np.ndarray
    half_edge: np.ndarray
    growth: np.ndarray


_SHAPES: weakref.WeakKeyDictionary[ConvexPieces, _PieceShape] = weakref.WeakKeyDictionary()


def _piece_shape(pieces: ConvexPieces) -> _PieceShape:
    cached = _SHAPES.get(pieces)
    if cached is not None:
        return cached
    count = np.diff(pieces.start)
    first = pieces.start[:-1]
    owner = np.repeat(np.arange(len(count)), count)
    pos = np.arange(len(pieces.xy))
    nxt = np.where(pos + 1 < pieces.start[owner + 1], pos + 1, pieces.start[owner])
    prv = np.where(pos > pieces.start[owner], pos - 1, pieces.start[owner + 1] - 1)
    edge = np.hypot(*(pieces.xy[nxt] - pieces.xy[pos]).T)
    n0, n1 = pieces.normal[prv], pieces.normal[pos]
    cos_g = np.einsum("ij,ij->i", n0, n1)
    with np.errstate(divide="ignore", invalid="ignore"):
        grow = np.where(1.0 + cos_g > 1e-12, np.hypot(*(n0 + n1).T) / (1.0 + cos_g), np.inf)
    if len(count):
        centroid = np.add.reduceat(pieces.xy, first, axis=0) / count[:, None]
        half_edge = 0.5 * np.maximum.reduceat(edge, first)
        growth = np.maximum.reduceat(grow, first)
    else:
        centroid, half_edge, growth = np.empty((0, 2)), np.empty(0), np.empty(0)
    shape = _PieceShape(centroid, half_edge, growth)
    _SHAPES[pieces] = shape
    return shape


def _ranges(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The index ranges [lo[k], hi[k]) laid end to end: (k of each element, the element)."""
    cnt = np.maximum(hi - lo, 0)
    total = int(cnt.sum())
    owner = np.repeat(np.arange(len(lo)), cnt)
    return owner, np.arange(total) + np.repeat(lo - (np.cumsum(cnt) - cnt), cnt)


@dataclass(frozen=True)
class _EyeTable:
    """Each (piece that reaches head level, eye) pair seen in plan, as flat arrays indexed
    ``f * n + e`` (``f`` indexes ``fidx``, ``e`` the eye).

    The piece covers the directions ``[lo, end]`` seen from the eye (absolute angles in [0, 2 pi),
    ``end`` may pass 2 pi), widened by ``mgn`` on each side (rounding, and the ``eps`` growth of its
    edges); ``lb`` is a lower bound of its distance from the eye, ``far2`` the squared distance of
    its farthest corner, ``outd`` how far the eye is outside it (<= 0: on or in it).
    """

    fidx: np.ndarray
    n: int
    lo: np.ndarray  #: (nf, n), _SENTINEL where the interval is unusable
    dmin: np.ndarray  #: (nf, n) angle of the first corner from the centroid's direction
    ux: np.ndarray  #: (nf, n) the centroid from the eye
    uy: np.ndarray
    usable: np.ndarray  #: (nf, n)
    wide: np.ndarray  #: (nf, n) the eye is on or in the piece: a candidate of every row
    width: np.ndarray  #: flat (nf * n,) from here on
    end: np.ndarray
    mgn: np.ndarray
    lb2: np.ndarray
    far2: np.ndarray
    outd: np.ndarray
    bottom: np.ndarray
    top: np.ndarray


def _eye_table(index: TerrainIndex, pieces: ConvexPieces, fidx: np.ndarray, xy: np.ndarray,
               keys: np.ndarray, eps: float) -> _EyeTable:
    n = len(xy)
    nf = len(fidx)
    shape = _piece_shape(pieces)
    prow, corner, first = _expand(pieces.start, fidx)
    ex, ey = xy[:, 0], xy[:, 1]
    rx = pieces.xy[corner, 0:1] - ex  # (K, n): the corners seen from each eye
    ry = pieces.xy[corner, 1:2] - ey
    cen = shape.centroid[fidx]
    ux, uy = cen[:, 0:1] - ex, cen[:, 1:2] - ey  # (nf, n): the centroid
    psi = np.arctan2(uy, ux)
    # angles from the centroid's direction: the interval of a convex piece seen from outside is
    # narrower than pi and holds that direction, so no angle wraps
    delta = np.arctan2(ry, rx) - np.take(psi, prow, axis=0)
    delta = np.where(delta > np.pi, delta - TWO_PI, delta)
    delta = np.where(delta < -np.pi, delta + TWO_PI, delta)
    dmin = np.minimum.reduceat(delta, first, axis=0)
    dmax = np.maximum.reduceat(delta, first, axis=0)
    c2 = rx * rx + ry * ry
    far2 = np.maximum.reduceat(c2, first, axis=0)
    near = np.sqrt(np.minimum.reduceat(c2, first, axis=0))
    # signed distances of the eyes from each edge's line, one matrix product
    plane = np.column_stack([pieces.normal[corner], -pieces.offset[corner]])
    outd = np.maximum.reduceat(plane @ np.vstack([ex, ey, np.ones(n)]), first, axis=0)
    lb = np.maximum(np.maximum(outd, near - shape.half_edge[fidx][:, None]), 0.0)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        mgn = _ENUM_MARGIN + (shape.growth[fidx][:, None] + 4.0) * eps / lb
    skip = np.zeros((nf, n), dtype=bool)
    if len(keys):  # a solid holding the eye is ignored for that eye
        sol = pieces.solid[fidx][:, None].astype(np.int64)
        skip = np.isin(np.arange(n)[None, :] * len(index.solids) + sol, keys)
    wide = (~(outd > 10.0 * eps) | ~(mgn < 0.05)) & ~skip
    usable = ~wide & ~skip
    lo = psi + dmin - mgn
    lo = np.where(lo < 0.0, lo + TWO_PI, lo)
    lo = np.where(lo < 0.0, lo + TWO_PI, lo)
    lo = np.where(usable, lo, _SENTINEL)
    width = (dmax - dmin + 2.0 * mgn).ravel()
    return _EyeTable(
        fidx=fidx, n=n, lo=lo, dmin=dmin, ux=ux, uy=uy, usable=usable, wide=wide,
        width=width, end=lo.ravel() + width, mgn=mgn.ravel(), lb2=(lb * lb).ravel(),
        far2=far2.ravel(), outd=outd.ravel(), bottom=np.repeat(pieces.bottom[fidx], n),
        top=np.repeat(pieces.top[fidx], n))


def _plan_pass(index: TerrainIndex, pieces: ConvexPieces, xy: np.ndarray, zs: np.ndarray,
               hs: np.ndarray, rs: np.ndarray, keys: np.ndarray, eps: float
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Decide most ordered pairs of ``sight_matrix`` from angular intervals in plan view.

    Returns ``(vi, ti, decided, seen)`` over the rows ``vi[k] -> ti[k]`` (all ordered pairs, eye
    by eye). Only the pieces that reach the rays of this pass (eye to just under a head) matter.
    Seen from an eye, a convex piece covers an interval of directions (widened by a margin for
    listing candidates). Two kinds of decision, both exact:

    * hidden: a piece that spans the heights of the whole pair ("full height") blocks a 3-D segment
      from the eye to the target iff the segment's plan crosses its footprint. When all of such a
      piece is nearer the eye than all of the target's disc, every direction inside its interval is
      blocked before it reaches the disc; if the intervals of such pieces (shrunk by a margin) cover
      the directions of the disc, every point of the target (silhouette and rim) is hidden. A piece
      reaching past the near side of the disc counts with its part before it (clipped).
    * seen: one exact ray (``_blocked_rows``) to just under the top of the silhouette, in a
      direction that the intervals leave open (of all pieces, else of the proving ones), against
      every piece whose widened interval holds that direction; a clear ray sees a patch of it.

    The rows left undecided go to the exact test.
    """
    n = len(xy)
    m = n - 1
    nrow = n * m
    vi = np.repeat(np.arange(n), m)
    ti = np.tile(np.arange(m), n)
    ti += ti >= vi
    decided = np.zeros(nrow, dtype=bool)
    seen = np.zeros(nrow, dtype=bool)
    head = zs + hs
    # the pieces that can meet a ray of this pass
    fidx = np.flatnonzero((pieces.top >= float((head - _RAY_DROP * hs).min()) - eps)
                          & (pieces.bottom <= float(head.max()) + eps))
    if not len(fidx):  # nothing reaches any such ray
        decided[:] = True
        seen[:] = True
        return vi, ti, decided, seen
    tb = _eye_table(index, pieces, fidx, xy, keys, eps)
    eye_ids = np.arange(n)

    # ---- the rows: target direction phi, half-width alpha of its disc, distance
    dx, dy = xy[ti, 0] - xy[vi, 0], xy[ti, 1] - xy[vi, 1]
    dist = np.hypot(dx, dy)
    rt = rs[ti]
    okrow = dist > rt * (1.0 + 1e-9) + 10.0 * eps
    dsafe = np.where(okrow, dist, 1.0)
    phi = np.arctan2(dy, dx)
    alpha = np.where(okrow, np.arcsin(np.minimum(rt / dsafe, 1.0)), 0.0)
    ae = alpha + _ENUM_MARGIN
    s = phi - ae
    s = np.where(s < 0.0, s + TWO_PI, s)
    s = np.where(okrow, s, _SENTINEL)  # never meets a piece
    inv_a = 1.0 / (alpha + _PROOF_MARGIN)  # normalised: [-1, 1] is the disc
    blk_r2 = dist * dist + rt * rt  # beyond this no piece blocks a ray to the silhouette
    lmar = 10.0 * END_SKIP * eps + 1e-9 * (dist + rt)
    lim = dist - rt - lmar  # a proving piece lies within this distance
    lim2 = np.where(lim > 0.0, lim * lim, -1.0)
    ez = head[vi]
    zlo = np.minimum(ez, zs[ti])
    zhi = np.maximum(ez, head[ti])
    omar = 10.0 * END_SKIP * eps + 1e-9 * float(dist.max())

    # ---- pieces sorted by start per eye (two copies: lo, lo + 2 pi), rows sorted likewise
    order = np.argsort(tb.lo, axis=0)
    p_lo = np.take_along_axis(tb.lo, order, axis=0).T  # (n, nf)
    p_t = (order * n + eye_ids[None, :]).T
    ok1 = p_lo < _SENTINEL
    both = np.concatenate([ok1, ok1], axis=1)
    pv = np.concatenate([p_lo, p_lo + TWO_PI], axis=1)[both]
    pt = np.concatenate([p_t, p_t], axis=1)[both]
    pk = pv + np.repeat(eye_ids * _KEY_STRIDE, 2 * ok1.sum(axis=1))
    tord = np.argsort(s.reshape(n, m), axis=1)
    rows_sorted = (tord + (eye_ids * m)[:, None]).ravel()
    s_sorted = s[rows_sorted]
    s_key = s_sorted + vi[rows_sorted] * _KEY_STRIDE

    # ---- candidates A: the piece's interval starts inside the row's (sorted by start per row)
    a0 = np.searchsorted(pk, s_key, "left")
    a1 = np.searchsorted(pk, s_key + 2.0 * ae[rows_sorted], "right")
    q_a, pos = _ranges(a0, a1)
    row_a = rows_sorted[q_a]
    t_a = pt[pos]
    keep = np.take(tb.lb2, t_a) < np.take(blk_r2, row_a)  # nearer than the silhouette's far edge
    q_a, row_a, t_a = q_a[keep], row_a[keep], t_a[keep]
    lo_a = pv[pos[keep]] - np.take(s + ae, row_a)  # relative to the target's direction
    # ---- candidates B: the row's interval starts inside the piece's (after its start)
    ok_t = okrow[rows_sorted].reshape(n, m)
    ok_t = np.concatenate([ok_t, ok_t], axis=1)
    tv = np.concatenate([s_sorted.reshape(n, m), s_sorted.reshape(n, m) + TWO_PI], axis=1)
    tk = (tv + (eye_ids * _KEY_STRIDE)[:, None])[ok_t]
    tv = tv[ok_t]
    tr = np.concatenate([rows_sorted.reshape(n, m)] * 2, axis=1)[ok_t]
    p1 = p_lo[ok1]
    t1 = p_t[ok1]
    k1 = p1 + np.repeat(eye_ids * _KEY_STRIDE, ok1.sum(axis=1))
    b0 = np.searchsorted(tk, k1, "right")
    b1 = np.searchsorted(tk, k1 + np.take(tb.width, t1), "right")
    pb, tpos = _ranges(b0, b1)
    row_b = tr[tpos]
    t_b = t1[pb]
    ref_b = tv[tpos] + np.take(ae, row_b)  # the target's direction in the frame of the copy
    lo_b = p1[pb] - ref_b
    # ---- wide (piece, eye) pairs: candidates of every row of the eye
    fw, ew = np.nonzero(tb.wide)
    rw0, row_w = _ranges(ew * m, ew * m + m)
    t_w = (fw * n + ew)[rw0]
    keep = np.take(tb.lb2, t_w) < np.take(blk_r2, row_w)
    row_w, t_w = row_w[keep], t_w[keep]

    zt, zh = zs[ti], head[ti]

    def proving(row: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Candidates that hide, within their directions, every ray to the disc."""
        near = (np.take(tb.outd, t) > omar) & (np.take(tb.far2, t) <= np.take(lim2, row))
        bottom, top = np.take(tb.bottom, t), np.take(tb.top, t)
        full = (bottom <= np.take(zlo, row)) & (top >= np.take(zhi, row))
        out = full & near
        rest = np.flatnonzero(near & ~full)
        if len(rest):
            # not spanning the pair's heights, yet maybe every ray's: within the piece a ray to
            # a point q of the target is at a plan distance rho in [lb, far], so its height
            # ez + (zq - ez) rho / |q - E| (|q - E| in [D - r, D + r]) lies between the values at
            # the corners of zq in [z, head] x rho / |q - E| in [lb / (D + r), far / (D - r)]
            r, k = row[rest], t[rest]
            e = ez[r]
            f0 = np.sqrt(tb.lb2[k]) / (dist[r] + rt[r])
            f1 = np.sqrt(tb.far2[k]) / (dist[r] - rt[r])
            lo_ = zt[r] - e  # the feet, from the eye
            hi_ = zh[r] - e  # the head
            zmin = e + np.where(lo_ >= 0.0, lo_ * f0, lo_ * f1)
            zmax = e + np.where(hi_ >= 0.0, hi_ * f1, hi_ * f0)
            out[rest] = (bottom[rest] <= zmin) & (top[rest] >= zmax)
        return out

    # ---- B: what they cover from the start of the disc (-1) on
    ia_b = np.take(inv_a, row_b)
    hi_rel = np.take(tb.end, t_b) - ref_b
    mg_b = np.take(tb.mgn, t_b)
    hi_pb = (hi_rel - mg_b - _PROOF_MARGIN) * ia_b
    proof_b = proving(row_b, t_b) & ((lo_b + mg_b + _PROOF_MARGIN) * ia_b <= -1.0) & (hi_pb >= -1.0)
    hi_nb = hi_rel * ia_b
    blk_b = (np.take(tb.lb2, t_b) < np.take(blk_r2, row_b)) & (hi_nb >= -1.0)
    init_p = np.full(nrow, -1.0)
    np.maximum.at(init_p, row_b[proof_b], np.minimum(hi_pb[proof_b], 1.0))
    init_b = np.full(nrow, -1.0)
    np.maximum.at(init_b, row_b[blk_b], np.minimum(hi_nb[blk_b], 1.0))
    init_b[row_w] = 1.0
    # ---- A: proving intervals (shrunk) and all intervals (widened), clipped to the disc
    ia_a = np.take(inv_a, row_a)
    w_a = np.take(tb.width, t_a)
    mg_a = np.take(tb.mgn, t_a)
    lo_pa = (lo_a + mg_a + _PROOF_MARGIN) * ia_a
    hi_pa = (lo_a + w_a - mg_a - _PROOF_MARGIN) * ia_a
    proof_a = proving(row_a, t_a) & (lo_pa <= hi_pa) & (hi_pa >= -1.0) & (lo_pa <= 1.0)
    lo_na = lo_a * ia_a
    hi_na = (lo_a + w_a) * ia_a
    blk_a = lo_na <= 1.0
    lo_pa, hi_pa = np.maximum(lo_pa, -1.0), np.minimum(hi_pa, 1.0)
    lo_na, hi_na = np.maximum(lo_na, -1.0), np.minimum(hi_na, 1.0)

    # ---- sweeps over the A candidates (grouped by row, sorted by start within a row)
    na = len(row_a)
    off = 4.0 * q_a  # keeps each row's running maximum above the rows before
    last = np.flatnonzero(np.append(q_a[1:] != q_a[:-1], True)) if na else np.empty(0, np.int64)
    row_last = row_a[last]

    def sweep(mask: np.ndarray, lo_: np.ndarray, hi_: np.ndarray, init: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(covered up to, before each candidate; covered up to at the end; gap before)."""
        cm = np.maximum.accumulate(np.where(mask, hi_, -np.inf) + off)
        prev = np.empty(na)
        if na:
            prev[0] = -np.inf
            prev[1:] = cm[:-1]
        # the previous rows' values come out below -1 and are clipped away
        prev = np.maximum(np.maximum(prev - off, np.take(init, row_a)), -1.0)
        final = np.maximum(init, -1.0)
        if na:
            final[row_last] = np.maximum(final[row_last], cm[last] - off[last])
        return prev, final, mask & (lo_ > prev)

    prev_p, final_p, gap_p = sweep(proof_a, lo_pa, hi_pa, init_p)
    holes = np.zeros(nrow, dtype=bool)
    holes[row_a[gap_p]] = True
    hidden = okrow & ~holes & (final_p >= 1.0)
    decided |= hidden

    # ---- a direction to try per row: the widest open gap of all pieces, else of the proving ones
    beta = np.arctan2(rt, dsafe) * (1.0 - 1e-6) * inv_a  # the silhouette's half-width

    def best_gap(mask: np.ndarray, lo_: np.ndarray, prev: np.ndarray, final: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
        r = row_a[mask]
        br = np.take(beta, r)
        g_lo = np.maximum(prev[mask], -br)
        g_hi = np.minimum(lo_[mask], br)
        glen = g_hi - g_lo
        tail = np.maximum(final, -beta)
        best = beta - tail  # the gap after the last interval
        x = 0.5 * (beta + tail)
        np.maximum.at(best, r, glen)
        win = glen >= best[r]
        x[r[win]] = 0.5 * (g_lo[win] + g_hi[win])
        return best, x

    prev_b, final_b, _ = sweep(blk_a, lo_na, hi_na, init_b)
    best_b, x_b = best_gap(blk_a, lo_na, prev_b, final_b)
    best_p, x_p = best_gap(proof_a, lo_pa, prev_p, final_p)
    use_b = best_b > 1e-6
    try_rows = np.flatnonzero(okrow & ~hidden & (use_b | (best_p > 1e-6)))
    if len(try_rows):
        th = np.where(use_b, x_b, x_p)[try_rows] / inv_a[try_rows]
        slot = np.full(nrow, -1, dtype=np.int64)
        slot[try_rows] = np.arange(len(try_rows))
        ray_rows, ray_t = [], []
        for row, t, lo, use in ((row_a, t_a, lo_a, blk_a), (row_b, t_b, lo_b, blk_b)):
            sl = np.take(slot, row)
            ok = (sl >= 0) & use
            sl, t, lo = sl[ok], t[ok], lo[ok]
            tt = th[sl]
            hit = (lo <= tt) & (tt <= lo + np.take(tb.width, t))
            ray_rows.append(sl[hit])
            ray_t.append(t[hit])
        sw = slot[row_w]
        ray_rows.append(sw[sw >= 0])
        ray_t.append(t_w[sw >= 0])
        rr = np.concatenate(ray_rows)
        rf = fidx[np.concatenate(ray_t) // n]
        d = dist[try_rows]
        u = d * np.tan(th)
        tj = ti[try_rows]
        # just under the top: a clear ray there sees an open patch of the silhouette, as the exact
        # (area) test counts it, not only a point of its top edge
        pts = np.column_stack([xy[tj, 0] - u * dy[try_rows] / d, xy[tj, 1] + u * dx[try_rows] / d,
                               zs[tj] + hs[tj] * (1.0 - _RAY_DROP)])
        eyes = np.column_stack([xy, head])
        blocked = np.zeros(len(try_rows), dtype=bool)
        blocked[rr[_blocked_rows(pieces, eyes[vi[try_rows[rr]]], pts[rr], rf, eps)]] = True
        clear = try_rows[~blocked]
        seen[clear] = True
        decided[clear] = True

    # ---- the rows left: full-height pieces reaching past the near side of the disc, clipped there
    left = okrow & ~decided
    if not left.any():
        return vi, ti, decided, seen
    row_c = np.concatenate([row_a, row_b])
    t_c = np.concatenate([t_a, t_b])
    sel = np.flatnonzero(np.take(left, row_c))
    row_c, t_c = row_c[sel], t_c[sel]
    lo_c = np.concatenate([lo_a, lo_b])[sel]
    li = np.take(lim, row_c)
    straddle = ((np.take(tb.bottom, t_c) <= np.take(zlo, row_c))
                & (np.take(tb.top, t_c) >= np.take(zhi, row_c)) & (np.take(tb.outd, t_c) > omar)
                & (li > 0.0) & (np.take(tb.far2, t_c) > li * li) & (np.take(tb.lb2, t_c) < li * li))
    if not straddle.any():
        return vi, ti, decided, seen
    r_s, t_s, lo_s = row_c[straddle], t_c[straddle], lo_c[straddle]
    f_s, e_s = np.divmod(t_s, n)
    vrow, corner, first = _expand(pieces.start, fidx[f_s])
    cnt = np.diff(np.append(first, len(corner)))
    rel = pieces.xy[corner] - xy[e_s[vrow]]
    nxt = np.arange(len(corner)) + 1
    nxt[first + cnt - 1] = first
    rnext = rel[nxt]
    dv = (np.column_stack([dx[r_s], dy[r_s]]) / dist[r_s, None])[vrow]
    sc = rel[:, 0] * dv[:, 0] + rel[:, 1] * dv[:, 1]
    sn = rnext[:, 0] * dv[:, 0] + rnext[:, 1] * dv[:, 1]
    lv = lim[r_s][vrow]
    cross = (sc - lv) * (sn - lv) < 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        k = np.where(cross, (lv - sc) / (sn - sc), 0.0)
    pcut = rel + (rnext - rel) * k[:, None]
    cux, cuy = tb.ux[f_s, e_s][vrow], tb.uy[f_s, e_s][vrow]  # the centroid's direction

    def ang(p: np.ndarray) -> np.ndarray:
        return np.arctan2(cux * p[:, 1] - cuy * p[:, 0], cux * p[:, 0] + cuy * p[:, 1])

    # the part of the piece before the limit: its corners there and its edges' crossings
    a_c = np.where(sc <= lv, ang(rel), np.nan)
    a_x = np.where(cross, ang(pcut), np.nan)
    amin = np.fmin.reduceat(np.fmin(a_c, a_x), first)
    amax = np.fmax.reduceat(np.fmax(a_c, a_x), first)
    base = lo_s + tb.mgn[t_s] - tb.dmin[f_s, e_s]  # a corner's angle, relative to the target's
    ia = inv_a[r_s]
    c_lo = (base + amin + _PROOF_MARGIN) * ia
    c_hi = (base + amax - _PROOF_MARGIN) * ia
    good = np.isfinite(c_lo) & np.isfinite(c_hi) & (c_lo <= c_hi) & (c_hi >= -1.0) & (c_lo <= 1.0)
    if not good.any():
        return vi, ti, decided, seen
    # with the whole proving pieces of the same rows, sorted by start
    rows_s = np.unique(r_s[good])
    in_s = np.zeros(nrow, dtype=bool)
    in_s[rows_s] = True
    ka = np.flatnonzero(proof_a & in_s[row_a])
    kb = np.flatnonzero(proof_b & in_s[row_b])
    r_all = np.concatenate([row_a[ka], row_b[kb], r_s[good]])
    l_all = np.maximum(np.concatenate([lo_pa[ka], np.full(len(kb), -1.0), c_lo[good]]), -1.0)
    h_all = np.minimum(np.concatenate([hi_pa[ka], hi_pb[kb], c_hi[good]]), 1.0)
    o = np.lexsort((l_all, r_all))
    r_all, l_all, h_all = r_all[o], l_all[o], h_all[o]
    newr = np.append(True, r_all[1:] != r_all[:-1])
    off2 = 4.0 * (np.cumsum(newr) - 1)
    cm = np.maximum.accumulate(h_all + off2)
    prev = np.empty(len(r_all))
    prev[0] = -np.inf
    prev[1:] = cm[:-1]
    prev = np.maximum(prev - off2, -1.0)
    hole = np.zeros(nrow, dtype=bool)
    hole[r_all[l_all > prev]] = True
    endv = np.full(nrow, -1.0)
    lastk = np.flatnonzero(np.append(newr[1:], True))
    endv[r_all[lastk]] = cm[lastk] - off2[lastk]
    decided[rows_s[~hole[rows_s] & (endv[rows_s] >= 1.0)]] = True
    return vi, ti, decided, seen
