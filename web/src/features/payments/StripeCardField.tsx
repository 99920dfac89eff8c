import { Paper, Text } from '@mantine/core';
import { CardElement } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';

/** Stripe's own card element with its label and the note that the card goes to Stripe, not to us. */
export function StripeCardField() {
  const { t } = useTranslation('payments');
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('form.card')}
      </Text>
      <Paper withBorder p="sm">
        <CardElement options={{ hidePostalCode: true }} />
      </Paper>
      <Text size="xs" c="dimmed" mt={4}>
        {t('form.stripeNote')}
      </Text>
    </div>
  );
}
