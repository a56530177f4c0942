import { useEffect, useState } from 'react';

/** false on the server and in the first render that hydrates; true once scripts run. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
