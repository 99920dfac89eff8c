import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examMedia, MediaError, mediaFailureText, requestExamMedia, type MediaFailure } from './examMedia';
import { mediaKindOf } from './messages';

interface MediaCheckProps {
  needs: { video: boolean; audio: boolean };
  onReady: (ready: boolean) => void;
}

/**
 * The start screen's camera/microphone step: the exam cannot start until the browser grants what
 * the exam's proctoring needs. The stream is kept for the attempt so the proctor can watch it.
 */
export function MediaCheck({ needs, onReady }: MediaCheckProps) {
  const [state, setState] = useState<'idle' | 'asking' | 'granted' | MediaFailure>(() => (examMedia.get() ? 'granted' : 'idle'));
  const preview = useRef<HTMLVideoElement>(null);
  const { t } = useTranslation('examTaking');
  const what = mediaKindOf(needs);

  useEffect(() => onReady(state === 'granted'), [state, onReady]);
  useEffect(() => {
    if (state === 'granted' && preview.current) preview.current.srcObject = examMedia.get();
  }, [state]);

  const ask = async () => {
    setState('asking');
    try {
      examMedia.set(await requestExamMedia(needs));
      setState('granted');
    } catch (error) {
      setState(error instanceof MediaError ? error.kind : 'other');
    }
  };

  const failed = state !== 'idle' && state !== 'asking' && state !== 'granted';

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="media-title" data-testid="media-check">
      <Stack gap="sm">
        <Title order={2} size="h4" id="media-title">
          {t(needs.video ? 'media.title.camera' : 'media.title.microphone')}
        </Title>
        {state === 'granted' ? (
          <Group align="flex-start" gap="md" wrap="wrap">
            {needs.video && (
              <Box w={200} style={{ aspectRatio: '4 / 3', background: 'var(--mantine-color-dark-7)', borderRadius: 4, overflow: 'hidden' }}>
                <video ref={preview} autoPlay muted playsInline aria-label={t('media.preview')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </Box>
            )}
            <Group gap={6} role="status">
              <IconCircleCheck color="var(--mantine-color-green-filled)" aria-hidden />
              <Text>{t(`media.on.${what}`)}</Text>
            </Group>
          </Group>
        ) : (
          <>
            <Text>{t(`media.needs.${what}`)}</Text>
            {failed && (
              <Alert color="red" role="alert" data-testid="media-error">
                {mediaFailureText(state, needs)}
              </Alert>
            )}
            <Group>
              <Button leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void ask()} loading={state === 'asking'} variant={failed ? 'light' : 'filled'}>
                {failed ? t('common:actions.retry') : t(`media.allow.${what}`)}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
