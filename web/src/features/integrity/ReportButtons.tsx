import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { notifyError } from '../../lib/notify';
import type { ReportFormat } from './api';

const FORMATS: ReportFormat[] = ['pdf', 'csv'];

/** A report as PDF or CSV: `label` names it ('Attempt report'), each button says which format it fetches. */
export function ReportButtons({ label, download }: { label: string; download: (format: ReportFormat) => Promise<void> }) {
  const { t } = useTranslation('integrity');
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const fetchReport = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await download(format);
    } catch (error) {
      notifyError(t('reports.failed', { reason: errorMessage(error) }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6} role="group" aria-label={label}>
      <Text size="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
      {FORMATS.map((format) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={busy === format}
          onClick={() => void fetchReport(format)}
          aria-label={t('reports.download', { report: label, format: t(`reports.${format}`) })}
        >
          {t(`reports.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
