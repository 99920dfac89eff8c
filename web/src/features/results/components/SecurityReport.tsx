import { DetailList } from '../../../components/DetailList';
import { SUBMIT_REASON_TEXT } from '../labels';
import type { Submission } from '../types';

/** What the session recorded (the server's counts, not the browser's). */
export function SecurityReport({ submission }: { submission: Submission }) {
  const { tabSwitches, fullscreenExited, warningsReceived } = submission.securityFlags;
  return (
    <DetailList
      cols={4}
      items={[
        { label: 'Tab switches', value: tabSwitches },
        { label: 'Fullscreen exits', value: fullscreenExited },
        { label: 'Warnings', value: warningsReceived },
        { label: 'How it was submitted', value: submission.submitReason ? SUBMIT_REASON_TEXT[submission.submitReason] : '—' },
      ]}
    />
  );
}
