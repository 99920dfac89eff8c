import { formatDuration, studentCardAction, violationLimits, type CardAction } from '@exam/shared';
import { Alert, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, titleCase } from '../../lib/format';
import { MediaCheck } from './MediaCheck';
import type { ExamInfo, Proctoring } from './types';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st (an exam allows up to 20). */
function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

export function proctoringRules(p: Proctoring): string[] {
  const rules: string[] = [];
  const limits = violationLimits(p);
  if (p.preventTabSwitching) rules.push(`Leaving this tab is recorded. The ${ordinal(limits.tabSwitches + 1)} time submits your exam automatically.`);
  if (p.requireFullscreen) rules.push(`The exam runs in fullscreen. Leaving fullscreen is recorded; the ${ordinal(limits.fullscreenExits + 1)} time submits your exam automatically.`);
  if (p.preventCopyPaste) rules.push('Copying and pasting are disabled and recorded.');
  if (p.disableRightClick) rules.push('The right-click menu is disabled and recorded.');
  rules.push('Developer tools and view-source shortcuts (F12, Ctrl+Shift+I, Ctrl+U) and Alt+Tab are recorded.');
  if (p.enableCamera || p.enableMicrophone) rules.push(`Your ${p.enableCamera && p.enableMicrophone ? 'camera and microphone' : p.enableCamera ? 'camera' : 'microphone'} must stay on during the exam; your proctor may view it live.`);
  return rules;
}

/** Why there is no Start button, when the card action's label alone does not say it. */
function startUnavailableText(kind: CardAction['kind']): string | null {
  if (kind === 'not-attempted') return 'This exam has ended.';
  if (kind === 'view-result') return 'You have already taken this exam.';
  return null;
}

/** Everything the student should know before the clock starts, and the one button that starts it. */
export function StartScreen({ exam, attemptInProgress, starting, onStart }: { exam: ExamInfo; attemptInProgress: boolean; starting: boolean; onStart: () => void }) {
  const action = studentCardAction({ ...exam, userAttempts: exam.userAttempts ? { ...exam.userAttempts, inProgress: attemptInProgress || exam.userAttempts.inProgress } : exam.userAttempts });
  const resume = attemptInProgress || action.kind === 'resume';
  const canStart = resume || action.kind === 'take';
  const proctoring = exam.settings.proctoring;
  const needs = { video: proctoring.enabled && proctoring.enableCamera, audio: proctoring.enabled && proctoring.enableMicrophone };
  const needsMedia = needs.video || needs.audio;
  const [mediaReady, setMediaReady] = useState(false);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{exam.title}</Title>
          {exam.subject && <Text c="dimmed">{titleCase(exam.subject)}</Text>}
        </div>
        {exam.description && <Text>{exam.description}</Text>}

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
          <Fact label="Duration" value={formatDuration(exam.duration)} />
          <Fact label="Questions" value={String(exam.totalQuestions)} />
          <Fact label="Total marks" value={String(exam.totalMarks)} />
          <Fact label="Open until" value={formatDateTime(exam.schedule.endDate) ?? '—'} />
        </SimpleGrid>

        {exam.instructions && (
          <Paper withBorder p="md" component="section" aria-labelledby="instructions-title">
            <Title order={2} size="h4" id="instructions-title" mb="xs">
              Instructions
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{exam.instructions}</Text>
          </Paper>
        )}

        <Paper withBorder p="md" component="section" aria-labelledby="rules-title">
          <Title order={2} size="h4" id="rules-title" mb="xs">
            How it works
          </Title>
          <List spacing={4}>
            <List.Item>The timer starts when you start and keeps running if you leave or reload the page.</List.Item>
            <List.Item>Every answer is saved as you go. If your connection drops, answers stay on this device and are sent when it is back.</List.Item>
            <List.Item>You can move between questions, change answers and mark questions for review until you submit.</List.Item>
            <List.Item>When the time runs out, your exam is submitted automatically with every saved answer.</List.Item>
          </List>
        </Paper>

        {proctoring.enabled && (
          <Alert color="orange" icon={<IconEye />} title="This exam is proctored" data-testid="proctoring-notice">
            <List spacing={4} size="sm">
              {proctoringRules(proctoring).map((rule) => (
                <List.Item key={rule}>{rule}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        {canStart && needsMedia && <MediaCheck needs={needs} onReady={setMediaReady} />}

        {canStart ? (
          <Group>
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              loading={starting}
              onClick={onStart}
              disabled={needsMedia && !mediaReady}
              aria-describedby={needsMedia && !mediaReady ? 'media-title' : undefined}
            >
              {resume ? 'Resume Exam' : 'Start Exam'}
            </Button>
            <Button variant="default" component={Link} to="/exams">
              Back to Exams
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
                Back to Exams
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
