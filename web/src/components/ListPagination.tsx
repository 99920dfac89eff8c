import { useTranslation } from 'react-i18next';
import { Group, Pagination } from '@mantine/core';

const CONTROL_KEYS = { first: 'firstPage', previous: 'previousPage', next: 'nextPage', last: 'lastPage' } as const;

/** Page controls in a labelled nav landmark; nothing when everything fits on one page. */
interface ListPaginationProps {
  total: number;
  page: number;
  onChange: (page: number) => void;
  label?: string;
}

export function ListPagination({ total, page, onChange, label }: ListPaginationProps) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label={label ?? t('components.pages')} justify="center">
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`components.${CONTROL_KEYS[control]}`) })}
        getItemProps={(p) => ({ 'aria-label': t('components.page', { page: p }) })}
      />
    </Group>
  );
}
