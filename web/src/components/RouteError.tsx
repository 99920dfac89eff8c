import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorFallback } from './ErrorFallback';

/** The router's errorElement: logs what broke and shows the common fallback. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route render failure', error);
  }, [error]);
  return <ErrorFallback />;
}
