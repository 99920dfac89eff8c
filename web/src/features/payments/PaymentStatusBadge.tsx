import type { PaymentStatus } from '@exam/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';

const COLORS: Record<PaymentStatus, string> = { pending: 'yellow', succeeded: 'green', failed: 'red', refunded: 'gray' };

/** The status in words as well as colour. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  // Re-renders when the language changes.
  useTranslation('payments');
  return (
    <Badge color={COLORS[status]} variant="light">
      {enumLabel('paymentStatuses', status)}
    </Badge>
  );
}
