/**
 * The report's recommendations (surroundings §9): one line by the average's tier (90 or more,
 * 70–89, 50–69, under 50), and extra lines when the pass rate is at least 80 or below 70 together
 * with an average of at least 85 or below 70.
 */
export function recommendations(averageScore: number, passRate: number): string[] {
  const lines: string[] = [];
  if (averageScore >= 90) lines.push('Excellent results: keep the student challenged with harder material and enrichment work.');
  else if (averageScore >= 70) lines.push('Good, steady progress: regular practice will turn good results into excellent ones.');
  else if (averageScore >= 50) lines.push('Results are mixed: focus revision on the weaker subjects and practise with past papers.');
  else lines.push('The student needs support: revisit the basics with a teacher and plan short, regular study sessions.');
  if (passRate >= 80 && averageScore >= 85) lines.push('Consistently strong: most exams are passed with high scores.');
  if (passRate < 70 && averageScore < 70) lines.push('Several exams were not passed: agree a study plan and check progress after each exam.');
  return lines;
}

/** An improvement in percentage points with its sign: "+12 points", "−5 points", "No change". */
export function improvementText(points: number): string {
  if (points === 0) return 'No change';
  const abs = Math.abs(points);
  return `${points > 0 ? '+' : '−'}${abs} ${abs === 1 ? 'point' : 'points'}`;
}

export const NOT_ENOUGH_RESULTS = 'Not enough results yet';
