import { Alert, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { failureReasonText, moneyText } from './paymentText';
import { usePayment } from './hooks';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/** One payment as a receipt: amount, description, dates, reference, card. */
export function ReceiptModal({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const query = usePayment(paymentId);
  const p = query.data;
  return (
    <Modal opened={!!paymentId} onClose={onClose} title={t('receipt.title')} centered closeButtonProps={{ 'aria-label': t('receipt.close') }}>
      {query.isPending && <PageLoader />}
      {query.isError && <LoadError message={t('receipt.loadFailed')} onRetry={() => void query.refetch()} />}
      {p && (
        <>
          {p.provider === 'sandbox' && (
            <Alert color="yellow" mb="sm">
              {t('receipt.sandbox')}
            </Alert>
          )}
          <Table variant="vertical" withTableBorder data-testid="receipt">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('receipt.reference')}</Table.Th>
                <Table.Td>{p.reference}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('receipt.amount')}</Table.Th>
                <Table.Td>{moneyText(p.amount, p.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('receipt.description')}</Table.Th>
                <Table.Td>{p.description}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('receipt.status')}</Table.Th>
                <Table.Td>
                  <PaymentStatusBadge status={p.status} />
                  {p.failureReason && (
                    <Text size="sm" c="red" mt={4}>
                      {failureReasonText(p.failureReason)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('receipt.created')}</Table.Th>
                <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
              </Table.Tr>
              {p.succeededAt && (
                <Table.Tr>
                  <Table.Th>{t('receipt.paid')}</Table.Th>
                  <Table.Td>{formatDateTime(p.succeededAt)}</Table.Td>
                </Table.Tr>
              )}
              {p.refundedAt && (
                <Table.Tr>
                  <Table.Th>{t('receipt.refunded')}</Table.Th>
                  <Table.Td>{formatDateTime(p.refundedAt)}</Table.Td>
                </Table.Tr>
              )}
              {p.card && (
                <Table.Tr>
                  <Table.Th>{t('receipt.card')}</Table.Th>
                  <Table.Td>{t('receipt.cardEnding', { brand: t(`receipt.brands.${p.card.brand}`), last4: p.card.last4 })}</Table.Td>
                </Table.Tr>
              )}
              {p.payer && (
                <Table.Tr>
                  <Table.Th>{t('receipt.paidBy')}</Table.Th>
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
