import { FEE_STATUSES, type Fee, type FeeStatus } from '@exam/shared';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { formatDate } from '../../lib/dateFormat';
import { formatDateTime } from '../../lib/format';
import { useFees } from './hooks';
import { moneyText } from './paymentText';

const PAGE_SIZE = 10;

/** The due date is the school's calendar day: read at midday UTC, it is the same day in every zone the reader may be in. */
const dueDateText = (day: string) => formatDate(`${day}T12:00:00Z`);
const today = () => new Date().toISOString().slice(0, 10);

function FeeStatusBadge({ fee }: { fee: Fee }) {
  const { t } = useTranslation('payments');
  const overdue = fee.status === 'due' && fee.dueDate < today();
  const [color, label] = fee.status === 'paid' ? ['green', t('fees.statuses.paid')] : overdue ? ['red', t('fees.statuses.overdue')] : ['yellow', t('fees.statuses.due')];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/**
 * Fees: for a student their own, for a parent their children's (with whose each is), for an admin
 * every student's. Payers get a Pay button on what is due; a fee a parent paid shows paid to the
 * student too, with who paid it.
 */
export function FeeList({ role, onPay, onOpenPayment }: { role: 'admin' | 'parent' | 'student'; onPay: (fee: Fee) => void; onOpenPayment: (paymentId: string) => void }) {
  const { t } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<FeeStatus | undefined>();
  const list = useFees({ page, limit: PAGE_SIZE, status });
  const showStudent = role !== 'student';

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t('fees.status')}
          placeholder={t('history.allStatuses')}
          clearable
          data={FEE_STATUSES.map((s) => ({ value: s, label: t(`fees.statuses.${s}`) }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as FeeStatus | null) ?? undefined);
            setPage(1);
          }}
          w={160}
        />
      </Group>
      {list.isPending && <PageLoader />}
      {list.isError && <LoadError message={t('fees.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.data && list.data.fees.length === 0 && <EmptyState title={role === 'admin' ? t('fees.emptyAdmin') : t('fees.empty')} />}
      {list.data && list.data.fees.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t('page.fees')}>
            <Table.Thead>
              <Table.Tr>
                {showStudent && <Table.Th>{t('fees.columns.student')}</Table.Th>}
                <Table.Th>{t('fees.columns.title')}</Table.Th>
                <Table.Th ta="right">{t('fees.columns.amount')}</Table.Th>
                <Table.Th>{t('fees.columns.due')}</Table.Th>
                <Table.Th>{t('fees.columns.status')}</Table.Th>
                <Table.Th>{t('fees.columns.paidBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.fees.map((f) => (
                <Table.Tr key={f._id} data-testid="fee-row">
                  {showStudent && <Table.Td>{f.student.name}</Table.Td>}
                  <Table.Td>{f.title}</Table.Td>
                  <Table.Td ta="right">{moneyText(f.amount, f.currency)}</Table.Td>
                  <Table.Td>{dueDateText(f.dueDate)}</Table.Td>
                  <Table.Td>
                    <FeeStatusBadge fee={f} />
                  </Table.Td>
                  <Table.Td>
                    {f.paidBy ? (
                      <Text size="sm">{t('fees.paidByLine', { name: f.paidBy.name, date: formatDateTime(f.paidAt) })}</Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {f.status === 'due' && role !== 'admin' && (
                      <Button size="xs" onClick={() => onPay(f)} aria-label={t('fees.payLabel', { title: f.title, student: f.student.name })}>
                        {t('fees.pay')}
                      </Button>
                    )}
                    {f.payment && role === 'admin' && (
                      <Button size="xs" variant="light" onClick={() => onOpenPayment(f.payment!._id)} aria-label={t('history.viewReceipt', { reference: f.payment.reference })}>
                        {t('receipt.title')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('fees.pages')} />
    </Stack>
  );
}
