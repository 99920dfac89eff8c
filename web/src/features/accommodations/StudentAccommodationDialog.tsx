import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AccommodationForm } from './AccommodationForm';
import { useStudentAccommodation, useStudentAccommodationChange } from './hooks';

/** A student's standing accommodation (every exam they sit): load, save, remove. */
export function StudentAccommodationDialog({ student, onClose }: { student: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('accommodations');
  return (
    <Modal opened={student !== null} onClose={onClose} title={t('dialog.title', { name: student?.name ?? '' })} size="lg" centered>
      {student && <DialogBody key={student.id} student={student} onClose={onClose} />}
    </Modal>
  );
}

function DialogBody({ student, onClose }: { student: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation('accommodations');
  const current = useStudentAccommodation(student.id);
  const { save, remove } = useStudentAccommodationChange(student.id);
  const name = student.name;

  return (
    <Stack data-testid="accommodation-dialog">
      <Text size="sm" c="dimmed">
        {t('dialog.hint')}
      </Text>
      {current.isPending ? (
        <PageLoader label={t('dialog.loading')} />
      ) : current.isError ? (
        <Alert color="red">{t('dialog.loadFailed')}</Alert>
      ) : (
        <AccommodationForm
          initial={current.data.standing}
          busy={save.isPending}
          onCancel={onClose}
          onSubmit={(accommodation) =>
            save.mutate(accommodation, {
              onSuccess: () => {
                notifySuccess(t('dialog.saved', { name }));
                onClose();
              },
              onError: (e) => notifyError(errorMessage(e)),
            })
          }
          extraActions={
            current.data.standing && (
              <Button
                color="red"
                variant="light"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      notifySuccess(t('dialog.removed', { name }));
                      onClose();
                    },
                    onError: (e) => notifyError(errorMessage(e)),
                  })
                }
              >
                {t('dialog.remove')}
              </Button>
            )
          }
        />
      )}
    </Stack>
  );
}
