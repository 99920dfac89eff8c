import { type LinkStatus } from '@exam/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';
import { msg } from '../../i18n/messages';

/** The link's state in words (never colour alone). */
export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const { t } = useTranslation('parent');
  if (status === 'accepted') return <Badge color="green" variant="light">{t('linkStatus.linked')}</Badge>;
  if (status === 'declined') return <Badge color="red" variant="light">{enumLabel('linkStatuses', 'declined')}</Badge>;
  return <Badge color="yellow" variant="light">{msg('parent.awaitingConfirmation')}</Badge>;
}
