import type { SebExamFile } from '@exam/shared';
import { ActionIcon, Badge, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/http';
import { notifyError } from '../../lib/notify';
import { downloadFile } from '../results/download';

/** Under the exam's queries: an edit of the exam (which invalidates them) reads `required` again. */
const sebKey = (examId: string) => ['exams', 'seb', examId] as const;

/**
 * The exam's Safe Exam Browser file on its page, for those who run its hall: whether the exam
 * requires SEB, the file to download, the link that opens the exam in SEB and the Config Key an
 * LMS or SEB Server may ask for. Nothing for anyone the server does not give the file to.
 */
export function SebExamCard({ examId }: { examId: string }) {
  const { t } = useTranslation('seb');
  const titleId = useId();
  const query = useQuery({
    queryKey: sebKey(examId),
    queryFn: () => http.get<SebExamFile>(`/seb/exams/${encodeURIComponent(examId)}`).then((r) => r.data),
    meta: { silent: true },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  if (!query.data) {
    if (!query.isError || (query.error instanceof ApiError && query.error.status === 403)) return null;
    return (
      <Text c="red.8" role="alert">
        {t('card.loadFailed')}
      </Text>
    );
  }
  const file = query.data;
  const download = () => downloadFile(`/seb/exams/${encodeURIComponent(examId)}/file`, 'exam.seb').catch(() => notifyError(t('card.downloadFailed')));
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId} data-testid="seb-card">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          {t('card.title')}
        </Title>
        {file.required && <Badge color="orange">{t('form.summary')}</Badge>}
      </Group>
      <Stack gap="sm">
        <Text size="sm">{file.required ? t('card.required') : t('card.notRequired')}</Text>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download()} w="fit-content">
          {t('card.download')}
        </Button>
        <CopyField label={t('card.link')} value={file.sebUrl} />
        <CopyField label={t('card.configKey')} value={file.configKey} />
      </Stack>
    </Card>
  );
}

/** A read-only value with a copy button that says so once copied. */
function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('seb');
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(e) => e.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? t('card.copied') : t('card.copy', { label })}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          )}
        </CopyButton>
      }
    />
  );
}
