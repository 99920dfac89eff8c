import type { PaymentStatus } from '@exam/shared';
import { Badge } from '@mantine/core';

const LOOK: Record<PaymentStatus, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  succeeded: { color: 'green', label: 'Succeeded' },
  failed: { color: 'red', label: 'Failed' },
  refunded: { color: 'gray', label: 'Refunded' },
};

/** The status in words as well as colour. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { color, label } = LOOK[status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
