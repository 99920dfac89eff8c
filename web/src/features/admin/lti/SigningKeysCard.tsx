import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../../api/http';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { msg } from '../../../i18n/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRotateKeys } from './hooks';
import { LtiCard } from './LtiCard';

/** Rotating the tool's signing key, after a confirmation that says the old key stays published. */
export function SigningKeysCard() {
  const { t } = useTranslation('ltiAdmin');
  const rotate = useRotateKeys();
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (res) => notifySuccess(res.message ?? msg('lti.keysRotated')),
      onError: (e) => notifyError(messageFromServer(e, msg('common.genericError'))),
      onSettled: () => setConfirming(false),
    });
  return (
    <LtiCard id="lti-keys-title" title={t('keys.title')} hint={t('keys.hint')}>
      <Button variant="light" color="orange" leftSection={<IconKey size={18} aria-hidden />} onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
        {t('keys.rotate')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('keys.confirmTitle')}
        message={t('keys.confirm')}
        confirmLabel={t('keys.rotate')}
        busy={rotate.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </LtiCard>
  );
}
