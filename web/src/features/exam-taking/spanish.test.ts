import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { submittedText, warningText } from './messages';
import { proctoringRules } from './StartScreen';
import { timerAnnouncement, timerView } from './timerStatus';

const MIN = 60_000;
const strict = { preventTabSwitching: true, requireFullscreen: true };

describe('the exam screen in Spanish', () => {
  it('warns, counts down and announces in Spanish', async () => {
    await changeLanguage('es');
    expect(warningText('tab-switch', { tabSwitches: 1, fullscreenExits: 0 }, strict)).toBe(
      'Atención: has salido de la pestaña del examen (1 vez). 3 veces más y tu examen se entregará automáticamente.',
    );
    expect(timerView(12 * MIN + 4000, 40 * MIN).text).toBe('Quedan 12:04');
    expect(timerAnnouncement(MIN + 500, MIN)).toBe('Queda un minuto.');
    expect(timerAnnouncement(5 * MIN + 500, 5 * MIN)).toBe('Quedan 5 minutos.');
    expect(submittedText('time-expired', { tabSwitches: 0, fullscreenExits: 0 }).title).toBe('Se acabó el tiempo');
  });

  it('writes the ordinals of the proctoring rules in each language', async () => {
    const p = { enabled: true, ...strict, disableRightClick: false, preventCopyPaste: false, enableCamera: false, enableMicrophone: false };
    await changeLanguage('es');
    expect(proctoringRules(p)[0]).toContain('La 4.ª vez');
    await changeLanguage('fr');
    expect(proctoringRules({ ...p, tabSwitchesAllowed: 0 })[0]).toContain('La 1re fois');
    expect(proctoringRules(p)[0]).toContain('La 4e fois');
    await changeLanguage('de');
    expect(proctoringRules(p)[0]).toContain('Beim 4. Mal');
  });
});
