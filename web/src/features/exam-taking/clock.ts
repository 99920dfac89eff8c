/**
 * The server owns time: the client only displays the countdown from the attempt's deadline and
 * its estimate of the server clock. The estimate is corrected by half the round trip, since the
 * server read its clock somewhere between our send and our receive.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  const roundTrip = Math.max(0, receivedAt - sentAt);
  return server + roundTrip / 2 - receivedAt;
}

/** Milliseconds left: deadline minus the server's now (our clock plus the offset); never below 0. */
export function timeLeftMs(deadlineAt: number, now: number, offset: number): number {
  return Math.max(0, deadlineAt - (now + offset));
}
