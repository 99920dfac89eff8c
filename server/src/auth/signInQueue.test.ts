import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueTicket, readTicket, SignInLine, type Admitted, type QueuePlace } from './signInQueue';

/** Lanes as the line sees them: `busy` sign-ins ahead, each taking 100 ms on one lane. */
const lanes = (busy = 0) => ({ active: Math.min(busy, 1), queued: Math.max(0, busy - 1), concurrency: 1, averageTaskMs: 100 });
const place = (p: ReturnType<SignInLine['enter']>) => p as QueuePlace;

describe('the sign-in line', () => {
  it('lets a sign-in in while the expected wait is within the threshold, and no further', () => {
    const line = new SignInLine(lanes());
    // 1 s of threshold at 100 ms a sign-in: eleven are let in (the eleventh waits 1 s), the twelfth is told its place.
    for (let i = 0; i < 11; i++) expect('leave' in line.enter(0, 1000)).toBe(true);
    const twelfth = place(line.enter(0, 1000));
    expect(twelfth).toMatchObject({ queuePosition: 12, retryAfterSeconds: 1 });
  });

  it('gives each sign-in sent away the next place and a later time, so the line comes back in order', () => {
    const line = new SignInLine(lanes(100));
    const places = Array.from({ length: 40 }, () => place(line.enter(0, 2000)));
    expect(places.map((p) => p.queuePosition)).toEqual(Array.from({ length: 40 }, (_, i) => 101 + i));
    for (let i = 1; i < places.length; i++) expect(places[i]!.placeAt).toBeGreaterThanOrEqual(places[i - 1]!.placeAt);
    // 100 ahead at 100 ms is 10 s; it comes back when a second (half the threshold) is left.
    expect(places[0]!.retryAfterSeconds).toBe(9);
    // The 40th has 139 ahead: 13.9 s, back with a second left.
    expect(places[39]!.retryAfterSeconds).toBe(13);
  });

  it('lets a ticket holder back in ahead of those sent away after it, while a newcomer still waits behind them', () => {
    const state = lanes(30);
    const line = new SignInLine(state);
    const first = place(line.enter(0, 1000));
    const later = Array.from({ length: 20 }, () => place(line.enter(0, 1000)));
    expect(later.at(-1)!.placeAt).toBeGreaterThan(first.placeAt);
    // When the first one's time comes the lanes have emptied: it is let in, a newcomer is not.
    Object.assign(state, lanes(0));
    expect('leave' in line.enter(first.placeAt, 1000, first.placeAt)).toBe(true);
    expect(place(line.enter(first.placeAt, 1000)).queuePosition).toBeGreaterThan(10);
  });

  it('counts a sign-in as ahead until it is answered', () => {
    const line = new SignInLine(lanes());
    const admitted = Array.from({ length: 11 }, () => line.enter(0, 1000) as Admitted);
    expect('queuePosition' in line.enter(0, 1000)).toBe(true);
    admitted[0]!.leave(100);
    admitted[0]!.leave(100); // twice is once
    expect('leave' in line.enter(2000, 1000)).toBe(true);
    expect(line.waiting).toBe(11);
  });

  it('gives a sign-in let in but overdue a place by its arrival, ahead of those who came after it', () => {
    const line = new SignInLine(lanes());
    const early = line.enter(0, 1000) as Admitted;
    const later = Array.from({ length: 15 }, () => line.enter(50, 1000));
    const refused = Array.from({ length: 20 }, () => place(line.enter(60, 1000)));
    const sent = line.overdue(3000, 1000, early);
    expect(sent.queuePosition).toBe(1);
    expect(sent.placeAt).toBe(0);
    // Its ticket lets it back in at once even while the later ones still wait.
    expect('leave' in line.enter(3000, 1000, sent.placeAt)).toBe(true);
    expect(later.filter((p) => 'leave' in p)).toHaveLength(10);
    expect(refused.every((p) => p.queuePosition > 15)).toBe(true);
  });

  it('does not count the time the lanes stood idle as the cost of a sign-in', () => {
    const line = new SignInLine(lanes());
    const spaced = Array.from({ length: 5 }, () => line.enter(0, 1000) as Admitted);
    // Answered 2 s apart with nobody waiting for a lane: the lanes idled, the estimate stays 100 ms.
    spaced.forEach((s, i) => s.leave(2000 * (i + 1)));
    const next = Array.from({ length: 11 }, () => line.enter(20_000, 1000));
    expect(next.every((p) => 'leave' in p)).toBe(true);
  });

  it('goes by what a sign-in costs end to end when the machine is slower than the hashing lanes show', () => {
    const state = lanes(20);
    const line = new SignInLine(state);
    const first = Array.from({ length: 11 }, () => line.enter(0, 100_000) as Admitted);
    // While others wait for a lane, each takes half a second to answer (a busy database), not the lanes' 100 ms.
    first.forEach((s, i) => s.leave(500 * (i + 1)));
    Object.assign(state, lanes(0));
    const next = Array.from({ length: 3 }, () => line.enter(6000, 1000));
    expect(next.map((p) => 'leave' in p)).toEqual([true, true, true]);
    expect(place(line.enter(6000, 1000)).queuePosition).toBe(4);
  });
});

describe('place tickets', () => {
  const secret = randomBytes(32).toString('hex');

  it('are honoured from just before their time until well after it', () => {
    const ticket = issueTicket(secret, 10_000);
    expect(readTicket(secret, ticket, 10_000)).toBe(10_000);
    expect(readTicket(secret, ticket, 8_500)).toBe(10_000);
    expect(readTicket(secret, ticket, 5_000)).toBeUndefined();
    expect(readTicket(secret, ticket, 10_000 + 10 * 60_000)).toBeUndefined();
  });

  it('cannot be made up or moved to an earlier time', () => {
    const ticket = issueTicket(secret, 10_000);
    expect(readTicket(randomBytes(32).toString('hex'), ticket, 10_000)).toBeUndefined();
    expect(readTicket(secret, ticket.replace(/^10000/, '9000'), 9_000)).toBeUndefined();
    expect(readTicket(secret, 'nonsense', 10_000)).toBeUndefined();
    expect(readTicket(secret, undefined, 10_000)).toBeUndefined();
  });
});
