import type { PlatformSettings } from '@exam/shared';
import { Card, TagsInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The school's allowed Browser Exam Keys, in the admin settings (docs/seb.md): none, any Safe Exam
 * Browser running an exam's file; some, only those builds.
 */
export function SebSettingsCard({ form }: { form: UseFormReturnType<PlatformSettings> }) {
  const { t } = useTranslation('seb');
  const titleId = useId();
  const path = 'seb.allowedBrowserExamKeys';
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('admin.title')}
      </Title>
      <TagsInput
        label={t('admin.keys')}
        description={t('admin.keysHint')}
        placeholder={t('admin.keysPlaceholder')}
        maxTags={100}
        {...form.getInputProps(path)}
        // A bad key's message is on its own index (seb.allowedBrowserExamKeys.2): shown on the field.
        error={form.errors[path] ?? Object.entries(form.errors).find(([k]) => k.startsWith(`${path}.`))?.[1]}
      />
    </Card>
  );
}
