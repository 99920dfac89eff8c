import { addChildSchema, type Relationship } from '@exam/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../api/http';
import { enumLabel, translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { useAddChild } from './hooks';

/**
 * Add child: the child's e-mail and a relationship, both required. The server
 * turns it into a request the child must accept, which the toast and the card say.
 */
export function AddChildModal({ opened, onClose, relationships }: { opened: boolean; onClose: () => void; relationships: Relationship[] }) {
  const [email, setEmail] = useState('');
  const [relationship, setRelationship] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddChild();
  const { t } = useTranslation('parent');

  const close = () => {
    setEmail('');
    setRelationship(null);
    setError(null);
    add.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = addChildSchema.safeParse({ childEmail: email, relationship: relationship ?? '' });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? msg('parent.fillAllFields')));
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: msg('parent.childAdded'), message: msg('parent.requestSent') });
        close();
      },
      onError: (err) => setError(translateMessage(messageFromServer(err, msg('parent.addChildFailed')))),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('addChild.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('addChild.intro')}
          </Text>
          <TextInput label={t('addChild.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
          <Select
            label={t('addChild.relationship')}
            placeholder={t('addChild.relationshipPlaceholder')}
            data={relationships.map((r) => ({ value: r, label: enumLabel('relationships', r) }))}
            value={relationship}
            onChange={setRelationship}
          />
          {error && (
            <Alert color="red" role="alert" data-testid="add-child-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('addChild.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
