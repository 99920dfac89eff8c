import { IMPORT_FORMATS, MAX_IMPORT_BYTES, SUBJECTS, type ImportFormat } from '@exam/shared';
import { Alert, Button, Group, Input, Modal, NativeSelect, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { enumLabel } from '../../../i18n/format';
import { msg } from '../../../i18n/messages';
import type { ImportOptions } from '../api';
import { useImportDryRun, useImportItems } from '../hooks';
import { ImportItemsTable } from './ImportItemsTable';
import { chosenIndexes, defaultPick, statusCounts } from './importSelection';

const ACCEPT = '.txt,.gift,.xml,.zip';

/** The Import dialog; mounted only while open, so each opening starts empty. */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('bank');
  return (
    <Modal opened={opened} onClose={onClose} title={t('import.title')} size="80rem">
      {opened && <ImportFlow onClose={onClose} />}
    </Modal>
  );
}

function ImportFlow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('bank');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptions>({ format: '', subject: '', tags: [] });
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const dryRun = useImportDryRun();
  const run = useImportItems();

  // A new file or new options make the checked list stale: check again before importing.
  const restart = () => {
    setProblem(null);
    dryRun.reset();
    run.reset();
  };
  const setOption = <K extends keyof ImportOptions>(key: K, value: ImportOptions[K]) => {
    setOptions((o) => ({ ...o, [key]: value }));
    restart();
  };
  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    setFile(e.currentTarget.files?.[0] ?? null);
    restart();
  };

  const check = () => {
    restart();
    if (!file) return setProblem(msg('interop.fileRequired'));
    if (file.size > MAX_IMPORT_BYTES) return setProblem(t('import.tooLarge', { max: MAX_IMPORT_BYTES / (1024 * 1024) }));
    if (!options.subject) return setProblem(msg('interop.subjectRequired'));
    dryRun.mutate({ file, options }, { onSuccess: (data) => setPicked(defaultPick(data.items)) });
  };

  const items = dryRun.data?.items ?? [];
  const chosen = chosenIndexes(items, picked);
  const importChosen = () => {
    if (!file) return;
    if (chosen.length === 0) return setProblem(msg('interop.nothingChosen'));
    setProblem(null);
    run.mutate({ file, options, items: chosen });
  };
  const toggle = (index: number) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const failure = problem ?? (dryRun.isError ? errorMessage(dryRun.error) : run.isError ? errorMessage(run.error) : null);
  const counts = statusCounts(items);

  if (run.data) {
    return (
      <Stack>
        <Alert color="green" role="status" title={t('import.imported', { count: run.data.imported })}>
          {t('import.summary', { imported: run.data.imported, skipped: run.data.skipped })}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => { setFile(null); restart(); }}>
            {t('import.again')}
          </Button>
          <Button onClick={onClose}>{t('import.done')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Input.Wrapper id={fileId} label={t('import.file')} description={t('import.fileHint')} required>
          {/* A native file input: keyboard and screen readers know it, and it takes a dropped file. */}
          <input key={file ? 'chosen' : 'empty'} id={fileId} type="file" accept={ACCEPT} onChange={chooseFile} style={{ display: 'block', marginTop: 4 }} />
        </Input.Wrapper>
        <NativeSelect
          label={t('import.format')}
          data={[{ value: '', label: t('formats.auto') }, ...IMPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))]}
          value={options.format}
          onChange={(e) => setOption('format', e.currentTarget.value as ImportFormat | '')}
        />
        <NativeSelect
          label={t('import.subject')}
          description={t('import.subjectHint')}
          required
          data={[{ value: '', label: t('import.chooseSubject') }, ...SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))]}
          value={options.subject}
          onChange={(e) => setOption('subject', e.currentTarget.value)}
        />
        <TagsInput label={t('import.tags')} description={t('import.tagsHint')} value={options.tags} onChange={(tags) => setOption('tags', tags)} maxTags={20} />
      </SimpleGrid>

      <Group>
        <Button variant={dryRun.data ? 'default' : 'filled'} onClick={check} loading={dryRun.isPending}>
          {t('import.check')}
        </Button>
      </Group>

      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}

      {dryRun.data && (
        <Stack gap="xs">
          <Text fw={600}>{t('import.results')}</Text>
          <Text size="sm" aria-live="polite">
            {t('import.counts', counts)}
          </Text>
          <ImportItemsTable items={items} picked={picked} onToggle={toggle} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={importChosen} loading={run.isPending} disabled={chosen.length === 0}>
              {t('import.run', { count: chosen.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
