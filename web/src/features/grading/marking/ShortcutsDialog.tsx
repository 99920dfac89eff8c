import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SHORTCUTS = [
  [['j', '→'], 'next'],
  [['k', '←'], 'previous'],
  [['m'], 'marks'],
  [['c'], 'comment'],
  [['1', '…', '9'], 'level'],
  [['Ctrl', 'Enter'], 'save'],
  [['\\'], 'bank'],
  [['?'], 'help'],
] as const;

/** The keys of the marking page, opened with `?`. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('grading');
  return (
    <Modal opened={opened} onClose={onClose} title={t('marking.shortcuts')}>
      <Table data-testid="marking-shortcuts">
        <Table.Tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td>
                {keys.map((k) => (
                  <Kbd key={k} mr={4}>
                    {k}
                  </Kbd>
                ))}
              </Table.Td>
              <Table.Td>{t(`marking.keys.${what}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {t('marking.keys.note')}
      </Text>
    </Modal>
  );
}
