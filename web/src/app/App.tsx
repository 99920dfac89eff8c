import { TOAST_AUTO_CLOSE_MS } from '@exam/shared';
import { MantineProvider, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { ThemeProvider } from '../lib/theme';

// Shades chosen for WCAG AA contrast (4.5:1) of white on filled buttons and of dimmed text on white.
// Every toast's close button gets a name here (in the language on screen), so no call of
// notifications.show can forget it.
const mantineTheme = (dismissLabel: string) =>
  createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 5 },
    defaultRadius: 'md',
    components: { Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': dismissLabel } } }) },
  });
// Mantine's light and outline variants (badges, light buttons) draw shade 6 text on a tint of the
// same colour, under 4.5:1 for most colours: in the light scheme they use a darkened shade 9.
const contrastVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const c of Object.keys(theme.colors)) {
    const dark = `color-mix(in srgb, var(--mantine-color-${c}-9), black 35%)`;
    light[`--mantine-color-${c}-light-color`] = dark;
    light[`--mantine-color-${c}-outline`] = dark;
    light[`--mantine-color-${c}-text`] = dark;
    if (c !== theme.primaryColor) light[`--mantine-color-${c}-filled`] = `color-mix(in srgb, var(--mantine-color-${c}-9), black 25%)`;
  }
  return { variables: {}, light, dark: {} };
};

/**
 * Providers outside the router: theme (our `theme` key drives Mantine's colour scheme), toasts
 * (top right, 5 s), server-state cache, and the last-resort error boundary.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const { t } = useTranslation();
  const dismissLabel = t('components.dismissNotification');
  const mantine = useMemo(() => mantineTheme(dismissLabel), [dismissLabel]);

  return (
    <ThemeProvider>
      {(theme) => (
        <MantineProvider theme={mantine} cssVariablesResolver={contrastVariables} forceColorScheme={theme}>
          <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
          <ErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </ErrorBoundary>
        </MantineProvider>
      )}
    </ThemeProvider>
  );
}
