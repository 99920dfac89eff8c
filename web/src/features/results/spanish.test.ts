import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { answerStatusText, displayStatusText, formatTimeSpent, percentText, resultMessageText } from '../../lib/resultLabels';
import { RESULT_TEXT } from './messages';

describe('results in other languages', () => {
  it('reads answer statuses, display statuses and figures in the reader’s language', async () => {
    await changeLanguage('es');
    expect(answerStatusText({ status: 'partial', marks: 3, points: 5 })).toBe('Parcialmente correcta · 3 / 5');
    expect(answerStatusText({ status: 'pending', marks: null, points: 5 })).toBe('Pendiente de revisión');
    expect(displayStatusText('In Progress')).toBe('En curso');
    expect(formatTimeSpent(30)).toBe('Menos de 1 min');
    expect(resultMessageText(95)).toBe('¡Sobresaliente! Un trabajo excelente.');
    // Read when shown, so a language chosen after the module loaded is the one on screen.
    expect(RESULT_TEXT.noResultsYet).toBe('Todavía no hay resultados');
    await changeLanguage('de');
    expect(answerStatusText({ status: 'partial', marks: 2.5, points: 5 })).toBe('Teilweise richtig · 2,5 / 5');
    expect(percentText(85)).toBe('85\u00a0%');
  });

  it('keeps the documented English texts', () => {
    expect(answerStatusText({ status: 'partial', marks: 3, points: 5 })).toBe('Partially correct · 3 / 5');
    expect(displayStatusText('Reviewing')).toBe('Reviewing');
    expect(percentText(71)).toBe('71%');
    expect(RESULT_TEXT.resultNotFound).toBe('Result not found');
  });
});
