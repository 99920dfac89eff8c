import { describe, expect, it } from 'vitest';
import { layoutRows, tileColumns, tileGrid, visibleWindow } from './windowing';

describe('row windowing', () => {
  it('renders only the rows of a 300-student hall that are in view, plus a few either side', () => {
    const layout = layoutRows(300, () => 60);
    expect(layout.total).toBe(18_000);
    const top = visibleWindow(layout, 0, 540, 5);
    expect(top).toEqual({ start: 0, end: 14, padTop: 0, padBottom: 18_000 - 14 * 60 });
    const middle = visibleWindow(layout, 6000, 540, 5);
    expect(middle.start).toBe(95);
    expect(middle.end).toBe(114);
    // Spacers plus rendered rows always make up the whole list: the scrollbar does not jump.
    expect(middle.padTop + (middle.end - middle.start) * 60 + middle.padBottom).toBe(18_000);
    const bottom = visibleWindow(layout, 99_999, 540, 5);
    expect(bottom.end).toBe(300);
    expect(bottom.padBottom).toBe(0);
  });

  it('accounts for an expanded row’s detail', () => {
    const layout = layoutRows(10, (i) => (i === 2 ? 100 : 60));
    expect(layout.offsets.slice(0, 5)).toEqual([0, 60, 120, 220, 280]);
    expect(visibleWindow(layout, 230, 60, 0)).toMatchObject({ start: 3, end: 5, padTop: 220 });
  });

  it('handles an empty board and an unmeasured viewport', () => {
    expect(visibleWindow(layoutRows(0, () => 60), 0, 500)).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
    expect(visibleWindow(layoutRows(3, () => 60), 0, 0, 0)).toMatchObject({ start: 0, end: 1 });
  });

  it('fits as many tile columns as the width allows', () => {
    expect(tileColumns(1076, 96, 4)).toBe(10);
    expect(tileColumns(50, 96, 4)).toBe(1);
  });
});

describe('the hall’s tile grid', () => {
  it('puts 300 students within one 1366×768 screen', () => {
    const grid = tileGrid(1076, 740, 300);
    expect(Math.ceil(300 / grid.cols) * (grid.height + 4) - 4).toBeLessThanOrEqual(740);
    expect(grid.width).toBeGreaterThanOrEqual(56);
  });

  it('gives a small class big tiles', () => {
    expect(tileGrid(1076, 740, 12).width).toBe(168);
  });
});
