/**
 * Joins the signed-in student's real-time room once per tab (spec section 1: a sign-in event
 * with the userId after login) and leaves it on sign-out. Visitors open no connection.
 * The module loads in the browser only, after hydration.
 */
import { useEffect, useRef } from 'react';

export type RealtimeSessionProps = { realtime: { url: string | null; userId: number; token: string } | null };

export const loadRealtime = () => import('~/lib/realtime.client');

export function RealtimeSession({ realtime }: RealtimeSessionProps) {
  const signedIn = useRef(false);
  const url = realtime?.url ?? null;
  const userId = realtime?.userId ?? null;
  const token = realtime?.token ?? null;
  useEffect(() => {
    let cancelled = false;
    if (userId === null || !token) {
      if (!signedIn.current) return;
      signedIn.current = false;
      void loadRealtime().then((module) => module.signOut());
      return;
    }
    void loadRealtime().then((module) => {
      if (cancelled) return;
      module.configureRealtime(url);
      module.signIn(userId, token);
      signedIn.current = true;
    });
    return () => {
      cancelled = true;
    };
  }, [url, userId, token]);
  return null;
}
