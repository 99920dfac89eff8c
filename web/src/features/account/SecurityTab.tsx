import { msg } from '../../i18n/messages';
import { MIN_PASSWORD_LENGTH } from '@exam/shared';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../api/http';
import { accountApi } from './api';

/** The Security tab: the password change only. */
export function SecurityTab() {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [signedOutOthers, setSignedOutOthers] = useState(false);

  const change = useMutation({
    mutationFn: () => accountApi.changePassword(current, next),
    onSuccess: () => {
      notifications.show({ color: 'green', message: msg('profile.passwordUpdated') });
      setSignedOutOthers(true);
      setCurrent('');
      setNext('');
      setConfirm('');
      setProblem(null);
    },
    onError: (error) => setProblem(messageFromServer(error, msg('profile.passwordFailed'))),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSignedOutOthers(false);
    if (next !== confirm) return setProblem(msg('common.newPasswordsDoNotMatch'));
    if (next.length < MIN_PASSWORD_LENGTH) return setProblem(msg('common.passwordTooShort'));
    if (!current) return setProblem(msg('common.currentPasswordRequired'));
    change.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <Text fw={600}>{t('security.title')}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {signedOutOthers && (
          <Alert color="green" role="status">
            {msg('profile.passwordUpdated')} {msg('profile.otherSessionsSignedOut')}
          </Alert>
        )}
        <PasswordInput label={t('security.currentPassword')} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} />
        <PasswordInput label={t('security.newPassword')} autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)} />
        <PasswordInput label={t('security.confirmPassword')} autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
        <Button type="submit" loading={change.isPending}>
          {t('security.submit')}
        </Button>
      </Stack>
    </form>
  );
}
