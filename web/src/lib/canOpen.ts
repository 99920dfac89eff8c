import { createContext, useContext } from 'react';

/**
 * Whether the person on screen may open a path, so a link they would be refused is not shown.
 * The app provides it: it knows the route table and who is signed in; a feature only asks.
 */
export const CanOpenContext = createContext<((path: string) => boolean) | null>(null);

export function useCanOpen(): (path: string) => boolean {
  const canOpen = useContext(CanOpenContext);
  if (!canOpen) throw new Error('useCanOpen needs the app’s CanOpenContext');
  return canOpen;
}
