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
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { CallToAction, HowItWorks, MarketingStats, Testimonials } from './HomeSections';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** What the product does (spec core §1), stated as what it offers rather than as figures. */
const FEATURES: Feature[] = [
  {
    icon: <IconClockHour4 />,
    title: 'Timed exams',
    text: 'Teachers create, schedule and publish exams with a fixed duration and window.',
  },
  {
    icon: <IconShieldLock />,
    title: 'Monitored sessions',
    text: 'Students take exams fullscreen; tab switches and fullscreen exits are recorded.',
  },
  {
    icon: <IconChecklist />,
    title: 'Automatic and manual grading',
    text: 'Multiple-choice answers are graded at once; essays go to the teacher for review.',
  },
  {
    icon: <IconChartBar />,
    title: 'Results and analytics',
    text: 'Scores, grades and breakdowns for students, and per-exam statistics for teachers.',
  },
  {
    icon: <IconUsersGroup />,
    title: 'Parents in the loop',
    text: 'Parents link their children and follow their progress and reports.',
  },
  {
    icon: <IconDeviceDesktop />,
    title: 'Runs in the browser',
    text: 'Nothing to install: a current Chrome, Firefox, Safari or Edge is enough.',
  },
];

/** Home (surroundings §2): the hero and what the platform does. */
export function HomePage() {
  const { isAuthenticated } = useAuth();
  useDocumentTitle('Online examinations');

  return (
    <Box py="xl">
      <Stack align="center" gap="md" py="xl" ta="center">
        <Title order={1}>Online examinations for schools and tuition</Title>
        <Text size="lg" c="dimmed" maw={640}>
          Teachers create and schedule exams, students take them in a monitored session and see their results,
          and parents follow their children&apos;s progress.
        </Text>
        <Group mt="md" justify="center">
          {isAuthenticated ? (
            <Button component={Link} to="/dashboard" size="lg">
              Go to Dashboard
            </Button>
          ) : (
            <>
              <Button component={Link} to="/register" size="lg">
                Get Started Free
              </Button>
              <Button component={Link} to="/demo" size="lg" variant="default">
                Watch Demo
              </Button>
            </>
          )}
        </Group>
      </Stack>

      <MarketingStats />

      <section aria-labelledby="features-title">
        <Title order={2} id="features-title" ta="center" mb="lg">
          What the platform does
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder padding="lg" radius="md">
              <ThemeIcon variant="light" size="lg" mb="sm" aria-hidden>
                {feature.icon}
              </ThemeIcon>
              <Text fw={600}>{feature.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {feature.text}
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
