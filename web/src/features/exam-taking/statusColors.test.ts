import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastVariables } from '../../app/contrastVariables';
import { SAVE_STATUS_COLORS } from './selectors';
import { TIMER_COLORS } from './timerStatus';

/**
 * The timer's levels and the save state are small text on the page's background: WCAG AA asks
 * 4.5:1 in both colour schemes. A hue without a shade is Mantine's `--mantine-color-<hue>-text`,
 * which App's resolver sets for the light scheme and Mantine sets to shade 4 for the dark one.
 */

const theme = mergeMantineTheme(DEFAULT_THEME, {});
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = ([r, g, b]: number[]) => {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
const shade = (variable: string) => {
  const [, hue, n] = /--mantine-color-(\w+)-(\d)/.exec(variable)!;
  return rgb(theme.colors[hue!]![Number(n)]!);
};

/** The light scheme's text colour of a hue, worked out from the resolver's `color-mix(…, black N%)`. */
function lightText(hue: string): number[] {
  const value = contrastVariables(theme).light[`--mantine-color-${hue}-text`]!;
  const black = Number(/black (\d+)%/.exec(value)![1]) / 100;
  return shade(value).map((c) => c * (1 - black));
}

const WHITE = rgb('#ffffff');
const DARK_BODY = rgb(theme.colors.dark[7]);
const hues = [...new Set([...Object.values(TIMER_COLORS), ...Object.values(SAVE_STATUS_COLORS)].filter((c) => c !== 'dimmed'))];

describe('the exam screen’s status colours', () => {
  it('are hues without a fixed shade, so each colour scheme picks its own', () => {
    expect(TIMER_COLORS).toEqual({ normal: 'green', low: 'orange', critical: 'red', expired: 'red' });
    expect(SAVE_STATUS_COLORS).toMatchObject({ saved: 'green', offline: 'orange' });
  });

  it('the red Submit Exam button keeps its white words at 4.5:1 in the dark scheme too', () => {
    const value = contrastVariables(theme).dark['--mantine-color-red-filled']!;
    const black = Number(/black (\d+)%/.exec(value)![1]) / 100;
    expect(contrast(WHITE, shade(value).map((c) => c * (1 - black)))).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed words (saving…, hints) stay at 4.5:1 on a dark card', () => {
    expect(contrastVariables(theme).dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
    expect(contrast(rgb(theme.colors.dark[1]), rgb(theme.colors.dark[6]))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(hues)('%s text reaches 4.5:1 on white and on the dark background', (hue) => {
    expect(contrast(lightText(hue), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(theme.colors[hue]![4]!), DARK_BODY)).toBeGreaterThanOrEqual(4.5);
  });
});
