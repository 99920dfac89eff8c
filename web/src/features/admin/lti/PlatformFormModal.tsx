import { ltiPlatformInputSchema, type LtiPlatform, type LtiPlatformInput } from '@exam/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageFromServer } from '../../../api/http';
import { msg } from '../../../i18n/messages';
import { notifySuccess } from '../../../lib/notify';
import { apiFieldErrors, firstFormError, zodValidate } from '../../../lib/zodForm';
import { useSavePlatform } from './hooks';

interface FormState {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  authTokenUrl: string;
  authTokenAudience: string;
  keysetUrl: string;
  active: boolean;
}

const EMPTY: FormState = { name: '', issuer: '', clientId: '', deploymentIds: [], authLoginUrl: '', authTokenUrl: '', authTokenAudience: '', keysetUrl: '', active: true };

function fromPlatform(p: LtiPlatform): FormState {
  return { ...p, authTokenAudience: p.authTokenAudience ?? '' };
}

/** Trimmed values; an empty audience means "use the token URL" (null). */
export function platformBody(values: Omit<FormState, 'authTokenAudience'> & { authTokenAudience: string | null }): LtiPlatformInput {
  return {
    name: values.name.trim(),
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    deploymentIds: values.deploymentIds.map((d) => d.trim()).filter(Boolean),
    authLoginUrl: values.authLoginUrl.trim(),
    authTokenUrl: values.authTokenUrl.trim(),
    authTokenAudience: values.authTokenAudience?.trim() || null,
    keysetUrl: values.keysetUrl.trim(),
    active: values.active,
  };
}

interface PlatformFormModalProps {
  opened: boolean;
  /** The platform being edited; none means Add platform. */
  platform: LtiPlatform | null;
  onClose: () => void;
}

/** Add platform and Edit platform, checked with the shared schema the server uses. */
export function PlatformFormModal({ opened, platform, onClose }: PlatformFormModalProps) {
  const { t } = useTranslation('ltiAdmin');
  const save = useSavePlatform();
  return (
    <Modal opened={opened} onClose={onClose} title={platform ? t('form.editTitle') : t('form.addTitle')} centered size="lg" closeOnClickOutside={!save.isPending}>
      {/* Mounted at each opening: a fresh form, filled from the platform being edited. */}
      <PlatformForm key={platform?.id ?? 'new'} platform={platform} onClose={onClose} save={save} />
    </Modal>
  );
}

function PlatformForm({ platform, onClose, save }: Omit<PlatformFormModalProps, 'opened'> & { save: ReturnType<typeof useSavePlatform> }) {
  const { t } = useTranslation('ltiAdmin');
  const [topError, setTopError] = useState<string | null>(null);
  const form = useForm<FormState>({
    initialValues: platform ? fromPlatform(platform) : EMPTY,
    validate: (values) => zodValidate(ltiPlatformInputSchema)(platformBody(values)),
  });

  const submit = form.onSubmit(
    (values) => {
      setTopError(null);
      save.mutate(
        { id: platform?.id, body: platformBody(values) },
        {
          onSuccess: (res) => {
            notifySuccess(res.message ?? msg(platform ? 'lti.platformUpdated' : 'lti.platformCreated'));
            onClose();
          },
          onError: (error) => {
            setTopError(messageFromServer(error, msg('common.genericError')));
            if (error instanceof ApiError && error.errors.length) form.setErrors(apiFieldErrors(error.errors));
          },
        },
      );
    },
    (errors: FormErrors) => setTopError(firstFormError(errors)),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={platform ? t('form.editFormLabel') : t('form.addFormLabel')}>
      <Stack>
        {topError && (
          <Alert color="red" data-testid="form-error">
            {topError}
          </Alert>
        )}
        <TextInput label={t('form.name')} description={t('form.nameHint')} required {...form.getInputProps('name')} />
        <TextInput label={t('form.issuer')} description={t('form.issuerHint')} required {...form.getInputProps('issuer')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('form.clientId')} required {...form.getInputProps('clientId')} />
          <TagsInput label={t('form.deploymentIds')} description={t('form.deploymentIdsHint')} required {...form.getInputProps('deploymentIds')} />
        </SimpleGrid>
        <TextInput label={t('form.authLoginUrl')} type="url" required {...form.getInputProps('authLoginUrl')} />
        <TextInput label={t('form.authTokenUrl')} type="url" required {...form.getInputProps('authTokenUrl')} />
        <TextInput label={t('form.keysetUrl')} type="url" required {...form.getInputProps('keysetUrl')} />
        <TextInput label={t('form.authTokenAudience')} description={t('form.authTokenAudienceHint')} type="url" {...form.getInputProps('authTokenAudience')} />
        <Switch label={t('form.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {platform ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
