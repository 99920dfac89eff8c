import { msg } from '../../i18n/messages';
import { REGISTER_REDIRECT_MS, REGISTRATION_GRADES, SECTIONS, SUBJECTS, registerFormSchema, registerSchema, type RegisterInput } from '@exam/shared';
import { Alert, Anchor, Button, Checkbox, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, messageFromServer } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { PasswordField } from '../../components/PasswordField';
import { titleCase } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { apiFieldErrors, firstFormError, zodValidate } from '../../lib/zodForm';
import { usePlatformSettings } from '../platform/usePlatformSettings';
import { useAuth } from './useAuth';

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

const ROLE_OPTIONS = [
  { value: 'student', label: 'Student' },
  { value: 'teacher', label: 'Teacher' },
  { value: 'parent', label: 'Parent' },
];

/** 'a student, teacher or parent' from the roles open to visitors. */
function rolesText(roles: string[]): string {
  const names = roles.map((r) => r.toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}
const GRADE_OPTIONS = [
  { value: '', label: 'Select grade' },
  ...REGISTRATION_GRADES.map((g) => ({ value: String(g), label: `Grade ${g}` })),
];
const SECTION_OPTIONS = [{ value: '', label: 'Select section' }, ...SECTIONS.map((s) => ({ value: s, label: `Section ${s}` }))];
const SUBJECT_OPTIONS = [{ value: '', label: 'Select subject' }, ...SUBJECTS.map((s) => ({ value: s, label: titleCase(s) }))];

/**
 * Registration (spec core §2 and §5). The shared registerFormSchema checks the rules in the
 * spec's order: the first failing one is shown at the top, every failing one under its field.
 */
export function RegisterPage() {
  const { registration } = usePlatformSettings();
  const roleOptions = useMemo(() => ROLE_OPTIONS.filter((o) => (registration.roles as string[]).includes(o.value)), [registration.roles]);
  // The server refuses these too; the page says so before anyone fills the form in.
  if (!registration.open || roleOptions.length === 0) {
    return (
      <AuthCard title="Create your account">
        <Stack>
          <Alert color="yellow" data-testid="registration-closed" role="status">
            {msg('platformSettings.registrationClosed')}
          </Alert>
          <SignInLine />
        </Stack>
      </AuthCard>
    );
  }
  return <RegisterForm roleOptions={roleOptions} allowedDomains={registration.allowedDomains} />;
}

function SignInLine() {
  return (
    <Text size="sm" ta="center">
      Already have an account?{' '}
      <Anchor component={Link} to="/login">
        Sign in
      </Anchor>
    </Text>
  );
}

function RegisterForm({ roleOptions, allowedDomains }: { roleOptions: typeof ROLE_OPTIONS; allowedDomains: string[] }) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [topError, setTopError] = useState<string | null>(null);

  const form = useForm<RegisterFormState>({
    initialValues: INITIAL_VALUES,
    validate: zodValidate(registerFormSchema),
  });

  const mutation = useMutation({
    mutationFn: (input: RegisterInput) => register(input),
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

  const role = form.values.role;
  const busy = mutation.isPending;

  // Only the roles the school opened are offered: a closed one chosen (or the default) moves to the first open one.
  const firstOpen = roleOptions[0]!.value;
  const roleOpen = roleOptions.some((o) => o.value === role);
  useEffect(() => {
    if (!roleOpen) form.setFieldValue('role', firstOpen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable
  }, [roleOpen, firstOpen]);

  return (
    <AuthCard title="Create your account" subtitle={`Join as a ${rolesText(roleOptions.map((o) => o.label))}.`}>
      <form onSubmit={submit} noValidate aria-label="Create account">
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
            <TextInput label="First Name" autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last Name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description={allowedDomains.length ? `Use your school address (${allowedDomains.join(', ')})` : undefined}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            description="At least 6 characters"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField label="Confirm Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <NativeSelect label="Role" data={roleOptions} {...form.getInputProps('role')} />

          {role === 'student' && (
            <SimpleGrid cols={2}>
              <NativeSelect label="Grade" data={GRADE_OPTIONS} {...form.getInputProps('grade')} />
              <NativeSelect label="Section" data={SECTION_OPTIONS} {...form.getInputProps('section')} />
            </SimpleGrid>
          )}
          {role === 'teacher' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Subject" data={SUBJECT_OPTIONS} {...form.getInputProps('subject')} />
              <TextInput
                label="Qualification"
                placeholder="e.g. M.Sc. Mathematics, B.Ed."
                {...form.getInputProps('qualification')}
              />
            </SimpleGrid>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Phone" description="Optional" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <TextInput
              label="Date of Birth"
              description="Optional"
              type="date"
              autoComplete="bday"
              {...form.getInputProps('dateOfBirth')}
            />
          </SimpleGrid>
          <Textarea label="Address" description="Optional" autoComplete="street-address" rows={2} {...form.getInputProps('address')} />

          <Checkbox
            label="I agree to the Terms of Service and Privacy Policy"
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />

          <Button type="submit" disabled={busy || succeeded} fullWidth>
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
          <SignInLine />
        </Stack>
      </form>
    </AuthCard>
  );
}
