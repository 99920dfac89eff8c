import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { clearStoredSession, storeSession } from '../../api/storedSession';
import { AuthCard } from '../../components/AuthCard';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../session/useAuth';
import { ltiApi, type LtiSession } from './api';

/** Where a launch lands: a student on the exam's start page, a teacher on the exam's page, a deep link on the picker. */
export function landingOf({ user, target }: Pick<LtiSession, 'user' | 'target'>): string {
  if (target.kind === 'deepLinking') return '/lti/deep-link';
  return user.role === 'student' ? `/exam/${target.examId}` : `/admin/exams/${target.examId}`;
}

/**
 * Where a launch from the LMS ends (/lti/start#<ticket>): the one-use ticket is taken from the
 * fragment (never sent to a server in a URL, never in a Referer), dropped from the address, and
 * traded for a session; then the exam opens, inside the LMS's frame or the window it was opened in.
 */
export function LtiStartPage() {
  const { t } = useTranslation('lti');
  useDocumentTitle(t('start.title'));
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { refreshMe } = useAuth();
  // The ticket as the page was opened; the address loses it at once.
  const [ticket] = useState(() => hash.replace(/^#/, ''));
  const [failure, setFailure] = useState<string | null>(null);
  const error = ticket ? failure : t('start.noTicket');

  // The ticket serves once: StrictMode's second effect must not post it again.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void navigate('/lti/start', { replace: true });
    if (!ticket) return;
    // Whoever was signed in on this device (in this LMS's frame) before is not who launched now.
    clearStoredSession();
    void (async () => {
      try {
        const session = await ltiApi.session(ticket);
        storeSession(session.accessToken, session.user);
        await refreshMe();
        await navigate(landingOf(session), { replace: true });
      } catch (err) {
        setFailure(messageFromServer(err, t('start.failed')));
      }
    })();
  }, [ticket, navigate, refreshMe, t]);

  return (
    <AuthCard title={t('start.title')}>
      {error ? (
        <Alert color="red" icon={<IconCircleX />} title={t('start.failed')} data-testid="lti-start-error">
          {error}
        </Alert>
      ) : (
        <Stack align="center" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Text>{t('start.signingIn')}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
