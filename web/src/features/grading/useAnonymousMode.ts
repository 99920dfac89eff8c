import { useLocalStorage } from '@mantine/hooks';

/** Kept across submissions and visits, so a teacher grading blind stays blind on the next one. */
export const ANONYMOUS_KEY = 'grading.anonymous';

export function useAnonymousMode() {
  return useLocalStorage<boolean>({ key: ANONYMOUS_KEY, defaultValue: false, getInitialValueInEffect: false });
}
