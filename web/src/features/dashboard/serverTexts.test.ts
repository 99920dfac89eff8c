import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { formatMemoryMb, formatUptime } from './healthFormat';
import { activityText, healthProblemText } from './serverTexts';

const PROBLEMS = [
  'The database does not answer.',
  'Database latency 812 ms.',
  'Redis does not answer: other nodes miss this node’s live events.',
  'The deadline sweeper last ran 14 s ago.',
  'An attempt is 45 s past its deadline and still open.',
];
const ACTIVITY = ['Ada Lee scored 87.5% (B+) on Fractions (part 2)', 'Bo Lee submitted Essay on rivers (awaiting grading)', 'Cy Ong scored 66.667% (D) on Maps'];

describe('texts the server writes into dashboards', () => {
  afterEach(() => changeLanguage('en'));

  it('read exactly as the server wrote them in English', () => {
    expect(PROBLEMS.map(healthProblemText)).toEqual(PROBLEMS);
    expect(ACTIVITY.map(activityText)).toEqual(ACTIVITY);
  });

  it('read in German, with German numbers and quotation marks', async () => {
    await changeLanguage('de');
    expect(PROBLEMS.map(healthProblemText)).toEqual([
      'Die Datenbank antwortet nicht.',
      'Datenbanklatenz: 812 ms.',
      'Redis antwortet nicht: Andere Knoten verpassen die Echtzeit-Ereignisse dieses Knotens.',
      'Die Fristprüfung lief zuletzt vor 14 s.',
      'Ein Prüfungsversuch ist seit 45 s über seiner Frist und noch offen.',
    ]);
    expect(ACTIVITY.map(activityText)).toEqual([
      'Ada Lee hat in „Fractions (part 2)“ 87,5\u00a0% erreicht (B+)',
      'Bo Lee hat „Essay on rivers“ abgegeben (Bewertung ausstehend)',
      'Cy Ong hat in „Maps“ 66,667\u00a0% erreicht (D)',
    ]);
    expect(formatUptime(90_061)).toBe('1 T. 1 Std. 1 Min.');
    expect(formatMemoryMb(55_094_800)).toBe('52,54');
  });

  it('leave a text they do not know as it is (one the server already translated)', async () => {
    await changeLanguage('fr');
    expect(healthProblemText('La base de données ne répond pas.')).toBe('La base de données ne répond pas.');
    expect(activityText('Ada Lee a remis « Fractions »')).toBe('Ada Lee a remis « Fractions »');
  });
});
