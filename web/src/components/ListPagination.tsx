import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Page controls in a labelled nav landmark; nothing when everything fits on one page. */
interface ListPaginationProps {
  total: number;
  page: number;
  onChange: (page: number) => void;
  label?: string;
}

export function ListPagination({ total, page, onChange, label = 'Pages' }: ListPaginationProps) {
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center">
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}
