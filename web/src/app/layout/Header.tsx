import { ActionIcon, Anchor, Badge, Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoon, IconSchool, IconSun } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { User } from '@exam/shared';
import { PersonAvatar } from '../../components/PersonAvatar';
import { useSaveSettings } from '../../features/account/useSaveSettings';
import { useAuth } from '../../session/useAuth';
import { usePlatformSettings } from '../../api/usePlatformSettings';
import { useUnread } from '../../features/notifications/hooks';
import { useLiveNotifications } from '../../features/notifications/useLiveNotifications';
import { useCanOpen } from '../../lib/canOpen';
import { useTheme } from '../../lib/theme';
import { ACCOUNT_LINKS, ROLE_LINKS, VISITOR_LINKS, isActivePath, type NavItem } from './navLinks';

/**
 * The navigation shell. Visitors get the public links; signed-in users get their
 * account links, Sign Out, and a second row with their role's links. Narrow screens get the same
 * links in a drawer. The Notifications link carries the unread count, kept live by the
 * notifications socket.
 */
export function Header() {
  const { t } = useTranslation();
  const { user, isLoading, logout } = useAuth();
  const { schoolName } = usePlatformSettings();
  const { pathname } = useLocation();
  const [drawerOpen, drawer] = useDisclosure(false);
  const canOpen = useCanOpen();

  // Following a link from the drawer should close it.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  const mainLinks = (isLoading ? [] : user ? ACCOUNT_LINKS : VISITOR_LINKS).filter((item) => canOpen(item.href));
  const roleLinks = user ? ROLE_LINKS[user.role].filter((item) => canOpen(item.href)) : [];
  const signOut = () => void logout();

  const headerRef = useHeaderHeightVariable();
  useLiveNotifications(user?._id ?? null);
  const unread = useUnread(1, !!user);
  const counts = user && unread.data ? { '/notifications': unread.data.unreadCount } : undefined;

  return (
    <Box component="header" ref={headerRef} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('header.homeLink', { school: schoolName })}>
            <Group gap={6} wrap="nowrap">
              <IconSchool aria-hidden />
              <Text fw={700} size="lg" lineClamp={1}>
                {schoolName}
              </Text>
            </Group>
          </Anchor>

          <Group gap="xs" visibleFrom="md" wrap="nowrap">
            <NavLinks items={mainLinks} pathname={pathname} label={t('header.mainNav')} counts={counts} />
            {user && <UserAvatar user={user} />}
            {user && (
              <Button variant="default" onClick={signOut}>
                {t('header.signOut')}
              </Button>
            )}
            <ThemeToggle />
          </Group>

          <Group gap="xs" hiddenFrom="md" wrap="nowrap">
            <ThemeToggle />
            <Burger opened={drawerOpen} onClick={drawer.toggle} aria-label={t('header.openMenu')} />
          </Group>
        </Group>

        {roleLinks.length > 0 && (
          <Box visibleFrom="md" mt="xs">
            <NavLinks items={roleLinks} pathname={pathname} label={t('header.roleNav')} />
          </Box>
        )}
      </Container>

      <Drawer opened={drawerOpen} onClose={drawer.close} title={t('header.menu')} hiddenFrom="md" position="right">
        <Stack gap="xs">
          <NavLinks items={mainLinks} pathname={pathname} label={t('header.mainNav')} counts={counts} vertical />
          {roleLinks.length > 0 && (
            <>
              <Divider />
              <NavLinks items={roleLinks} pathname={pathname} label={t('header.roleNav')} vertical />
            </>
          )}
          {user && (
            <Button variant="default" onClick={signOut}>
              {t('header.signOut')}
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}

/**
 * Keeps --app-header-height on the page root equal to the header's height (one row on a phone,
 * two with the role navigation), so toasts open below the header and never cover its buttons
 * (notifications.css). Without a header on screen the variable is gone and toasts sit at the top.
 */
function useHeaderHeightVariable() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--app-header-height', `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, []);
  return ref;
}

function NavLinks({
  items,
  pathname,
  label,
  counts,
  vertical = false,
}: {
  items: NavItem[];
  pathname: string;
  label: string;
  /** Unread counts shown on links by href. */
  counts?: Record<string, number>;
  vertical?: boolean;
}) {
  const { t } = useTranslation();
  const links = items.map((item) => {
    const active = isActivePath(pathname, item.href);
    const count = counts?.[item.href];
    return (
      <Button
        key={item.href}
        component={Link}
        to={item.href}
        variant={active ? 'light' : 'subtle'}
        aria-current={active ? 'page' : undefined}
        justify={vertical ? 'flex-start' : undefined}
        fullWidth={vertical}
        rightSection={
          count ? (
            // The name reads "Notifications 3 unread": it contains the visible text, as assistive
            // technology that speaks or matches what is on screen needs.
            <>
              <Badge size="sm" color="red" variant="filled" circle={count < 10} data-testid="unread-count">
                {count > 99 ? '99+' : count}
              </Badge>
              <VisuallyHidden>{t('header.unread')}</VisuallyHidden>
            </>
          ) : undefined
        }
      >
        {t(`nav.${item.key}`)}
      </Button>
    );
  });
  return (
    <Box component="nav" aria-label={label}>
      {vertical ? <Stack gap={4}>{links}</Stack> : <Group gap={4} wrap="nowrap">{links}</Group>}
    </Box>
  );
}

/**
 * The signed-in person's avatar (or initials), linking to their profile. The name is hidden text
 * rather than an aria-label: a label that leaves out the visible initials tells speech users the
 * wrong words to say.
 */
function UserAvatar({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/profile" data-testid="header-avatar">
      <PersonAvatar person={user} size={34} aria-hidden />
      <VisuallyHidden>{t('header.signedInAs', { name: `${user.firstName} ${user.lastName}` })}</VisuallyHidden>
    </Anchor>
  );
}

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const { user } = useAuth();
  const save = useSaveSettings();
  const { t } = useTranslation();
  const label = theme === 'dark' ? t('header.toLight') : t('header.toDark');
  const onToggle = () => {
    toggleTheme();
    // Signed in, the choice is a setting: it follows the user to their other devices.
    if (user) save.change('preferences', 'theme', theme === 'dark' ? 'light' : 'dark');
  };
  return (
    <ActionIcon variant="default" size="lg" onClick={onToggle} aria-label={label} title={label}>
      {theme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
