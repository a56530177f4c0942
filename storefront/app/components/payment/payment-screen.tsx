/**
 * The payment of one order, whatever its method: starts the method's payment through the
 * route's action (once, as soon as the page is up, or after the buyer's input for card
 * methods), then does what the provider's browser step says: `qr` shows the QR screen,
 * `redirect` hands the browser over, `form` auto-posts a hidden form once, `modal` opens
 * the method's modal. Without script, the Continue button posts the same start.
 *
 * Plain elements with static classes (styles/payment.css, ADR 210); the method's modal, which
 * only opens after a start, is loaded when it is first needed.
 */
import { Form, useFetcher } from '@remix-run/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '~/models/i18n';
import { OrderTotalRows } from '~/components/orders/order-total-rows';
import { MethodInput, needsInput } from './method-input';
import { PayButton, PaySpinner } from './pay-button';
import { PaymentFailure, QrScreen } from './qr-screen';
import type { BrowserStep, PayOrder } from '~/models/payment/types';
import type { SessionRefusal } from '~/models/session/refusal';

// Never in the server's HTML: it opens on the answer of a start (PayPal's modal, with Chakra's Dialog).
const MethodModal = lazy(() => import('./method-modal'));

/** The route action's answer to `intent=start`. */
export type StartActionData =
  | { intent: 'start'; ok: true; browser: BrowserStep; attemptId: number | string | null; startedAt: number }
  | { intent: 'start'; ok: false; message: string; code: string; payable?: boolean; sessionRefused?: SessionRefusal };

export function OrderSummary({ order }: { order: PayOrder }) {
  const t = useT();
  return (
    <div className="ck-panel ck-panel-md" data-testid="pay-summary">
      <p className="ck-bold ck-gap-bottom">{t('checkout_order_number', { id: order.id })}</p>
      <dl className={order.paymentMethodName ? 'pay-sm ck-title-tight' : 'pay-sm'}>
        <OrderTotalRows order={order} withSubtotal totalTestId="pay-total" totalLook="lg" />
      </dl>
      {order.paymentMethodName ? (
        <p className="pay-sm ck-muted" data-testid="pay-method">
          {t('cart_payment_methods')}: {order.paymentMethodName}
        </p>
      ) : null}
    </div>
  );
}

/** A hidden form posted once to the provider's page (2C2P 9.9, PaySolutions). */
function AutoPostForm({ browser }: { browser: Extract<BrowserStep, { kind: 'form' }> }) {
  const form = useRef<HTMLFormElement>(null);
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current || !form.current) return;
    posted.current = true;
    form.current.submit();
  }, []);
  return (
    <form ref={form} method="post" action={browser.action} data-testid="provider-form" hidden>
      {Object.entries(browser.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}

/** Hands the browser to the provider's page. */
function Redirect({ url }: { url: string }) {
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return null;
}

function Busy({ label }: { label: string }) {
  return (
    <div data-testid="payment-busy" role="status" className="pay-center pay-busy ck-muted">
      <PaySpinner size="sm" />
      <span>{label}</span>
    </div>
  );
}

export function PaymentScreen({ order, qrMethod }: { order: PayOrder; qrMethod: boolean }) {
  const t = useT();
  const methodId = order.paymentMethodId ?? 0;
  const fetcher = useFetcher<StartActionData>({ key: `pay-${order.id}` });
  const starts = useRef(0);
  const inputFirst = needsInput(methodId);

  // The answer of the latest start is kept in state: it must outlive the fetcher's own data,
  // which a revalidation or a navigation elsewhere on the page may clear while it is shown.
  const [answer, setAnswer] = useState<Extract<StartActionData, { intent: 'start' }> | undefined>(undefined);
  useEffect(() => {
    if (fetcher.data?.intent === 'start') setAnswer(fetcher.data);
  }, [fetcher.data]);

  const start = useCallback(
    (extra: Record<string, string> = {}) => {
      starts.current += 1;
      setAnswer(undefined);
      fetcher.submit({ intent: 'start', js: '1', extra: JSON.stringify(extra) }, { method: 'post' });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.submit],
  );

  // A method that needs nothing from the buyer starts once, as soon as the page is up.
  useEffect(() => {
    if (!inputFirst && starts.current === 0) start();
  }, [inputFirst, start]);

  const busy = !answer && fetcher.state !== 'idle';
  const preparing = qrMethod ? t('payment_qr_preparing') : t('payment_preparing');

  let body: React.ReactNode;
  if (busy) body = <Busy label={preparing} />;
  else if (answer && !answer.ok)
    body = <PaymentFailure message={answer.message} orderId={order.id} onRetry={answer.payable === false ? undefined : inputFirst ? () => setAnswer(undefined) : () => start()} />;
  else if (answer?.ok) {
    const browser = answer.browser;
    switch (browser.kind) {
      case 'qr':
        body = <QrScreen key={answer.startedAt} order={order} methodId={methodId} browser={browser} attemptId={answer.attemptId} onRetry={() => start()} />;
        break;
      case 'redirect':
        body = (
          <>
            <Busy label={t('card_redirecting')} />
            <Redirect url={browser.url} />
          </>
        );
        break;
      case 'form':
        body = (
          <>
            <Busy label={t('card_redirecting')} />
            <AutoPostForm browser={browser} />
          </>
        );
        break;
      case 'modal':
        body = (
          <Suspense fallback={null}>
            <MethodModal methodId={methodId} browser={browser} order={order} />
          </Suspense>
        );
        break;
      case 'done':
        body = <Busy label={t('payment_approved_redirect')} />;
        break;
    }
  } else if (inputFirst) body = <MethodInput methodId={methodId} order={order} start={start} busy={busy} />;
  else
    body = (
      // Before the page has hydrated (or without script): the same start as a plain form post.
      <Form method="post" data-testid="payment-start-form">
        <input type="hidden" name="intent" value="start" />
        <div className="pay-center">
          <PayButton type="submit" palette="teal" size="lg">
            {t('payment_start_button')}
          </PayButton>
        </div>
      </Form>
    );

  return (
    <div data-testid="payment-screen" data-method={methodId} data-state={busy ? 'busy' : answer ? (answer.ok ? answer.browser.kind : 'failed') : 'idle'} className="ck-stack-5">
      {body}
    </div>
  );
}
