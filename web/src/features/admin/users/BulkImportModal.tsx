import { msg } from '../../../i18n/messages';
import { IMPORT_COLUMNS, type ImportResult, type ImportRow } from '@exam/shared';
import { ActionIcon, Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconEdit, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { useImportConfirm, useImportPreview } from './hooks';
import { rowsToCsv } from './importCsv';

type Field = (typeof IMPORT_COLUMNS)[number];

/** The columns shown and fixable on screen; each is named by import.columns.<field>. */
const EDITABLE: Field[] = ['firstName', 'lastName', 'email', 'role', 'grade', 'section', 'subject', 'parentEmail'];

/**
 * Bulk onboarding: choose a CSV, see every row with its problems before anything is written,
 * fix rows in place (each fix is checked again by the server), then import the valid rows in
 * one go. Rows that still have problems are skipped and listed in the summary.
 */
export function BulkImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const preview = useImportPreview();
  const confirm = useImportConfirm();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [editing, setEditing] = useState<{ index: number; row: ImportRow } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const reset = () => {
    setFile(null);
    setRows(null);
    setEditing(null);
    setError(null);
    setResult(null);
    preview.reset();
    confirm.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = (csv: string) => {
    setError(null);
    preview.mutate(csv, {
      onSuccess: (data) => setRows(data.rows),
      onError: (e) => {
        setRows(null);
        setError(messageFromServer(e, msg('users.importPreviewFailed')));
      },
    });
  };

  const saveEdit = () => {
    if (!editing || !rows) return;
    const next = rows.map((r, i) => (i === editing.index ? { ...editing.row, problems: [] } : r));
    setEditing(null);
    setRows(next);
    check(rowsToCsv(next));
  };

  const runImport = () => {
    if (!rows) return;
    confirm.mutate(rowsToCsv(rows), {
      onSuccess: (data) => {
        setResult(data);
        notifySuccess(t('import.imported', { count: data.created }));
      },
      onError: (e) => setError(messageFromServer(e, msg('users.importFailed'))),
    });
  };

  const valid = rows?.filter((r) => !r.problems.length).length ?? 0;
  const invalid = (rows?.length ?? 0) - valid;

  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} centered size="100%" closeOnClickOutside={false}>
      <Stack>
        {error && (
          <Alert color="red" role="alert" data-testid="import-error">
            {error}
          </Alert>
        )}

        {result ? (
          <Stack>
            <Alert color="green" title={t('import.finished')} data-testid="import-summary">
              <List size="sm">
                <List.Item>{t('import.summary.created', { count: result.created })}</List.Item>
                <List.Item>{t('import.summary.parentsCreated', { count: result.parentsCreated })}</List.Item>
                <List.Item>{t('import.summary.linked', { count: result.linked })}</List.Item>
                <List.Item>{t('import.summary.invited', { count: result.invited })}</List.Item>
                <List.Item>{t('import.summary.skipped', { count: result.skipped })}</List.Item>
              </List>
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                {t('import.another')}
              </Button>
              <Button onClick={close}>{t('import.done')}</Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text size="sm">{t('import.help', { columns: IMPORT_COLUMNS.join(', ') })}</Text>
            <Group align="flex-end">
              <FileInput
                label={t('import.fileLabel')}
                accept=".csv,text/csv"
                placeholder={t('import.filePlaceholder')}
                leftSection={<IconUpload size={16} aria-hidden />}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setRows(null);
                  setResult(null);
                  if (f) void f.text().then(check);
                }}
                style={{ flex: 1 }}
              />
            </Group>

            {preview.isPending && <Text size="sm">{t('import.checking')}</Text>}

            {rows && (
              <>
                <Group gap="xs" data-testid="import-counts">
                  <Badge color="green" variant="light">
                    {t('import.readyCount', { count: valid })}
                  </Badge>
                  <Badge color={invalid ? 'red' : 'gray'} variant="light">
                    {t('import.problemCount', { count: invalid })}
                  </Badge>
                </Group>
                <Table.ScrollContainer minWidth={900} mah={420}>
                  <Table striped aria-label={t('import.previewLabel')} stickyHeader>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('import.columns.line')}</Table.Th>
                        {EDITABLE.map((field) => (
                          <Table.Th key={field}>{t(`import.columns.${field}`)}</Table.Th>
                        ))}
                        <Table.Th>{t('import.columns.problems')}</Table.Th>
                        <Table.Th>{t('import.columns.fix')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row, index) => {
                        const isEditing = editing?.index === index;
                        return (
                          <Table.Tr key={`${row.line}-${index}`} data-testid={`import-row-${row.line}`}>
                            <Table.Td>{row.line}</Table.Td>
                            {EDITABLE.map((field) => (
                              <Table.Td key={field}>
                                {isEditing ? (
                                  <TextInput
                                    size="xs"
                                    aria-label={t('import.fieldOnLine', { field: t(`import.columns.${field}`), line: row.line })}
                                    value={editing.row[field]}
                                    onChange={(e) => setEditing({ index, row: { ...editing.row, [field]: e.currentTarget.value } })}
                                  />
                                ) : (
                                  row[field]
                                )}
                              </Table.Td>
                            ))}
                            <Table.Td>
                              {row.problems.length ? (
                                <List size="xs" c="red">
                                  {row.problems.map((p) => (
                                    <List.Item key={p}>{p}</List.Item>
                                  ))}
                                </List>
                              ) : (
                                <Badge color="green" variant="light">
                                  {t('import.ready')}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td>
                              {isEditing ? (
                                <ActionIcon aria-label={t('import.saveLine', { line: row.line })} onClick={saveEdit} color="green" variant="light">
                                  <IconCheck size={16} />
                                </ActionIcon>
                              ) : (
                                row.problems.length > 0 && (
                                  <ActionIcon aria-label={t('import.fixLine', { line: row.line })} onClick={() => setEditing({ index, row })} variant="subtle">
                                    <IconEdit size={16} />
                                  </ActionIcon>
                                )
                              )}
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    {t('common:actions.cancel')}
                  </Button>
                  <Button onClick={runImport} loading={confirm.isPending} disabled={valid === 0 || preview.isPending || editing !== null}>
                    {t('import.importUsers', { count: valid })}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
