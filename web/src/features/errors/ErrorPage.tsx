import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The shared shape of the error pages: a title, a line, and where to go instead. */
export function ErrorPage({
  code,
  title,
  text,
  links,
}: {
  code: string;
  title: string;
  text: string;
  links: { label: string; to: string }[];
}) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          {code}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Group>
          {links.map((link, index) => (
            <Button key={link.to} component={Link} to={link.to} variant={index === 0 ? 'filled' : 'default'}>
              {link.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Container>
  );
}
