import type { ResultHold } from '@exam/shared';
import { Alert, Badge, Text } from '@mantine/core';
import { IconHourglass, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const COLOR: Record<ResultHold, string> = { under_review: 'yellow', withheld: 'orange' };

/** 'Under review' or 'Result withheld' as a badge: the words carry it, the colour repeats it. */
export function HoldBadge({ hold }: { hold: ResultHold }) {
  const { t } = useTranslation('integrity');
  return (
    <Badge color={COLOR[hold]} variant="light" data-testid="result-hold">
      {t(`holds.${hold}`)}
    </Badge>
  );
}

/**
 * Why a result that is otherwise out is not shown: its integrity review is not finished, or a
 * confirmed breach withheld it. Students and parents read it instead of any score; staff read
 * what the student sees, above the score they still have.
 */
export function HoldNotice({ hold, staff }: { hold: ResultHold; staff: boolean }) {
  const { t } = useTranslation('integrity');
  return (
    <Alert color={COLOR[hold]} icon={hold === 'withheld' ? <IconLock /> : <IconHourglass />} title={t(`holds.${hold}`)} data-testid="result-held">
      <Text size="sm">{staff ? t(`hold.staff.${hold}`) : t(`hold.${hold}`)}</Text>
    </Alert>
  );
}
