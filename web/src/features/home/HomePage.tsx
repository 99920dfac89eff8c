import { Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartBar,
  IconChecklist,
  IconClockHour4,
  IconDeviceDesktop,
  IconShieldLock,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../session/useAuth';
import { FEATURES } from './content';
import { CallToAction, HowItWorks, MarketingStats, Testimonials } from './HomeSections';

const FEATURE_ICONS: Record<(typeof FEATURES)[number], ReactNode> = {
  timedExams: <IconClockHour4 />,
  monitoredSessions: <IconShieldLock />,
  grading: <IconChecklist />,
  analytics: <IconChartBar />,
  parents: <IconUsersGroup />,
  browser: <IconDeviceDesktop />,
};

/** Home: the hero and what the platform does. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { isAuthenticated } = useAuth();
  useDocumentTitle(t('documentTitle'));

  return (
    <Box py="xl">
      <Stack align="center" gap="md" py="xl" ta="center">
        <Title order={1}>{t('hero.title')}</Title>
        <Text size="lg" c="dimmed" maw={640}>
          {t('hero.text')}
        </Text>
        <Group mt="md" justify="center">
          {isAuthenticated ? (
            <Button component={Link} to="/dashboard" size="lg">
              {t('hero.goToDashboard')}
            </Button>
          ) : (
            <>
              <Button component={Link} to="/register" size="lg">
                {t('getStarted')}
              </Button>
              <Button component={Link} to="/demo" size="lg" variant="default">
                {t('hero.watchDemo')}
              </Button>
            </>
          )}
        </Group>
      </Stack>

      <MarketingStats />

      <section aria-labelledby="features-title">
        <Title order={2} id="features-title" ta="center" mb="lg">
          {t('features.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {FEATURES.map((id) => (
            <Card key={id} withBorder padding="lg" radius="md">
              <ThemeIcon variant="light" size="lg" mb="sm" aria-hidden>
                {FEATURE_ICONS[id]}
              </ThemeIcon>
              <Text fw={600}>{t(`features.${id}.title`)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`features.${id}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <HowItWorks />
      <Testimonials />
      <CallToAction />
    </Box>
  );
}
