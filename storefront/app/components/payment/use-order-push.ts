/**
 * The real-time pushes about one order of the signed-in student: `order:status` and
 * `payment:status` from the CMS channel, delivered as soon as they arrive. Screens keep
 * polling as the fallback; this only makes them switch at once.
 *
 *   useOrderPush(orderId, (push) => { if (push.status === 'approved') … })
 */
import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { loadRealtime, type RealtimeSessionProps } from './realtime-session';

export type OrderPush =
  | { event: 'order'; orderId: number; status: 'created' | 'pendingApproved' | 'approved' | 'rejected' | 'cancelled' | 'expired' }
  | { event: 'payment'; orderId: number; attemptId: number | string; status: 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired' };

/** Subscribes for the screen's lifetime; answers true once the student's room is joined (pushes arrive from then on). */
export function useOrderPush(orderId: number | null, onPush: (push: OrderPush) => void): boolean {
  const [ready, setReady] = useState(false);
  const realtime = useRouteLoaderData<RealtimeSessionProps>('root')?.realtime ?? null;
  const latest = useRef(onPush);
  latest.current = onPush;
  const url = realtime?.url ?? null;
  const signedIn = Boolean(realtime);
  useEffect(() => {
    if (orderId === null || !signedIn) return;
    let stops: Array<() => void> = [];
    let cancelled = false;
    void loadRealtime().then((module) => {
      if (cancelled) return;
      module.configureRealtime(url);
      const client = module.getRealtimeClient();
      if (client.isSignedIn()) setReady(true);
      stops = [
        client.onSignedIn(() => setReady(true)),
        client.onSignInError(() => setReady(false)),
        module.onOrderStatus((event) => {
          if (Number(event.orderId) === orderId) latest.current({ event: 'order', orderId, status: event.status });
        }),
        module.onPaymentStatus((event) => {
          if (Number(event.orderId) === orderId) latest.current({ event: 'payment', orderId, attemptId: event.attemptId, status: event.status });
        }),
      ];
    });
    return () => {
      cancelled = true;
      stops.forEach((stop) => stop());
    };
  }, [orderId, signedIn, url]);
  return ready;
}
