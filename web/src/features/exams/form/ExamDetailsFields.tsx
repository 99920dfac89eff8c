import { MAX_VIOLATIONS_ALLOWED, SUBJECTS } from '@exam/shared';
import {
  Checkbox,
  Fieldset,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { titleCase } from '../../../lib/format';
import { timeZoneOptions } from '../../../lib/zonedTime';
import { ALLOWANCE_LABELS, DIFFICULTY_LABELS, PROCTORING_LABELS, SETTING_LABELS } from '../labels';
import type { ExamFormValues } from './examForm';

interface ExamDetailsFieldsProps {
  form: UseFormReturnType<ExamFormValues>;
  /** 6–12 in the wizard, 1–12 on the edit form (spec core §9). */
  grades: readonly number[];
  /** The wizard offers practice, assessment and final; the edit form every type. */
  examTypes: readonly string[];
}

/** The exam's details, schedule, instructions and settings: the wizard's step 1 and the edit form. */
export function ExamDetailsFields({ form, grades, examTypes }: ExamDetailsFieldsProps) {
  const subjectOptions = useMemo(
    () => [{ value: '', label: 'Select subject' }, ...SUBJECTS.map((s) => ({ value: s, label: titleCase(s) }))],
    [],
  );
  const gradeOptions = useMemo(
    () => [{ value: '', label: 'Select grade' }, ...grades.map((g) => ({ value: String(g), label: `Grade ${g}` }))],
    [grades],
  );
  const typeOptions = useMemo(() => examTypes.map((t) => ({ value: t, label: titleCase(t) })), [examTypes]);
  const difficultyOptions = Object.entries(DIFFICULTY_LABELS).map(([value, label]) => ({ value, label }));
  const zone = form.values.timezone;
  const zones = useMemo(() => timeZoneOptions([zone]), [zone]);
  const { settings } = form.values;
  const checkbox = (path: string) => form.getInputProps(path, { type: 'checkbox' });

  return (
    <Stack gap="lg">
      <Fieldset legend="Exam Details">
        <Stack>
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label="Subject" required data={subjectOptions} {...form.getInputProps('subject')} />
            <NativeSelect label="Grade" required data={gradeOptions} {...form.getInputProps('grade')} />
          </SimpleGrid>
          <Textarea label="Description" required autosize minRows={3} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Duration (minutes)" required min={1} allowDecimal={false} {...form.getInputProps('duration')} />
            <NumberInput
              label="Passing Marks"
              description="Percentage needed to pass"
              required
              min={0}
              max={100}
              allowDecimal={false}
              {...form.getInputProps('passingMarks')}
            />
            <NativeSelect label="Exam Type" data={typeOptions} {...form.getInputProps('examType')} />
            <NativeSelect label="Difficulty" data={difficultyOptions} {...form.getInputProps('difficulty')} />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Schedule">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Start Date & Time" type="datetime-local" required {...form.getInputProps('startLocal')} />
          <TextInput label="End Date & Time" type="datetime-local" required {...form.getInputProps('endLocal')} />
          {/* Native: ~420 zones stay fast, and the browser's type-ahead finds one by its name. */}
          <NativeSelect
            label="Time Zone"
            description="Start and end are read on this zone's clock"
            data={zones}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
      </Fieldset>

      <Textarea
        label="Instructions"
        description="Shown to students before they start"
        autosize
        minRows={3}
        {...form.getInputProps('instructions')}
      />

      <Fieldset legend="Settings">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(Object.keys(SETTING_LABELS) as (keyof typeof SETTING_LABELS)[]).map((key) => (
            <Checkbox key={key} label={SETTING_LABELS[key]} {...checkbox(`settings.${key}`)} />
          ))}
        </SimpleGrid>
        {/* Spec core §5: maxAttempts is shown only when multiple attempts are allowed. */}
        {settings.allowMultipleAttempts && (
          <NumberInput
            mt="md"
            maw={220}
            label="Max Attempts"
            min={1}
            max={10}
            allowDecimal={false}
            {...form.getInputProps('settings.maxAttempts')}
          />
        )}
      </Fieldset>

      <Fieldset legend="Proctoring">
        <Stack>
          <Checkbox label="Enable proctoring" {...checkbox('settings.proctoring.enabled')} />
          {settings.proctoring.enabled && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(Object.keys(PROCTORING_LABELS) as (keyof typeof PROCTORING_LABELS)[]).map((key) => (
                <Checkbox key={key} label={PROCTORING_LABELS[key]} {...checkbox(`settings.proctoring.${key}`)} />
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
        </Stack>
      </Fieldset>

      <TagsInput
        label="Tags"
        description="Press Enter after each tag"
        maxTags={20}
        {...form.getInputProps('tags')}
      />
      <Text size="sm" c="dimmed">
        {form.values.eligibleStudents.length
          ? `Only the ${form.values.eligibleStudents.length} listed student(s) can take this exam.`
          : 'Every student of the selected grade can take this exam once it is published.'}
      </Text>
    </Stack>
  );
}
