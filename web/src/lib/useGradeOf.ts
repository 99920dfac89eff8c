import { gradeOnScale } from '@exam/shared';
import { useCallback } from 'react';
import { usePlatformSettings } from '../api/usePlatformSettings';

/**
 * The letter for a percentage on the school's one grading scale (admin settings), for every screen
 * that shows a grade: results, dashboards, parent pages, reports and their exports. No screen keeps
 * a scale of its own, so an admin's change shows everywhere. Null when there is no percentage.
 */
export function useGradeOf(): (percentage: number | null | undefined) => string | null {
  const { gradingScale } = usePlatformSettings();
  return useCallback((percentage) => (percentage === null || percentage === undefined ? null : gradeOnScale(gradingScale, percentage)), [gradingScale]);
}
