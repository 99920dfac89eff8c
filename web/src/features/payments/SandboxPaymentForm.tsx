import { SANDBOX_TEST_CARDS, type Payment } from '@exam/shared';
import { Alert, Button, Group, List, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { notifySuccess } from '../../lib/notify';
import { cardProblems, cardSummary, paymentProblems, type CardFormValues, type PaymentFormValues } from './cardForm';
import { newIdempotencyKey, useCreatePayment } from './hooks';
import { CardFields } from './CardFields';
import { failureReasonText } from './paymentText';

const EMPTY_PAYMENT: PaymentFormValues = { amount: '', description: '' };
const EMPTY_CARD: CardFormValues = { holder: '', number: '', expiry: '', cvv: '' };

/** What each of Stripe's test cards does, by its key in `payments:sandbox.outcomes`. */
const OUTCOME_KEYS: Record<(typeof SANDBOX_TEST_CARDS)[number]['outcome'], string> = {
  succeeds: 'succeeds',
  'is declined': 'declined',
  'fails for insufficient funds': 'insufficientFunds',
};

/**
 * The sandbox's card form: checked here (Luhn, expiry, CVV), and only the brand and last four
 * digits are sent. The whole number, expiry and CVV never leave the browser.
 */
export function SandboxPaymentForm({ onPaid }: { onPaid: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  const [values, setValues] = useState(EMPTY_PAYMENT);
  const [card, setCard] = useState(EMPTY_CARD);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key per submission: a network retry reuses it; a definite answer ends it.
  const key = useRef<string | null>(null);
  const create = useCreatePayment();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = { ...paymentProblems(values), ...cardProblems(card) };
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    key.current ??= newIdempotencyKey();
    create.mutate(
      {
        input: { amount: Number(values.amount), description: values.description.trim(), paymentMethod: 'stripe', type: 'exam', card: cardSummary(card.number) },
        key: key.current,
      },
      {
        onSuccess: (res) => {
          key.current = null;
          notifySuccess(res.message ? translateMessage(res.message) : msg('payments.success'));
          setValues(EMPTY_PAYMENT);
          setCard(EMPTY_CARD);
          onPaid(res.payment);
        },
        onError: (err) => {
          const payment = err instanceof ApiError ? (err.data as { payment?: Payment } | undefined)?.payment : undefined;
          if (err instanceof ApiError && err.status !== 0) key.current = null;
          if (err instanceof ApiError && err.errors.length) setProblems(Object.fromEntries(err.errors.map((x) => [x.field, translateMessage(x.msg)])));
          setFailure(payment?.failureReason ? `${msg('payments.failed')} ${failureReasonText(payment.failureReason)}` : err instanceof ApiError && err.status !== 0 ? msg('payments.failed') : err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('page.makePayment')}>
      <Stack>
        <Alert color="yellow" title={t('sandbox.title')}>
          <Text size="sm">{t('sandbox.intro')}</Text>
          <List size="sm" mt={4}>
            {SANDBOX_TEST_CARDS.map((c) => (
              <List.Item key={c.number}>
                {t(`sandbox.outcomes.${OUTCOME_KEYS[c.outcome]}`, { number: c.number })}
              </List.Item>
            ))}
          </List>
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('form.amount')}
            required
            min={1}
            step={0.01}
            decimalScale={2}
            value={values.amount}
            onChange={(v) => setValues((s) => ({ ...s, amount: String(v) }))}
            error={problems.amount}
          />
          <TextInput label={t('form.description')} required maxLength={200} value={values.description} onChange={(e) => { const v = e.currentTarget.value; setValues((s) => ({ ...s, description: v })); }} error={problems.description} />
        </SimpleGrid>
        <CardFields card={card} setCard={setCard} problems={problems} />
        {failure && (
          <Alert color="red" role="alert" title={t('form.failedTitle')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('form.pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
