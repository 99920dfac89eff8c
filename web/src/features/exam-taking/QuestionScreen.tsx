import { ActionIcon, Alert, Badge, Box, Button, Container, Grid, Group, Kbd, Loader, Paper, Popover, Progress, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudOff, IconHourglassEmpty, IconKeyboard, IconMaximize } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usesCamera, usesMicrophone } from '@exam/shared';
import { useSettings } from '../account/useSettings';
import { ExtraTimeNote } from '../accommodations/ExtraTimeNote';
import { BreakButton } from './BreakButton';
import { BreakNotices } from './BreakNotices';
import { BreakPanel } from './BreakPanel';
import { ExamActor } from './examActor';
import { EXAM_SHORTCUTS, useExamShortcuts } from './examPreferences';
import { ExamTimer } from './ExamTimer';
import { canFullscreen, enterFullscreen, isFullscreen } from './fullscreen';
import { DismissButton } from './DismissButton';
import { MediaResume } from './MediaResume';
import { usePhone } from './phone';
import { ScreenShareGuard } from './proctoring/ReshareDialog';
import { TAKING_MSG, warningText } from './messages';
import { ProctorMessages } from './ProctorMessages';
import { QuestionCard } from './QuestionCard';
import { QuestionPalette } from './QuestionPalette';
import { SaveStatus } from './SaveStatus';
import { SAVE_STATUS_COLORS, onBreakOf, questionStatuses, sameStatuses, saveStateOf, saveStateText, type Phase, type SaveState } from './selectors';
import { SubmitDialog } from './SubmitDialog';
import { BUTTON_TOUCH_HEIGHT } from './touchTarget';

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
  const resting = ExamActor.useSelector(onBreakOf);
  const [confirming, setConfirming] = useState(false);
  const flushRef = useRef<(() => void) | null>(null);
  const prefs = useSettings().settings.exam;
  const phone = usePhone();
  const { ref: headerRef, height: headerHeight } = useHeaderHeight();

  const locked = phase !== 'taking';
  const question = questions[current];
  const answeredCount = statuses.filter((s) => s.answered).length;
  const flush = () => flushRef.current?.();

  // At zero, whatever was typed still goes out (the server takes saves in flight for a moment).
  useEffect(() => {
    if (phase === 'expired') flushRef.current?.();
  }, [phase]);

  useQuestionInSight(current);
  useFocusAfterBreak(resting);

  const go = (index: number) => {
    flush();
    actor.send({ type: 'user.goto', index });
  };

  useExamShortcuts(prefs.enableKeyboardShortcuts && phase === 'taking' && !resting, (action) => {
    const q = questions[current];
    if (action === 'next' && current < questions.length - 1) go(current + 1);
    if (action === 'previous' && current > 0) go(current - 1);
    if (action === 'mark' && q) actor.send({ type: 'user.toggleMark', questionId: q._id });
  });

  if (!question) return null;
  const status = statuses[current] ?? { answered: false, marked: false };
  const submitNow = () => actor.send({ type: 'user.submit' });
  const breakButton = phase === 'taking' && <BreakButton phone={phone} onBeforeBreak={flush} />;

  const progress = (
    // The bar's own name: a screen reader reaching it hears the count, not a bare percentage.
    <Progress
      // Whole percent: a reader would otherwise say "33.333333333 percent".
      value={questions.length ? Math.round((answeredCount / questions.length) * 100) : 0}
      aria-label={t('screen.progressName', { answered: answeredCount, total: questions.length })}
      size={phone ? 4 : 'md'}
      radius={phone ? 0 : undefined}
      data-testid="exam-progress"
      style={phone ? { position: 'absolute', left: 0, right: 0, bottom: 0 } : undefined}
    />
  );

  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }} style={{ '--exam-header-height': `${headerHeight}px` } as React.CSSProperties}>
      <Stack gap="md">
        {phone && (
          <Title order={1} fz="lg" lineClamp={2}>
            {title}
          </Title>
        )}
        {/* Sticky: the time left stays in sight while a long question or the palette scrolls (a phone above all). */}
        <Paper
          ref={headerRef}
          withBorder
          p={phone ? 6 : 'sm'}
          radius="md"
          component="header"
          data-testid="exam-header"
          style={{ position: 'sticky', top: 0, zIndex: 100, overflow: phone ? 'hidden' : undefined }}
        >
          {phone ? (
            // One line on a phone: where am I, is it saved, how long is left; the bar runs along the bottom edge.
            <>
              <Group justify="space-between" wrap="nowrap" gap={6} pb={4}>
                <QuestionCounter number={current + 1} total={questions.length} />
                <CompactSaveStatus />
                <ExamTimer expired={phase === 'expired'} showTimer={prefs.showTimer} playSound={prefs.playSound} calm={calm} />
                {breakButton}
              </Group>
              {progress}
            </>
          ) : (
            <>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Title order={1} fz="xl" lineClamp={2}>
                  {title}
                </Title>
                <Group gap="sm" wrap="wrap">
                  <SaveStatus />
                  <AutoSaveNote />
                  {prefs.enableKeyboardShortcuts && <ShortcutHelp />}
                  {breakButton}
                  <Stack gap={0} align="flex-end">
                    <ExamTimer expired={phase === 'expired'} showTimer={prefs.showTimer} playSound={prefs.playSound} calm={calm} />
                    {resting && (
                      <Text size="xs" fw={600} data-testid="clock-stopped">
                        {t('break.clockStopped')}
                      </Text>
                    )}
                    <ExtraTimeNote accommodation={accommodation} />
                  </Stack>
                </Group>
              </Group>
              <Stack gap={4} mt="xs">
                <Text size="sm" aria-hidden>
                  {t('screen.progress', { answered: answeredCount, total: questions.length })}
                </Text>
                {progress}
              </Stack>
            </>
          )}
        </Paper>

        {phone && <ExtraTimeNote accommodation={accommodation} />}
        {phone && <OfflineDetail />}
        <Notices phase={phase} resting={resting} />

        {/* On a break the questions are not in the page at all: only the break and the way back. */}
        {resting ? (
          <Box style={accommodation?.largerText ? { zoom: 1.25 } : undefined}>
            <BreakPanel />
          </Box>
        ) : (
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
                    h={BUTTON_TOUCH_HEIGHT}
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
        )}
      </Stack>

      <SubmitDialog
        opened={confirming && phase === 'taking' && !resting}
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

/** The sticky header's height, for the question heading's scroll-margin (it changes with the timer's hint, the language). */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(Math.ceil(el.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, height };
}

/**
 * Moving to another question from the palette or the Next button far down the page would leave its
 * heading above the screen or under the sticky header: bring it back (its scroll-margin keeps it clear).
 * The screen itself opens at the top: a phone scrolled down to the start screen's Start button
 * would otherwise open the exam with its first heading under the header.
 */
function useQuestionInSight(current: number) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (window.scrollY > 0) window.scrollTo(0, 0);
      return;
    }
    const heading = document.getElementById('question-heading');
    const header = document.querySelector('[data-testid="exam-header"]');
    if (!heading) return;
    const covered = heading.getBoundingClientRect().top < (header?.getBoundingClientRect().bottom ?? 0);
    if (covered) heading.scrollIntoView({ block: 'start' });
  }, [current]);
}

/** Back from a break, the reader lands on the question they left (the break panel had the focus). */
function useFocusAfterBreak(resting: boolean) {
  const was = useRef(resting);
  useEffect(() => {
    if (was.current && !resting) document.getElementById('question-heading')?.focus();
    was.current = resting;
  }, [resting]);
}

/** "Q 3/10" where a phone has room for little more; a screen reader hears the whole "Question 3 of 10". */
export function QuestionCounter({ number, total }: { number: number; total: number }) {
  const { t } = useTranslation('examTaking');
  return (
    <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="header-question">
      <span aria-hidden>{t('screen.questionShort', { number, total })}</span>
      <VisuallyHidden>{t('question.heading', { number, total })}</VisuallyHidden>
    </Text>
  );
}

const SHORT_SAVE_KEYS: Record<SaveState, string> = {
  saved: 'status.savedShort',
  saving: 'status.savingShort',
  connecting: 'status.connectingShort',
  offline: 'status.offlineShort',
};

/**
 * The save state in a word, for a phone's one-line header. The full status stays on the page,
 * visually hidden: screen readers read its sentence and hear its announcements as on a laptop.
 */
function CompactSaveStatus() {
  const { t } = useTranslation('examTaking');
  const state = ExamActor.useSelector(saveStateOf);
  const color = SAVE_STATUS_COLORS[state];
  return (
    <>
      <Group gap={4} wrap="nowrap" aria-hidden data-testid="save-status-short" data-state={state} style={{ minWidth: 0 }}>
        {state === 'saved' && <IconCircleCheck size={16} color="var(--mantine-color-green-text)" />}
        {(state === 'saving' || state === 'connecting') && <Loader size={12} />}
        {state === 'offline' && <IconCloudOff size={16} color="var(--mantine-color-orange-text)" />}
        <Text size="sm" c={color} fw={state === 'offline' ? 600 : 400} truncate>
          {t(SHORT_SAVE_KEYS[state])}
        </Text>
      </Group>
      <VisuallyHidden>
        <SaveStatus />
      </VisuallyHidden>
    </>
  );
}

/** Offline on a phone: the header says only "Offline", so what happens to the answers is told below it. */
function OfflineDetail() {
  const state = ExamActor.useSelector(saveStateOf);
  const outboxAvailable = ExamActor.useSelector((s) => s.context.outboxAvailable);
  if (state !== 'offline') return null;
  return (
    // The hidden full status already speaks this sentence.
    <Text size="sm" c="orange" fw={600} aria-hidden data-testid="offline-detail">
      {saveStateText(state, outboxAvailable)}
    </Text>
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

/** Time up, submitting, violation warnings, the way back to fullscreen and the rest breaks' notices. */
function Notices({ phase, resting }: { phase: Phase; resting: boolean }) {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const warning = ExamActor.useSelector((s) => s.context.warning);
  const proctoring = ExamActor.useSelector((s) => s.context.exam?.settings.proctoring);
  const fullscreen = useFullscreen();
  const wantsFullscreen = !!proctoring?.enabled && proctoring.requireFullscreen && canFullscreen();
  // After a reload the camera and microphone come back for the device checks too, not only for a proctor's tile.
  const media = { video: !!proctoring && usesCamera(proctoring), audio: !!proctoring && usesMicrophone(proctoring) };
  // Away from the desk on a break, nothing asks for the camera, the screen or fullscreen.
  const watching = phase === 'taking' && !resting;

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
      <BreakNotices />
      {warning && proctoring && watching && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" data-testid="violation-warning" key={warning.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{warningText(warning.violationType, warning.counts, proctoring)}</Text>
            <DismissButton aria-label={t('warnings.dismiss')} onClick={() => actor.send({ type: 'user.dismissWarning' })} />
          </Group>
        </Alert>
      )}
      {(media.video || media.audio) && watching && <MediaResume needs={media} />}
      {!!proctoring?.enabled && proctoring.screenShare.required && watching && <ScreenShareGuard />}
      {wantsFullscreen && !fullscreen && watching && (
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
