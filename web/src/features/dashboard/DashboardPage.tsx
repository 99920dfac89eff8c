import { ROLE_DASHBOARD } from '@exam/shared';
import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime, titleCase } from '../../lib/format';
import { useAuth } from '../auth/useAuth';
import { NotificationsWidget } from '../notifications/NotificationsWidget';

/**
 * The generic dashboard (surroundings §2): who you are, where to go, and unread notifications.
 * Role statistics and activity come with the role dashboards; nothing here is made up.
 */
export function DashboardPage() {
  const { user } = useAuth();
  // The route guard only renders this page for a signed-in user.
  if (!user) return null;

  const name = user.firstName || user.name;
  const roleLabel = titleCase(user.role);
  const lastLogin = formatDateTime(user.lastLogin);

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={6}>
              <Title order={1} size="h2">
                Welcome back, {name}!
              </Title>
              <Group gap="xs">
                <Badge variant="light" data-testid="role-badge">
                  {roleLabel}
                </Badge>
                <Text size="sm" c="dimmed" data-testid="last-login">
                  Last login: {lastLogin ?? 'First time'}
                </Text>
              </Group>
            </Stack>
            <Button component={Link} to={ROLE_DASHBOARD[user.role]} rightSection={<IconArrowRight size={16} />}>
              Go to {roleLabel} Dashboard
            </Button>
          </Group>
        </Card>

        <NotificationsWidget />

        <section aria-labelledby="quick-links-title">
          <Title order={2} size="h4" id="quick-links-title" mb="sm">
            Quick links
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <QuickLink to="/profile" icon={<IconUser />} title="Profile" text="Your personal details and password." />
            <QuickLink to="/settings" icon={<IconSettings />} title="Settings" text="Notifications, privacy and preferences." />
          </SimpleGrid>
        </section>
      </Stack>
    </Container>
  );
}

function QuickLink({ to, icon, title, text }: { to: string; icon: React.ReactNode; title: string; text: string }) {
  return (
    <Card withBorder component={Link} to={to} padding="md" radius="md">
      <Group wrap="nowrap">
        {icon}
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
