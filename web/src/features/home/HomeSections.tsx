import { Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MARKETING_STATS, STATS_DELAY_MS, STEPS, TESTIMONIAL_MS, TESTIMONIALS } from './content';

export function MarketingStats() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), STATS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} my="xl" aria-label="At a glance" role="group" mih={80}>
      {shown &&
        MARKETING_STATS.map((s) => (
          <Paper key={s.label} withBorder p="md" radius="md" ta="center" data-testid="marketing-stat">
            <Text fz="xl" fw={700}>
              {s.value}
            </Text>
            <Text size="sm" c="dimmed">
              {s.label}
            </Text>
          </Paper>
        ))}
    </SimpleGrid>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title">
      <Title order={2} id="how-title" ta="center" my="lg">
        How it works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {STEPS.map((s, i) => (
          <Card key={s.title} withBorder padding="lg" radius="md" component="li">
            <Badge size="lg" circle mb="sm" aria-hidden>
              {i + 1}
            </Badge>
            <Text fw={600}>{s.title}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {s.text}
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
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useReducedMotion();
  useEffect(() => {
    if (paused || reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % TESTIMONIALS.length), TESTIMONIAL_MS);
    return () => clearInterval(timer);
  }, [paused, reduced]);
  const t = TESTIMONIALS[index]!;
  return (
    <Box
      component="section"
      aria-labelledby="testimonials-title"
      aria-roledescription="carousel"
      my="xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Title order={2} id="testimonials-title" ta="center" mb="lg">
        What people say
      </Title>
      <Card withBorder padding="xl" radius="md" maw={720} mx="auto" aria-live={paused || reduced ? 'polite' : 'off'} data-testid="testimonial">
        <Text size="lg" fs="italic" ta="center">
          “{t.quote}”
        </Text>
        <Text size="sm" c="dimmed" ta="center" mt="sm">
          {t.who}
        </Text>
      </Card>
      <Group justify="center" gap={4} mt="sm">
        {TESTIMONIALS.map((x, i) => (
          <UnstyledButton
            key={x.who}
            onClick={() => setIndex(i)}
            aria-label={`Show testimonial ${i + 1} of ${TESTIMONIALS.length}`}
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
  return (
    <Paper withBorder radius="md" p="xl" my="xl" ta="center">
      <Stack align="center" gap="sm">
        <Title order={2}>Ready to run your next exam online?</Title>
        <Text c="dimmed">Start with a 14-day free trial, no card required, or ask us anything.</Text>
        <Group justify="center">
          <Button component={Link} to="/register">
            Get Started Free
          </Button>
          <Button component={Link} to="/contact" variant="default">
            Contact Us
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
