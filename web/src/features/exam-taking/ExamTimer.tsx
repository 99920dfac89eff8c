import { Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamActor } from './examActor';
import { beep, crossedThresholds, timerHidden } from './examPreferences';
import { usePhone } from './phone';
import { timeLeftOf, totalTimeOf } from './selectors';
import { timerAnnouncement, timerView } from './timerStatus';

/**
 * The countdown. `role="timer"` with live updates off (a reader announcing every second is
 * unusable); a separate polite region speaks a sentence at 10, 5 and 1 minutes left, even while
 * the student has the countdown hidden. On a phone the header is one line: the level's words and
 * the hidden timer's reason are kept for screen readers, and sighted readers get the clock, the
 * icon's shape and colour, and a short form.
 */
export function ExamTimer({ expired, showTimer = true, playSound = false, calm = false }: { expired: boolean; showTimer?: boolean; playSound?: boolean; calm?: boolean }) {
  const { t } = useTranslation('examTaking');
  const phone = usePhone();
  const left = ExamActor.useSelector((s) => (expired ? 0 : Math.ceil(timeLeftOf(s) / 1000) * 1000));
  const total = ExamActor.useSelector(totalTimeOf);
  const view = timerView(left, total);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | null>(null);

  useEffect(() => {
    const text = timerAnnouncement(previous.current, left);
    if (playSound && crossedThresholds(previous.current, left).length) beep();
    previous.current = left;
    if (text) setAnnouncement(text);
  }, [left, playSound]);

  const spoken = (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="timer-announcement">
      {announcement}
    </VisuallyHidden>
  );

  // Hidden by the student's choice, but never in the last five minutes: the deadline rules either way.
  if (timerHidden(showTimer, left)) {
    return (
      <>
        <HiddenTimerNote phone={phone} />
        {spoken}
      </>
    );
  }

  // Reduced distraction (an accommodation): the level is told in words and the icon's shape only, never by a change of colour.
  const color = calm ? undefined : view.color;
  const cssColor = color && `var(--mantine-color-${color}-text)`;
  return (
    <Paper withBorder px="sm" py={6} radius="md" style={cssColor ? { borderColor: cssColor } : undefined}>
      <Group gap="xs" wrap="nowrap">
        {view.level === 'normal' ? <IconClock size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden color={cssColor} />}
        <div role="timer" aria-live="off" aria-atomic="true" aria-label={t('timer.label')} data-testid="exam-timer" data-level={view.level} data-calm={calm ? 'true' : undefined}>
          <Text fw={700} c={color} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {view.text}
          </Text>
          {view.hint &&
            (phone ? (
              <VisuallyHidden data-testid="exam-timer-hint">{view.hint}</VisuallyHidden>
            ) : (
              <Text size="xs" fw={600} c={color} data-testid="exam-timer-hint">
                {view.hint}
              </Text>
            ))}
        </div>
      </Group>
      {spoken}
    </Paper>
  );
}

/** Why no countdown shows; on a phone a short form fits the header's one line, the whole sentence kept for screen readers. */
export function HiddenTimerNote({ phone }: { phone: boolean }) {
  const { t } = useTranslation('examTaking');
  if (!phone) {
    return (
      <Text size="sm" c="dimmed" data-testid="exam-timer-hidden">
        {t('timer.hidden')}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="exam-timer-hidden" style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden>{t('timer.hiddenShort')}</span>
      <VisuallyHidden>{t('timer.hidden')}</VisuallyHidden>
    </Text>
  );
}
