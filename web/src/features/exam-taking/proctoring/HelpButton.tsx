import type { WaivableCheck } from '@exam/shared';
import { Button, Text } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askForHelp } from './api';

/**
 * "Ask for help" with a check the student cannot pass: the exam's proctors see the request on
 * their board and may waive the check for this student (the system check then shows it waived).
 */
export function HelpButton({ examId, check, label, onSent }: { examId: string; check: WaivableCheck; label: string; onSent?: () => void }) {
  const { t } = useTranslation('examTaking');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const ask = async () => {
    setState('sending');
    try {
      await askForHelp(examId, check);
      setState('sent');
      onSent?.();
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') {
    return (
      <Text size="sm" role="status">
        {t('systemCheck.help.sent')}
      </Text>
    );
  }
  return (
    <div>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconHelp size={16} aria-hidden />}
        loading={state === 'sending'}
        onClick={() => void ask()}
        aria-label={t('systemCheck.help.askFor', { check: label })}
      >
        {t('systemCheck.help.ask')}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {t('systemCheck.help.failed')}
        </Text>
      )}
    </div>
  );
}
