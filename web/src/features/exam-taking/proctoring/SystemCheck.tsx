import type { ProfiledProctoring, WaivableCheck } from '@exam/shared';
import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconRefresh, IconScreenShare } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../api/http';
import { examMedia, MediaError, mediaFailureText, requestExamMedia } from '../examMedia';
import { mediaKindOf } from '../messages';
import { loadFaceModel } from './deviceChecks';
import { HelpButton } from './HelpButton';
import { requestScreenShare, ScreenShareError, screenShare } from './screenShare';
import { allPassed, MAX_ROUND_TRIP_MS, missingFeatures, requiredRows, rowWaived, WAIVER_OF_ROW, type CheckRow, type RowState } from './systemChecks';

interface SystemCheckProps {
  examId: string;
  proctoring: ProfiledProctoring;
  waivers: readonly WaivableCheck[];
  onReady: (ready: boolean) => void;
  /** Asks the server again for the student's waivers (a proctor may have waived a check meanwhile). */
  onRecheck?: () => void;
  /** The student asked a proctor for help: their answer (a waiver) is worth watching for. */
  onHelpAsked?: () => void;
}

/** How many frames the face row looks at before it says what it saw. */
const FACE_TRIES = 6;
const FACE_TRY_MS = 500;
const MODEL_HANDOVER_MS = 30_000;

type FaceModel = Awaited<ReturnType<typeof loadFaceModel>>;

/**
 * The system check before a proctored exam: camera, microphone, the whole screen shared, the
 * browser's support, the connection and one face seen, each row with its fix when it fails and,
 * for what a proctor can waive, "Ask for help". The streams granted here are kept for the attempt.
 */
export function SystemCheck({ examId, proctoring, waivers, onReady, onRecheck, onHelpAsked }: SystemCheckProps) {
  const { t } = useTranslation('examTaking');
  const rows = requiredRows(proctoring);
  const needs = { video: rows.includes('camera'), audio: rows.includes('microphone') };
  const [states, setStates] = useState<Partial<Record<CheckRow, RowState>>>(() => ({
    camera: examMedia.get() ? { status: 'pass' } : { status: 'idle' },
    microphone: examMedia.get() ? { status: 'pass' } : { status: 'idle' },
    screen: screenShare.get() ? { status: 'pass' } : { status: 'idle' },
  }));
  const set = useCallback((row: CheckRow, state: RowState) => setStates((s) => ({ ...s, [row]: state })), []);
  const preview = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(() => examMedia.get());

  // The browser's support needs no asking: it is read as the page renders. The connection is
  // measured at once and again on "Check again".
  const missing = missingFeatures(proctoring).join(', ');
  const connection = useQuery({ queryKey: ['system-check', 'connection'], queryFn: probeConnection, gcTime: 0, staleTime: 0, retry: false });
  const all: Partial<Record<CheckRow, RowState>> = {
    ...states,
    browser: missing ? { status: 'fail', reason: 'browser', values: { missing } } : { status: 'pass' },
    connection: connection.isFetching || !connection.data ? { status: 'checking' } : connection.data,
  };
  const ready = allPassed(rows, all, waivers);
  useEffect(() => onReady(ready), [ready, onReady]);

  // One model for every "Check again". It is let go a while after this screen closes: by then the
  // exam's own checks hold the same worker, so the model is not loaded twice.
  const model = useRef<FaceModel | null>(null);
  useEffect(
    () => () => {
      const held = model.current;
      model.current = null;
      if (held) setTimeout(() => held.release(), MODEL_HANDOVER_MS);
    },
    [],
  );

  const checkFace = useCallback(
    async (video: HTMLVideoElement) => {
      set('face', { status: 'checking' });
      try {
        model.current ??= await loadFaceModel();
      } catch {
        set('face', { status: 'fail', reason: 'model' });
        return;
      }
      const { facesIn } = model.current;
      let faces = 0;
      for (let i = 0; i < FACE_TRIES; i++) {
        faces = await facesIn(video).catch(() => 0);
        if (faces === 1) break;
        await new Promise((resolve) => setTimeout(resolve, FACE_TRY_MS));
      }
      set('face', faces === 1 ? { status: 'pass' } : { status: 'fail', reason: faces === 0 ? 'none' : 'many' });
    },
    [set],
  );

  const askMedia = async () => {
    for (const row of ['camera', 'microphone'] as const) if (rows.includes(row)) set(row, { status: 'checking' });
    try {
      const granted = await requestExamMedia(needs);
      examMedia.set(granted);
      setStream(granted);
      for (const row of ['camera', 'microphone'] as const) set(row, { status: 'pass' });
    } catch (error) {
      const reason = error instanceof MediaError ? error.kind : 'other';
      if (rows.includes('camera')) set('camera', { status: 'fail', reason: 'media', values: { text: mediaFailureText(reason, { video: true, audio: false }) } });
      if (rows.includes('microphone')) set('microphone', { status: 'fail', reason: 'media', values: { text: mediaFailureText(reason, { video: false, audio: true }) } });
    }
  };

  const askScreen = async () => {
    set('screen', { status: 'checking' });
    try {
      screenShare.set(await requestScreenShare());
      set('screen', { status: 'pass' });
    } catch (error) {
      set('screen', { status: 'fail', reason: error instanceof ScreenShareError ? error.kind : 'other' });
    }
  };

  // A share stopped from the browser's own bar fails the row again.
  useEffect(() => {
    const watch = (s: MediaStream | null) => {
      const track = s?.getVideoTracks()[0];
      if (!track) return undefined;
      const ended = () => set('screen', { status: 'fail', reason: 'ended' });
      track.addEventListener('ended', ended);
      return () => track.removeEventListener('ended', ended);
    };
    let unwatch = watch(screenShare.get());
    const unsubscribe = screenShare.subscribe((s) => {
      unwatch?.();
      unwatch = watch(s);
    });
    return () => {
      unwatch?.();
      unsubscribe();
    };
  }, [set]);

  const faceNeeded = rows.includes('face') && !rowWaived('face', waivers);
  useEffect(() => {
    const video = preview.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    if (faceNeeded) void checkFace(video);
  }, [stream, faceNeeded, checkFace]);

  const again = () => {
    onRecheck?.();
    void connection.refetch();
    if (faceNeeded && preview.current && stream) void checkFace(preview.current);
  };

  const mediaRowsOpen = (rows.includes('camera') && !rowWaived('camera', waivers) && states.camera?.status !== 'pass') || (rows.includes('microphone') && !rowWaived('microphone', waivers) && states.microphone?.status !== 'pass');
  const screenOpen = rows.includes('screen') && !rowWaived('screen', waivers) && states.screen?.status !== 'pass';

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="system-check-title" data-testid="system-check">
      <Stack gap="sm">
        <Title order={2} size="h4" id="system-check-title">
          {t('systemCheck.title')}
        </Title>
        <Text size="sm">{t('systemCheck.intro')}</Text>
        <Group align="flex-start" gap="md" wrap="nowrap">
          {needs.video && (
            <Box w={160} style={{ flexShrink: 0, aspectRatio: '4 / 3', background: 'var(--mantine-color-dark-7)', borderRadius: 4, overflow: 'hidden' }}>
              <video ref={preview} autoPlay muted playsInline aria-label={t('media.preview')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </Box>
          )}
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none', flex: 1 }} aria-label={t('systemCheck.title')}>
            {rows.map((row) => (
              <Row key={row} examId={examId} row={row} state={all[row] ?? { status: 'idle' }} waived={rowWaived(row, waivers)} onHelpAsked={onHelpAsked} />
            ))}
          </Stack>
        </Group>
        <Group>
          {mediaRowsOpen && (
            <Button leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void askMedia()} loading={states.camera?.status === 'checking' || states.microphone?.status === 'checking'}>
              {t(`media.allow.${mediaKindOf(needs)}`)}
            </Button>
          )}
          {screenOpen && (
            <Button leftSection={<IconScreenShare size={18} aria-hidden />} onClick={() => void askScreen()} loading={states.screen?.status === 'checking'}>
              {t('systemCheck.actions.screen')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={again}>
            {t('systemCheck.actions.again')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One round trip to the server: the exam's saves and flags travel the same way. */
async function probeConnection(): Promise<RowState> {
  const started = performance.now();
  try {
    const response = await fetch(`${API_BASE}/health`, { cache: 'no-store' });
    const ms = Math.round(performance.now() - started);
    if (!response.ok) return { status: 'fail', reason: 'offline' };
    if (ms > MAX_ROUND_TRIP_MS) return { status: 'fail', reason: 'slow', values: { ms } };
    return { status: 'pass' };
  } catch {
    return { status: 'fail', reason: 'offline' };
  }
}

const STATUS_COLOR = { idle: 'gray', checking: 'blue', pass: 'green', fail: 'red', waived: 'teal' } as const;

function Row({ examId, row, state, waived, onHelpAsked }: { examId: string; row: CheckRow; state: RowState; waived: boolean; onHelpAsked?: () => void }) {
  const { t } = useTranslation('examTaking');
  const status = waived ? 'waived' : state.status;
  const name = t(`systemCheck.rows.${row}`);
  const check = WAIVER_OF_ROW[row];
  return (
    <Box component="li" data-testid={`check-${row}`} aria-label={`${name}: ${t(`systemCheck.status.${status}`)}`}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600}>{name}</Text>
        <Badge color={STATUS_COLOR[status]} variant="light">
          {t(`systemCheck.status.${status}`)}
        </Badge>
      </Group>
      {!waived && state.status === 'fail' && (
        <Stack gap={4} mt={4}>
          <Text size="sm" c="red" role="alert">
            {fixText(t, row, state)}
          </Text>
          {check && <HelpButton examId={examId} check={check} label={name} onSent={onHelpAsked} />}
        </Stack>
      )}
    </Box>
  );
}

function fixText(t: (key: string, values?: Record<string, unknown>) => string, row: CheckRow, state: Extract<RowState, { status: 'fail' }>): string {
  if (state.reason === 'media') return String(state.values?.text ?? '');
  if (row === 'browser') return t('systemCheck.fix.browser', state.values);
  return t(`systemCheck.fix.${row}.${state.reason}`, state.values);
}
