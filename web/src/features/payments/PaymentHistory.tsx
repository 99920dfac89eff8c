import { msg } from '../../i18n/messages';
import { formatMoney, PAYMENT_STATUSES, type Payment, type PaymentStatus } from '@exam/shared';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { SearchField } from '../../components/SearchField';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePaymentList, useRefundPayment } from './hooks';
import { PaymentStatusBadge } from './PaymentStatusBadge';

const PAGE_SIZE = 10;

/** The payer's history; for an admin, everyone's, with filters and refunds. */
export function PaymentHistory({ isAdmin, onOpen }: { isAdmin: boolean; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PaymentStatus | undefined>();
  const [search, setSearch] = useState('');
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const list = usePaymentList({ page, limit: PAGE_SIZE, status, search: isAdmin ? search : undefined });
  const refund = useRefundPayment();

  const confirmRefund = () => {
    if (!refunding) return;
    refund.mutate(refunding._id, {
      onSuccess: () => notifySuccess(msg('payments.refunded')),
      onError: (err) => notifyError(errorMessage(err)),
      onSettled: () => setRefunding(null),
    });
  };

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label="Status"
          placeholder="All"
          clearable
          data={PAYMENT_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as PaymentStatus | null) ?? undefined);
            setPage(1);
          }}
          w={160}
        />
        {isAdmin && (
          <SearchField
            label="Search payer or reference"
            value={search}
            onSearch={(v: string) => {
              setSearch(v);
              setPage(1);
            }}
          />
        )}
      </Group>
      {list.isPending && <PageLoader />}
      {list.isError && <LoadError message={msg('payments.fetchFailed')} onRetry={() => void list.refetch()} />}
      {list.data && list.data.payments.length === 0 && <EmptyState title="No payments yet" message={status || search ? 'No payment matches these filters.' : undefined} />}
      {list.data && list.data.payments.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="Payment history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                {isAdmin && <Table.Th>Payer</Table.Th>}
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.payments.map((p) => (
                <Table.Tr key={p._id} data-testid="payment-row">
                  <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                  {isAdmin && <Table.Td>{p.payer ? p.payer.name : <Text c="dimmed">Deleted user</Text>}</Table.Td>}
                  <Table.Td>{p.description}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amount, p.currency)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>{p.reference}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => onOpen(p._id)} aria-label={`View receipt ${p.reference}`}>
                        Receipt
                      </Button>
                      {isAdmin && p.status === 'succeeded' && (
                        <Button size="xs" variant="light" color="red" onClick={() => setRefunding(p)}>
                          Refund
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label="Payment pages" />
      <ConfirmDialog
        opened={!!refunding}
        title="Refund payment"
        message={refunding ? `Refund ${formatMoney(refunding.amount, refunding.currency)} for "${refunding.description}" to ${refunding.payer?.name ?? 'the payer'}? The payer is told.` : ''}
        confirmLabel="Refund"
        busy={refund.isPending}
        onConfirm={confirmRefund}
        onCancel={() => setRefunding(null)}
      />
    </Stack>
  );
}
