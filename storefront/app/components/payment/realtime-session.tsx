/**
 * Joins the signed-in student's real-time room once per tab (spec section 1: a sign-in event
 * with the userId after login) and leaves it on sign-out. Visitors open no connection.
 * The module loads in the browser only, after hydration. The sign-in carries a short-lived
 * ticket fetched from /realtime/ticket for each connection, never the CMS token (ADR 157).
 */
import { useEffect, useRef } from 'react';

export type RealtimeSessionProps = { realtime: { url: string | null; userId: number } | null };

/** A fresh ticket for the signed-in student's socket sign-in, or null (signed out meanwhile). */
export async function fetchRealtimeTicket(): Promise<string | null> {
  const response = await fetch('/realtime/ticket', { headers: { accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json()) as { ticket?: unknown };
  return typeof body.ticket === 'string' ? body.ticket : null;
}

export const loadRealtime = () => import('~/lib/realtime.client');

export function RealtimeSession({ realtime }: RealtimeSessionProps) {
  const signedIn = useRef(false);
  const url = realtime?.url ?? null;
  const userId = realtime?.userId ?? null;
  useEffect(() => {
    let cancelled = false;
    if (userId === null) {
      if (!signedIn.current) return;
      signedIn.current = false;
      void loadRealtime().then((module) => module.signOut());
      return;
    }
    void loadRealtime().then((module) => {
      if (cancelled) return;
      module.configureRealtime(url);
      module.signIn(userId, fetchRealtimeTicket);
      signedIn.current = true;
    });
    return () => {
      cancelled = true;
    };
  }, [url, userId]);
  return null;
}
