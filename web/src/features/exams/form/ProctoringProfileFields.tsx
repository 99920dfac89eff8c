import { CHECK_SECONDS_MAX, CHECK_SECONDS_MIN, DEVICE_FLAGS } from '@exam/shared';
import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ExamFormValues } from './examForm';

/**
 * The checks that run on the student's own device (issue 58): face, voice, screen share, second
 * monitor, evidence pictures, and which of their flags count toward the exam's limits.
 */
export function ProctoringProfileFields({ form }: { form: UseFormReturnType<ExamFormValues> }) {
  const { t } = useTranslation('exams');
  const p = form.values.settings.proctoring;
  const checkbox = (path: string) => form.getInputProps(`settings.proctoring.${path}`, { type: 'checkbox' });
  const seconds = (path: string, label: string) => (
    <NumberInput
      label={label}
      min={CHECK_SECONDS_MIN}
      max={CHECK_SECONDS_MAX}
      clampBehavior="none"
      allowDecimal={false}
      suffix={t('proctoring.profile.secondsSuffix')}
      {...form.getInputProps(`settings.proctoring.${path}`)}
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
      <Checkbox.Group label={t('proctoring.profile.countedFlags')} description={t('proctoring.profile.countedHint')} {...form.getInputProps('settings.proctoring.countedFlags')}>
        <Group mt="xs" gap="md">
          {DEVICE_FLAGS.map((flag) => (
            <Checkbox key={flag} value={flag} label={t(`proctoring.flags.${flag}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
