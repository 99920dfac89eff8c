import type { Fee, Payment } from '@exam/shared';
import { Alert, Box, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { msg } from '../../i18n/messages';
import { useAuth } from '../../session/useAuth';
import { CompletePaymentModal, type PaymentToComplete } from './CompletePayment';
import { FeeList } from './FeeList';
import { usePaymentConfig } from './hooks';
import { IssueFeeModal } from './IssueFeeModal';
import { PaymentHistory } from './PaymentHistory';
import { ReceiptModal } from './ReceiptModal';
import { SandboxPaymentForm } from './SandboxPaymentForm';

// Stripe.js is fetched only by schools that use Stripe.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

/**
 * /payment. Students and parents see what the school asks them to
 * pay (their fees, their children's) and pay it, complete a payment left pending, and see their
 * history with receipts; a payment of their own amount only where the school allows it. Admins
 * open on the fees they issued and everyone's payments; they issue fees and refund, and pay nothing.
 */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const { user } = useAuth();
  const config = usePaymentConfig();
  const [params, setParams] = useSearchParams();
  const [completing, setCompleting] = useState<PaymentToComplete | null>(null);
  const [issuing, setIssuing] = useState(false);
  const receipt = params.get('receipt');
  const isAdmin = user?.role === 'admin';
  const feeRole = user?.role === 'admin' || user?.role === 'parent' || user?.role === 'student' ? user.role : null;
  const openReceipt = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('receipt', id);
        else p.delete('receipt');
        return p;
      },
      { replace: true },
    );
  const paid = (p: Payment) => {
    setCompleting(null);
    openReceipt(p._id);
  };

  const fees = feeRole && (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {isAdmin ? t('page.feesAdmin') : t('page.due')}
        </Title>
        {isAdmin && config.data && <Button onClick={() => setIssuing(true)}>{t('issue.title')}</Button>}
      </Group>
      <FeeList role={feeRole} onPay={(f: Fee) => setCompleting({ kind: 'fee', id: f._id })} onOpenPayment={openReceipt} />
    </Paper>
  );

  const history = (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        {isAdmin ? t('page.allPayments') : t('page.history')}
      </Title>
      <PaymentHistory isAdmin={isAdmin} onOpen={openReceipt} onComplete={(id) => setCompleting({ kind: 'payment', id })} />
    </Paper>
  );

  return (
    <Box>
      <Stack>
        <Title order={1}>{t('page.title')}</Title>
        {config.isPending && <PageLoader />}
        {config.isError && <LoadError message={t('page.unavailable')} onRetry={() => void config.refetch()} />}
        {isAdmin && history}
        {fees}
        {!isAdmin && config.data && (
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {t('page.makePayment')}
            </Title>
            {!config.data.allowFreeAmounts && <Alert color="blue">{msg('payments.freeAmountsOff')}</Alert>}
            {config.data.allowFreeAmounts && config.data.provider === 'sandbox' && <SandboxPaymentForm onPaid={(p) => openReceipt(p._id)} />}
            {config.data.allowFreeAmounts && config.data.provider === 'stripe' && (
              <Suspense fallback={<PageLoader />}>
                <StripePaymentForm config={config.data} onPaid={(p) => openReceipt(p._id)} />
              </Suspense>
            )}
          </Paper>
        )}
        {!isAdmin && history}
      </Stack>
      <ReceiptModal paymentId={receipt} onClose={() => openReceipt(null)} />
      {config.data && <CompletePaymentModal target={completing} config={config.data} onClose={() => setCompleting(null)} onPaid={paid} />}
      {isAdmin && config.data && <IssueFeeModal opened={issuing} currency={config.data.currency} onClose={() => setIssuing(false)} />}
    </Box>
  );
}
