import type { LtiPlatform } from '@exam/shared';
import { ActionIcon, Badge, Group, Switch, Table, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../../api/http';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { msg } from '../../../i18n/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeletePlatform, useSavePlatform } from './hooks';
import { platformBody } from './PlatformFormModal';

interface PlatformsTableProps {
  platforms: LtiPlatform[];
  onEdit: (platform: LtiPlatform) => void;
}

/**
 * The registered LMSs. Deactivating and deleting ask first (the dialog says what each keeps or
 * loses); activating again does not.
 */
export function PlatformsTable({ platforms, onEdit }: PlatformsTableProps) {
  const { t } = useTranslation('ltiAdmin');
  const save = useSavePlatform();
  const remove = useDeletePlatform();
  const [deactivating, setDeactivating] = useState<LtiPlatform | null>(null);
  const [deleting, setDeleting] = useState<LtiPlatform | null>(null);
  const failed = (e: unknown) => notifyError(messageFromServer(e, msg('common.genericError')));

  const setActive = (platform: LtiPlatform, active: boolean) =>
    save.mutate(
      { id: platform.id, body: platformBody({ ...platform, active }) },
      { onSuccess: (res) => notifySuccess(res.message ?? msg('lti.platformUpdated')), onError: failed, onSettled: () => setDeactivating(null) },
    );
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (res) => notifySuccess(res.message ?? msg('lti.platformDeleted')),
      onError: failed,
      onSettled: () => setDeleting(null),
    });

  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover aria-label={t('platforms.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('platforms.columns.name')}</Table.Th>
              <Table.Th>{t('platforms.columns.issuer')}</Table.Th>
              <Table.Th>{t('platforms.columns.clientId')}</Table.Th>
              <Table.Th>{t('platforms.columns.deployments')}</Table.Th>
              <Table.Th>{t('platforms.columns.registeredBy')}</Table.Th>
              <Table.Th>{t('platforms.columns.active')}</Table.Th>
              <Table.Th>{t('platforms.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {platforms.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{p.issuer}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{p.clientId}</Table.Td>
                <Table.Td>
                  {p.deploymentIds.length ? (
                    p.deploymentIds.join(', ')
                  ) : (
                    <Text size="sm" c="orange.8">
                      {t('platforms.noDeployment')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={p.registeredBy === 'dynamic' ? 'grape' : 'gray'}>
                    {t(`platforms.registeredBy.${p.registeredBy}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={p.active}
                    onChange={() => (p.active ? setDeactivating(p) : setActive(p, true))}
                    label={p.active ? t('platforms.active') : t('platforms.inactive')}
                    aria-label={p.active ? t('platforms.deactivateName', { name: p.name }) : t('platforms.activateName', { name: p.name })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" onClick={() => onEdit(p)} aria-label={t('platforms.editName', { name: p.name })} title={t('common:actions.edit')}>
                      <IconEdit size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(p)} aria-label={t('platforms.deleteName', { name: p.name })} title={t('common:actions.delete')}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={deactivating !== null}
        title={t('platforms.deactivateTitle')}
        message={t('platforms.deactivateConfirm', { name: deactivating?.name })}
        confirmLabel={t('platforms.deactivate')}
        busy={save.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onCancel={() => setDeactivating(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('platforms.deleteTitle')}
        message={t('platforms.deleteConfirm', { name: deleting?.name })}
        confirmLabel={t('common:actions.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
