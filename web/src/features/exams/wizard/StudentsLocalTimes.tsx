import { ianaZoneOf, type AudienceZone } from '@exam/shared';
import { List, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatOnClock } from '../../../lib/dateFormat';
import { isoToWallTime, wallTimeToIso } from '../../../lib/zonedTime';
import { examsApi } from '../api';

/** Zones listed by name; the rest are counted. */
const SHOWN_ZONES = 5;

/** The zones by the clock they name (the old short names are IANA zones too: EST is New York's), most students first. */
function byClock(zones: AudienceZone[]): AudienceZone[] {
  const students = new Map<string, number>();
  for (const z of zones) students.set(ianaZoneOf(z.timezone), (students.get(ianaZoneOf(z.timezone)) ?? 0) + z.students);
  return [...students].map(([timezone, n]) => ({ timezone, students: n })).sort((a, b) => b.students - a.students || a.timezone.localeCompare(b.timezone));
}

/**
 * Under the schedule: the start on the clocks of the exam's students who live on another one (the
 * zones their settings give, most students first), so a school with students abroad sees that 9:00
 * in Berlin is 3:00 in New York before it publishes. Nothing when every student shares the exam's clock.
 */
export function StudentsLocalTimes({ startLocal, zone, grade, eligibleStudents }: { startLocal: string; zone: string; grade: string; eligibleStudents: string[] }) {
  const { t } = useTranslation('exams');
  const gradeNumber = grade ? Number(grade) : undefined;
  const asked = eligibleStudents.length > 0 || gradeNumber !== undefined;
  const { data: zones } = useQuery({
    queryKey: ['exams', 'audience-zones', gradeNumber ?? null, eligibleStudents],
    queryFn: () => examsApi.audienceZones({ grade: gradeNumber, eligibleStudents }),
    enabled: asked,
    placeholderData: keepPreviousData,
    // A hint: a failure leaves it out rather than interrupting the form.
    meta: { silent: true },
  });
  const start = wallTimeToIso(startLocal, zone);
  if (!asked || !zones || !start.endsWith('Z')) return null;
  const wall = isoToWallTime(start, zone);
  const elsewhere = byClock(zones).filter((z) => isoToWallTime(start, z.timezone) !== wall);
  if (!elsewhere.length) return null;
  const more = elsewhere.slice(SHOWN_ZONES).reduce((n, z) => n + z.students, 0);
  return (
    <div data-testid="students-local-times">
      <Text size="sm" c="dimmed" mt="xs">
        {t('wizard.studentsLocalTitle')}
      </Text>
      <List size="sm" c="dimmed">
        {elsewhere.slice(0, SHOWN_ZONES).map((z) => (
          <List.Item key={z.timezone}>{t('wizard.studentsLocalLine', { count: z.students, time: formatOnClock(start, z.timezone) })}</List.Item>
        ))}
        {more > 0 && <List.Item>{t('wizard.studentsLocalMore', { count: more })}</List.Item>}
      </List>
    </div>
  );
}
