import { Box, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useAuth } from '../auth/useAuth';
import { usePaymentConfig } from './hooks';
import { PaymentHistory } from './PaymentHistory';
import { ReceiptModal } from './ReceiptModal';
import { SandboxPaymentForm } from './SandboxPaymentForm';

// Stripe.js is fetched only by schools that use Stripe.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

/** /payment (surroundings §2 Payment Center): make a payment, see the history, open a receipt. */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const { user } = useAuth();
  const config = usePaymentConfig();
  const [params, setParams] = useSearchParams();
  const receipt = params.get('receipt');
  const openReceipt = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('receipt', id);
        else p.delete('receipt');
        return p;
      },
      { replace: true },
    );

  return (
    <Box>
      <Stack>
        <Title order={1}>{t('page.title')}</Title>
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="sm">
            {t('page.makePayment')}
          </Title>
          {config.isPending && <PageLoader />}
          {config.isError && <LoadError message={t('page.unavailable')} onRetry={() => void config.refetch()} />}
          {config.data?.provider === 'sandbox' && <SandboxPaymentForm onPaid={(p) => openReceipt(p._id)} />}
          {config.data?.provider === 'stripe' && (
            <Suspense fallback={<PageLoader />}>
              <StripePaymentForm config={config.data} onPaid={(p) => openReceipt(p._id)} />
            </Suspense>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="sm">
            {user?.role === 'admin' ? t('page.allPayments') : t('page.history')}
          </Title>
          <PaymentHistory isAdmin={user?.role === 'admin'} onOpen={openReceipt} />
        </Paper>
      </Stack>
      <ReceiptModal paymentId={receipt} onClose={() => openReceipt(null)} />
    </Box>
  );
}
