import { INTEGRITY_OUTCOMES, type IntegrityOutcome, type AttemptTimeline } from '@exam/shared';
import { Button, Group, List, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { formatDateTimeText } from '../../lib/dateFormat';
import { notifyError } from '../../lib/notify';
import { useSetOutcome } from './hooks';
import { outcomeText } from './labels';

interface OutcomeFormProps {
  timeline: AttemptTimeline;
  /** The school's choice for confirmed breaches, when the server told it; else 'withhold', the safe one. */
  defaultOutcome: IntegrityOutcome | undefined;
  onSaved: (outcome: IntegrityOutcome) => void;
  groupRef?: Ref<HTMLDivElement>;
}

/**
 * What a confirmed attempt's result becomes: kept, set to zero or withheld. The choice starts
 * from the attempt's saved outcome, else the school's default; nothing changes until Save.
 */
export function OutcomeForm({ timeline, defaultOutcome, onSaved, groupRef }: OutcomeFormProps) {
  const { t } = useTranslation('integrity');
  const { attempt, outcomeHistory } = timeline;
  // Untouched, the choice is what stands: the saved outcome, else the school's default.
  const [picked, setPicked] = useState<IntegrityOutcome | null>(null);
  const choice = picked ?? attempt.outcome ?? defaultOutcome ?? 'withhold';
  const [note, setNote] = useState('');
  const save = useSetOutcome(attempt.id);

  const submit = () =>
    save.mutate(
      { outcome: choice, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setNote('');
          setPicked(null);
          onSaved(choice);
        },
        onError: (error) => notifyError(t('outcome.failed', { reason: errorMessage(error) })),
      },
    );

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="outcome-title" data-testid="outcome-form">
      <Stack gap="xs">
        <Title order={3} size="h5" id="outcome-title">
          {t('outcome.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {attempt.outcome ? t('outcome.current', { outcome: outcomeText(attempt.outcome) }) : t('outcome.none')}
        </Text>
        <div ref={groupRef}>
          <Radio.Group label={t('outcome.choice')} value={choice} onChange={(v) => setPicked(v as IntegrityOutcome)}>
            <Stack gap={4} mt={4}>
              {INTEGRITY_OUTCOMES.map((o) => (
                <Radio key={o} value={o} label={o === defaultOutcome ? t('outcome.withDefault', { outcome: outcomeText(o) }) : outcomeText(o)} />
              ))}
            </Stack>
          </Radio.Group>
        </div>
        <Group align="flex-end" gap="xs">
          <TextInput size="xs" style={{ flex: 1, minWidth: 180 }} label={t('outcome.note')} value={note} maxLength={1000} onChange={(e) => setNote(e.currentTarget.value)} />
          <Button size="xs" onClick={submit} loading={save.isPending}>
            {t('outcome.save')}
          </Button>
        </Group>
        {outcomeHistory.length > 0 && (
          <List size="sm" spacing={2} aria-label={t('outcome.history')}>
            {outcomeHistory.map((h, i) => (
              <List.Item key={`${h.at}-${i}`}>
                {t('outcome.historyLine', { outcome: outcomeText(h.outcome), name: h.by?.name ?? t('flags.someone'), time: formatDateTimeText(h.at) })}
                {h.note && ` — ${h.note}`}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
