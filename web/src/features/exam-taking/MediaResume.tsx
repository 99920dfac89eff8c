import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examMedia, MediaError, mediaFailureText, requestExamMedia, type MediaFailure } from './examMedia';
import { mediaKindOf } from './messages';

/**
 * After a reload the camera the start screen granted is gone. Asked for again at once (a
 * browser that remembers the permission grants it without a click); if that fails, a button
 * asks again without getting in the way of the question.
 */
export function MediaResume({ needs }: { needs: { video: boolean; audio: boolean } }) {
  const [state, setState] = useState<'asking' | 'on' | MediaFailure>(() => (examMedia.get() ? 'on' : 'asking'));
  const { t } = useTranslation('examTaking');
  const what = mediaKindOf(needs);

  const request = () =>
    requestExamMedia(needs)
      .then((media) => {
        examMedia.set(media);
        setState('on');
      })
      .catch((error: unknown) => setState(error instanceof MediaError ? error.kind : 'other'));
  const ask = () => {
    setState('asking');
    void request();
  };

  useEffect(() => {
    if (!examMedia.get()) void request();
    // Once, when the screen opens: later failures wait for the student's click.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state === 'on' || state === 'asking') return null;
  return (
    <Alert color="orange" icon={<IconCamera />} data-testid="media-resume">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{t(`media.off.${what}`, { reason: mediaFailureText(state, needs) })}</Text>
        <Button size="xs" variant="light" color="orange" onClick={ask}>
          {t('common:actions.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
