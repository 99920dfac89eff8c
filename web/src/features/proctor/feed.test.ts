import { describe, expect, it } from 'vitest';
import { eventDetailText, eventLabel } from './feed';

describe('event texts', () => {
  it('says what each event was, from whatever detail it carries', () => {
    expect(eventDetailText('violation', { violation: 'tab-switch', counts: {} })).toBe('Tab switch');
    expect(eventDetailText('submitted', { reason: 'violations' })).toBe('for violations');
    expect(eventDetailText('message', { text: 'Eyes on your own screen' })).toBe('“Eyes on your own screen”');
    expect(eventDetailText('extended', { minutes: 10 })).toBe('+10 min');
    expect(eventDetailText('joined', {})).toBe('');
    expect(eventDetailText('violation', { violation: 42 })).toBe('');
    expect(eventLabel('extended')).toBe('Time extended');
    expect(eventLabel('something-new')).toBe('Something New');
  });
});
