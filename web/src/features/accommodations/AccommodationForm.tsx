import { accommodatedMinutes, accommodationSchema, MAX_REST_BREAK_MINUTES, NO_ACCOMMODATION, TIME_MULTIPLIERS, WAIVABLE_CHECKS, type Accommodation, type WaivableCheck } from '@exam/shared';
import { Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/format';
import { checkName, multiplierText } from './summary';

const NOTE_MAX = 1000;

type Draft = Omit<Accommodation, 'restBreakMinutes'> & { restBreakMinutes: number | string };
type Errors = Partial<Record<keyof Accommodation, string>>;

interface AccommodationFormProps {
  initial: Accommodation | null;
  /** The exam's length, when the form is about one exam: the extra time is shown in minutes too. */
  examMinutes?: number;
  busy?: boolean;
  onSubmit: (accommodation: Accommodation) => void;
  onCancel?: () => void;
  /** More buttons beside Save (Remove, Back to the student's own). */
  extraActions?: ReactNode;
}

/** Every part of an accommodation, labelled, checked with the shared schema the server uses. */
export function AccommodationForm({ initial, examMinutes, busy = false, onSubmit, onCancel, extraActions }: AccommodationFormProps) {
  const { t } = useTranslation('accommodations');
  const [draft, setDraft] = useState<Draft>(initial ?? NO_ACCOMMODATION);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const multiplierOption = (m: number) => {
    if (m === 1) return t('form.multiplierNone');
    const multiplier = multiplierText(m);
    return examMinutes ? t('form.multiplierForExam', { multiplier, minutes: accommodatedMinutes(examMinutes, m), duration: examMinutes }) : t('form.multiplier', { multiplier });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // An emptied number field is no number: the schema's own message says what is expected.
    const minutes = typeof draft.restBreakMinutes === 'number' ? draft.restBreakMinutes : Number.NaN;
    const parsed = accommodationSchema.safeParse({ ...draft, restBreakMinutes: minutes });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Accommodation;
        found[key] ??= translateMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('form.timeMultiplier')}
          data={TIME_MULTIPLIERS.map((m) => ({ value: String(m), label: multiplierOption(m) }))}
          value={String(draft.timeMultiplier)}
          onChange={(e) => set('timeMultiplier', Number(e.currentTarget.value))}
          error={errors.timeMultiplier}
        />
        <NumberInput
          label={t('form.restBreakMinutes')}
          description={t('form.restBreakHint')}
          min={0}
          max={MAX_REST_BREAK_MINUTES}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={draft.restBreakMinutes}
          onChange={(v) => set('restBreakMinutes', v)}
          error={errors.restBreakMinutes}
        />
        <Checkbox label={t('form.breaksAutomatic')} checked={draft.breaksAutomatic} onChange={(e) => set('breaksAutomatic', e.currentTarget.checked)} />
        <Checkbox.Group
          label={t('form.waivedChecks')}
          description={t('form.waivedChecksHint')}
          value={draft.waivedChecks}
          onChange={(v) => set('waivedChecks', v as WaivableCheck[])}
          error={errors.waivedChecks}
        >
          <Group gap="sm" mt={4}>
            {WAIVABLE_CHECKS.map((check) => (
              <Checkbox key={check} value={check} label={checkName(check)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          label={t('form.reducedDistraction')}
          description={t('form.reducedDistractionHint')}
          checked={draft.reducedDistraction}
          onChange={(e) => set('reducedDistraction', e.currentTarget.checked)}
        />
        <Checkbox label={t('form.largerText')} description={t('form.largerTextHint')} checked={draft.largerText} onChange={(e) => set('largerText', e.currentTarget.checked)} />
        <Textarea
          label={t('form.note')}
          description={t('form.noteHint')}
          value={draft.note}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
          onChange={(e) => set('note', e.currentTarget.value)}
          error={errors.note}
        />
        <Group justify="space-between" mt="xs">
          <Group gap="xs">{extraActions}</Group>
          <Group gap="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('form.cancel')}
              </Button>
            )}
            <Button type="submit" loading={busy}>
              {t('form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
