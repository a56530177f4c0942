/**
 * A QR payment waiting to be paid (SCB bank QR 4, Omise PromptPay 9, Xendit PromptPay 12,
 * 2C2P QR 15): the QR, the amount and a countdown to its expiry. The outcome arrives by two
 * roads: the real-time channel pushes it at once, and the order is polled every 6 s in
 * case a push is lost. Approved: on to the thank-you page (or the order list) after 500 ms.
 * Refused by the provider: at once to the order list, which shows the failure notice (spec
 * section 4). The QR running out of time on our countdown: the failure state with Try again,
 * which shows a new QR for the same order (spec section 2).
 */
import { Button, Spinner, chakra } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { paymentFailedPath } from '~/models/checkout/post-order';
import type { BrowserStep, PayOrder } from '~/models/payment/types';
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
      <chakra.p role="status" data-testid="qr-failed" py="6" textAlign="center" color="fg.muted">
        {t('payment_fail')}
      </chakra.p>
    );

  return (
    <chakra.section
      data-testid="qr-screen"
      data-method={methodId}
      data-phase={phase}
      data-realtime={ready ? 'ready' : 'connecting'}
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      bg="bg"
      p={{ base: '4', md: '8' }}
      display="flex"
      flexDirection="column"
      alignItems="center"
      textAlign="center"
      gap="3"
    >
      <chakra.h2 fontSize={{ base: 'lg', md: 'xl' }} fontWeight="700">
        {t('qr_title')}
      </chakra.h2>
      <chakra.p fontSize="2xl" fontWeight="700" color="brand" data-testid="qr-amount">
        {amount}
      </chakra.p>
      <chakra.img
        src={browser.imageDataUrl}
        alt={t('payment_qr_image_alt', { amount })}
        data-testid="qr-image"
        w={{ base: '64', md: '72' }}
        maxW="full"
        aspectRatio="1"
        objectFit="contain"
        bg="white"
        borderWidth="1px"
        borderColor="border"
        borderRadius="md"
        p="2"
      />
      <chakra.p fontSize="sm" color="fg.muted">
        {t('payment_qr_scan_hint')}
      </chakra.p>
      {left !== null ? (
        <chakra.p fontWeight="600" data-testid="qr-countdown" aria-live="off">
          {t('qr_expires_in', { time: formatCountdown(left) })}
        </chakra.p>
      ) : null}
      {phase === 'approved' ? (
        <chakra.p color="green.700" fontWeight="700" role="status" data-testid="qr-approved">
          {t('payment_approved_redirect')}
        </chakra.p>
      ) : (
        <chakra.p display="flex" alignItems="center" gap="2" fontSize="sm" color="fg.muted" role="status">
          <Spinner size="xs" />
          {t('payment_qr_waiting')}
        </chakra.p>
      )}
      <Button asChild variant="outline" mt="2" data-testid="qr-done">
        <a href="/myaccount/student/order">{t('button_done')}</a>
      </Button>
    </chakra.section>
  );
}

/**
 * Spec section 8: card, PromptPay and pay-page failures, titled cart_fail, with Try again while the
 * order can still be paid; once it cannot, the one-click retry with a new order (ADR 178).
 */
export function PaymentFailure({ message, onRetry, orderId }: { message: string; onRetry?: () => void; orderId?: number }) {
  const t = useT();
  return (
    <chakra.section
      data-testid="payment-failure"
      role="alert"
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      display="flex"
      flexDirection="column"
      gap="3"
      alignItems="flex-start"
    >
      <chakra.h2 fontSize="lg" fontWeight="700" color="fg.error">
        {t('cart_fail')}
      </chakra.h2>
      <chakra.p>{message}</chakra.p>
      <chakra.div display="flex" gap="4" flexWrap="wrap" alignItems="center">
        {onRetry ? (
          <Button colorPalette="teal" onClick={onRetry} data-testid="payment-retry">
            {t('button_try_again')}
          </Button>
        ) : orderId !== undefined ? (
          <RetryOrderForm orderId={orderId} testId="payment-retry" />
        ) : null}
        <chakra.a href="/myaccount/student/order" color="brand" textDecoration="underline">
          {t('nav_my_orders')}
        </chakra.a>
      </chakra.div>
    </chakra.section>
  );
}
