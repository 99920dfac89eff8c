import { Box, Container } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SettingsEffects } from '../../features/account/SettingsEffects';
import { useFocusModeOn } from '../../lib/focusMode';
import { SessionBanners } from '../../features/auth/SessionBanners';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteTitle } from './RouteTitle';

/**
 * Header, breadcrumb, the page, footer. The home page has no breadcrumb (it would be only "Home").
 * In focus mode (an exam in progress, lib/focusMode) only the page remains.
 */
export function Layout() {
  const focused = useFocusModeOn();
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SettingsEffects />
      {!focused && <Header />}
      {/* Reconnecting shows even during an exam: it is the student's only sign the server is away. */}
      <SessionBanners />
      <Box component="main" style={{ flex: 1 }}>
        <Container size="lg" pt={focused ? 0 : 'md'}>
          <RouteTitle />
          {!focused && <Breadcrumb />}
        </Container>
        <Outlet />
      </Box>
      {!focused && <Footer />}
      <ScrollRestoration />
    </Box>
  );
}
