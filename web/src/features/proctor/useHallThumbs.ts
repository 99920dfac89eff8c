import { PROCTOR_EVENTS } from '@exam/shared';
import { useEffect, useState } from 'react';
import type { AppSocket } from '../../api/socket';

/** The board renews its wish for thumbnails this often; the server forgets it after 30 s. */
export const TILES_RENEW_MS = 20_000;

/** A relayed `proctor:thumb`, or null when it is not one. */
export function readThumb(raw: unknown): { attemptId: string; jpeg: string } | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { attemptId?: unknown; jpeg?: unknown };
  return typeof r.attemptId === 'string' && typeof r.jpeg === 'string' ? { attemptId: r.attemptId, jpeg: r.jpeg } : null;
}

export const thumbUrl = (jpeg: string) => `data:image/jpeg;base64,${jpeg}`;

/**
 * While `on`, asks the server for the exam's camera thumbnails (`proctor:tiles`, renewed every
 * 20 s, turned off on leaving) and keeps each attempt's latest picture as a data URL. Pictures
 * live only in memory: leaving the view drops them.
 */
export function useHallThumbs(socket: AppSocket | null, examId: string | undefined, on: boolean): ReadonlyMap<string, string> {
  const [thumbs, setThumbs] = useState<ReadonlyMap<string, string>>(() => new Map());

  useEffect(() => {
    if (!socket || !on) return;
    const ask = (wanted: boolean) => {
      // Not buffered while offline: the renewal after the reconnect asks again. Without the exam
      // the pictures that another view asked for are still shown.
      if (socket.connected && examId) socket.emit(PROCTOR_EVENTS.tiles, { examId, on: wanted }, () => undefined);
    };
    const onThumb = (raw: unknown) => {
      const thumb = readThumb(raw);
      if (thumb) setThumbs((old) => new Map(old).set(thumb.attemptId, thumbUrl(thumb.jpeg)));
    };
    const onConnect = () => ask(true);
    socket.on(PROCTOR_EVENTS.thumbRelay, onThumb);
    socket.on('connect', onConnect);
    ask(true);
    const renew = setInterval(() => ask(true), TILES_RENEW_MS);
    return () => {
      clearInterval(renew);
      socket.off(PROCTOR_EVENTS.thumbRelay, onThumb);
      socket.off('connect', onConnect);
      ask(false);
      setThumbs(new Map());
    };
  }, [socket, examId, on]);

  return thumbs;
}
