import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconCoffee, IconDotsVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamActor } from './examActor';
import { usePhone } from './phone';
import { breakLeftOf, timeLeftOf } from './selectors';
import { BUTTON_TOUCH_HEIGHT, TOUCH_PX } from './touchTarget';

const MINUTE = 60_000;

/** Whether the student is offered a break now (an allowance, no request or break under way, time left), and how much is left. */
function useBreakOffer() {
  const rest = ExamActor.useSelector((s) => s.context.rest);
  const minutes = ExamActor.useSelector((s) => Math.ceil((breakLeftOf(s) ?? 0) / MINUTE));
  const busy = ExamActor.useSelector((s) => s.context.breakBusy);
  const timeLeft = ExamActor.useSelector((s) => timeLeftOf(s) > 0);
  return {
    offered: !!rest && rest.allowanceMs > 0 && rest.state === 'none' && timeLeft,
    automatic: !!rest?.automatic,
    minutes,
    disabled: busy || minutes === 0,
  };
}

/**
 * Take a break, with the break time left: a button in the header, or on a phone (whose header is
 * one short line) an item of the header's "More" menu. Both ask first, in a dialog that says what
 * a break does.
 */
export function BreakButton({ phone, onBeforeBreak }: { phone: boolean; onBeforeBreak: () => void }) {
  const { t } = useTranslation('examTaking');
  const [asking, setAsking] = useState(false);
  const offer = useBreakOffer();
  if (!offer.offered) return null;
  const label = offer.minutes > 0 ? t('break.button', { minutes: offer.minutes }) : t('break.buttonNoneLeft');
  const icon = <IconCoffee size={16} aria-hidden />;
  return (
    <>
      {phone ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={TOUCH_PX} aria-label={t('break.more')} data-testid="header-more">
              <IconDotsVertical size={20} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={icon} mih={TOUCH_PX} disabled={offer.disabled} onClick={() => setAsking(true)}>
              {label}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button variant="light" leftSection={icon} disabled={offer.disabled} onClick={() => setAsking(true)}>
          {label}
        </Button>
      )}
      <BreakDialog
        opened={asking}
        minutes={offer.minutes}
        automatic={offer.automatic}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onBeforeBreak();
        }}
      />
    </>
  );
}

/** What a break does, how much of it is left, and who decides; Mantine's modal traps focus and gives it back to the button. */
function BreakDialog({ opened, minutes, automatic, onClose, onConfirm }: { opened: boolean; minutes: number; automatic: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('break.dialogTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }), size: phone ? TOUCH_PX : 'md' }}
    >
      <Stack gap="sm" data-testid="break-dialog">
        <Text size="sm">{t('break.dialogStops')}</Text>
        <Text size="sm">{t('break.dialogLeft', { count: minutes })}</Text>
        {!automatic && <Text size="sm">{t('break.dialogAsk')}</Text>}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" h={BUTTON_TOUCH_HEIGHT} onClick={onClose}>
            {t('break.notNow')}
          </Button>
          <Button
            h={BUTTON_TOUCH_HEIGHT}
            onClick={() => {
              onConfirm();
              actor.send({ type: 'user.break', action: 'request' });
            }}
          >
            {automatic ? t('break.start') : t('break.ask')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
