import { CAMERA_EVENTS, type IceServer, type MediaSource } from '@exam/shared';
import { ActionIcon, Alert, Box, Button, CloseButton, Group, Loader, Paper, Text } from '@mantine/core';
import { IconRefresh, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emitWithAck, type AppSocket } from '../../api/socket';
import { cameraText, phaseOfPeerError, tileNotice, type CameraPhase, type StudentPresence } from './cameraState';
import { createPeer, readSignal, type Peer, type SignalData } from '../../api/peer';
import { useHallThumbs } from './useHallThumbs';
import { inboundVideo, watchLink, type InboundSample } from './weakLink';

const REQUEST_TIMEOUT_MS = 10_000;
/** How long to wait for the student's device to start streaming before saying so. */
const STREAM_WAIT_MS = 20_000;

interface CameraTileProps {
  socket: AppSocket | null;
  attemptId: string;
  name: string;
  presence: StudentPresence;
  serverNow: number;
  /** The student's camera (default) or their shared screen: one peer each. */
  source?: MediaSource;
  /** The exam: lets a camera on a weak link ask for the students' thumbnails instead. */
  examId?: string;
  onClose: () => void;
}

/** simple-peer has getStats (its reports flattened to plain objects); its typings do not say so. */
type StatsPeer = Peer & { getStats?: (cb: (err: Error | null, reports: Record<string, unknown>[]) => void) => void };

/** The peer's inbound video counters now, or null when it cannot say. */
function readInbound(peer: StatsPeer): Promise<InboundSample | null> {
  return new Promise((resolve) => {
    if (!peer.getStats) return resolve(null);
    peer.getStats((err, reports) => resolve(err ? null : inboundVideo(reports, Date.now())));
  });
}

/** Which stream a relayed signal belongs to: a signal that names none is the camera's. */
export const sourceOfSignal = (raw: unknown): MediaSource => ((raw as { source?: unknown } | null)?.source === 'screen' ? 'screen' : 'camera');

/** Sends our peer's signals to the student's device, naming the stream they are about. */
function relayTo(peer: Peer, socket: AppSocket, attemptId: string, to: string, source: MediaSource): void {
  peer.on('signal', (data: SignalData) => {
    if (socket.connected) socket.emit(CAMERA_EVENTS.signal, { attemptId, to, source, data });
  });
}

/**
 * One student's live camera. Asks the student's device to call us (`camera:request`), answers
 * its offer with a non-initiating peer using the server's STUN/TURN servers, and plays the stream;
 * closing stops the peer and tells the student's device (`camera:stop`). When the student drops
 * and comes back the tile says so and connects again by itself; the server's `camera:closed`
 * (the attempt ended) turns it off for good. A camera on a link too weak for video (weakLink.ts)
 * closes its peer and shows the student's thumbnails, a picture every few seconds, until Retry.
 */
export const CameraTile = forwardRef<HTMLElement, CameraTileProps>(function CameraTile({ socket, attemptId, name, presence, serverNow, source = 'camera', examId, onClose }, ref) {
  const { t } = useTranslation('proctor');
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [phase, setPhase] = useState<CameraPhase>({ kind: 'connecting' });
  // Bumped by Retry and by the student coming back online: each value is one connection attempt.
  const [round, setRound] = useState(0);
  // Muted by default so autoplay is allowed; the proctor may turn the microphone's sound on.
  const [muted, setMuted] = useState(true);
  // The link was too weak for live video: the tile shows pictures instead.
  const [weak, setWeak] = useState(false);
  const thumb = useHallThumbs(socket, examId, weak).get(attemptId);
  const hasAudio = !!stream && stream.getAudioTracks().length > 0;
  const ended = phase.kind === 'ended' || !presence.inProgress;
  const notice = tileNotice(phase, presence, name, serverNow);

  const wasOnline = useRef(presence.online);
  useEffect(() => {
    if (presence.online && !wasOnline.current) setRound((r) => r + 1);
    wasOnline.current = presence.online;
  }, [presence.online]);

  useEffect(() => {
    if (!socket || ended || weak) return;
    let peer: Peer | null = null;
    let stopWatch: (() => void) | undefined;
    // Only the first of the student's devices to answer is shown (a second tab would offer too).
    let from: string | null = null;
    let cancelled = false;
    // Signals that arrive before the ack (and its ICE servers) wait for it.
    let iceServers: IceServer[] | null = null;
    const early: { from: string; data: SignalData }[] = [];
    setPhase({ kind: 'connecting' });
    setStream(null);

    const accept = (sender: string, data: SignalData) => {
      if (!peer) {
        from = sender;
        peer = createPeer({ initiator: false, trickle: true, config: { iceServers: iceServers ?? [] } });
        relayTo(peer, socket, attemptId, sender, source);
        peer.on('stream', (s: MediaStream) => {
          if (cancelled) return;
          setStream(s);
          setPhase({ kind: 'live' });
          // The screen is not watched: its pictures are not what the thumbnails show.
          if (source === 'camera' && peer) {
            const live = peer;
            stopWatch?.();
            stopWatch = watchLink(() => readInbound(live), () => !cancelled && setWeak(true));
          }
        });
        peer.on('error', (error: unknown) => !cancelled && setPhase(phaseOfPeerError(error)));
        peer.on('close', () => {
          if (cancelled) return;
          setStream(null);
          setPhase((p) => (p.kind === 'live' || p.kind === 'connecting' ? { kind: 'error', message: cameraText('dropped') } : p));
        });
      }
      peer.signal(data);
    };
    const onSignal = (raw: unknown) => {
      const signal = readSignal(raw);
      if (!signal || signal.attemptId !== attemptId || sourceOfSignal(raw) !== source || (from && signal.from !== from)) return;
      if (iceServers) accept(signal.from, signal.data);
      else early.push({ from: signal.from, data: signal.data });
    };
    const onClosed = (raw: unknown) => {
      if (!raw || typeof raw !== 'object' || (raw as { attemptId?: unknown }).attemptId !== attemptId) return;
      peer?.destroy();
      setStream(null);
      setPhase({ kind: 'ended' });
    };
    socket.on(CAMERA_EVENTS.signal, onSignal);
    socket.on(CAMERA_EVENTS.closed, onClosed);

    emitWithAck<{ iceServers?: IceServer[] }>(socket, CAMERA_EVENTS.request, { attemptId, source }, REQUEST_TIMEOUT_MS).then(
      (ack) => {
        if (cancelled) return;
        if (!ack.ok) return setPhase({ kind: 'error', message: ack.message });
        iceServers = ack.iceServers ?? [];
        for (const s of early.splice(0)) if (!from || s.from === from) accept(s.from, s.data);
      },
      () => !cancelled && setPhase({ kind: 'error', message: cameraText('unreachable') }),
    );
    const waiting = setTimeout(() => {
      if (!cancelled && !peer) setPhase((p) => (p.kind === 'connecting' ? { kind: 'no-answer' } : p));
    }, STREAM_WAIT_MS);

    return () => {
      cancelled = true;
      stopWatch?.();
      clearTimeout(waiting);
      socket.off(CAMERA_EVENTS.signal, onSignal);
      socket.off(CAMERA_EVENTS.closed, onClosed);
      peer?.destroy();
      if (socket.connected) socket.emit(CAMERA_EVENTS.stop, { attemptId, source });
    };
  }, [socket, attemptId, round, ended, source, weak]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream, notice?.text]);

  return (
    <Paper
      ref={ref}
      withBorder
      p="xs"
      data-testid="camera-tile"
      data-source={source}
      aria-label={source === 'screen' ? t('camera.screenLabel', { name }) : t('camera.label', { name })}
      component="figure"
      m={0}
      tabIndex={-1}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="sm" fw={600} component="figcaption">
          {source === 'screen' ? t('camera.screenLabel', { name }) : name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {hasAudio && !notice && (
            <ActionIcon variant="subtle" aria-pressed={!muted} aria-label={muted ? t('camera.unmute', { name }) : t('camera.mute', { name })} onClick={() => setMuted((m) => !m)}>
              {muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
            </ActionIcon>
          )}
          <CloseButton aria-label={source === 'screen' ? t('camera.closeScreen', { name }) : t('camera.close', { name })} onClick={onClose} />
        </Group>
      </Group>
      {weak && !notice ? (
        <Box data-testid="camera-weak">
          <Box style={{ aspectRatio: '4 / 3', background: 'var(--mantine-color-dark-7)', borderRadius: 4, overflow: 'hidden' }}>
            {thumb && <img src={thumb} alt={t('camera.label', { name })} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
          </Box>
          <Group justify="space-between" mt={4} wrap="nowrap">
            <Text size="xs" role="status">
              {t('camera.slowLink')}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => {
                setWeak(false);
                setRound((r) => r + 1);
              }}
            >
              {t('camera.retry')}
            </Button>
          </Group>
        </Box>
      ) : notice ? (
        <Alert color={notice.tone} role="status" data-testid="camera-notice">
          <Text size="sm">{notice.text}</Text>
          {notice.retry && (
            <Button mt="xs" size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => setRound((r) => r + 1)}>
              {t('camera.retry')}
            </Button>
          )}
        </Alert>
      ) : (
        <Box pos="relative" style={{ aspectRatio: '4 / 3', background: 'var(--mantine-color-dark-7)', borderRadius: 4, overflow: 'hidden' }}>
          <video ref={video} autoPlay muted={muted} playsInline data-testid="camera-video" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          {!stream && (
            <Group pos="absolute" inset={0} justify="center" align="center" gap="xs">
              <Loader size="sm" color="gray" aria-hidden />
              <Text size="sm" c="gray.3">
                {source === 'screen' ? t('camera.screenConnecting') : t('camera.connecting')}
              </Text>
            </Group>
          )}
        </Box>
      )}
    </Paper>
  );
});
