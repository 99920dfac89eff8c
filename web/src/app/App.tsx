import { TOAST_AUTO_CLOSE_MS } from '@exam/shared';
import { Drawer, MantineProvider, Menu, Modal, Notification, createTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { contrastVariables } from './contrastVariables';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { ThemeProvider } from '../lib/theme';
import './menus.css';

// Shades chosen for WCAG AA contrast (4.5:1) of white on filled buttons and of dimmed text on white.
// Every toast's, dialog's and drawer's close button gets a name here (in the language on screen), so
// no call of notifications.show nor any Modal or Drawer can forget it: an unnamed × is a serious
// axe fault. A toast's words are gray.6 on white (3.3:1): they take the dimmed colour, 4.5:1 or more.
const mantineTheme = (dismissLabel: string, closeLabel: string) =>
  createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 5 },
    defaultRadius: 'md',
    components: {
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': dismissLabel } },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
      // Mantine's focus placeholder is a focusable element in the menu that is not an item, a
      // serious axe fault (aria-required-children); without it the menu takes focus itself.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    },
  });
/**
 * Below Mantine's `sm` a toast spans the screen's width: at the top it would cover the exam's
 * sticky header (the time left) for its whole display time, so there it rises from the bottom.
 */
const SMALL_SCREEN = '(max-width: 47.99em)';

/**
 * Providers outside the router: theme (our `theme` key drives Mantine's colour scheme), toasts
 * (top right, 5 s; bottom centre on a phone), server-state cache, and the last-resort error boundary.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const { t } = useTranslation();
  const dismissLabel = t('components.dismissNotification');
  const closeLabel = t('actions.close');
  const small = useMediaQuery(SMALL_SCREEN, false, { getInitialValueInEffect: false });
  const mantine = useMemo(() => mantineTheme(dismissLabel, closeLabel), [dismissLabel, closeLabel]);

  return (
    <ThemeProvider>
      {(theme) => (
        <MantineProvider theme={mantine} cssVariablesResolver={contrastVariables} forceColorScheme={theme}>
          <Notifications position={small ? 'bottom-center' : 'top-right'} autoClose={TOAST_AUTO_CLOSE_MS} />
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
