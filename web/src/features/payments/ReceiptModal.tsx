import { formatMoney } from '@exam/shared';
import { Alert, Modal, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { usePayment } from './hooks';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/** One payment as a receipt: amount, description, dates, reference, card. */
export function ReceiptModal({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const query = usePayment(paymentId);
  const p = query.data;
  return (
    <Modal opened={!!paymentId} onClose={onClose} title="Receipt" centered closeButtonProps={{ 'aria-label': 'Close receipt' }}>
      {query.isPending && <PageLoader />}
      {query.isError && <LoadError message="Failed to load the receipt" onRetry={() => void query.refetch()} />}
      {p && (
        <>
          {p.provider === 'sandbox' && (
            <Alert color="yellow" mb="sm">
              Sandbox payment: no money moved.
            </Alert>
          )}
          <Table variant="vertical" withTableBorder data-testid="receipt">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Td>{p.reference}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Amount</Table.Th>
                <Table.Td>{formatMoney(p.amount, p.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Td>{p.description}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Td>
                  <PaymentStatusBadge status={p.status} />
                  {p.failureReason && (
                    <Text size="sm" c="red" mt={4}>
                      {p.failureReason}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Created</Table.Th>
                <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
              </Table.Tr>
              {p.succeededAt && (
                <Table.Tr>
                  <Table.Th>Paid</Table.Th>
                  <Table.Td>{formatDateTime(p.succeededAt)}</Table.Td>
                </Table.Tr>
              )}
              {p.refundedAt && (
                <Table.Tr>
                  <Table.Th>Refunded</Table.Th>
                  <Table.Td>{formatDateTime(p.refundedAt)}</Table.Td>
                </Table.Tr>
              )}
              {p.card && (
                <Table.Tr>
                  <Table.Th>Card</Table.Th>
                  <Table.Td>
                    {p.card.brand} ending {p.card.last4}
                  </Table.Td>
                </Table.Tr>
              )}
              {p.payer && (
                <Table.Tr>
                  <Table.Th>Paid by</Table.Th>
                  <Table.Td>
                    {p.payer.name} ({p.payer.email})
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Modal>
  );
}
