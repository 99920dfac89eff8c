import { Alert, Badge, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { LtiDeepLinkExam, LtiDeepLinkingAnswer } from '@exam/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../api/http';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../session/useAuth';
import { ltiApi } from './api';
import { LinkAccountForm } from './LinkAccountForm';

/**
 * The form that carries our signed answer back to the LMS (Deep Linking's auto-post): submitted
 * as soon as it is on screen, so the LMS's page replaces this one in its frame or window.
 */
function ReturnToLms({ answer }: { answer: LtiDeepLinkingAnswer }) {
  const { t } = useTranslation('lti');
  const form = useRef<HTMLFormElement>(null);
  // Posted once: StrictMode's second effect must not send the answer twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    form.current?.submit();
  }, []);
  return (
    <Stack align="center" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text>{t('deepLink.returning')}</Text>
      <form ref={form} method="post" action={answer.returnUrl}>
        <input type="hidden" name="JWT" value={answer.jwt} />
        {/* Shown only if the browser did not submit by itself. */}
        <noscript>
          <Button type="submit">{t('deepLink.continue')}</Button>
        </noscript>
      </form>
    </Stack>
  );
}

function ExamChoice({ exam, onPick, busy }: { exam: LtiDeepLinkExam; onPick: () => void; busy: boolean }) {
  const { t } = useTranslation('lti');
  const { t: tc } = useTranslation('common');
  return (
    <Paper withBorder p="md" radius="md" data-testid="lti-exam-choice">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{exam.title}</Text>
            {!exam.isPublished && <Badge color="gray">{t('deepLink.draft')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {[tc(`enums.subjects.${exam.subject}`, { defaultValue: exam.subject }), t('deepLink.grade', { grade: exam.grade }), t('deepLink.marks', { count: exam.totalMarks }), formatDateTime(exam.startAt)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button onClick={onPick} disabled={busy} aria-label={t('deepLink.addExam', { title: exam.title })}>
          {t('deepLink.add')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Deep Linking's picker (/lti/deep-link): an instructor adding an activity in the LMS picks one of
 * the exams they own or share; the signed answer goes back to the LMS, whose later launches of
 * the activity open that exam.
 */
export function LtiDeepLinkPage() {
  const { t } = useTranslation('lti');
  useDocumentTitle(t('deepLink.title'));
  const { isAuthenticated } = useAuth();
  const context = useQuery({ queryKey: ['lti', 'deepLinking'], queryFn: ltiApi.deepLinking, enabled: isAuthenticated, retry: false });
  const pick = useMutation({ mutationFn: ltiApi.respond });

  let body;
  if (!isAuthenticated) body = <Alert color="yellow">{t('deepLink.signIn')}</Alert>;
  else if (pick.isSuccess) body = <ReturnToLms answer={pick.data} />;
  else if (context.isError) body = <Alert color="red" data-testid="lti-deep-link-error">{messageFromServer(context.error, t('deepLink.failed'))}</Alert>;
  else if (!context.data)
    body = (
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>{t('deepLink.loading')}</Text>
      </Stack>
    );
  else
    body = (
      <Stack>
        <Text>{t('deepLink.intro', { platform: context.data.platformName })}</Text>
        {pick.isError && <Alert color="red">{messageFromServer(pick.error, t('deepLink.failed'))}</Alert>}
        {context.data.exams.length === 0 && <Alert color="blue">{t('deepLink.empty')}</Alert>}
        {context.data.exams.map((exam) => (
          <ExamChoice key={exam.id} exam={exam} busy={pick.isPending} onPick={() => pick.mutate(exam.id)} />
        ))}
        <LinkAccountForm />
      </Stack>
    );

  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="lg">
        {t('deepLink.title')}
      </Title>
      {body}
    </Container>
  );
}
