import type { SebLinks } from '@exam/shared';
import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * What a student sees of an exam that requires Safe Exam Browser in any other browser: the
 * server refused the exam's calls (docs/seb.md), so there is nothing to start here, only the way
 * to SEB: the `sebs://` link that opens the exam in it, and the file to open by hand.
 */
export function SebRequiredPanel({ links }: { links: SebLinks }) {
  const { t } = useTranslation('seb');
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" icon={<IconLock />} title={t('student.title')} role="alert" data-testid="seb-required">
        <Text size="sm">{t('student.body')}</Text>
        <Group mt="md">
          <Button component="a" href={links.sebUrl} leftSection={<IconExternalLink size={16} aria-hidden />}>
            {t('student.open')}
          </Button>
          <Button component="a" href={links.configUrl} download variant="light" leftSection={<IconDownload size={16} aria-hidden />}>
            {t('student.download')}
          </Button>
          <Button component={Link} to="/exams" variant="default">
            {t('student.back')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          {t('student.downloadHint')}
        </Text>
      </Alert>
    </Container>
  );
}
