import { describe, expect, it } from 'vitest';
import { CARD_MSG, PAYMENT_MSG } from '@exam/shared';
import { cardProblems, cardSummary, formatExpiry, groupCardNumber, paymentProblems } from './cardForm';

const now = new Date('2026-11-23T12:00:00Z');
const good = { holder: 'Pat Parent', number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' };

describe('the sandbox card form', () => {
  it('accepts Stripe’s test cards and refuses a mistyped number by its checksum', () => {
    expect(cardProblems(good, now)).toEqual({});
    expect(cardProblems({ ...good, number: '4000 0000 0000 0002' }, now)).toEqual({});
    expect(cardProblems({ ...good, number: '4242 4242 4242 4241' }, now).number).toBe(CARD_MSG.numberInvalid);
  });

  it('refuses an expired card, a malformed expiry, a short CVV and a missing name', () => {
    expect(cardProblems({ ...good, expiry: '10/26' }, now).expiry).toBe('This card has expired');
    expect(cardProblems({ ...good, expiry: '11/26' }, now).expiry).toBeUndefined();
    expect(cardProblems({ ...good, expiry: '13/30' }, now).expiry).toBe('Expiry must be MM/YY');
    expect(cardProblems({ ...good, cvv: '12' }, now).cvv).toBe(CARD_MSG.cvvInvalid);
    expect(cardProblems({ ...good, holder: ' ' }, now).holder).toBe(CARD_MSG.holderRequired);
  });

  it('lets only the brand and the last four digits leave the browser', () => {
    expect(cardSummary('4000 0000 0000 9995')).toEqual({ brand: 'visa', last4: '9995' });
    expect(cardSummary('5555555555554444')).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it('formats the number and expiry as they are typed', () => {
    expect(groupCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
  });

  it('checks the amount and description with the server’s texts', () => {
    expect(paymentProblems({ amount: '0.99', description: 'x' }).amount).toBe(PAYMENT_MSG.amountMin);
    expect(paymentProblems({ amount: '1.005', description: 'x' }).amount).toBe(PAYMENT_MSG.amountDecimals);
    expect(paymentProblems({ amount: '25.50', description: '' })).toEqual({ description: PAYMENT_MSG.descriptionRequired });
  });
});
