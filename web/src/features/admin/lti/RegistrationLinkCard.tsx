import { Button, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../../api/http';
import { msg } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { CopyValue } from './CopyValue';
import { useRegistrationLink } from './hooks';
import { LtiCard } from './LtiCard';

/** Dynamic Registration: a one-time link for the LMS, shown with a copy button and until when it works. */
export function RegistrationLinkCard() {
  const { t } = useTranslation('ltiAdmin');
  const create = useRegistrationLink();
  const link = create.data;
  return (
    <LtiCard id="lti-registration-title" title={t('registration.title')} hint={t('registration.hint')}>
      <Button
        variant="light"
        leftSection={<IconLink size={18} aria-hidden />}
        loading={create.isPending}
        onClick={() => create.mutate(undefined, { onError: (e) => notifyError(messageFromServer(e, msg('common.genericError'))) })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('registration.create')}
      </Button>
      {link && (
        <>
          <CopyValue label={t('registration.link')} value={link.url} />
          <Text size="sm" c="dimmed">
            {t('registration.validUntil', { time: formatDateTime(link.expiresAt) })}
          </Text>
        </>
      )}
    </LtiCard>
  );
}
