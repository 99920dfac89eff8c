import type { ProctorRow } from '@exam/shared';

/** A complete board row with the fields a test cares about overridden. */
export function buildRow(over: Partial<ProctorRow> & { name?: [string, string]; id?: string } = {}): ProctorRow {
  const { name = ['Sam', 'Student'], id = 's1', ...rest } = over;
  return {
    attemptId: `a-${id}`,
    student: { _id: id, firstName: name[0], lastName: name[1], avatar: null },
    status: 'in_progress',
    submitReason: null,
    online: true,
    lastSeenAt: null,
    answered: 2,
    total: 5,
    deadlineAt: '2030-01-01T00:30:00.000Z',
    extraMinutes: 0,
    violations: { tabSwitches: 0, fullscreenExits: 0, other: 0 },
    pendingSaves: 0,
    lastSaveAt: null,
    lastEventAt: null,
    ...rest,
  };
}
