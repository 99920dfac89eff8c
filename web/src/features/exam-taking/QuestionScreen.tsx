import { ActionIcon, Alert, Badge, Box, Button, CloseButton, Container, Grid, Group, Kbd, Paper, Popover, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconHourglassEmpty, IconKeyboard, IconMaximize } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usesCamera, usesMicrophone } from '@exam/shared';
import { useSettings } from '../account/useSettings';
import { ExtraTimeNote } from '../accommodations/ExtraTimeNote';
import { ExamActor } from './examActor';
import { EXAM_SHORTCUTS, useExamShortcuts } from './examPreferences';
import { ExamTimer } from './ExamTimer';
import { canFullscreen, enterFullscreen, isFullscreen } from './fullscreen';
import { MediaResume } from './MediaResume';
import { ScreenShareGuard } from './proctoring/ReshareDialog';
import { TAKING_MSG, warningText } from './messages';
import { ProctorMessages } from './ProctorMessages';
import { QuestionCard } from './QuestionCard';
import { QuestionPalette } from './QuestionPalette';
import { SaveStatus } from './SaveStatus';
import { questionStatuses, sameStatuses, type Phase } from './selectors';
import { SubmitDialog } from './SubmitDialog';

/** The exam itself: timer, save status, progress, one question at a time, palette, submit. */
export function QuestionScreen({ phase }: { phase: Extract<Phase, 'taking' | 'submitting' | 'expired'> }) {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const title = ExamActor.useSelector((s) => s.context.exam?.title ?? '');
  const questions = ExamActor.useSelector((s) => s.context.questions);
  const current = ExamActor.useSelector((s) => s.context.current);
  const answers = ExamActor.useSelector((s) => s.context.book.answers);
  const unsaved = ExamActor.useSelector((s) => Object.keys(s.context.book.pending).length);
  const statuses = ExamActor.useSelector(questionStatuses, sameStatuses);
  const accommodation = ExamActor.useSelector((s) => s.context.accommodation);
  const calm = !!accommodation?.reducedDistraction;
  const [confirming, setConfirming] = useState(false);
  const flushRef = useRef<(() => void) | null>(null);
  const prefs = useSettings().settings.exam;

  const locked = phase !== 'taking';
  const question = questions[current];
  const answeredCount = statuses.filter((s) => s.answered).length;
  const flush = () => flushRef.current?.();

  // At zero, whatever was typed still goes out (the server takes saves in flight for a moment).
  useEffect(() => {
    if (phase === 'expired') flushRef.current?.();
  }, [phase]);

  const go = (index: number) => {
    flush();
    actor.send({ type: 'user.goto', index });
  };

  useExamShortcuts(prefs.enableKeyboardShortcuts && phase === 'taking', (action) => {
    const q = questions[current];
    if (action === 'next' && current < questions.length - 1) go(current + 1);
    if (action === 'previous' && current > 0) go(current - 1);
    if (action === 'mark' && q) actor.send({ type: 'user.toggleMark', questionId: q._id });
  });

  if (!question) return null;
  const status = statuses[current] ?? { answered: false, marked: false };
  const submitNow = () => actor.send({ type: 'user.submit' });

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        {/* Sticky: the time left stays in sight while a long question or the palette scrolls (a phone above all). */}
        <Paper withBorder p="sm" radius="md" component="header" data-testid="exam-header" style={{ position: 'sticky', top: 0, zIndex: 100 }}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            {/* Smaller on a phone: the sticky header must leave the question room. */}
            <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lineClamp={2}>
              {title}
            </Title>
            <Group gap="sm" wrap="wrap">
              <SaveStatus />
              <AutoSaveNote />
              {prefs.enableKeyboardShortcuts && <ShortcutHelp />}
              <Stack gap={0} align="flex-end">
                <ExamTimer expired={phase === 'expired'} showTimer={prefs.showTimer} playSound={prefs.playSound} calm={calm} />
                <ExtraTimeNote accommodation={accommodation} />
              </Stack>
            </Group>
          </Group>
          <Stack gap={4} mt="xs">
            <Text size="sm" id="progress-label">
              {t('screen.progress', { answered: answeredCount, total: questions.length })}
            </Text>
            <Progress value={questions.length ? (answeredCount / questions.length) * 100 : 0} aria-labelledby="progress-label" size="md" />
          </Stack>
        </Paper>

        <Notices phase={phase} />

        <Grid gap="lg">
          {/* Larger text (an accommodation): the whole question area at 125 %, its answers and buttons in proportion. */}
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Box data-testid="question-area" data-text-size={accommodation?.largerText ? 'large' : 'normal'} style={accommodation?.largerText ? { zoom: 1.25 } : undefined}>
              <QuestionCard
                question={question}
                index={current}
                total={questions.length}
                answer={answers[question._id] ?? null}
                marked={status.marked}
                locked={locked}
                onAnswer={(answer) => actor.send({ type: 'user.answer', questionId: question._id, answer })}
                onToggleMark={() => actor.send({ type: 'user.toggleMark', questionId: question._id })}
                onGo={go}
                flushRef={flushRef}
              />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap="md">
                <QuestionPalette statuses={statuses} current={current} onGo={go} plain={calm} />
                <Button
                  color="red"
                  onClick={() => {
                    flush();
                    // The student's confirmBeforeSubmit setting: off submits at once.
                    if (prefs.confirmBeforeSubmit) setConfirming(true);
                    else submitNow();
                  }}
                  disabled={locked}
                  loading={phase === 'submitting'}
                >
                  {t('screen.submitExam')}
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>

      <SubmitDialog
        opened={confirming && phase === 'taking'}
        statuses={statuses}
        unsaved={unsaved}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          submitNow();
        }}
      />
    </Container>
  );
}

/** Auto-save is not a choice during an exam: say so and why, whatever the setting (not on a phone, where the header must stay small). */
function AutoSaveNote() {
  const { t } = useTranslation('examTaking');
  return (
    <Tooltip label={t('screen.autoSaveHint')} multiline w={260}>
      <Badge variant="light" color="teal" data-testid="autosave-note" tabIndex={0} visibleFrom="sm">
        {t('screen.autoSave')}
      </Badge>
    </Tooltip>
  );
}

/** The keyboard shortcuts (settings: enableKeyboardShortcuts), one click away. */
function ShortcutHelp() {
  const { t } = useTranslation('examTaking');
  return (
    <Popover width={260} position="bottom-end" withArrow>
      <Popover.Target>
        <ActionIcon variant="default" aria-label={t('screen.shortcuts')}>
          <IconKeyboard size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb={4}>
          {t('screen.shortcuts')}
        </Text>
        <Stack gap={4} component="dl" m={0}>
          {EXAM_SHORTCUTS.map((s) => (
            <Group key={s.key} gap="xs" wrap="nowrap">
              <Kbd component="dt">{s.key}</Kbd>
              <Text size="sm" component="dd" m={0}>
                {t(s.labelKey)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Time up, submitting, violation warnings and the way back to fullscreen. */
function Notices({ phase }: { phase: Phase }) {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const warning = ExamActor.useSelector((s) => s.context.warning);
  const proctoring = ExamActor.useSelector((s) => s.context.exam?.settings.proctoring);
  const fullscreen = useFullscreen();
  const wantsFullscreen = !!proctoring?.enabled && proctoring.requireFullscreen && canFullscreen();
  // After a reload the camera and microphone come back for the device checks too, not only for a proctor's tile.
  const media = { video: !!proctoring && usesCamera(proctoring), audio: !!proctoring && usesMicrophone(proctoring) };

  return (
    <>
      <ProctorMessages />
      {phase === 'expired' && (
        <Alert color="red" icon={<IconHourglassEmpty />} title={TAKING_MSG.timeExpired} role="alert" data-testid="time-expired">
          {TAKING_MSG.timeExpiredDetail}
        </Alert>
      )}
      {phase === 'submitting' && (
        <Alert color="blue" role="status" data-testid="submitting">
          {t('screen.submitting')}
        </Alert>
      )}
      {warning && proctoring && phase === 'taking' && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" data-testid="violation-warning" key={warning.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{warningText(warning.violationType, warning.counts, proctoring)}</Text>
            <CloseButton aria-label={t('warnings.dismiss')} onClick={() => actor.send({ type: 'user.dismissWarning' })} />
          </Group>
        </Alert>
      )}
      {(media.video || media.audio) && phase === 'taking' && <MediaResume needs={media} />}
      {!!proctoring?.enabled && proctoring.screenShare.required && phase === 'taking' && <ScreenShareGuard />}
      {wantsFullscreen && !fullscreen && phase === 'taking' && (
        <Alert color="orange" icon={<IconMaximize />} data-testid="fullscreen-prompt">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('screen.fullscreenPrompt')}</Text>
            <Button size="xs" variant="light" color="orange" onClick={enterFullscreen}>
              {t('screen.returnToFullscreen')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}

function useFullscreen(): boolean {
  const [on, setOn] = useState(isFullscreen);
  useEffect(() => {
    const update = () => setOn(isFullscreen());
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return on;
}
