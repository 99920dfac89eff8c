import { Box, Container } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SettingsEffects } from '../../features/account/SettingsEffects';
import { SessionBanners } from '../../features/auth/SessionBanners';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteTitle } from './RouteTitle';

/** Header, breadcrumb, the page, footer. The home page has no breadcrumb (it would be only "Home"). */
export function Layout() {
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SettingsEffects />
      <Header />
      <SessionBanners />
      <Box component="main" style={{ flex: 1 }}>
        <Container size="lg" pt="md">
          <RouteTitle />
          <Breadcrumb />
        </Container>
        <Outlet />
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
