import type { CSSVariablesResolver } from '@mantine/core';

// Mantine's light and outline variants (badges, light buttons) draw shade 6 text on a tint of the
// same colour, under 4.5:1 for most colours: in the light scheme they use a darkened shade 9.
// In the dark scheme a filled button is shade 5 (6 on hover), where white text falls to about
// 2.8:1 (red): there every filled colour is a darkened shade 9, as in the light scheme. Dimmed
// text in the dark scheme is dark.2, 4:1 on the page and 3.5:1 on a card: it takes dark.1.
// Placeholders a component draws as text (a file box's "Choose a file") are gray.5 in the light
// scheme, 2:1 on white, and dark.3 in the dark one: they take the dimmed colours too.
export const contrastVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' };
  const dark: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': 'var(--mantine-color-dark-1)' };
  for (const c of Object.keys(theme.colors)) {
    const darkened = `color-mix(in srgb, var(--mantine-color-${c}-9), black 35%)`;
    const filled = `color-mix(in srgb, var(--mantine-color-${c}-9), black 25%)`;
    light[`--mantine-color-${c}-light-color`] = darkened;
    light[`--mantine-color-${c}-outline`] = darkened;
    light[`--mantine-color-${c}-text`] = darkened;
    if (c !== theme.primaryColor) light[`--mantine-color-${c}-filled`] = filled;
    dark[`--mantine-color-${c}-filled`] = filled;
    dark[`--mantine-color-${c}-filled-hover`] = darkened;
  }
  return { variables: {}, light, dark };
};
