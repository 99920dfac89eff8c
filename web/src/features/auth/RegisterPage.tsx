import { msg } from '../../i18n/messages';
import { MIN_PASSWORD_LENGTH, REGISTER_REDIRECT_MS, REGISTRATION_GRADES, SECTIONS, SUBJECTS, registerFormSchema, registerSchema, type RegisterInput } from '@exam/shared';
import { Alert, Anchor, Button, Checkbox, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, messageFromServer } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { PasswordField } from '../../components/PasswordField';
import { enumLabel } from '../../i18n/format';
import { i18n } from '../../i18n';
import { notifySuccess } from '../../lib/notify';
import { apiFieldErrors, firstFormError, zodValidate } from '../../lib/zodForm';
import { usePlatformSettings } from '../../api/usePlatformSettings';
import { useAuth } from '../../session/useAuth';

/** Every field as the form holds it: selects and inputs give strings. */
export interface RegisterFormState {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: string;
  phone: string;
  dateOfBirth: string;
  address: string;
  grade: string;
  section: string;
  subject: string;
  qualification: string;
  acceptTerms: boolean;
}

const INITIAL_VALUES: RegisterFormState = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'student',
  phone: '',
  dateOfBirth: '',
  address: '',
  grade: '',
  section: '',
  subject: '',
  qualification: '',
  acceptTerms: false,
};

/** The roles a visitor may register as, in the order the select offers them. */
const ROLES = ['student', 'teacher', 'parent'] as const;
type RegisterRole = (typeof ROLES)[number];

/** 'a student, teacher or parent' from the roles open to visitors (read at call time, in the reader's language). */
function rolesText(roles: readonly RegisterRole[]): string {
  const names = roles.map((r) => i18n.t(`auth:register.roleNouns.${r}`));
  return names.length > 1 ? i18n.t('auth:register.rolesList', { init: names.slice(0, -1).join(', '), last: names.at(-1) }) : (names[0] ?? '');
}
const gradeOptions = () => [
  { value: '', label: i18n.t('auth:register.selectGrade') },
  ...REGISTRATION_GRADES.map((g) => ({ value: String(g), label: i18n.t('auth:register.gradeOption', { grade: g }) })),
];
const sectionOptions = () => [
  { value: '', label: i18n.t('auth:register.selectSection') },
  ...SECTIONS.map((s) => ({ value: s, label: i18n.t('auth:register.sectionOption', { section: s }) })),
];
const subjectOptions = () => [
  { value: '', label: i18n.t('auth:register.selectSubject') },
  ...SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) })),
];

/**
 * Registration. The shared registerFormSchema checks the rules in the
 * documented order: the first failing one is shown at the top, every failing one under its field.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { registration } = usePlatformSettings();
  const roles = useMemo(() => ROLES.filter((r) => (registration.roles as string[]).includes(r)), [registration.roles]);
  // The server refuses these too; the page says so before anyone fills the form in.
  if (!registration.open || roles.length === 0) {
    return (
      <AuthCard title={t('register.title')}>
        <Stack>
          <Alert color="yellow" data-testid="registration-closed" role="status">
            {msg('platformSettings.registrationClosed')}
          </Alert>
          <SignInLine />
        </Stack>
      </AuthCard>
    );
  }
  return <RegisterForm roles={roles} allowedDomains={registration.allowedDomains} />;
}

function SignInLine() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" ta="center">
      <Trans t={t} i18nKey="register.haveAccount" components={{ a: <Anchor component={Link} to="/login" /> }} />
    </Text>
  );
}

function RegisterForm({ roles, allowedDomains }: { roles: readonly RegisterRole[]; allowedDomains: string[] }) {
  const { t } = useTranslation('auth');
  const { register } = useAuth();
  const navigate = useNavigate();
  const [topError, setTopError] = useState<string | null>(null);

  const form = useForm<RegisterFormState>({
    initialValues: INITIAL_VALUES,
    validate: zodValidate(registerFormSchema),
  });

  const mutation = useMutation({
    // A taken address is answered like a new one (the server mails its owner); a 409 still saying
    // so (a node not yet upgraded) gets the same neutral outcome, never "this e-mail has an account".
    mutationFn: (input: RegisterInput) =>
      register(input).then(
        ({ message }) => ({ message }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 409 && error.errors.some((e) => e.field === 'email')) return { message: undefined };
          throw error;
        },
      ),
    onSuccess: ({ message }) => notifySuccess(message ?? msg('common.registered')),
    onError: (error) => {
      setTopError(messageFromServer(error, msg('common.registrationFailed')));
      if (error instanceof ApiError && error.errors.length > 0) form.setErrors(apiFieldErrors(error.errors));
    },
  });

  // Spec: after success, wait 2 seconds on the message, then go to /login.
  const succeeded = mutation.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate('/login'), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  const submit = form.onSubmit(
    (values) => {
      setTopError(null);
      // Validated above; this parse drops confirmPassword/acceptTerms and the other roles' fields.
      mutation.mutate(registerSchema.parse(values));
    },
    (errors: FormErrors) => setTopError(firstFormError(errors)),
  );

  const busy = mutation.isPending;

  // Only the roles the school opened are offered: a closed one chosen (or the default) moves to the
  // first open one. Its fields show from the first render; the effect brings the form's value in line.
  const firstOpen = roles[0]!;
  const roleOpen = (roles as readonly string[]).includes(form.values.role);
  const role = roleOpen ? form.values.role : firstOpen;
  useEffect(() => {
    if (!roleOpen) form.setFieldValue('role', firstOpen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable
  }, [roleOpen, firstOpen]);

  // The option lists in the language on screen (t changes with it, so they follow).
  const roleOptions = roles.map((r) => ({ value: r, label: enumLabel('roles', r) }));
  const grades = gradeOptions();
  const sections = sectionOptions();
  const subjects = subjectOptions();

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle', { roles: rolesText(roles) })}>
      <form onSubmit={submit} noValidate aria-label={t('register.formLabel')}>
        <Stack>
          {succeeded ? (
            <Alert color="green" data-testid="form-success">
              {msg('common.registerFormSuccess')}
            </Alert>
          ) : (
            topError && (
              <Alert color="red" data-testid="form-error">
                {topError}
              </Alert>
            )
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('register.firstName')} autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label={t('register.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            description={allowedDomains.length ? t('register.emailDomains', { domains: allowedDomains.join(', ') }) : undefined}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            description={t('register.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <NativeSelect label={t('register.role')} data={roleOptions} {...form.getInputProps('role')} />

          {role === 'student' && (
            <SimpleGrid cols={2}>
              <NativeSelect label={t('register.grade')} data={grades} {...form.getInputProps('grade')} />
              <NativeSelect label={t('register.section')} data={sections} {...form.getInputProps('section')} />
            </SimpleGrid>
          )}
          {role === 'teacher' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label={t('register.subject')} data={subjects} {...form.getInputProps('subject')} />
              <TextInput
                label={t('register.qualification')}
                placeholder={t('register.qualificationPlaceholder')}
                {...form.getInputProps('qualification')}
              />
            </SimpleGrid>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('register.phone')} description={t('register.optional')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <TextInput
              label={t('register.dateOfBirth')}
              description={t('register.optional')}
              type="date"
              autoComplete="bday"
              {...form.getInputProps('dateOfBirth')}
            />
          </SimpleGrid>
          <Textarea label={t('register.address')} description={t('register.optional')} autoComplete="street-address" rows={2} {...form.getInputProps('address')} />

          <Checkbox
            label={
              // New tabs, so reading the terms keeps what is typed here.
              <Trans
                t={t}
                i18nKey="register.acceptTerms"
                components={{
                  terms: <Anchor href="/terms" target="_blank" rel="noopener noreferrer" />,
                  privacy: <Anchor href="/privacy" target="_blank" rel="noopener noreferrer" />,
                }}
              />
            }
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />

          <Button type="submit" disabled={busy || succeeded} fullWidth>
            {busy ? t('register.submitting') : t('register.submit')}
          </Button>
          <SignInLine />
        </Stack>
      </form>
    </AuthCard>
  );
}
