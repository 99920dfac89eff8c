import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useExportCsv } from '../hooks';

/** Downloads the exam's submissions as CSV; `failure` is the screen's own text. */
export function ExportCsvButton({ examId, failure }: { examId: string; failure: string }) {
  const { t } = useTranslation('results');
  const exportCsv = useExportCsv(examId);
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate(undefined, { onError: () => notifyError(failure) })}
    >
      {t('exportCsv')}
    </Button>
  );
}
