import { TOAST_AUTO_CLOSE_MS } from '@exam/shared';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { ThemeProvider } from './theme';

const mantineTheme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });

/**
 * Providers outside the router: theme (our `theme` key drives Mantine's colour scheme), toasts
 * (top right, 5 s), server-state cache, and the last-resort error boundary.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  return (
    <ThemeProvider>
      {(theme) => (
        <MantineProvider theme={mantineTheme} forceColorScheme={theme}>
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
