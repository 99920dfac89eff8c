import { formatDateTimeText } from '../../lib/dateFormat';
import { PROCTOR_EVENTS, type Ack } from '@exam/shared';
import { Alert, Badge, Drawer, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { enumLabel } from '../../i18n/format';
import { eventDetailText, eventLabel } from './feed';
import { timelineEntrySchema } from './schemas';

interface TimelineDrawerProps {
  attemptId: string | null;
  name: string;
  /** Changes whenever the board sees a new event of this student, so the open timeline follows. */
  version: number;
  call: <T extends object>(event: string, payload: unknown) => Promise<Ack<T>>;
  onClose: () => void;
}

const timelineData = z.object({ events: z.array(timelineEntrySchema) });

/** A student's full event log for this attempt, oldest first, with who did what. */
export function TimelineDrawer({ attemptId, name, version, call, onClose }: TimelineDrawerProps) {
  const { t } = useTranslation('proctor');
  const query = useQuery({
    queryKey: ['proctor-timeline', attemptId, version],
    enabled: !!attemptId,
    staleTime: 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
    queryFn: async () => {
      const ack = await call<{ data: unknown }>(PROCTOR_EVENTS.timeline, { attemptId });
      if (!ack.ok) throw new Error(ack.message);
      return timelineData.parse(ack.data).events;
    },
  });

  return (
    <Drawer opened={!!attemptId} onClose={onClose} position="right" size="md" title={t('timeline.title', { name })}>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('timeline.loading')} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('timeline.empty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="timeline">
          {query.data.map((e, i) => {
            const detail = eventDetailText(e.type, e.detail ?? {});
            return (
              <Timeline.Item key={`${e.at}-${i}`} title={eventLabel(e.type)}>
                <Stack gap={2}>
                  {detail && <Text size="sm">{detail}</Text>}
                  <Text size="xs" c="dimmed">
                    {formatDateTimeText(e.at)}
                    {e.by && (
                      <>
                        {' · '}
                        {t('timeline.by', { name: e.by.name })}{' '}
                        {e.by.role && (
                          <Badge component="span" size="xs" variant="outline" style={{ textTransform: 'none' }}>
                            {enumLabel('roles', e.by.role)}
                          </Badge>
                        )}
                      </>
                    )}
                  </Text>
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Drawer>
  );
}
