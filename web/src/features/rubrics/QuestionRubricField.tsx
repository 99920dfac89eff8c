import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconDeviceFloppy, IconLibrary, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { RubricEditor } from './RubricEditor';
import { SaveRubricModal } from './SaveRubricModal';
import { SavedRubricPicker } from './SavedRubricPicker';
import { draftTotal, newRubricDraft, rubricToDraft, type RubricDraft } from './rubricDraft';

interface QuestionRubricFieldProps {
  rubric: RubricDraft | null;
  /** The question's points as typed. */
  points: number | string;
  onChange: (rubric: RubricDraft | null) => void;
  onSetPoints: (points: number) => void;
  /** By field under the rubric ('criteria.0.title'), and '' for the rubric as a whole. */
  errors?: FormErrors;
}

/** An essay's rubric in the question editor: add one, copy a saved one in, keep it in the library, remove it. */
export function QuestionRubricField({ rubric, points, onChange, onSetPoints, errors = {} }: QuestionRubricFieldProps) {
  const { t } = useTranslation('rubrics');
  // The library is only asked for when the teacher opens it: the editor itself needs no server.
  const [dialog, setDialog] = useState<'pick' | 'save' | null>(null);
  const questionPoints = Number(points);
  const total = rubric ? draftTotal(rubric) : 0;
  const mismatch = rubric !== null && Number.isFinite(questionPoints) && total !== questionPoints;
  const whole = typeof errors[''] === 'string' ? (errors[''] as string) : undefined;
  // A question is worth whole points (1 to 1000): a total of 2.5 is fixed in the levels, not the points.
  const settable = Number.isInteger(total) && total >= 1 && total <= 1000;

  return (
    <Stack gap="xs" role="group" aria-label={t('field.label')}>
      <Text fw={600} size="sm">
        {t('field.label')}
      </Text>
      {rubric ? (
        <>
          <RubricEditor value={rubric} onChange={onChange} errors={errors} />
          {mismatch && (
            // Red once a save was refused for it; a hint while the teacher is still writing.
            <Alert color={whole ? 'red' : 'orange'} role="status" data-testid="rubric-points-mismatch">
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {t('field.mismatch', { total: formatNumber(total), count: questionPoints, points: formatNumber(questionPoints) })}
                  {!settable && ` ${t('field.wholePoints')}`}
                </Text>
                {settable && (
                  <Button size="xs" variant="light" onClick={() => onSetPoints(total)}>
                    {t('field.setPoints', { total: formatNumber(total) })}
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          {whole && !mismatch && (
            <Text size="sm" c="red" role="alert">
              {whole}
            </Text>
          )}
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconDeviceFloppy size={14} aria-hidden />} onClick={() => setDialog('save')}>
              {t('field.save')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconLibrary size={14} aria-hidden />} onClick={() => setDialog('pick')}>
              {t('field.useSaved')}
            </Button>
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onChange(null)}>
              {t('field.remove')}
            </Button>
          </Group>
        </>
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange(newRubricDraft(Number.isFinite(questionPoints) && questionPoints > 0 ? questionPoints : 1))}
          >
            {t('field.add')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconLibrary size={14} aria-hidden />} onClick={() => setDialog('pick')}>
            {t('field.useSaved')}
          </Button>
        </Group>
      )}
      {dialog === 'pick' && <SavedRubricPicker onPick={(picked) => onChange(rubricToDraft(picked))} onClose={() => setDialog(null)} />}
      {dialog === 'save' && rubric && <SaveRubricModal rubric={rubric} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
