/**
 * A QR payment waiting to be paid (SCB bank QR 4, Omise PromptPay 9, Xendit PromptPay 12,
 * 2C2P QR 15): the QR, the amount and a countdown to its expiry. The outcome arrives by two
 * roads: the real-time channel pushes it at once, and the order is polled every 6 s in
 * case a push is lost. Approved: on to the thank-you page (or the order list) after 500 ms.
 * Refused by the provider: at once to the order list, which shows the failure notice (spec
 * section 4). The QR running out of time on our countdown: the failure state with Try again,
 * which shows a new QR for the same order (spec section 2). Plain elements with static classes
 * (styles/payment.css, ADR 210).
 */
import { useNavigate } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { paymentFailedPath } from '~/models/checkout/post-order';
import type { BrowserStep, PayOrder } from '~/models/payment/types';
import { buttonClass, PayButton, PaySpinner } from './pay-button';
import { RetryOrderForm } from './retry-order';
import { useOrderPush, type OrderPush } from './use-order-push';

/** Spec section 4: the QR screens poll the order every 6000 ms. */
export const STATUS_POLL_MS = 6000;
/** Spec section 4: approved goes on after 500 ms. */
const APPROVED_REDIRECT_MS = 500;

type Phase = 'waiting' | 'approved' | 'failed' | 'expired';

type StatusAnswer = { orderStatus: string; attempts: { attemptId: number | string; status: string }[] };

const PAID_ORDER = new Set(['approved', 'pendingApproved']);
const FAILED_ATTEMPT = new Set(['rejected', 'expired']);

/** mm:ss (h:mm:ss past an hour) of a number of seconds. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

function secondsLeft(expiresAt: string | null): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) ? Math.max(0, Math.round((at - Date.now()) / 1000)) : null;
}

export function QrScreen({
  order,
  methodId,
  browser,
  attemptId,
  onRetry,
}: {
  order: PayOrder;
  methodId: number;
  browser: Extract<BrowserStep, { kind: 'qr' }>;
  attemptId: number | string | null;
  onRetry: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('waiting');
  const [left, setLeft] = useState<number | null>(() => secondsLeft(browser.expiresAt));
  const phaseRef = useRef<Phase>('waiting');
  const amount = formatMoney(money(order.netAmount, order.currency), locale);

  const settle = useCallback((next: Phase) => {
    if (phaseRef.current !== 'waiting') return;
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const ownAttempt = (id: number | string) => attemptId === null || String(id) === String(attemptId);

  // Pushed at once over the real-time channel.
  const ready = useOrderPush(order.id, (push: OrderPush) => {
    // A provider that ends the payment (declined, or timed out on its side) is a failed payment;
    // only our own countdown reaching zero says the QR expired.
    if (push.event === 'order') {
      if (PAID_ORDER.has(push.status)) settle('approved');
      else if (push.status === 'rejected' || push.status === 'cancelled' || push.status === 'expired') settle('failed');
    } else if (ownAttempt(push.attemptId)) {
      if (push.status === 'succeeded') settle('approved');
      else if (push.status === 'failed' || push.status === 'cancelled' || push.status === 'expired') settle('failed');
    }
  });

  // Polled every 6 s as the fallback (the CMS asks the provider too).
  useEffect(() => {
    if (phase !== 'waiting') return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/pay/${order.id}/status`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
        if (!response.ok || stopped) return;
        const status = (await response.json()) as StatusAnswer;
        if (PAID_ORDER.has(status.orderStatus)) return settle('approved');
        if (status.orderStatus === 'rejected' || status.orderStatus === 'cancelled' || status.orderStatus === 'expired') return settle('failed');
        const own = status.attempts.find((attempt) => ownAttempt(attempt.attemptId));
        if (own && FAILED_ATTEMPT.has(own.status)) settle('failed');
      } catch {
        // a missed poll is retried on the next tick; the push may still arrive
      }
    }, STATUS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, order.id, attemptId]);

  // The countdown to the QR's expiry.
  useEffect(() => {
    if (phase !== 'waiting' || !browser.expiresAt) return;
    const tick = () => {
      const remaining = secondsLeft(browser.expiresAt);
      setLeft(remaining);
      if (remaining === 0) settle('expired');
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [phase, browser.expiresAt, settle]);

  // Approved: the order's own page sends the buyer on (thank-you page or order list) and remembers the order.
  useEffect(() => {
    if (phase !== 'approved') return;
    const timer = setTimeout(() => navigate(`/pay/${order.id}`, { replace: true }), APPROVED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, order.id, navigate]);

  // Refused: the order list tells what happened and offers the retry.
  useEffect(() => {
    if (phase === 'failed') navigate(paymentFailedPath(order.id), { replace: true });
  }, [phase, order.id, navigate]);

  if (phase === 'expired') return <PaymentFailure message={t('payment_qr_expired')} onRetry={onRetry} />;
  if (phase === 'failed')
    return (
      <p role="status" data-testid="qr-failed" className="pay-center ck-muted">
        {t('payment_fail')}
      </p>
    );

  return (
    <section data-testid="qr-screen" data-method={methodId} data-phase={phase} data-realtime={ready ? 'ready' : 'connecting'} className="ck-panel pay-qr">
      <h2 className="pay-h2 pay-qr-title">{t('qr_title')}</h2>
      <p className="pay-qr-amount" data-testid="qr-amount">
        {amount}
      </p>
      <img src={browser.imageDataUrl} alt={t('payment_qr_image_alt', { amount })} data-testid="qr-image" className="pay-qr-image" />
      <p className="pay-sm ck-muted">{t('payment_qr_scan_hint')}</p>
      {left !== null ? (
        <p className="ck-strong" data-testid="qr-countdown" aria-live="off">
          {t('qr_expires_in', { time: formatCountdown(left) })}
        </p>
      ) : null}
      {phase === 'approved' ? (
        <p className="ck-good ck-bold ck-title-tight" role="status" data-testid="qr-approved">
          {t('payment_approved_redirect')}
        </p>
      ) : (
        <p className="pay-qr-waiting pay-sm ck-muted ck-title-tight" role="status">
          <PaySpinner size="xs" />
          {t('payment_qr_waiting')}
        </p>
      )}
      {/* the 0.5rem above this button is the line above's bottom margin (ck-title-tight) */}
      <a href="/myaccount/student/order" className={buttonClass({ variant: 'outline' })} data-testid="qr-done">
        {t('button_done')}
      </a>
    </section>
  );
}

/**
 * Spec section 8: card, PromptPay and pay-page failures, titled cart_fail, with Try again while the
 * order can still be paid; once it cannot, the one-click retry with a new order (ADR 178).
 */
export function PaymentFailure({ message, onRetry, orderId }: { message: string; onRetry?: () => void; orderId?: number }) {
  const t = useT();
  return (
    <section data-testid="payment-failure" role="alert" className="ck-panel ck-panel-md pay-failure">
      <h2 className="pay-h2 ck-error-text">{t('cart_fail')}</h2>
      <p>{message}</p>
      <div className="pay-actions">
        {onRetry ? (
          <PayButton palette="teal" onClick={onRetry} data-testid="payment-retry">
            {t('button_try_again')}
          </PayButton>
        ) : orderId !== undefined ? (
          <RetryOrderForm orderId={orderId} testId="payment-retry" />
        ) : null}
        <a href="/myaccount/student/order" className="ck-link">
          {t('nav_my_orders')}
        </a>
      </div>
    </section>
  );
}
