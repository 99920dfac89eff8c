import { describe, expect, it } from 'vitest';
import { csvSafe } from './csv';

describe('csvSafe: a cell a spreadsheet would run as a formula is shown as text', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t'=1"], // the tab also splits the cell: both parts guarded
    ['\r=1', "'\r=1"],
    ['  =1+1', "'  =1+1"],
  ])('at its start: %j', (cell, safe) => expect(csvSafe(cell)).toBe(safe));

  it.each([
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['\u3000＝1+1', "'\u3000＝1+1"],
  ])('in its full-width forms: %j', (cell, safe) => expect(csvSafe(cell)).toBe(safe));

  it.each([
    ['x;=1+1', "x;'=1+1"],
    ['x,=1+1', "x,'=1+1"],
    ['x\t=1+1', "x\t'=1+1"],
    ['x; =1+1', "x; '=1+1"],
    ['a;＝1+1;b', "a;'＝1+1;b"],
    ['=1;@2', "'=1;'@2"],
  ])('after a field separator, where a spreadsheet opened with another separator would start a cell: %j', (cell, safe) =>
    expect(csvSafe(cell)).toBe(safe),
  );

  it('keeps numbers as numbers, negative ones too', () => {
    expect(csvSafe(-5)).toBe(-5);
    expect(csvSafe(0)).toBe(0);
    expect(csvSafe(42.5)).toBe(42.5);
    expect(csvSafe('-5')).toBe('-5');
    expect(csvSafe('-3.25')).toBe('-3.25');
    expect(csvSafe('+7')).toBe('+7');
    expect(csvSafe('1e3')).toBe('1e3');
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Asha', 'Physics – mid-term', 'x-ray', 'a+b', 'mail@school.test', 'Smith; Jones', '2026-05-01', '']) expect(csvSafe(text)).toBe(text);
    expect(csvSafe(null)).toBe('');
    expect(csvSafe(undefined)).toBe('');
  });
});
