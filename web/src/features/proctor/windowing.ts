/**
 * Row windowing for the board: only the rows in (or near) the scrolled viewport are rendered, so a
 * hall of 300 students costs the DOM of a dozen. Rows have a fixed height, plus a fixed detail
 * height when expanded, which keeps the arithmetic exact without measuring.
 */

export interface RowLayout {
  /** Top of each row, from the top of the list. */
  offsets: number[];
  heights: number[];
  total: number;
}

export function layoutRows(count: number, heightOf: (index: number) => number): RowLayout {
  const offsets = new Array<number>(count);
  const heights = new Array<number>(count);
  let top = 0;
  for (let i = 0; i < count; i++) {
    offsets[i] = top;
    heights[i] = heightOf(i);
    top += heights[i]!;
  }
  return { offsets, heights, total: top };
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
function rowAt(layout: RowLayout, y: number): number {
  let lo = 0;
  let hi = layout.offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (layout.offsets[mid]! + layout.heights[mid]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
  /** Space above and below the rendered rows, so the scrollbar reflects the whole list. */
  padTop: number;
  padBottom: number;
}

export function visibleWindow(layout: RowLayout, scrollTop: number, viewportHeight: number, overscan = 6): RowWindow {
  const count = layout.offsets.length;
  if (count === 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const top = Math.max(0, Math.min(scrollTop, layout.total));
  const first = rowAt(layout, top);
  const last = rowAt(layout, Math.min(layout.total - 1, top + Math.max(viewportHeight, 1) - 1));
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + 1 + overscan);
  const padTop = layout.offsets[start]!;
  const padBottom = layout.total - (end < count ? layout.offsets[end]! : layout.total);
  return { start, end, padTop, padBottom };
}

/**
 * Columns for the compact tile view: as many as fit the width, then enough to keep every tile on
 * one screen when the hall is large (tiles shrink to their minimum before a second screen is needed).
 */
export function tileColumns(width: number, minTile: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minTile + gap)));
}

export interface TileGrid {
  cols: number;
  width: number;
  height: number;
}

/**
 * The largest tiles that put every student of the hall within one viewport: widths are tried from
 * the largest down; at the smallest the grid may still need a scroll on a very small screen.
 */
export function tileGrid(width: number, height: number, count: number, gap = 4, sizes = { min: 56, max: 168, ratio: 0.6 }): TileGrid {
  const at = (w: number): TileGrid => ({ cols: tileColumns(width, w, gap), width: w, height: Math.round(w * sizes.ratio) });
  for (let w = sizes.max; w > sizes.min; w -= 4) {
    const grid = at(w);
    if (Math.ceil(count / grid.cols) * (grid.height + gap) - gap <= height) return grid;
  }
  return at(sizes.min);
}
