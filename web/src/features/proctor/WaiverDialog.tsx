import { WAIVABLE_CHECKS, type WaivableCheck } from '@exam/shared';
import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { notifyError, notifySuccess } from '../../lib/notify';
import { checkLabel } from './feed';
import { grantWaiver, revokeWaiver } from './proctorApi';
import type { WaiverChange } from './schemas';

/** The waivers table keeps reasons to this length. */
export const MAX_REASON_LENGTH = 200;

interface WaiverDialogProps {
  examId: string;
  /** The student whose checks are shown, or null when the dialog is closed. */
  student: { id: string; name: string } | null;
  waived: ReadonlyMap<WaivableCheck, string | null>;
  /** The check a help request asked about: its Waive button comes first to hand. */
  focusCheck?: WaivableCheck | null;
  /** A grant or revocation the server accepted (its own `proctor:waiver` follows; applying both is harmless). */
  onChanged: (waiver: WaiverChange) => void;
  onClose: () => void;
}

/** An accommodation per student: waive any check, with a reason, or revoke the waiver. */
export function WaiverDialog({ examId, student, waived, focusCheck, onChanged, onClose }: WaiverDialogProps) {
  const { t } = useTranslation('proctor');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<WaivableCheck | null>(null);
  const name = student?.name ?? '';

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const change = async (check: WaivableCheck, grant: boolean) => {
    if (!student) return;
    const text = reason.trim();
    if (grant && !text) {
      setError(t('waivers.reasonRequired'));
      return;
    }
    setError(null);
    setBusy(check);
    try {
      if (grant) await grantWaiver(examId, student.id, check, text);
      else await revokeWaiver(examId, student.id, check);
      onChanged({ studentId: student.id, check, reason: grant ? text : null, granted: grant });
      notifySuccess(t(grant ? 'waivers.granted' : 'waivers.revoked', { check: checkLabel(check), name }));
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const order = focusCheck ? [focusCheck, ...WAIVABLE_CHECKS.filter((c) => c !== focusCheck)] : WAIVABLE_CHECKS;

  return (
    <Modal opened={!!student} onClose={close} title={t('waivers.title', { name })} size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('waivers.hint')}
        </Text>
        <Textarea
          label={t('waivers.reason')}
          placeholder={t('waivers.reasonPlaceholder')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          maxLength={MAX_REASON_LENGTH}
          autosize
          minRows={2}
          data-autofocus
        />
        <Table verticalSpacing={4} data-testid="waiver-checks">
          <Table.Tbody>
            {order.map((check) => {
              const isWaived = waived.has(check);
              const why = waived.get(check);
              return (
                <Table.Tr key={check} data-check={check} data-waived={isWaived ? 'true' : 'false'}>
                  <Table.Td>{checkLabel(check)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={isWaived ? 'gray' : 'green'} style={{ textTransform: 'none' }}>
                      {isWaived ? (why ? t('waivers.waivedBecause', { reason: why }) : t('waivers.waivedNoReason')) : t('waivers.checked')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      {isWaived ? (
                        <Button size="xs" variant="default" loading={busy === check} disabled={!!busy} onClick={() => void change(check, false)} aria-label={t('waivers.revokeOf', { check: checkLabel(check), name })}>
                          {t('waivers.revoke')}
                        </Button>
                      ) : (
                        <Button size="xs" loading={busy === check} disabled={!!busy} onClick={() => void change(check, true)} aria-label={t('waivers.waiveOf', { check: checkLabel(check), name })}>
                          {t('waivers.waive')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
