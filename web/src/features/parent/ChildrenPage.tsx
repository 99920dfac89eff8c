import { CHILDREN_LIST_RELATIONSHIPS, type Child } from '@exam/shared';
import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PersonLabel } from '../../components/PersonAvatar';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { enumLabel, formatPercent, translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AddChildModal } from './AddChildModal';
import { useChildren, useRemoveChild } from './hooks';
import { LinkStatusBadge } from './LinkStatusBadge';

/** /parent/children: child cards, add, and remove with the documented confirmation. */
export function ChildrenPage() {
  const { t } = useTranslation('parent');
  const children = useChildren();
  const remove = useRemoveChild();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Child | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing._id, {
      onSuccess: () => notifySuccess(msg('parent.childRemoved')),
      onError: (err) => notifyError(translateMessage(messageFromServer(err, msg('parent.removeChildFailed')))),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('children.title')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('addChild.title')}
          </Button>
        </Group>
        {children.isPending ? (
          <PageLoader label={t('children.loading')} />
        ) : children.isError ? (
          <LoadError message={msg('parent.childrenFailed')} onRetry={() => void children.refetch()} />
        ) : children.data.length === 0 ? (
          <Alert color="blue" title={t('noChildren.title')}>
            {t('noChildren.childrenPage')}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {children.data.map((c) => (
              <Card key={c._id} withBorder radius="md" p="md" data-testid="child-card">
                <Group justify="space-between" align="flex-start">
                  <PersonLabel person={c} detail={c.email} />
                  <LinkStatusBadge status={c.linkStatus} />
                </Group>
                <Text size="sm" mt="xs">
                  {c.grade === null
                    ? enumLabel('relationships', c.relationship)
                    : t('children.relationshipAndGrade', { relationship: enumLabel('relationships', c.relationship), grade: `${c.grade}${c.section ?? ''}` })}
                </Text>
                {c.stats && (
                  <Text size="sm">
                    {t('childStats.examsAverageBest', {
                      count: c.stats.totalExams,
                      average: formatPercent(c.stats.averageScore, 2),
                      best: formatPercent(c.stats.bestScore, 2),
                    })}
                  </Text>
                )}
                <Group mt="md" gap="xs">
                  {c.linkStatus === 'accepted' && (
                    <Button component={Link} to={`/parent/child/${c._id}/progress`} size="xs" variant="light">
                      {t('viewProgress')}
                    </Button>
                  )}
                  <Button size="xs" color="red" variant="subtle" onClick={() => setRemoving(c)} aria-label={t('children.removeNamed', { name: c.name })}>
                    {t('children.remove')}
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <AddChildModal opened={adding} onClose={() => setAdding(false)} relationships={CHILDREN_LIST_RELATIONSHIPS} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('children.removeTitle')}
        message={msg('parent.removeChildConfirm')}
        confirmLabel={t('children.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
