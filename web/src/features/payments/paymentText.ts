import { i18n } from '../../i18n';
import { formatMoney, translateMessage } from '../../i18n/format';

/** An amount as the API gives it (major units: 25.5 is 25.50) in the reader's language: '$25.50', '25,50 $US'. */
export const moneyText = (amount: number, currency: string) => formatMoney(Math.round(amount * 100), currency);

/** The providers' reasons the web knows (English from the sandbox and the server), by their key in `payments:failureReasons`. */
const KNOWN_REASONS: Record<string, string> = {
  'Your card was declined.': 'declined',
  'Your card has insufficient funds.': 'insufficientFunds',
  'The payment provider could not be reached.': 'providerUnreachable',
  'The payment failed.': 'failed',
};

/** Why a payment failed, in the reader's language when the reason is one we know; else as the provider wrote it. */
export function failureReasonText(reason: string): string {
  const key = KNOWN_REASONS[reason];
  return key ? i18n.t(`payments:failureReasons.${key}`) : translateMessage(reason);
}
