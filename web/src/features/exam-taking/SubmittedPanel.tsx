import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { violationLimits } from '@exam/shared';
import { ExamActor } from './examActor';
import { submittedText } from './messages';
import { LeaveSebButton } from '../seb/LeaveSebButton';

/** The end: why the exam ended, in words, and where to go next. */
export function SubmittedPanel() {
  const { t } = useTranslation('examTaking');
  const outcome = ExamActor.useSelector((s) => s.context.outcome);
  const counts = ExamActor.useSelector((s) => s.context.counts);
  const proctoring = ExamActor.useSelector((s) => s.context.exam?.settings.proctoring);
  const lostSaves = ExamActor.useSelector((s) => s.context.lostSaves);
  const inSeb = ExamActor.useSelector((s) => !!s.context.exam?.settings.requireSeb);
  const readingReason = ExamActor.useSelector((s) => s.matches({ attempt: { submitted: 'readingReason' } }));
  const heading = useRef<HTMLHeadingElement>(null);
  const text = submittedText(outcome?.reason ?? null, counts, violationLimits(proctoring));
  const submissionId = outcome?.submissionId ?? '';

  // Focus moves to the news so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="green" variant="light">
            <IconCircleCheck size={36} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2" ref={heading} tabIndex={-1} data-testid="submitted-title">
            {text.title}
          </Title>
          {readingReason ? (
            <Loader size="sm" aria-label={t('submitted.checkingReason')} />
          ) : (
            <Text data-testid="submitted-reason">{text.detail}</Text>
          )}
          {lostSaves > 0 && (
            <Alert color="orange" ta="left" data-testid="lost-saves">
              {t('submitted.lostSaves', { count: lostSaves })}
            </Alert>
          )}
          <Group justify="center">
            {submissionId && (
              <Button component={Link} to={`/exam-result/${submissionId}`}>
                {t('submitted.viewResult')}
              </Button>
            )}
            <Button variant="default" component={Link} to="/exams">
              {t('page.backToExams')}
            </Button>
            {inSeb && <LeaveSebButton />}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
