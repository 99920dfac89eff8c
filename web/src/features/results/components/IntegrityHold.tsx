import type { ResultHold, Role } from '@exam/shared';
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

/** Who reads why a result is held: the student ('your result'), a parent, or staff (what the family sees). */
export type HoldReader = 'student' | 'parent' | 'staff';
export const holdReaderOf = (role: Role): HoldReader => (role === 'teacher' || role === 'admin' ? 'staff' : role === 'parent' ? 'parent' : 'student');

/** Why the result is held, in words for its reader. */
export function useHoldExplanation(): (hold: ResultHold, reader: HoldReader) => string {
  const { t } = useTranslation('integrity');
  return (hold, reader) => t(reader === 'student' ? `hold.${hold}` : `hold.${reader}.${hold}`);
}

/**
 * Why a result that is otherwise out is not shown: its integrity review is not finished, or a
 * confirmed breach withheld it. Students and parents read it instead of any score; staff read
 * what the family sees, above the score they still have.
 */
export function HoldNotice({ hold, reader }: { hold: ResultHold; reader: HoldReader }) {
  const { t } = useTranslation('integrity');
  const explain = useHoldExplanation();
  return (
    <Alert color={COLOR[hold]} icon={hold === 'withheld' ? <IconLock /> : <IconHourglass />} title={t(`holds.${hold}`)} data-testid="result-held">
      <Text size="sm">{explain(hold, reader)}</Text>
    </Alert>
  );
}
