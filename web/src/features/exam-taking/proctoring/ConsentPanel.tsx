import type { ConsentCheck, ConsentSummary } from '@exam/shared';
import { Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConsentPanelProps {
  summary: ConsentSummary;
  /** The student accepted this version before (a second visit): nothing to tick. */
  alreadyAccepted: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Exactly what the exam checks, where the checks run, what is kept, for how long and who sees it
 * (the server's consent summary, the version the student accepts), and the box that accepts it.
 */
export function ConsentPanel({ summary, alreadyAccepted, checked, onChange }: ConsentPanelProps) {
  const { t } = useTranslation('examTaking');
  const live = [summary.liveView.camera && 'camera', summary.liveView.microphone && 'microphone', summary.liveView.screen && 'screen'].filter(Boolean) as string[];
  const sources = summary.evidence.sources.length === 2 ? 'both' : (summary.evidence.sources[0] ?? 'camera');

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consent-title" data-testid="consent-panel">
      <Stack gap="sm">
        <Title order={2} size="h4" id="consent-title">
          {t('consent.title')}
        </Title>
        <Text size="sm" fw={600}>
          {t('consent.checksTitle')}
        </Text>
        <List spacing={4} size="sm" aria-label={t('consent.checksTitle')}>
          {summary.checks.map((c) => (
            <List.Item key={c.check}>{checkText(t, c)}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          {t('consent.keptTitle')}
        </Text>
        <List spacing={4} size="sm">
          <List.Item>{t('consent.onDevice')}</List.Item>
          {live.map((what) => (
            <List.Item key={what}>{t(`consent.live.${what}`)}</List.Item>
          ))}
          <List.Item>{summary.evidence.pictures ? t(`consent.evidence.${sources}`, { count: summary.evidence.retentionDays }) : t('consent.evidence.none')}</List.Item>
          <List.Item>{t('consent.flagsKept')}</List.Item>
          <List.Item>{t('consent.viewers')}</List.Item>
        </List>
        {alreadyAccepted ? (
          <Text size="sm" role="status">
            {t('consent.accepted')}
          </Text>
        ) : (
          <Checkbox label={t('consent.accept')} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
        )}
      </Stack>
    </Paper>
  );
}

function checkText(t: (key: string, values?: Record<string, unknown>) => string, c: ConsentCheck): string {
  const base = t(`consent.check.${c.check}`, c.values);
  const extra = c.check === 'face' && c.values.multipleFaces ? ` ${t('consent.check.faceMultiple')}` : '';
  const weight = c.check === 'fullscreen' || c.check === 'tab-switch' ? '' : ` ${t(c.counted ? 'consent.counted' : 'consent.informs')}`;
  return `${base}${extra}${weight}`;
}
