import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AuthProvider } from '../session/AuthProvider';

/**
 * Renders screens the way the app does (Mantine, query cache, session provider, router), at
 * `path`, with `routes` as the pages. Mantine's test env turns off transitions and portals.
 */
export function renderApp(path: string, routes: { path: string; element: ReactElement }[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const tree: RouteObject[] = [
    {
      element: (
        <AuthProvider>
          <Outlet />
        </AuthProvider>
      ),
      children: routes,
    },
  ];
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  const utils = render(
    <StrictMode>
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return { ...utils, router };
}
