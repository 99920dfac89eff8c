import { cardBrand, cardDigits, expiryProblem, luhnValid, type CardBrand } from '@exam/shared';
import { i18n } from '../../i18n';
import { msg } from '../../i18n/messages';

/** The shared expiry check's English words, by their key in `payments:card`. */
const EXPIRY_KEYS: Record<string, string> = { 'Expiry must be MM/YY': 'expiryFormat', 'This card has expired': 'expired' };

export interface PaymentFormValues {
  amount: string;
  description: string;
}

export interface CardFormValues {
  holder: string;
  number: string;
  expiry: string;
  cvv: string;
}

/** The payment's own fields (both providers): the documented rules with the server's texts. */
export function paymentProblems(v: PaymentFormValues): Partial<Record<keyof PaymentFormValues, string>> {
  const problems: Partial<Record<keyof PaymentFormValues, string>> = {};
  const amount = Number(v.amount);
  if (!v.amount.trim() || !Number.isFinite(amount) || amount < 1) problems.amount = msg('payments.amountMin');
  else if (!/^\d+(\.\d{1,2})?$/.test(v.amount.trim())) problems.amount = msg('payments.amountDecimals');
  else if (amount > 100_000) problems.amount = msg('payments.amountMax');
  if (!v.description.trim()) problems.description = msg('payments.descriptionRequired');
  return problems;
}

/** The sandbox card, checked in the browser: Luhn, MM/YY not past, a 3-digit CVV. */
export function cardProblems(v: CardFormValues, now = new Date()): Partial<Record<keyof CardFormValues, string>> {
  const problems: Partial<Record<keyof CardFormValues, string>> = {};
  if (!v.holder.trim()) problems.holder = msg('card.holderRequired');
  if (!luhnValid(v.number)) problems.number = msg('card.numberInvalid');
  const expiry = expiryProblem(v.expiry, now);
  if (expiry) problems.expiry = EXPIRY_KEYS[expiry] ? i18n.t(`payments:card.${EXPIRY_KEYS[expiry]}`) : expiry;
  if (!/^\d{3}$/.test(v.cvv)) problems.cvv = msg('card.cvvInvalid');
  return problems;
}

/** All that leaves the browser of a sandbox card: its brand and last four digits. */
export function cardSummary(number: string): { brand: CardBrand; last4: string } {
  const digits = cardDigits(number);
  return { brand: cardBrand(digits), last4: digits.slice(-4) };
}

/** '4242424242424242' → '4242 4242 4242 4242' as it is typed (19 characters at most). */
export function groupCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12/30' as it is typed. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
