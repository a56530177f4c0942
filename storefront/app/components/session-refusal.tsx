import { lazy, Suspense, useEffect, useState } from 'react';
import type { SessionRefusal } from '~/models/session/refusal';

const SessionRefusalDialog = lazy(() => import('./session-refusal-dialog'));

/** The session-expired or sign-out modal when the root's data names a refusal (ADR 179); its code loads only then, after hydration. */
export function SessionRefusalNotice({ refusal }: { refusal: SessionRefusal | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !refusal) return null;
  return (
    <Suspense fallback={null}>
      <SessionRefusalDialog refusal={refusal} />
    </Suspense>
  );
}
