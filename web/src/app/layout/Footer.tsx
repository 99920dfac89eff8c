import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCanOpen } from '../routeTable';
import { FOOTER_LINKS } from './navLinks';

/** Footer links of spec core §2, those the signed-in role may open. */
export function Footer() {
  const canOpen = useCanOpen();
  return (
    <Box component="footer" mt="xl" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Box component="nav" aria-label="Footer navigation">
          <Group gap="md" justify="center">
            {FOOTER_LINKS.filter((item) => canOpen(item.href)).map((item) => (
              <Anchor key={item.href} component={Link} to={item.href} size="sm" c="dimmed">
                {item.label}
              </Anchor>
            ))}
          </Group>
        </Box>
        <Text size="xs" c="dimmed" ta="center" mt="sm">
          © {new Date().getFullYear()} ExamPortal. Online examinations for schools and tuition.
        </Text>
      </Container>
    </Box>
  );
}
