import { describe, expect, it } from 'vitest';
import { submittedText, warningText } from './messages';
import { proctoringRules } from './StartScreen';

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

  it("counts down to the exam's own allowances", () => {
    const own = { ...strict, tabSwitchesAllowed: 1, fullscreenExitsAllowed: 5 };
    expect(warningText('tab-switch', { tabSwitches: 1, fullscreenExits: 0 }, own)).toContain('One more time and your exam will be submitted automatically.');
    expect(warningText('fullscreen-exit', { tabSwitches: 0, fullscreenExits: 1 }, own)).toContain('5 more times and your exam will be submitted automatically.');
  });

  it("tells the student before the start which tab switch and fullscreen exit submit, from the exam's allowances", () => {
    const p = { enabled: true, ...strict, disableRightClick: false, preventCopyPaste: false, enableCamera: false, enableMicrophone: false };
    expect(proctoringRules(p).slice(0, 2)).toEqual([
      'Leaving this tab is recorded. The 4th time submits your exam automatically.',
      'The exam runs in fullscreen. Leaving fullscreen is recorded; the 3rd time submits your exam automatically.',
    ]);
    expect(proctoringRules({ ...p, tabSwitchesAllowed: 0, fullscreenExitsAllowed: 20 }).slice(0, 2)).toEqual([
      'Leaving this tab is recorded. The 1st time submits your exam automatically.',
      'The exam runs in fullscreen. Leaving fullscreen is recorded; the 21st time submits your exam automatically.',
    ]);
    expect(proctoringRules({ ...p, tabSwitchesAllowed: 10 })[0]).toContain('The 11th time');
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
    // On an exam allowing a single tab switch, the second is the cause.
    expect(submittedText('violations', { tabSwitches: 2, fullscreenExits: 1 }, { tabSwitches: 1, fullscreenExits: 2 }).detail).toContain('too many tab switches (2)');
  });
});
