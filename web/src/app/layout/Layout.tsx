import { Box, Container } from '@mantine/core';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../routeTable';
import { SettingsEffects } from '../../features/account/SettingsEffects';
import { useFocusModeOn } from '../../lib/focusMode';
import { SessionBanners } from '../../features/auth/SessionBanners';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteTitle } from './RouteTitle';

/**
 * Header, breadcrumb, the page, footer. The home page has no breadcrumb (it would be only "Home").
 * Every page sits in the one container here, so all pages share a width and line up with the
 * breadcrumb; only routes marked `wide` in the route table (the proctor board, wide tables) get
 * a wider one. Pages set no width of their own. In focus mode (an exam in progress,
 * lib/focusMode) only the page remains.
 */
export function Layout() {
  const focused = useFocusModeOn();
  const wide = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.wide === true;
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SettingsEffects />
      {!focused && <Header />}
      {/* Reconnecting shows even during an exam: it is the student's only sign the server is away. */}
      <SessionBanners />
      <Box component="main" style={{ flex: 1 }}>
        <Container size={wide ? 'xl' : 'lg'} pt={focused ? 0 : 'md'} data-testid="page-container">
          <RouteTitle />
          {!focused && <Breadcrumb />}
          <Outlet />
        </Container>
      </Box>
      {!focused && <Footer />}
      <ScrollRestoration />
    </Box>
  );
}
