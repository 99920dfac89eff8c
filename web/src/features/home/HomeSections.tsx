import { Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MARKETING_STATS, STATS_DELAY_MS, STEPS, TESTIMONIAL_MS, TESTIMONIALS } from './content';

export function MarketingStats() {
  const { t } = useTranslation('home');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), STATS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} my="xl" aria-label={t('stats.label')} role="group" mih={80}>
      {shown &&
        MARKETING_STATS.map((id) => (
          <Paper key={id} withBorder p="md" radius="md" ta="center" data-testid="marketing-stat">
            <Text fz="xl" fw={700}>
              {t(`stats.${id}.value`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`stats.${id}.label`)}
            </Text>
          </Paper>
        ))}
    </SimpleGrid>
  );
}

export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="how-title">
      <Title order={2} id="how-title" ta="center" my="lg">
        {t('steps.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {STEPS.map((id, i) => (
          <Card key={id} withBorder padding="lg" radius="md" component="li">
            <Badge size="lg" circle mb="sm" aria-hidden>
              {i + 1}
            </Badge>
            <Text fw={600}>{t(`steps.${id}.title`)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`steps.${id}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * Rotates every 5 s; hovering or focusing it pauses, and with reduced motion it never moves by
 * itself. The dots choose a testimonial directly.
 */
export function Testimonials() {
  const { t } = useTranslation('home');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useReducedMotion();
  useEffect(() => {
    if (paused || reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % TESTIMONIALS.length), TESTIMONIAL_MS);
    return () => clearInterval(timer);
  }, [paused, reduced]);
  const id = TESTIMONIALS[index]!;
  return (
    <Box
      component="section"
      aria-labelledby="testimonials-title"
      aria-roledescription={t('testimonials.carousel')}
      my="xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Title order={2} id="testimonials-title" ta="center" mb="lg">
        {t('testimonials.title')}
      </Title>
      <Card withBorder padding="xl" radius="md" maw={720} mx="auto" aria-live={paused || reduced ? 'polite' : 'off'} data-testid="testimonial">
        <Text size="lg" fs="italic" ta="center">
          {t('testimonials.quoted', { quote: t(`testimonials.${id}.quote`) })}
        </Text>
        <Text size="sm" c="dimmed" ta="center" mt="sm">
          {t(`testimonials.${id}.who`)}
        </Text>
      </Card>
      <Group justify="center" gap={4} mt="sm">
        {TESTIMONIALS.map((x, i) => (
          <UnstyledButton
            key={x}
            onClick={() => setIndex(i)}
            aria-label={t('testimonials.show', { number: i + 1, total: TESTIMONIALS.length })}
            aria-current={i === index}
            p={8}
          >
            <Box
              w={10}
              h={10}
              style={{ borderRadius: '50%', background: i === index ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-gray-5)' }}
            />
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}

export function CallToAction() {
  const { t } = useTranslation('home');
  return (
    <Paper withBorder radius="md" p="xl" my="xl" ta="center">
      <Stack align="center" gap="sm">
        <Title order={2}>{t('callToAction.title')}</Title>
        <Text c="dimmed">{t('callToAction.text')}</Text>
        <Group justify="center">
          <Button component={Link} to="/register">
            {t('getStarted')}
          </Button>
          <Button component={Link} to="/contact" variant="default">
            {t('callToAction.contactUs')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
