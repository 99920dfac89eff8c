import type { Payment, PaymentConfig, PaymentNextAction } from '@exam/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { PageLoader } from '../../components/PageLoader';
import { translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { notifySuccess } from '../../lib/notify';
import { paymentsApi } from './api';
import { cardProblems, cardSummary, type CardFormValues } from './cardForm';
import { newIdempotencyKey, useConfirmPayment } from './hooks';
import { failureReasonText, moneyText } from './paymentText';
import { CardFields } from './CardFields';
import { SandboxNotice } from './SandboxNotice';

// Stripe.js is fetched only by schools that use Stripe.
const StripeCardStep = lazy(() => import('./StripeCardStep'));

/** What to complete: a pending payment of one's own, or a fee to pay (which starts or resumes its payment). */
export type PaymentToComplete = { kind: 'payment'; id: string } | { kind: 'fee'; id: string };

/**
 * The card step of a pending payment, in the Payment Center: the sandbox's card form (only the
 * brand and last four digits are sent, to the confirm call), or Stripe's own card element
 * confirming the PaymentIntent with its client secret. Nothing is charged before this step.
 */
export function CompletePaymentModal({ target, config, onClose, onPaid }: { target: PaymentToComplete | null; config: PaymentConfig; onClose: () => void; onPaid: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  return (
    <Modal opened={!!target} onClose={onClose} title={t('complete.title')} centered size="lg">
      {target && <Step key={`${target.kind}:${target.id}`} target={target} config={config} onPaid={onPaid} />}
    </Modal>
  );
}

function Step({ target, config, onPaid }: { target: PaymentToComplete; config: PaymentConfig; onPaid: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  // One key for this opening: a retried start of the fee's payment returns the same payment.
  const [key] = useState(newIdempotencyKey);
  const start = useQuery({
    // Outside the payments' keys on purpose: paying refreshes those, and refetching this step would
    // find the payment paid and swap the card form for "no longer waiting" before it said so.
    queryKey: ['payment-complete', target.kind, target.id, key],
    queryFn: (): Promise<{ payment: Payment; nextAction: PaymentNextAction | null }> =>
      target.kind === 'payment' ? paymentsApi.withNextAction(target.id) : paymentsApi.payFee(target.id, key),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  if (start.isPending) return <PageLoader />;
  if (start.isError) {
    const reason = start.error instanceof ApiError && start.error.status !== 0 ? translateMessage(start.error.message) : t('complete.loadFailed');
    return (
      <Alert color="red" role="alert">
        {reason}
      </Alert>
    );
  }
  const { payment, nextAction } = start.data;
  return (
    <Stack>
      <Text fw={500}>{t('complete.summary', { description: payment.description, amount: moneyText(payment.amount, payment.currency) })}</Text>
      {!nextAction && <Alert color="blue">{msg('payments.notPending')}</Alert>}
      {nextAction?.type === 'sandbox_card' && <SandboxCardStep payment={payment} onPaid={onPaid} />}
      {nextAction?.type === 'stripe_card' && (
        <Suspense fallback={<PageLoader />}>
          <StripeCardStep payment={payment} clientSecret={nextAction.clientSecret} publishableKey={nextAction.publishableKey ?? config.publishableKey!} onPaid={onPaid} />
        </Suspense>
      )}
    </Stack>
  );
}

const EMPTY_CARD: CardFormValues = { holder: '', number: '', expiry: '', cvv: '' };

/** The sandbox's card step, checked here (Luhn, expiry, CVV); only the brand and last four are sent. */
function SandboxCardStep({ payment, onPaid }: { payment: Payment; onPaid: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  const [card, setCard] = useState(EMPTY_CARD);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A declined card ends the payment (as the API says); paying again starts a new one.
  const [ended, setEnded] = useState(false);
  const confirm = useConfirmPayment();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = cardProblems(card);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    confirm.mutate(
      { id: payment._id, card: cardSummary(card.number) },
      {
        onSuccess: (paid) => {
          notifySuccess(msg('payments.success'));
          onPaid(paid);
        },
        onError: (err) => {
          const failed = err instanceof ApiError ? (err.data as { payment?: Payment } | undefined)?.payment : undefined;
          if (failed || (err instanceof ApiError && err.status === 409)) setEnded(true);
          if (err instanceof ApiError && err.errors.length) setProblems(Object.fromEntries(err.errors.map((x) => [x.field.replace(/^card\./, ''), translateMessage(x.msg)])));
          setFailure(failed?.failureReason ? `${msg('payments.failed')} ${failureReasonText(failed.failureReason)}` : err instanceof ApiError && err.status !== 0 ? translateMessage(err.message) : err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('complete.title')}>
      <Stack>
        <SandboxNotice />
        <CardFields card={card} setCard={setCard} problems={problems} />
        {failure && (
          <Alert color="red" role="alert" title={t('form.failedTitle')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={confirm.isPending} disabled={ended}>
            {t('complete.pay', { amount: moneyText(payment.amount, payment.currency) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
