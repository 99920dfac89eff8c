import { needsConsent, studentCardAction, violationLimits, type CardAction } from '@exam/shared';
import { Alert, Button, Container, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { i18n } from '../../i18n';
import { enumLabel, formatDuration, formatNumber } from '../../i18n/format';
import { formatDateTimeWithZone } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { cardWords } from '../../i18n/cardWords';
import { ExamActor } from './examActor';
import { MediaCheck } from './MediaCheck';
import { mediaKindOf, ordinalText } from './messages';
import { getConsent } from './proctoring/api';
import { ConsentPanel } from './proctoring/ConsentPanel';
import { SystemCheck } from './proctoring/SystemCheck';
import type { ExamInfo, Proctoring } from './types';

/** The settings the page's own rules come from (the device checks are told of in the consent panel). */
type PageRules = Pick<
  Proctoring,
  'enabled' | 'preventTabSwitching' | 'requireFullscreen' | 'preventCopyPaste' | 'disableRightClick' | 'enableCamera' | 'enableMicrophone' | 'tabSwitchesAllowed' | 'fullscreenExitsAllowed'
>;

/** The proctoring rules in words; the tab switch and fullscreen exit that submit as ordinals ('the 4th time'). */
export function proctoringRules(p: PageRules): string[] {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'examTaking', ...values });
  const rules: string[] = [];
  const limits = violationLimits(p);
  if (p.preventTabSwitching) rules.push(t('rules.tabSwitch', { ordinal: ordinalText(limits.tabSwitches + 1) }));
  if (p.requireFullscreen) rules.push(t('rules.fullscreen', { ordinal: ordinalText(limits.fullscreenExits + 1) }));
  if (p.preventCopyPaste) rules.push(t('rules.copyPaste'));
  if (p.disableRightClick) rules.push(t('rules.rightClick'));
  rules.push(t('rules.devTools'));
  if (p.enableCamera || p.enableMicrophone) rules.push(t(`rules.media.${mediaKindOf({ video: p.enableCamera, audio: p.enableMicrophone })}`));
  return rules;
}

const WAIVER_POLL_MS = 10_000;

/** Why there is no Start button, when the card action's label alone does not say it. */
function startUnavailableText(kind: CardAction['kind']): string | null {
  if (kind === 'not-attempted') return i18n.t('examTaking:start.ended');
  if (kind === 'view-result') return i18n.t('examTaking:start.alreadyTaken');
  return null;
}

/** Everything the student should know before the clock starts, and the one button that starts it. */
export function StartScreen({ exam, attemptInProgress, starting, onStart }: { exam: ExamInfo; attemptInProgress: boolean; starting: boolean; onStart: () => void }) {
  const { t } = useTranslation('examTaking');
  const now = useNow();
  const action = studentCardAction(
    { ...exam, userAttempts: exam.userAttempts ? { ...exam.userAttempts, inProgress: attemptInProgress || exam.userAttempts.inProgress } : exam.userAttempts },
    now,
    cardWords(),
  );
  const resume = attemptInProgress || action.kind === 'resume';
  const canStart = resume || action.kind === 'take';
  const proctoring = exam.settings.proctoring;
  const needs = { video: proctoring.enabled && proctoring.enableCamera, audio: proctoring.enabled && proctoring.enableMicrophone };
  const needsMedia = needs.video || needs.audio;
  const [mediaReady, setMediaReady] = useState(false);
  // An exam that checks camera, microphone or screen asks for the system check and consent first;
  // resuming an open attempt does not (its consent is already stored).
  const checked = canStart && !resume && needsConsent(proctoring);
  // After asking for help, the proctor's waiver is looked for every few seconds (the start screen has no socket).
  const [helpAsked, setHelpAsked] = useState(false);
  const consent = useQuery({ queryKey: ['exam-consent', exam._id], queryFn: () => getConsent(exam._id), enabled: checked, refetchInterval: helpAsked ? WAIVER_POLL_MS : false });
  // The server's profile is the one consented to; the exam's copy fills what it does not say.
  const checkedProfile = useMemo(() => (consent.data ? { ...proctoring, ...consent.data.profile } : null), [proctoring, consent.data]);
  const [systemReady, setSystemReady] = useState(false);
  const [ticked, setTicked] = useState(false);
  const actor = ExamActor.useActorRef();
  const consentGiven = !!consent.data && (!consent.data.required || consent.data.accepted || ticked);
  const blocked = checked ? !(systemReady && consentGiven) : needsMedia && !mediaReady;
  const start = () => {
    if (checked && consent.data?.required && !consent.data.accepted) actor.send({ type: 'consent.accepted', profileHash: consent.data.profileHash });
    onStart();
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{exam.title}</Title>
          {exam.subject && <Text c="dimmed">{enumLabel('subjects', exam.subject)}</Text>}
        </div>
        {exam.description && <Text>{exam.description}</Text>}

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
          <Fact label={t('start.duration')} value={formatDuration(exam.duration)} />
          <Fact label={t('start.questions')} value={formatNumber(exam.totalQuestions)} />
          <Fact label={t('start.totalMarks')} value={formatNumber(exam.totalMarks)} />
          <Fact label={t('start.openUntil')} value={formatDateTimeWithZone(exam.schedule.endDate) ?? '—'} />
        </SimpleGrid>

        {exam.instructions && (
          <Paper withBorder p="md" component="section" aria-labelledby="instructions-title">
            <Title order={2} size="h4" id="instructions-title" mb="xs">
              {t('start.instructions')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{exam.instructions}</Text>
          </Paper>
        )}

        <Paper withBorder p="md" component="section" aria-labelledby="rules-title">
          <Title order={2} size="h4" id="rules-title" mb="xs">
            {t('start.howItWorks')}
          </Title>
          <List spacing={4}>
            <List.Item>{t('start.ruleTimer')}</List.Item>
            <List.Item>{t('start.ruleSaving')}</List.Item>
            <List.Item>{t('start.ruleMoving')}</List.Item>
            <List.Item>{t('start.ruleTimeUp')}</List.Item>
          </List>
        </Paper>

        {proctoring.enabled && (
          <Alert color="orange" icon={<IconEye />} title={t('start.proctored')} data-testid="proctoring-notice">
            <List spacing={4} size="sm">
              {proctoringRules(proctoring).map((rule) => (
                <List.Item key={rule}>{rule}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        {canStart && !checked && needsMedia && <MediaCheck needs={needs} onReady={setMediaReady} />}
        {checked && consent.isPending && <Loader size="sm" aria-label={t('consent.loading')} />}
        {checked && consent.isError && (
          <Alert color="red" role="alert">
            {t('consent.loadFailed')}
          </Alert>
        )}
        {checked && consent.data && (
          <>
            <SystemCheck
              examId={exam._id}
              proctoring={checkedProfile ?? proctoring}
              waivers={consent.data.waivers}
              onReady={setSystemReady}
              onRecheck={() => void consent.refetch()}
              onHelpAsked={() => setHelpAsked(true)}
            />
            {consent.data.required && <ConsentPanel summary={consent.data.summary} alreadyAccepted={consent.data.accepted} checked={ticked} onChange={setTicked} />}
          </>
        )}

        {canStart ? (
          <Group>
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              loading={starting}
              onClick={start}
              disabled={blocked}
              aria-describedby={blocked ? (checked ? 'system-check-title' : 'media-title') : undefined}
            >
              {resume ? t('start.resumeExam') : t('start.startExam')}
            </Button>
            <Button variant="default" component={Link} to="/exams">
              {t('page.backToExams')}
            </Button>
          </Group>
        ) : (
          <Stack gap="sm">
            <Alert color="gray" icon={<IconInfoCircle />}>
              {startUnavailableText(action.kind) ?? action.label}
            </Alert>
            <Group>
              {action.kind === 'view-result' && action.to && (
                <Button component={Link} to={action.to}>
                  {action.label}
                </Button>
              )}
              <Button variant="default" component={Link} to="/exams">
                {t('page.backToExams')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </Paper>
  );
}
