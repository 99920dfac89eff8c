import type { Question } from '@exam/shared';
import { ActionIcon, Badge, Button, Checkbox, Group, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { shortenMathText } from '../../../lib/shortenMathText';
import { enumLabel } from '../../../i18n/format';
import { pointsLabel } from '../../exams/labels';

export interface RowActions {
  preview: (q: Question) => void;
  edit: (q: Question, index: number) => void;
  tags: (q: Question) => void;
  share: (q: Question) => void;
  remove: (q: Question) => void;
}

interface BankTableProps {
  questions: Question[];
  caption: string;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  /** Whether the viewer may change this question (its owner, or an admin). */
  canManage: (q: Question) => boolean;
  actions: RowActions;
}

/** One page of the bank: each question's text with maths, type, points, tags and sharing, and what can be done with it. */
export function BankTable({ questions, caption, selected, onSelect, canManage, actions }: BankTableProps) {
  const { t } = useTranslation('bank');
  const ids = questions.map((q) => q._id);
  const onPage = ids.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Checkbox
                aria-label={t('table.selectPage')}
                checked={onPage > 0 && onPage === ids.length}
                indeterminate={onPage > 0 && onPage < ids.length}
                onChange={(e) => onSelect(ids, e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th scope="col">{t('table.question')}</Table.Th>
            <Table.Th scope="col">{t('table.type')}</Table.Th>
            <Table.Th scope="col">{t('table.points')}</Table.Th>
            <Table.Th scope="col">{t('table.tags')}</Table.Th>
            <Table.Th scope="col">{t('table.sharing')}</Table.Th>
            <Table.Th scope="col">{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questions.map((q, i) => {
            const number = i + 1;
            return (
              <Table.Tr key={q._id}>
                <Table.Td>
                  <Checkbox aria-label={t('table.selectRow', { number })} checked={selected.has(q._id)} onChange={(e) => onSelect([q._id], e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td maw={420}>
                  <MathText block text={shortenMathText(q.text).text} />
                </Table.Td>
                <Table.Td>{enumLabel('questionTypes', q.type)}</Table.Td>
                <Table.Td>{pointsLabel(q.points)}</Table.Td>
                <Table.Td>
                  {q.tags.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('table.noTags')}
                    </Text>
                  ) : (
                    <Group gap={4}>
                      {q.tags.map((tag) => (
                        <Badge key={tag} variant="outline" color="gray" tt="none">
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  {q.shared ? (
                    <Badge color="teal">{t('table.shared')}</Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('table.private')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" leftSection={<IconEye size={14} aria-hidden />} aria-label={t('row.previewN', { number })} onClick={() => actions.preview(q)}>
                      {t('row.preview')}
                    </Button>
                    {canManage(q) && (
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('row.menuN', { number })} title={t('row.menuN', { number })}>
                            <IconDots size={16} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => actions.edit(q, i)}>{t('row.edit')}</Menu.Item>
                          <Menu.Item onClick={() => actions.tags(q)}>{t('row.tags')}</Menu.Item>
                          <Menu.Item onClick={() => actions.share(q)}>{q.shared ? t('row.unshare') : t('row.share')}</Menu.Item>
                          <Menu.Divider />
                          <Menu.Item color="red" onClick={() => actions.remove(q)}>
                            {t('row.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
