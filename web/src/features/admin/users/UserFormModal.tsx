import { msg } from '../../../i18n/messages';
import { ROLES, SECTIONS, STUDENT_GRADES, SUBJECTS, adminCreateUserSchema, adminUpdateUserSchema, type User } from '@exam/shared';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ApiError, messageFromServer } from '../../../api/http';
import { PasswordField } from '../../../components/PasswordField';
import { titleCase } from '../../../lib/format';
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

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: titleCase(r) }));
const GRADE_OPTIONS = [{ value: '', label: 'No grade' }, ...STUDENT_GRADES.map((g) => ({ value: String(g), label: `Grade ${g}` }))];
const SECTION_OPTIONS = [{ value: '', label: 'No section' }, ...SECTIONS.map((s) => ({ value: s, label: `Section ${s}` }))];
const SUBJECT_OPTIONS = [{ value: '', label: 'No subject' }, ...SUBJECTS.map((s) => ({ value: s, label: titleCase(s) }))];

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

/** Trimmed values; optional fields are sent only when filled (surroundings §5), and only for their role. */
function toBody(values: FormState, withPassword: boolean): UserBody {
  const t = (v: string) => v.trim() || undefined;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(withPassword ? { password: values.password.trim() } : {}),
    role: values.role,
    phone: t(values.phone),
    dateOfBirth: t(values.dateOfBirth),
    ...(values.role === 'student' ? { grade: t(values.grade), section: t(values.section) } : {}),
    ...(values.role === 'teacher' ? { subject: t(values.subject) } : {}),
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

/** Add user and Edit user (surroundings §4, §5) with the spec's texts and the shared zod rules. */
export function UserFormModal({ opened, user, selfId, onClose }: UserFormModalProps) {
  const editing = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const [topError, setTopError] = useState<string | null>(null);
  const form = useForm<FormState>({
    initialValues: EMPTY,
    validate: (values) => zodValidate(editing ? adminUpdateUserSchema : adminCreateUserSchema)(toBody(values, !editing)),
  });

  // A fresh form each time the modal opens, filled from the row being edited.
  useEffect(() => {
    if (!opened) return;
    form.setValues(user ? fromUser(user) : EMPTY);
    form.resetDirty();
    form.clearErrors();
    setTopError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, user]);

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

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit User' : 'Add User'} centered size="lg" closeOnClickOutside={!busy}>
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit user' : 'Add user'}>
        <Stack>
          {topError && (
            <Alert color="red" data-testid="form-error">
              {topError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First Name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          {!editing && <PasswordField label="Password" description="At least 6 characters" required autoComplete="new-password" {...form.getInputProps('password')} />}
          <NativeSelect
            label="Role"
            data={ROLE_OPTIONS}
            disabled={own}
            description={own ? 'You cannot change your own role' : undefined}
            {...form.getInputProps('role')}
          />
          {role === 'student' && (
            <SimpleGrid cols={2}>
              <NativeSelect label="Grade" data={GRADE_OPTIONS} {...form.getInputProps('grade')} />
              <NativeSelect label="Section" data={SECTION_OPTIONS} {...form.getInputProps('section')} />
            </SimpleGrid>
          )}
          {role === 'teacher' && <NativeSelect label="Subject" data={SUBJECT_OPTIONS} {...form.getInputProps('subject')} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Phone" description="Optional" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="Date of Birth" description="Optional" type="date" {...form.getInputProps('dateOfBirth')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save Changes' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
