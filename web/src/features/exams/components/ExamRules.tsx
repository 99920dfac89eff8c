import type { TitleOrder } from '@mantine/core';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { Section } from '../../../components/Section';
import { settingsSummary, type SummarySettings } from '../labels';

/** An exam's instructions (when it has any) and its settings, read-only: review step and details. */
export function ExamRules({ instructions, settings, order = 2 }: { instructions: string; settings: SummarySettings; order?: TitleOrder }) {
  const { t } = useTranslation('exams');
  return (
    <>
      {instructions && (
        <Section title={t('form.instructions')} order={order}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{instructions}</Text>
        </Section>
      )}
      <Section title={t('form.settingsLegend')} order={order}>
        <DetailList cols={3} items={settingsSummary(settings)} />
      </Section>
    </>
  );
}
