import type { Submission } from '@exam/shared';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { formatNumber } from '../../../i18n/format';
import { submitReasonText } from '../../../lib/resultLabels';

/** What the session recorded (the server's counts, not the browser's). */
export function SecurityReport({ submission }: { submission: Submission }) {
  const { t } = useTranslation('results');
  const { tabSwitches, fullscreenExited, warningsReceived } = submission.securityFlags;
  return (
    <DetailList
      cols={4}
      items={[
        { label: t('security.tabSwitches'), value: formatNumber(tabSwitches) },
        { label: t('security.fullscreenExits'), value: formatNumber(fullscreenExited) },
        { label: t('security.warnings'), value: formatNumber(warningsReceived) },
        { label: t('security.howSubmitted'), value: submission.submitReason ? submitReasonText(submission.submitReason) : '—' },
      ]}
    />
  );
}
