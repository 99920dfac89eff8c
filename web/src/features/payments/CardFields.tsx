import { SimpleGrid, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExpiry, groupCardNumber, type CardFormValues } from './cardForm';

/** The sandbox's card fields (holder, number, expiry, CVV), shaped as they are typed. */
export function CardFields({ card, setCard, problems }: { card: CardFormValues; setCard: Dispatch<SetStateAction<CardFormValues>>; problems: Record<string, string> }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <TextInput label={t('form.holder')} required autoComplete="cc-name" value={card.holder} onChange={(e) => { const v = e.currentTarget.value; setCard((s) => ({ ...s, holder: v })); }} error={problems.holder} />
      <TextInput
        label={t('form.cardNumber')}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={19}
        value={card.number}
        onChange={(e) => { const v = e.currentTarget.value; setCard((s) => ({ ...s, number: groupCardNumber(v) })); }}
        error={problems.number}
      />
      <SimpleGrid cols={2}>
        <TextInput label={t('form.expiry')} required autoComplete="cc-exp" maxLength={5} placeholder={t('form.expiryPlaceholder')} value={card.expiry} onChange={(e) => { const v = e.currentTarget.value; setCard((s) => ({ ...s, expiry: formatExpiry(v) })); }} error={problems.expiry} />
        <TextInput label={t('form.cvv')} required inputMode="numeric" autoComplete="cc-csc" maxLength={3} value={card.cvv} onChange={(e) => { const v = e.currentTarget.value; setCard((s) => ({ ...s, cvv: v.replace(/\D/g, '') })); }} error={problems.cvv} />
      </SimpleGrid>
    </>
  );
}
