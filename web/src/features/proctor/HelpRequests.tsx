import type { WaivableCheck } from '@exam/shared';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { formatTime } from '../../lib/dateFormat';
import { notifyError, notifySuccess } from '../../lib/notify';
import { checkLabel } from './feed';
import { resolveHelp } from './proctorApi';
import type { HelpRequest } from './schemas';

interface HelpRequestsProps {
  requests: HelpRequest[];
  nameOf: (studentId: string) => string;
  onWaive: (studentId: string, check: WaivableCheck) => void;
  /** The request the server resolved (its own `proctor:help` follows; applying both is harmless). */
  onResolved: (request: HelpRequest) => void;
}

/** Students who cannot pass a required check and asked for help, oldest first, until a proctor resolves them. */
export function HelpRequests({ requests, nameOf, onWaive, onResolved }: HelpRequestsProps) {
  const { t } = useTranslation('proctor');
  const [busy, setBusy] = useState<string | null>(null);
  if (!requests.length) return null;

  const resolve = async (request: HelpRequest) => {
    setBusy(request.id);
    try {
      await resolveHelp(request.id);
      onResolved({ ...request, status: 'resolved' });
      notifySuccess(t('help.resolved'));
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Alert color="indigo" variant="light" icon={<IconLifebuoy size={18} aria-hidden />} component="section" aria-labelledby="help-title" data-testid="help-requests">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h5" id="help-title">
          {t('help.title')}
        </Title>
        <Badge size="sm" color="indigo" style={{ textTransform: 'none' }}>
          {t('help.count', { count: requests.length })}
        </Badge>
      </Group>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {requests.map((r) => {
          const name = nameOf(r.studentId);
          const check = checkLabel(r.check);
          return (
            <li key={r.id} data-testid="help-request">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {r.at && (
                    <Text span size="xs" c="dimmed" mr={6}>
                      {formatTime(r.at, { seconds: false })}
                    </Text>
                  )}
                  <Text span fw={600}>
                    {name}
                  </Text>{' '}
                  {t('help.asks', { check })}
                  {r.note && ` · ${t('feed.quoted', { text: r.note })}`}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => onWaive(r.studentId, r.check)} aria-label={t('help.waiveFor', { check, name })}>
                    {t('help.waive')}
                  </Button>
                  <Button size="xs" variant="default" loading={busy === r.id} onClick={() => void resolve(r)} aria-label={t('help.resolveFor', { name })}>
                    {t('help.resolve')}
                  </Button>
                </Group>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Alert>
  );
}
