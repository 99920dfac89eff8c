import { msg } from '../../../i18n/messages';
import { ROLES, SECTIONS, STUDENT_GRADES, SUBJECTS, adminCreateUserSchema, adminUpdateUserSchema, type User } from '@exam/shared';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, messageFromServer } from '../../../api/http';
import { PasswordField } from '../../../components/PasswordField';
import { enumLabel } from '../../../i18n/format';
import { notifySuccess } from '../../../lib/notify';
import { apiFieldErrors, firstFormError, zodValidate } from '../../../lib/zodForm';
import type { UserBody } from './api';
import { useCreateUser, useUpdateUser } from './hooks';

interface FormState {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  phone: string;
  dateOfBirth: string;
  grade: string;
  section: string;
  subject: string;
}

const EMPTY: FormState = { firstName: '', lastName: '', email: '', password: '', role: 'student', phone: '', dateOfBirth: '', grade: '', section: '', subject: '' };

/** The form's option lists in the reader's language (built at render time, after the catalogues load). */
function options(t: TFunction<'admin'>) {
  return {
    roles: ROLES.map((r) => ({ value: r, label: enumLabel('roles', r) })),
    grades: [{ value: '', label: t('userForm.noGrade') }, ...STUDENT_GRADES.map((g) => ({ value: String(g), label: t('userForm.gradeOption', { grade: g }) }))],
    sections: [{ value: '', label: t('userForm.noSection') }, ...SECTIONS.map((s) => ({ value: s, label: t('userForm.sectionOption', { section: s }) }))],
    subjects: [{ value: '', label: t('userForm.noSubject') }, ...SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))],
  };
}

function fromUser(user: User): FormState {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: '',
    role: user.role,
    phone: user.phone ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    grade: user.grade ? String(user.grade) : '',
    section: user.section ?? '',
    subject: user.subject ?? '',
  };
}

/** Trimmed values; optional fields are sent only when filled, and only for their role. */
function toBody(values: FormState, withPassword: boolean): UserBody {
  const opt = (v: string) => v.trim() || undefined;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(withPassword ? { password: values.password.trim() } : {}),
    role: values.role,
    phone: opt(values.phone),
    dateOfBirth: opt(values.dateOfBirth),
    ...(values.role === 'student' ? { grade: opt(values.grade), section: opt(values.section) } : {}),
    ...(values.role === 'teacher' ? { subject: opt(values.subject) } : {}),
  };
}

interface UserFormModalProps {
  opened: boolean;
  /** The person being edited; none means Add user. */
  user: User | null;
  /** The signed-in admin: their own role cannot be changed. */
  selfId: string | undefined;
  onClose: () => void;
}

/** Add user and Edit user with the documented texts and the shared zod rules. */
export function UserFormModal({ opened, user, selfId, onClose }: UserFormModalProps) {
  const { t } = useTranslation('admin');
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;
  return (
    <Modal opened={opened} onClose={onClose} title={user ? t('userForm.editTitle') : t('userForm.addTitle')} centered size="lg" closeOnClickOutside={!busy}>
      {/* The modal mounts its content at each opening: a fresh form each time, filled from the row being edited. */}
      <UserForm key={user?._id ?? 'new'} user={user} selfId={selfId} onClose={onClose} create={create} update={update} />
    </Modal>
  );
}

interface UserFormProps extends Omit<UserFormModalProps, 'opened'> {
  create: ReturnType<typeof useCreateUser>;
  update: ReturnType<typeof useUpdateUser>;
}

function UserForm({ user, selfId, onClose, create, update }: UserFormProps) {
  const { t } = useTranslation('admin');
  const editing = user !== null;
  const [topError, setTopError] = useState<string | null>(null);
  const form = useForm<FormState>({
    initialValues: user ? fromUser(user) : EMPTY,
    validate: (values) => zodValidate(editing ? adminUpdateUserSchema : adminCreateUserSchema)(toBody(values, !editing)),
  });

  const onError = (fallback: string) => (error: unknown) => {
    setTopError(messageFromServer(error, fallback));
    if (error instanceof ApiError && error.errors.length) form.setErrors(apiFieldErrors(error.errors));
  };

  const submit = form.onSubmit(
    (values) => {
      setTopError(null);
      const body = toBody(values, !editing);
      if (user) {
        update.mutate({ id: user._id, body }, { onSuccess: () => (notifySuccess(msg('users.updated')), onClose()), onError: onError(msg('users.updateFailed')) });
      } else {
        create.mutate(body, { onSuccess: () => (notifySuccess(msg('users.created')), onClose()), onError: onError(msg('users.createFailed')) });
      }
    },
    (errors: FormErrors) => setTopError(firstFormError(errors)),
  );

  const busy = create.isPending || update.isPending;
  const own = editing && user._id === selfId;
  const role = form.values.role;
  const opts = options(t);

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? t('userForm.editFormLabel') : t('userForm.addFormLabel')}>
        <Stack>
          {topError && (
            <Alert color="red" data-testid="form-error">
              {topError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('userForm.firstName')} required {...form.getInputProps('firstName')} />
            <TextInput label={t('userForm.lastName')} required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={t('userForm.email')} type="email" required {...form.getInputProps('email')} />
          {!editing && <PasswordField label={t('userForm.password')} description={t('userForm.passwordHint')} required autoComplete="new-password" {...form.getInputProps('password')} />}
          <NativeSelect
            label={t('userForm.role')}
            data={opts.roles}
            disabled={own}
            description={own ? msg('users.ownRole') : undefined}
            {...form.getInputProps('role')}
          />
          {role === 'student' && (
            <SimpleGrid cols={2}>
              <NativeSelect label={t('userForm.grade')} data={opts.grades} {...form.getInputProps('grade')} />
              <NativeSelect label={t('userForm.section')} data={opts.sections} {...form.getInputProps('section')} />
            </SimpleGrid>
          )}
          {role === 'teacher' && <NativeSelect label={t('userForm.subject')} data={opts.subjects} {...form.getInputProps('subject')} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('userForm.phone')} description={t('userForm.optional')} type="tel" {...form.getInputProps('phone')} />
            <TextInput label={t('userForm.dateOfBirth')} description={t('userForm.optional')} type="date" {...form.getInputProps('dateOfBirth')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? t('userForm.saveChanges') : t('userForm.createUser')}
            </Button>
          </Group>
        </Stack>
    </form>
  );
}
