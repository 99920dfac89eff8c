import { msg } from '../../i18n/messages';
import { addChildSchema, type Relationship } from '@exam/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { messageFromServer } from '../../api/http';
import { useAddChild } from './hooks';

const LABELS: Record<Relationship, string> = { father: 'Father', mother: 'Mother', guardian: 'Guardian', other: 'Other', parent: 'Parent' };

/**
 * Add child (surroundings §5): the child's e-mail and a relationship, both required. The server
 * turns it into a request the child must accept, which the toast and the card say.
 */
export function AddChildModal({ opened, onClose, relationships }: { opened: boolean; onClose: () => void; relationships: Relationship[] }) {
  const [email, setEmail] = useState('');
  const [relationship, setRelationship] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddChild();

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
      setError(parsed.error.issues[0]?.message ?? msg('parent.fillAllFields'));
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: msg('parent.childAdded'), message: msg('parent.requestSent') });
        close();
      },
      onError: (err) => setError(messageFromServer(err, msg('parent.addChildFailed'))),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Child" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Your child gets a request to accept. You see their results once they accept it.
          </Text>
          <TextInput label="Child's email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
          <Select
            label="Relationship"
            placeholder="Select relationship"
            data={relationships.map((r) => ({ value: r, label: LABELS[r] }))}
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
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Child
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
