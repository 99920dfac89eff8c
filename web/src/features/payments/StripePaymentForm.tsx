import { isLanguage, type Payment, type PaymentConfig } from '@exam/shared';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry fetches Stripe.js only when loadStripe is called: the build puts every package in
// one shared vendor chunk, and the default entry would fetch it on every page of the app.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { msg } from '../../i18n/messages';
import { notifySuccess } from '../../lib/notify';
import { paymentProblems, type PaymentFormValues } from './cardForm';
import { newIdempotencyKey, useCreatePayment } from './hooks';
import { StripeCardField } from './StripeCardField';

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

/**
 * Stripe: the card is typed into Stripe's own element and goes from the browser to Stripe. We
 * create the PaymentIntent, Stripe.js confirms it, and Stripe's signed webhook settles it; the
 * receipt arrives as a live notification.
 */
export default function StripePaymentForm({ config, onPaid }: { config: PaymentConfig; onPaid: (payment: Payment) => void }) {
  const stripe = useMemo(() => stripeFor(config.publishableKey!), [config.publishableKey]);
  // Stripe's own field (its placeholders and messages) speaks the reader's language too.
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripe} options={{ locale: isLanguage(i18n.language) ? i18n.language : 'auto' }}>
      <Form onPaid={onPaid} />
    </Elements>
  );
}

function Form({ onPaid }: { onPaid: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  const stripe = useStripe();
  const elements = useElements();
  const [values, setValues] = useState<PaymentFormValues>({ amount: '', description: '' });
  const [holder, setHolder] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const key = useRef<string | null>(null);
  const create = useCreatePayment();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = { ...paymentProblems(values) };
    if (!holder.trim()) found.holder = msg('card.holderRequired');
    setProblems(found);
    setFailure(null);
    const card = elements?.getElement(CardElement);
    if (Object.keys(found).length || !stripe || !card) return;
    key.current ??= newIdempotencyKey();
    try {
      const created = await create.mutateAsync({
        input: { amount: Number(values.amount), description: values.description.trim(), paymentMethod: 'stripe', type: 'exam' },
        key: key.current,
      });
      if (!created.clientSecret) throw new Error(msg('payments.failed'));
      setConfirming(true);
      const result = await stripe.confirmCardPayment(created.clientSecret, { payment_method: { card, billing_details: { name: holder.trim() } } });
      key.current = null;
      if (result.error) {
        setFailure(`${msg('payments.failed')} ${result.error.message ?? ''}`.trim());
        return;
      }
      notifySuccess(msg('payments.success'));
      onPaid(created.payment);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) key.current = null;
      setFailure(err instanceof ApiError && err.status === 0 ? err.message : msg('payments.failed'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('page.makePayment')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={t('form.amount')} required min={1} step={0.01} decimalScale={2} value={values.amount} onChange={(v) => setValues((s) => ({ ...s, amount: String(v) }))} error={problems.amount} />
          <TextInput label={t('form.description')} required maxLength={200} value={values.description} onChange={(e) => { const v = e.currentTarget.value; setValues((s) => ({ ...s, description: v })); }} error={problems.description} />
        </SimpleGrid>
        <TextInput label={t('form.holder')} required autoComplete="cc-name" value={holder} onChange={(e) => setHolder(e.currentTarget.value)} error={problems.holder} />
        <StripeCardField />
        {failure && (
          <Alert color="red" role="alert" title={t('form.failedTitle')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || confirming} disabled={!stripe}>
            {t('form.pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
