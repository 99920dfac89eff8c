import { CHECK_SECONDS_MAX, CHECK_SECONDS_MIN, DEVICE_FLAGS, type ProctoringProfile } from '@exam/shared';
import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/**
 * The checks that run on the student's own device: face, voice, screen share, second monitor,
 * evidence pictures, and which of their flags count toward the exam's limits. One exam's (the exam
 * form, at `settings.proctoring`) or the school's defaults (admin settings).
 */
export function ProctoringProfileFields<T>({ form, path, profile }: { form: UseFormReturnType<T>; path: string; profile: ProctoringProfile }) {
  const { t } = useTranslation('exams');
  const p = profile;
  const checkbox = (field: string) => form.getInputProps(`${path}.${field}`, { type: 'checkbox' });
  const seconds = (field: string, label: string) => (
    <NumberInput
      label={label}
      min={CHECK_SECONDS_MIN}
      max={CHECK_SECONDS_MAX}
      clampBehavior="none"
      allowDecimal={false}
      suffix={t('proctoring.profile.secondsSuffix')}
      {...form.getInputProps(`${path}.${field}`)}
    />
  );

  return (
    <Stack gap="sm" data-testid="proctoring-profile">
      <Text size="sm" c="dimmed">
        {t('proctoring.profile.hint')}
      </Text>
      <Checkbox label={t('proctoring.profile.faceChecks')} {...checkbox('faceChecks.enabled')} />
      {p.faceChecks.enabled && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} pl="lg">
          {seconds('faceChecks.missingSeconds', t('proctoring.profile.missingSeconds'))}
          {seconds('faceChecks.lookAwaySeconds', t('proctoring.profile.lookAwaySeconds'))}
          <Checkbox mt={{ sm: 'xl' }} label={t('proctoring.profile.multipleFaces')} {...checkbox('faceChecks.multipleFaces')} />
        </SimpleGrid>
      )}
      <Checkbox label={t('proctoring.profile.voiceCheck')} {...checkbox('voiceCheck.enabled')} />
      {p.voiceCheck.enabled && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} pl="lg">
          {seconds('voiceCheck.speechSeconds', t('proctoring.profile.speechSeconds'))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Checkbox label={t('proctoring.profile.screenShare')} {...checkbox('screenShare.required')} />
        <Checkbox label={t('proctoring.profile.secondMonitor')} {...checkbox('secondMonitorCheck')} />
        <Checkbox label={t('proctoring.profile.evidencePictures')} description={t('proctoring.profile.evidenceHint')} {...checkbox('evidencePictures')} />
      </SimpleGrid>
      <Checkbox.Group label={t('proctoring.profile.countedFlags')} description={t('proctoring.profile.countedHint')} {...form.getInputProps(`${path}.countedFlags`)}>
        <Group mt="xs" gap="md">
          {DEVICE_FLAGS.map((flag) => (
            <Checkbox key={flag} value={flag} label={t(`proctoring.flags.${flag}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
