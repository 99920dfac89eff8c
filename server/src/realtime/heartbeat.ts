/**
 * How often each socket is pinged and how long its pong may take: a student whose connection
 * drops silently shows offline on the proctor board within 20 s (Socket.IO's defaults, 25 s and
 * 20 s, would take 45 s). The bench's bare Socket.IO server uses the same, so the two compare.
 */
export const HEARTBEAT = { pingInterval: 10_000, pingTimeout: 10_000 } as const;
