import { PAYMENT_STATUSES, type Payment, type PaymentStatus } from '@exam/shared';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { SearchField } from '../../components/SearchField';
import { enumLabel, translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePaymentList, useRefundPayment } from './hooks';
import { moneyText } from './paymentText';
import { PaymentStatusBadge } from './PaymentStatusBadge';

const PAGE_SIZE = 10;

/** The payer's history (a pending payment can be completed from here); for an admin, everyone's, with filters and refunds. */
export function PaymentHistory({ isAdmin, onOpen, onComplete }: { isAdmin: boolean; onOpen: (id: string) => void; onComplete?: (id: string) => void }) {
  const { t } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PaymentStatus | undefined>();
  const [search, setSearch] = useState('');
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const list = usePaymentList({ page, limit: PAGE_SIZE, status, search: isAdmin ? search : undefined });
  const refund = useRefundPayment();

  const refundQuestion = (p: Payment) => {
    const values = { amount: moneyText(p.amount, p.currency), description: p.description };
    return p.payer ? t('history.refundConfirm', { ...values, payer: p.payer.name }) : t('history.refundConfirmNoPayer', values);
  };

  const confirmRefund = () => {
    if (!refunding) return;
    refund.mutate(refunding._id, {
      onSuccess: () => notifySuccess(msg('payments.refunded')),
      onError: (err) => notifyError(translateMessage(errorMessage(err))),
      onSettled: () => setRefunding(null),
    });
  };

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t('history.status')}
          placeholder={t('history.allStatuses')}
          clearable
          data={PAYMENT_STATUSES.map((s) => ({ value: s, label: enumLabel('paymentStatuses', s) }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as PaymentStatus | null) ?? undefined);
            setPage(1);
          }}
          w={160}
        />
        {isAdmin && (
          <SearchField
            label={t('history.search')}
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
      {list.data && list.data.payments.length === 0 && <EmptyState title={t('history.empty')} message={status || search ? t('history.noMatch') : undefined} />}
      {list.data && list.data.payments.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t('page.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.columns.date')}</Table.Th>
                {isAdmin && <Table.Th>{t('history.columns.payer')}</Table.Th>}
                <Table.Th>{t('history.columns.description')}</Table.Th>
                <Table.Th ta="right">{t('history.columns.amount')}</Table.Th>
                <Table.Th>{t('history.columns.status')}</Table.Th>
                <Table.Th>{t('history.columns.reference')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.payments.map((p) => (
                <Table.Tr key={p._id} data-testid="payment-row">
                  <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                  {isAdmin && <Table.Td>{p.payer ? p.payer.name : <Text c="dimmed">{t('history.deletedUser')}</Text>}</Table.Td>}
                  <Table.Td>{p.description}</Table.Td>
                  <Table.Td ta="right">{moneyText(p.amount, p.currency)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>{p.reference}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => onOpen(p._id)} aria-label={t('history.viewReceipt', { reference: p.reference })}>
                        {t('receipt.title')}
                      </Button>
                      {!isAdmin && onComplete && p.status === 'pending' && (
                        <Button size="xs" onClick={() => onComplete(p._id)} aria-label={t('complete.buttonLabel', { reference: p.reference })}>
                          {t('complete.button')}
                        </Button>
                      )}
                      {isAdmin && p.status === 'succeeded' && (
                        <Button size="xs" variant="light" color="red" onClick={() => setRefunding(p)}>
                          {t('history.refund')}
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
      <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('history.pages')} />
      <ConfirmDialog
        opened={!!refunding}
        title={t('history.refundTitle')}
        message={refunding ? refundQuestion(refunding) : ''}
        confirmLabel={t('history.refund')}
        busy={refund.isPending}
        onConfirm={confirmRefund}
        onCancel={() => setRefunding(null)}
      />
    </Stack>
  );
}
