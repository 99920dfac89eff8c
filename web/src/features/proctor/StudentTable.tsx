import { ActionIcon, Anchor, Avatar, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconDotsVertical, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { memo } from 'react';
import { ATTENTION_TEXT, sameView, type RowView, type StatusKey } from './rows';

export type RowActionKind = 'timeline' | 'message' | 'extend' | 'submit' | 'reinstate' | 'camera';

interface StudentTableProps {
  views: RowView[];
  cameraEnabled: boolean;
  /** Stable across renders: rows are memoised and must not re-render for a new callback. */
  onAction: (kind: RowActionKind, studentKey: string) => void;
}

const STATUS_STYLE: Record<StatusKey, { color: string; icon: React.ReactNode }> = {
  'not-started': { color: 'gray', icon: <IconCircleDashed size={14} aria-hidden /> },
  online: { color: 'green', icon: <IconWifi size={14} aria-hidden /> },
  offline: { color: 'orange', icon: <IconWifiOff size={14} aria-hidden /> },
  submitted: { color: 'blue', icon: <IconCircleCheck size={14} aria-hidden /> },
};

/** Every student of the exam, one memoised row each: a delta re-renders only its own row. */
export function StudentTable({ views, cameraEnabled, onAction }: StudentTableProps) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped={false} highlightOnHover verticalSpacing="xs" data-testid="proctor-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Student</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Answered</Table.Th>
            <Table.Th scope="col">Time left</Table.Th>
            <Table.Th scope="col">Saves</Table.Th>
            <Table.Th scope="col">Last save</Table.Th>
            <Table.Th scope="col">Tab switches</Table.Th>
            <Table.Th scope="col">Fullscreen exits</Table.Th>
            <Table.Th scope="col">Other violations</Table.Th>
            <Table.Th scope="col">Last activity</Table.Th>
            <Table.Th scope="col">Attention</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {views.map((v) => (
            <StudentRow key={v.key} view={v} cameraEnabled={cameraEnabled} onAction={onAction} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const StudentRow = memo(
  function StudentRow({ view, cameraEnabled, onAction }: { view: RowView; cameraEnabled: boolean; onAction: StudentTableProps['onAction'] }) {
    const attention = view.attention.length > 0;
    const style = STATUS_STYLE[view.status];
    return (
      <Table.Tr
        data-testid="proctor-row"
        data-student={view.name}
        data-attention={attention ? 'true' : 'false'}
        style={attention ? { background: 'var(--mantine-color-red-light)', boxShadow: 'inset 4px 0 0 var(--mantine-color-red-filled)' } : undefined}
      >
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={view.avatar} alt="" size={28} radius="xl" data-testid="proctor-avatar">
              {view.name.charAt(0)}
            </Avatar>
            {view.attemptId ? (
              <Anchor component="button" type="button" onClick={() => onAction('timeline', view.key)} aria-label={`Open the timeline of ${view.name}`} fw={600}>
                {view.name}
              </Anchor>
            ) : (
              <Text fw={600}>{view.name}</Text>
            )}
          </Group>
        </Table.Td>
        <Table.Td>
          <Badge color={style.color} variant="light" leftSection={style.icon} data-testid="row-status" style={{ textTransform: 'none' }}>
            {view.statusText}
          </Badge>
        </Table.Td>
        <Table.Td data-testid="row-progress">{view.progressText}</Table.Td>
        <Table.Td data-testid="row-time-left">{view.timeLeftText}</Table.Td>
        <Table.Td data-testid="row-saves">{view.saveText}</Table.Td>
        <Table.Td data-testid="row-last-save">{view.lastSaveText}</Table.Td>
        <Table.Td data-testid="row-tab-switches">{view.tabSwitches}</Table.Td>
        <Table.Td data-testid="row-fullscreen-exits">{view.fullscreenExits}</Table.Td>
        <Table.Td data-testid="row-other-violations">{view.otherViolations}</Table.Td>
        <Table.Td>{view.lastActivityText}</Table.Td>
        <Table.Td data-testid="row-attention">
          {attention ? (
            <Group gap={4}>
              {view.attention.map((reason) => (
                <Badge key={reason} color="red" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />} style={{ textTransform: 'none' }}>
                  {ATTENTION_TEXT[reason]}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {view.attemptId && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`Actions for ${view.name}`}>
                  <IconDotsVertical size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onAction('timeline', view.key)}>View timeline</Menu.Item>
                {view.inProgress && (
                  <>
                    <Menu.Item onClick={() => onAction('message', view.key)}>Send message</Menu.Item>
                    <Menu.Item onClick={() => onAction('extend', view.key)}>Extend time</Menu.Item>
                    {cameraEnabled && <Menu.Item onClick={() => onAction('camera', view.key)}>View camera</Menu.Item>}
                    <Menu.Item color="red" onClick={() => onAction('submit', view.key)}>
                      Force submit
                    </Menu.Item>
                  </>
                )}
                {view.canReinstate && <Menu.Item onClick={() => onAction('reinstate', view.key)}>Reinstate</Menu.Item>}
              </Menu.Dropdown>
            </Menu>
          )}
        </Table.Td>
      </Table.Tr>
    );
  },
  (a, b) => a.cameraEnabled === b.cameraEnabled && a.onAction === b.onAction && sameView(a.view, b.view),
);
