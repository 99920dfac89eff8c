import { CAMERA_EVENTS } from '@exam/shared';
import { ActionIcon, Alert, Box, CloseButton, Group, Loader, Paper, Text } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { emitWithAck, type AppSocket } from '../../api/socket';
import { createPeer, readSignal, relaySignals, type Peer } from './peer';

const REQUEST_TIMEOUT_MS = 10_000;
/** How long to wait for the student's device to start streaming before saying so. */
const STREAM_WAIT_MS = 20_000;

interface CameraTileProps {
  socket: AppSocket | null;
  attemptId: string;
  name: string;
  onClose: () => void;
}

/**
 * One student's live camera. Asks the student's device to call us (`camera:request`), answers
 * its offer with a non-initiating peer, and plays the stream; closing stops the peer and tells
 * the student's device (`camera:stop`).
 */
export function CameraTile({ socket, attemptId, name, onClose }: CameraTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Muted by default so autoplay is allowed; the proctor may turn the microphone's sound on.
  const [muted, setMuted] = useState(true);
  const hasAudio = !!stream && stream.getAudioTracks().length > 0;

  useEffect(() => {
    if (!socket) return;
    let peer: Peer | null = null;
    // Only the first of the student's devices to answer is shown (a second tab would offer too).
    let from: string | null = null;
    let cancelled = false;

    const onSignal = (raw: unknown) => {
      const signal = readSignal(raw);
      if (!signal || signal.attemptId !== attemptId || (from && signal.from !== from)) return;
      if (!peer) {
        from = signal.from;
        peer = createPeer({ initiator: false, trickle: true });
        relaySignals(peer, socket, attemptId, signal.from);
        peer.on('stream', (s: MediaStream) => !cancelled && setStream(s));
        peer.on('error', () => !cancelled && setError('The camera connection failed.'));
        peer.on('close', () => !cancelled && setStream(null));
      }
      peer.signal(signal.data);
    };
    socket.on(CAMERA_EVENTS.signal, onSignal);

    emitWithAck(socket, CAMERA_EVENTS.request, { attemptId }, REQUEST_TIMEOUT_MS).then(
      (ack) => {
        if (!cancelled && !ack.ok) setError(ack.message);
      },
      () => !cancelled && setError('Could not reach the server. Try again.'),
    );
    const waiting = setTimeout(() => {
      if (!cancelled && !peer) setError('The student’s device did not answer. They may be offline or their camera may be off.');
    }, STREAM_WAIT_MS);

    return () => {
      cancelled = true;
      clearTimeout(waiting);
      socket.off(CAMERA_EVENTS.signal, onSignal);
      peer?.destroy();
      if (socket.connected) socket.emit(CAMERA_EVENTS.stop, { attemptId });
    };
  }, [socket, attemptId]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  return (
    <Paper withBorder p="xs" data-testid="camera-tile" aria-label={`Camera of ${name}`} component="figure" m={0}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="sm" fw={600} component="figcaption">
          {name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {hasAudio && (
            <ActionIcon variant="subtle" aria-pressed={!muted} aria-label={muted ? `Unmute ${name}` : `Mute ${name}`} onClick={() => setMuted((m) => !m)}>
              {muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
            </ActionIcon>
          )}
          <CloseButton aria-label={`Close the camera of ${name}`} onClick={onClose} />
        </Group>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : (
        <Box pos="relative" style={{ aspectRatio: '4 / 3', background: 'var(--mantine-color-dark-7)', borderRadius: 4, overflow: 'hidden' }}>
          <video ref={video} autoPlay muted={muted} playsInline data-testid="camera-video" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          {!stream && (
            <Group pos="absolute" inset={0} justify="center" align="center" gap="xs">
              <Loader size="sm" color="gray" aria-hidden />
              <Text size="sm" c="gray.3">
                Connecting to the camera…
              </Text>
            </Group>
          )}
        </Box>
      )}
    </Paper>
  );
}
