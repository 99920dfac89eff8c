import { describe, expect, it } from 'vitest';
import { submittedText, warningText } from './messages';

const strict = { preventTabSwitching: true, requireFullscreen: true };

describe('violation warnings', () => {
  it('counts down to the tab switch that submits (the 4th)', () => {
    expect(warningText('tab-switch', { tabSwitches: 1, fullscreenExits: 0 }, strict)).toBe(
      'Warning: you left the exam tab (1 time). 3 more times and your exam will be submitted automatically.',
    );
    expect(warningText('tab-switch', { tabSwitches: 3, fullscreenExits: 0 }, strict)).toBe(
      'Warning: you left the exam tab (3 times). One more time and your exam will be submitted automatically.',
    );
  });

  it('counts down to the fullscreen exit that submits (the 3rd)', () => {
    expect(warningText('fullscreen-exit', { tabSwitches: 0, fullscreenExits: 2 }, strict)).toContain('One more time and your exam will be submitted automatically.');
  });

  it('promises no submission when that setting is off', () => {
    expect(warningText('tab-switch', { tabSwitches: 5, fullscreenExits: 0 }, { ...strict, preventTabSwitching: false })).toBe(
      'Warning: you left the exam tab. This was recorded.',
    );
  });
});

describe('submitted reasons', () => {
  const none = { tabSwitches: 0, fullscreenExits: 0 };
  it('says who or what ended the exam', () => {
    expect(submittedText('student', none).detail).toBe('You submitted the exam.');
    expect(submittedText('time-expired', none).title).toBe('Time expired');
    expect(submittedText('proctor', none).detail).toBe('Your proctor submitted your exam.');
    expect(submittedText('violations', { tabSwitches: 4, fullscreenExits: 0 }).detail).toBe(
      'Your exam was submitted automatically because of too many tab switches (4).',
    );
    expect(submittedText('violations', { tabSwitches: 1, fullscreenExits: 3 }).detail).toContain('too many fullscreen exits (3)');
    expect(submittedText(null, none).detail).toBe('Your exam has been submitted.');
  });
});
