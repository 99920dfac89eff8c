import type { Rubric } from '@exam/shared';
import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/http';
import { formatNumber } from '../../i18n/format';
import { useRubrics } from './hooks';

/** Picks one of the teacher's saved rubrics; the question gets its own copy of it. */
export function SavedRubricPicker({ onPick, onClose }: { onPick: (rubric: Rubric) => void; onClose: () => void }) {
  const { t } = useTranslation('rubrics');
  const rubrics = useRubrics();
  const [chosen, setChosen] = useState('');
  const list = rubrics.data ?? [];
  const picked = list.find((r) => r.id === chosen);

  return (
    <Modal opened onClose={onClose} title={t('pick.title')}>
      <Stack>
        {rubrics.isPending ? (
          <Group justify="center">
            <Loader aria-label={t('loading')} />
          </Group>
        ) : rubrics.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(rubrics.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Text c="dimmed">
            {t('pick.none')}{' '}
            <Link to="/rubrics">{t('pick.library')}</Link>
          </Text>
        ) : (
          <NativeSelect
            label={t('pick.label')}
            data={[{ value: '', label: t('pick.placeholder') }, ...list.map((r) => ({ value: r.id, label: t('pick.option', { title: r.title, count: r.maxPoints, points: formatNumber(r.maxPoints) }) }))]}
            value={chosen}
            onChange={(e) => setChosen(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            disabled={!picked}
            onClick={() => {
              if (!picked) return;
              onPick(picked.rubric);
              onClose();
            }}
          >
            {t('pick.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
