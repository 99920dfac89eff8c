import { msg } from '../../../i18n/messages';
import { IMPORT_COLUMNS, type ImportResult, type ImportRow } from '@exam/shared';
import { ActionIcon, Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconEdit, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { messageFromServer } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { useImportConfirm, useImportPreview } from './hooks';
import { rowsToCsv } from './importCsv';

type Field = (typeof IMPORT_COLUMNS)[number];

const EDITABLE: { field: Field; label: string }[] = [
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'email', label: 'Email' },
  { field: 'role', label: 'Role' },
  { field: 'grade', label: 'Grade' },
  { field: 'section', label: 'Section' },
  { field: 'subject', label: 'Subject' },
  { field: 'parentEmail', label: 'Parent email' },
];

/**
 * Bulk onboarding: choose a CSV, see every row with its problems before anything is written,
 * fix rows in place (each fix is checked again by the server), then import the valid rows in
 * one go. Rows that still have problems are skipped and listed in the summary.
 */
export function BulkImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
        notifySuccess(`${data.created} user(s) imported`);
      },
      onError: (e) => setError(messageFromServer(e, msg('users.importFailed'))),
    });
  };

  const valid = rows?.filter((r) => !r.problems.length).length ?? 0;
  const invalid = (rows?.length ?? 0) - valid;

  return (
    <Modal opened={opened} onClose={close} title="Bulk Import Users" centered size="100%" closeOnClickOutside={false}>
      <Stack>
        {error && (
          <Alert color="red" role="alert" data-testid="import-error">
            {error}
          </Alert>
        )}

        {result ? (
          <Stack>
            <Alert color="green" title="Import finished" data-testid="import-summary">
              <List size="sm">
                <List.Item>{result.created} user(s) created</List.Item>
                <List.Item>{result.parentsCreated} parent account(s) created</List.Item>
                <List.Item>{result.linked} parent–student link(s) made</List.Item>
                <List.Item>{result.invited} invitation e-mail(s) sent with a link to set a password</List.Item>
                <List.Item>{result.skipped} row(s) skipped because of problems</List.Item>
              </List>
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text size="sm">
              A CSV file with a header row and the columns {IMPORT_COLUMNS.join(', ')}. firstName, lastName, email and role are
              required; students need grade (1–12) and section (A–D), teachers a subject. A student&apos;s parentEmail links them to
              that parent, creating the parent&apos;s account when needed. Everyone new gets an e-mail with a link to set their password.
            </Text>
            <Group align="flex-end">
              <FileInput
                label="CSV file"
                accept=".csv,text/csv"
                placeholder="Choose a CSV file"
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

            {preview.isPending && <Text size="sm">Checking the file…</Text>}

            {rows && (
              <>
                <Group gap="xs" data-testid="import-counts">
                  <Badge color="green" variant="light">
                    {valid} ready
                  </Badge>
                  <Badge color={invalid ? 'red' : 'gray'} variant="light">
                    {invalid} with problems
                  </Badge>
                </Group>
                <Table.ScrollContainer minWidth={900} mah={420}>
                  <Table striped aria-label="Import preview" stickyHeader>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Line</Table.Th>
                        {EDITABLE.map((c) => (
                          <Table.Th key={c.field}>{c.label}</Table.Th>
                        ))}
                        <Table.Th>Problems</Table.Th>
                        <Table.Th>Fix</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row, index) => {
                        const isEditing = editing?.index === index;
                        return (
                          <Table.Tr key={`${row.line}-${index}`} data-testid={`import-row-${row.line}`}>
                            <Table.Td>{row.line}</Table.Td>
                            {EDITABLE.map(({ field, label }) => (
                              <Table.Td key={field}>
                                {isEditing ? (
                                  <TextInput
                                    size="xs"
                                    aria-label={`${label} on line ${row.line}`}
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
                                  Ready
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td>
                              {isEditing ? (
                                <ActionIcon aria-label={`Save line ${row.line}`} onClick={saveEdit} color="green" variant="light">
                                  <IconCheck size={16} />
                                </ActionIcon>
                              ) : (
                                row.problems.length > 0 && (
                                  <ActionIcon aria-label={`Fix line ${row.line}`} onClick={() => setEditing({ index, row })} variant="subtle">
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
                    Cancel
                  </Button>
                  <Button onClick={runImport} loading={confirm.isPending} disabled={valid === 0 || preview.isPending || editing !== null}>
                    Import {valid} user(s)
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
