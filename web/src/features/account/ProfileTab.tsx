import { msg } from '../../i18n/messages';
import { type User } from '@exam/shared';
import { Alert, Button, FileButton, Group, List, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { PersonAvatar } from '../../components/PersonAvatar';
import { enumLabel } from '../../i18n/format';
import { formatDate } from '../../lib/dateFormat';
import { useAuth } from '../../session/useAuth';
import { accountApi } from './api';
import { avatarProblem, profileForm, valuesOf, type ProfileValues } from './profileForm';

/** The failure as the form shows it: 'Validation Error:' and each message, else the server's words. */
function failureOf(error: unknown): { message: string; list: string[] } {
  if (error instanceof ApiError && error.errors.length) return { message: msg('profile.validationError'), list: error.errors.map((e) => e.msg) };
  return { message: (error instanceof ApiError && error.serverMessage) || msg('profile.updateFailed'), list: [] };
}

/** The Profile tab: view mode, then edit mode via the toggle, then saved. */
export function ProfileTab() {
  const { t } = useTranslation('account');
  const { user, updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ message: string; list: string[] } | null>(null);

  const preview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const save = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: ({ data }) => {
      updateUser(data.user);
      notifications.show({ color: 'green', message: msg('profile.updated') });
      setEditing(false);
      setAvatar(null);
      setProblem(null);
    },
    onError: (error) => setProblem(failureOf(error)),
  });

  if (!user) return null;
  const v = values ?? valuesOf(user);
  const set = (key: keyof ProfileValues) => (e: { currentTarget: { value: string } }) => setValues({ ...v, [key]: e.currentTarget.value });

  const startEditing = () => {
    setValues(valuesOf(user));
    setProblem(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setAvatar(null);
    setProblem(null);
  };
  const pickAvatar = (file: File | null) => {
    if (!file) return;
    const bad = avatarProblem(file);
    if (bad) {
      setProblem({ message: bad, list: [] });
      return;
    }
    setProblem(null);
    setAvatar(file);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const form = profileForm(v, avatar);
    if (typeof form === 'string') return setProblem({ message: form, list: [] });
    save.mutate(form);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Group>
            <PersonAvatar person={user} src={preview} size={96} alt={`${user.firstName} ${user.lastName}`} data-testid="profile-avatar" />
            <div>
              <Text fw={700} size="lg">
                {user.firstName} {user.lastName}
              </Text>
              <Text c="dimmed" size="sm">
                {enumLabel('roles', user.role)}
              </Text>
              {editing && (
                <FileButton onChange={pickAvatar} accept="image/jpeg,image/png,image/gif">
                  {(props) => (
                    <Button {...props} variant="light" size="xs" mt="xs">
                      {t('profileTab.changePhoto')}
                    </Button>
                  )}
                </FileButton>
              )}
            </div>
          </Group>
          {!editing && <Button onClick={startEditing}>{t('profileTab.editProfile')}</Button>}
        </Group>

        {problem && (
          <Alert color="red" role="alert" data-testid="profile-error">
            <Text size="sm" fw={problem.list.length ? 600 : undefined}>
              {problem.message}
            </Text>
            {problem.list.length > 0 && (
              <List size="sm">
                {problem.list.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}

        {editing ? (
          <>
            <TextInput label={t('profileTab.fullName')} required value={v.fullName} onChange={set('fullName')} />
            <TextInput label={t('profileTab.email')} required value={v.email} readOnly description={t('profileTab.emailReadOnly')} />
            <TextInput label={t('profileTab.phone')} value={v.phone} onChange={set('phone')} />
            <TextInput label={t('profileTab.dateOfBirth')} type="date" value={v.dateOfBirth} onChange={set('dateOfBirth')} />
            <TextInput label={t('profileTab.address')} value={v.address} onChange={set('address')} />
            <Textarea label={t('profileTab.bio')} value={v.bio} onChange={set('bio')} autosize minRows={2} maxLength={1000} />
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('profileTab.saveChanges')}
              </Button>
            </Group>
          </>
        ) : (
          <Details user={user} />
        )}
      </Stack>
    </form>
  );
}

function Details({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const rows: [string, string | null | undefined][] = [
    ['email', user.email],
    ['phone', user.phone],
    ['dateOfBirth', user.dateOfBirth ? formatDate(`${user.dateOfBirth}T12:00:00Z`) : null],
    ['address', user.address],
    ['bio', user.bio],
    ...(user.role === 'student' ? ([['studentId', user.studentId], ['grade', user.grade ? `${user.grade}${user.section ? ` ${user.section}` : ''}` : null]] as [string, string | null][]) : []),
    ['memberSince', formatDate(user.createdAt)],
  ];
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([field, value]) => (
        <Group key={field} gap="sm" wrap="nowrap" align="baseline">
          <Text component="dt" fw={600} size="sm" w={130}>
            {t(`profileTab.${field}`)}
          </Text>
          <Text component="dd" m={0} size="sm" c={value ? undefined : 'dimmed'}>
            {value || t('profileTab.notSet')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
