import type { OfflineCause } from '@exam/shared';

/**
 * Why a student's socket went, from Socket.IO's disconnect reason, in the few words the timeline
 * says. A reason that tells nothing a reviewer can use (a parse error, a forced close) gives none.
 */
export function offlineCause(reason: string): OfflineCause | null {
  switch (reason) {
    case 'transport close':
    case 'transport error':
    case 'ping timeout':
      return 'network';
    case 'server shutting down':
      return 'server-restart';
    // The server closed it: the session was signed out or revoked (sessions.ts, socketServer.ts).
    case 'server namespace disconnect':
      return 'signed-out';
    // The app closed its socket: the student left the exam page.
    case 'client namespace disconnect':
      return 'left-page';
    default:
      return null;
  }
}
