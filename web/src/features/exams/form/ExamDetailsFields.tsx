import { MAX_VIOLATIONS_ALLOWED, SUBJECTS } from '@exam/shared';
import {
  Checkbox,
  Fieldset,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DIFFICULTIES } from '@exam/shared';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../../i18n/format';
import { timeZoneOptions } from '../../../lib/zonedTime';
import { ALLOWANCE_LABELS, PROCTORING_KEYS, SETTING_KEYS, proctoringLabel, settingLabel } from '../labels';
import type { ExamFormValues } from './examForm';
import { ProctoringProfileFields } from './ProctoringProfileFields';

interface ExamDetailsFieldsProps {
  form: UseFormReturnType<ExamFormValues>;
  /** 6–12 in the wizard, 1–12 on the edit form. */
  grades: readonly number[];
  /** The wizard offers practice, assessment and final; the edit form every type. */
  examTypes: readonly string[];
  /** Shown under the schedule (the wizard's "Your local time"). */
  scheduleHint?: ReactNode;
}

/** The exam's details, schedule, instructions and settings: the wizard's step 1 and the edit form. */
export function ExamDetailsFields({ form, grades, examTypes, scheduleHint }: ExamDetailsFieldsProps) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  const subjectOptions = useMemo(
    () => [{ value: '', label: t('form.selectSubject') }, ...SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
    [lang],
  );
  const gradeOptions = useMemo(
    () => [{ value: '', label: t('form.selectGrade') }, ...grades.map((g) => ({ value: String(g), label: t('gradeN', { grade: g }) }))],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
    [grades, lang],
  );
  const typeOptions = examTypes.map((type) => ({ value: type, label: enumLabel('examTypes', type) }));
  const difficultyOptions = DIFFICULTIES.map((d) => ({ value: d, label: enumLabel('difficulties', d) }));
  const zone = form.values.timezone;
  const zones = useMemo(() => timeZoneOptions([zone]), [zone]);
  const { settings } = form.values;
  const checkbox = (path: string) => form.getInputProps(path, { type: 'checkbox' });

  return (
    <Stack gap="lg">
      <Fieldset legend={t('form.detailsLegend')}>
        <Stack>
          <TextInput label={t('form.title')} required {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label={t('form.subject')} required data={subjectOptions} {...form.getInputProps('subject')} />
            <NativeSelect label={t('form.grade')} required data={gradeOptions} {...form.getInputProps('grade')} />
          </SimpleGrid>
          <Textarea label={t('form.description')} required autosize minRows={3} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t('form.duration')} required min={1} allowDecimal={false} {...form.getInputProps('duration')} />
            <NumberInput
              label={t('form.passingMarks')}
              description={t('form.passingMarksHint')}
              required
              min={0}
              max={100}
              allowDecimal={false}
              {...form.getInputProps('passingMarks')}
            />
            <NativeSelect label={t('form.examType')} data={typeOptions} {...form.getInputProps('examType')} />
            <NativeSelect label={t('form.difficulty')} data={difficultyOptions} {...form.getInputProps('difficulty')} />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.scheduleLegend')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('form.start')} type="datetime-local" required {...form.getInputProps('startLocal')} />
          <TextInput label={t('form.end')} type="datetime-local" required {...form.getInputProps('endLocal')} />
          {/* Native: ~420 zones stay fast, and the browser's type-ahead finds one by its name. */}
          <NativeSelect
            label={t('form.timezone')}
            description={t('form.timezoneHint')}
            data={zones}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        {scheduleHint}
      </Fieldset>

      <Textarea
        label={t('form.instructions')}
        description={t('form.instructionsHint')}
        autosize
        minRows={3}
        {...form.getInputProps('instructions')}
      />

      <Fieldset legend={t('form.settingsLegend')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SETTING_KEYS.map((key) => (
            <Checkbox key={key} label={settingLabel(key)} {...checkbox(`settings.${key}`)} />
          ))}
        </SimpleGrid>
        {/* maxAttempts is shown only when multiple attempts are allowed. */}
        {settings.allowMultipleAttempts && (
          <NumberInput
            mt="md"
            maw={220}
            label={t('settings.maxAttempts')}
            min={1}
            max={10}
            allowDecimal={false}
            {...form.getInputProps('settings.maxAttempts')}
          />
        )}
        <Switch
          mt="md"
          label={t('integrity:examSetting.label')}
          description={t('integrity:examSetting.description')}
          {...checkbox('settings.resultsWaitForReview')}
        />
        <Switch mt="md" label={t('seb:form.label')} description={t('seb:form.description')} {...checkbox('settings.requireSeb')} />
        <Checkbox mt="md" label={t('grading:examSetting.label')} description={t('grading:examSetting.description')} {...checkbox('settings.anonymousMarking')} />
      </Fieldset>

      <Fieldset legend={t('proctoring.title')}>
        <Stack>
          <Checkbox label={t('proctoring.enable')} {...checkbox('settings.proctoring.enabled')} />
          {settings.proctoring.enabled && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {PROCTORING_KEYS.map((key) => (
                <Checkbox key={key} label={proctoringLabel(key)} {...checkbox(`settings.proctoring.${key}`)} />
              ))}
            </SimpleGrid>
          )}
          {settings.proctoring.enabled && (settings.proctoring.preventTabSwitching || settings.proctoring.requireFullscreen) && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {settings.proctoring.preventTabSwitching && (
                <NumberInput label={ALLOWANCE_LABELS.tabSwitchesAllowed} min={0} max={MAX_VIOLATIONS_ALLOWED} clampBehavior="none" allowDecimal={false} {...form.getInputProps('settings.proctoring.tabSwitchesAllowed')} />
              )}
              {settings.proctoring.requireFullscreen && (
                <NumberInput label={ALLOWANCE_LABELS.fullscreenExitsAllowed} min={0} max={MAX_VIOLATIONS_ALLOWED} clampBehavior="none" allowDecimal={false} {...form.getInputProps('settings.proctoring.fullscreenExitsAllowed')} />
              )}
            </SimpleGrid>
          )}
          {settings.proctoring.enabled && <ProctoringProfileFields form={form} path="settings.proctoring" profile={settings.proctoring} />}
        </Stack>
      </Fieldset>

      <TagsInput
        label={t('form.tags')}
        description={t('form.tagsHint')}
        maxTags={20}
        {...form.getInputProps('tags')}
      />
      <Text size="sm" c="dimmed">
        {form.values.eligibleStudents.length
          ? t('form.eligibleListed', { count: form.values.eligibleStudents.length })
          : t('form.eligibleGrade')}
      </Text>
    </Stack>
  );
}
