import { describe, expect, it } from 'vitest';
import { findNul } from './storable';

// The path is what the 400 names as the field at fault, so a user is told which input to fix.
describe('findNul', () => {
  it('names the path to the first string holding a NUL', () => {
    expect(findNul({ answers: [{ text: 'fine' }, { text: 'bad\u0000' }] })).toBe('answers.1.text');
    expect(findNul({ attemptId: 'a', answer: 'x\u0000y', seq: 3 })).toBe('answer');
  });

  it('is empty for the value itself and undefined when nothing holds a NUL', () => {
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: ['b', { c: 1, d: null, e: true }] })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
  });

  it('names a key holding a NUL, written so it can be shown', () => {
    expect(findNul({ outer: { ['k\u0000']: 'v' } })).toBe('outer.k\\u0000');
  });

  it('looks only at the object’s own keys', () => {
    const inherited = Object.create({ hidden: '\u0000' }) as Record<string, unknown>;
    inherited.own = 'fine';
    expect(findNul(inherited)).toBeUndefined();
  });
});
