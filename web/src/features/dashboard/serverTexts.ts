import { i18n } from '../../i18n';
import { formatPercent } from '../../i18n/format';

/**
 * Texts the server writes into dashboard data in English (a node's health problems, a teacher's
 * activity lines), read back into the reader's language. Each pattern is the server's exact
 * sentence (server/src/services/systemHealth.ts, dashboards.ts); anything else (a text the
 * server already wrote in the reader's language) is shown as it is.
 */
const HEALTH_PROBLEMS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^The database does not answer\.$/, () => i18n.t('dashboard:health.problems.dbDown')],
  [/^Database latency (\d+) ms\.$/, (m) => i18n.t('dashboard:health.problems.dbLatency', { ms: m[1] })],
  [/^Redis does not answer: other nodes miss this node’s live events\.$/, () => i18n.t('dashboard:health.problems.redisFail')],
  [/^The deadline sweeper last ran (\d+) s ago\.$/, (m) => i18n.t('dashboard:health.problems.sweeperLag', { seconds: m[1] })],
  [/^An attempt is (\d+) s past its deadline and still open\.$/, (m) => i18n.t('dashboard:health.problems.overdue', { seconds: m[1] })],
];

/** A node's health problem in the reader's language. */
export function healthProblemText(problem: string): string {
  for (const [pattern, text] of HEALTH_PROBLEMS) {
    const match = problem.match(pattern);
    if (match) return text(match);
  }
  return problem;
}

/** A line of a teacher's recent activity in the reader's language. */
export function activityText(message: string): string {
  const scored = message.match(/^(.+?) scored (\d+(?:\.\d+)?)% \((.*?)\) on (.+)$/s);
  if (scored) {
    // As many decimals as the server wrote, so English reads exactly as before.
    const percent = formatPercent(Number(scored[2]), scored[2]!.split('.')[1]?.length ?? 0);
    return i18n.t('dashboard:activity.scored', { name: scored[1], percent, grade: scored[3], title: scored[4] });
  }
  const submitted = message.match(/^(.+?) submitted (.+) \(awaiting grading\)$/s);
  if (submitted) return i18n.t('dashboard:activity.submitted', { name: submitted[1], title: submitted[2] });
  return message;
}
