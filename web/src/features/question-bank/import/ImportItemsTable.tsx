import type { ImportPreviewItem, ImportStatus } from '@exam/shared';
import { Badge, Button, Checkbox, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../../i18n/format';
import { StudentPreview } from '../components/StudentPreview';

const STATUS_COLOR: Record<ImportStatus, string> = { ok: 'green', warning: 'yellow', error: 'red' };

interface ImportItemsTableProps {
  items: readonly ImportPreviewItem[];
  picked: ReadonlySet<number>;
  onToggle: (index: number) => void;
}

/** The dry run, one row per item: what it becomes, whether it can come in and why not, and a preview. */
export function ImportItemsTable({ items, picked, onToggle }: ImportItemsTableProps) {
  const { t } = useTranslation('bank');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggleOpen = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{t('import.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('import.colImport')}</Table.Th>
            <Table.Th scope="col">{t('import.colTitle')}</Table.Th>
            <Table.Th scope="col">{t('import.colType')}</Table.Th>
            <Table.Th scope="col">{t('import.colStatus')}</Table.Th>
            <Table.Th scope="col">{t('import.colReason')}</Table.Th>
            <Table.Th scope="col">{t('import.colSource')}</Table.Th>
            <Table.Th scope="col">{t('import.colPreview')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const number = item.index + 1;
            const blocked = item.status === 'error';
            const expanded = open.has(item.index);
            const previewId = `import-preview-${item.index}`;
            return (
              <Fragment key={item.index}>
                <Table.Tr data-status={item.status}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('import.pick', { number, title: item.title })}
                      checked={!blocked && picked.has(item.index)}
                      disabled={blocked}
                      onChange={() => onToggle(item.index)}
                    />
                  </Table.Td>
                  <Table.Th scope="row" fw={500}>
                    {item.title}
                  </Table.Th>
                  <Table.Td>{item.type ? enumLabel('questionTypes', item.type) : t('import.unknownType')}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[item.status]} variant={blocked ? 'filled' : 'light'}>
                      {t(`import.status.${item.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.reason}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {item.source}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {item.preview ? (
                      <Button size="compact-xs" variant="subtle" aria-expanded={expanded} aria-controls={previewId} onClick={() => toggleOpen(item.index)}>
                        {expanded ? t('import.hidePreview', { number }) : t('import.showPreview', { number })}
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('import.noPreview')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
                {expanded && item.preview && (
                  <Table.Tr id={previewId}>
                    <Table.Td colSpan={7}>
                      <StudentPreview question={item.preview} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
