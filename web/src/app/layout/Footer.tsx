import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../session/useAuth';
import { LanguageSwitch } from '../LanguageSwitch';
import { useCanOpen } from '../../lib/canOpen';
import { FOOTER_LINKS } from './navLinks';

/**
 * Footer links, those the signed-in role may open, and for visitors the language
 * switch (a signed-in user's language is a setting, chosen under Settings).
 */
export function Footer() {
  const canOpen = useCanOpen();
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  return (
    <Box component="footer" mt="xl" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Box component="nav" aria-label={t('footer.nav')}>
          <Group gap="md" justify="center">
            {FOOTER_LINKS.filter((item) => canOpen(item.href)).map((item) => (
              <Anchor key={item.href} component={Link} to={item.href} size="sm" c="dimmed">
                {t(`nav.${item.key}`)}
              </Anchor>
            ))}
          </Group>
        </Box>
        {!user && !isLoading && (
          <Group justify="center" mt="sm">
            <LanguageSwitch />
          </Group>
        )}
        <Text size="xs" c="dimmed" ta="center" mt="sm">
          © {new Date().getFullYear()} ExamPortal. {t('footer.tagline')}
        </Text>
      </Container>
    </Box>
  );
}
