import { SANDBOX_TEST_CARDS } from '@exam/shared';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What each of Stripe's test cards does, by its key in `payments:sandbox.outcomes`. */
const OUTCOME_KEYS: Record<(typeof SANDBOX_TEST_CARDS)[number]['outcome'], string> = {
  succeeds: 'succeeds',
  'is declined': 'declined',
  'fails for insufficient funds': 'insufficientFunds',
};

/** The sandbox says plainly that no money moves, and which test card does what. */
export function SandboxNotice() {
  const { t } = useTranslation('payments');
  return (
    <Alert color="yellow" title={t('sandbox.title')}>
      <Text size="sm">{t('sandbox.intro')}</Text>
      <List size="sm" mt={4}>
        {SANDBOX_TEST_CARDS.map((c) => (
          <List.Item key={c.number}>{t(`sandbox.outcomes.${OUTCOME_KEYS[c.outcome]}`, { number: c.number })}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
