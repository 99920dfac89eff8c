import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { messageReach } from './messageReach';

describe("a proctor message's acknowledgement on the board", () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('says how many students had it live and how many will only find it as a notification', async () => {
    expect(messageReach({ ok: true, delivered: 1, storedOnly: 1 })).toBe('Message delivered live to 1 student. 1 student is not connected and will find it as a notification later.');
    expect(messageReach({ ok: true, delivered: 12, storedOnly: 0 })).toBe('Message delivered live to 12 students.');
    expect(messageReach({ ok: true, delivered: 0, storedOnly: 3 })).toBe('Message delivered live to 0 students. 3 students are not connected and will find it as a notification later.');
    expect(messageReach({ ok: true })).toBe('Message sent');
    await changeLanguage('fr');
    expect(messageReach({ ok: true, delivered: 2, storedOnly: 1 })).toBe('Message remis en direct à 2 élèves. 1 élève n’est pas connecté et le trouvera plus tard dans ses notifications.');
    await changeLanguage('de');
    expect(messageReach({ ok: true, delivered: 1, storedOnly: 2 })).toBe('Nachricht live an 1 Schüler/in zugestellt. 2 Schüler/innen sind nicht verbunden und finden sie später als Benachrichtigung.');
    await changeLanguage('es');
    expect(messageReach({ ok: true, delivered: 1, storedOnly: 0 })).toBe('Mensaje entregado en directo a 1 estudiante.');
  });
});
