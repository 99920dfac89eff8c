import { isLanguage, type Payment } from '@exam/shared';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { notifySuccess } from '../../lib/notify';
import { moneyText } from './paymentText';
import { StripeCardField } from './StripeCardField';

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

/**
 * Stripe's card step of a pending payment: the card goes into Stripe's element and from the
 * browser to Stripe, which confirms the PaymentIntent; Stripe's signed webhook settles the payment
 * and the receipt follows as a live notification.
 */
export default function StripeCardStep(props: { payment: Payment; clientSecret: string; publishableKey: string; onPaid: (payment: Payment) => void }) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripe} options={{ locale: isLanguage(i18n.language) ? i18n.language : 'auto' }}>
      <Form {...props} />
    </Elements>
  );
}

function Form({ payment, clientSecret, onPaid }: { payment: Payment; clientSecret: string; onPaid: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  const stripe = useStripe();
  const elements = useElements();
  const [holder, setHolder] = useState('');
  const [holderProblem, setHolderProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setHolderProblem(holder.trim() ? null : msg('card.holderRequired'));
    setFailure(null);
    const card = elements?.getElement(CardElement);
    if (!holder.trim() || !stripe || !card) return;
    setConfirming(true);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name: holder.trim() } } });
      if (result.error) {
        setFailure(`${msg('payments.failed')} ${result.error.message ?? ''}`.trim());
        return;
      }
      notifySuccess(t('complete.stripeProcessing'));
      onPaid(payment);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('complete.title')}>
      <Stack>
        <TextInput label={t('form.holder')} required autoComplete="cc-name" value={holder} onChange={(e) => setHolder(e.currentTarget.value)} error={holderProblem} />
        <StripeCardField />
        {failure && (
          <Alert color="red" role="alert" title={t('form.failedTitle')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={confirming} disabled={!stripe}>
            {t('complete.pay', { amount: moneyText(payment.amount, payment.currency) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
