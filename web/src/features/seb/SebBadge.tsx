import { Badge, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "In Safe Exam Browser" on the proctor board, for an attempt the server saw come from SEB. */
export function SebBadge() {
  const { t } = useTranslation('seb');
  return (
    <Tooltip label={t('board.badgeHint')} withArrow>
      <Badge size="xs" variant="light" color="indigo" leftSection={<IconLock size={10} aria-hidden />} style={{ textTransform: 'none' }} data-testid="seb-badge">
        {t('board.badge')}
      </Badge>
    </Tooltip>
  );
}
