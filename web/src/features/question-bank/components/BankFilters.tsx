import { QUESTION_TYPES, SUBJECTS } from '@exam/shared';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/SearchField';
import { enumLabel } from '../../../i18n/format';

export type BankFilterKey = 'search' | 'subject' | 'type' | 'tag' | 'scope';
export type BankFilterValues = Record<BankFilterKey, string>;

export const NO_FILTERS: BankFilterValues = { search: '', subject: '', type: '', tag: '', scope: '' };

/** Search, subject, type (all eight), tag and whose questions. */
export function BankFilters({ values, onChange }: { values: BankFilterValues; onChange: (key: BankFilterKey, value: string) => void }) {
  const { t } = useTranslation('bank');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} role="search" aria-label={t('filters.label')}>
      <SearchField label={t('filters.search')} value={values.search} onSearch={(v) => onChange('search', v)} />
      <NativeSelect
        label={t('filters.subject')}
        data={[{ value: '', label: t('filters.allSubjects') }, ...SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))]}
        value={values.subject}
        onChange={(e) => onChange('subject', e.currentTarget.value)}
      />
      <NativeSelect
        label={t('filters.type')}
        data={[{ value: '', label: t('filters.allTypes') }, ...QUESTION_TYPES.map((type) => ({ value: type, label: enumLabel('questionTypes', type) }))]}
        value={values.type}
        onChange={(e) => onChange('type', e.currentTarget.value)}
      />
      <SearchField label={t('filters.tag')} value={values.tag} onSearch={(v) => onChange('tag', v.toLowerCase())} />
      <NativeSelect
        label={t('filters.scope')}
        data={[
          { value: '', label: t('filters.scopeAll') },
          { value: 'mine', label: t('filters.scopeMine') },
          { value: 'shared', label: t('filters.scopeShared') },
        ]}
        value={values.scope}
        onChange={(e) => onChange('scope', e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
