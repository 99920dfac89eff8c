import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The review's keys, as ? shows them. */
const KEYS: { keys: string[]; what: string }[] = [
  { keys: ['↑', '↓', 'j', 'k'], what: 'move' },
  { keys: ['Enter'], what: 'open' },
  { keys: ['n'], what: 'nextFlag' },
  { keys: ['p'], what: 'previousFlag' },
  { keys: ['c'], what: 'confirm' },
  { keys: ['d'], what: 'dismiss' },
  { keys: ['e'], what: 'note' },
  { keys: [']'], what: 'nextAttempt' },
  { keys: ['['], what: 'previousAttempt' },
  { keys: ['Esc'], what: 'back' },
  { keys: ['?'], what: 'help' },
];

export function KeysDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('integrity');
  return (
    <Modal opened={opened} onClose={onClose} title={t('keys.title')} centered>
      <Table verticalSpacing={4} aria-label={t('keys.title')}>
        <Table.Tbody>
          {KEYS.map(({ keys, what }) => (
            <Table.Tr key={what}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' '}
                    <Kbd>{k === 'Enter' || k === 'Esc' ? t(`keys.names.${k}`) : k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(`keys.${what}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {t('keys.typing')}
      </Text>
    </Modal>
  );
}
