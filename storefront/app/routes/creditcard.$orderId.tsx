/**
 * /creditcard/{orderId}: the 2C2P card hand-off (spec section 2 "Card payment redirect
 * screen", section 5 "Card hand-off"). Our card form POSTs encryptedCardInfo, maskedCardInfo,
 * expMonthCardInfo and expYearCardInfo here, so the card never sits in an address, the
 * browser's history or an access log: the action asks the CMS (which signs the 9.9 request
 * with the secret key it alone holds) for the form, and the page posts it to 2C2P once, by
 * itself. The spec's GET form (the same fields in the query) is still read: the page then
 * drops the query from the address bar and posts the fields in a body, never in a URL. The
 * order id is the path's second segment, kept as written (leading zeros) when it is a
 * number, else the order held in the session. Without encryptedCardInfo nothing is started
 * or posted. See ADR 116 and ADR 155.
 */
import { Alert, Button, Spinner, Stack, chakra } from '@chakra-ui/react';
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { handOffOrderId } from '@sala/shared/payments';
import { useEffect, useRef } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { getCardSetup, startCardHandOff } from '~/lib/card.server';
import { CmsApiError, CmsError, getOrderForPayment } from '~/lib/cms.server';
import { useT } from '~/models/i18n';
import { getLocale } from '~/lib/i18n.server';
import { getSession } from '~/lib/session.server';
import { withChakra } from '~/components/provider';

const NO_STORE = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
const ORDER_LIST = '/myaccount/student/order';

/** The card fields 2C2P's script adds to the card form. */
const CARD_FIELDS = ['encryptedCardInfo', 'maskedCardInfo', 'expMonthCardInfo', 'expYearCardInfo'] as const;

/** The card fields, from a posted body or (the spec's GET form) the query. */
function cardOf(fields: URLSearchParams | FormData) {
  const read = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'string' ? value.trim() || undefined : undefined;
  };
  const encryptedCardInfo = read('encryptedCardInfo');
  return encryptedCardInfo ? { encryptedCardInfo, maskedCardInfo: read('maskedCardInfo'), expMonthCardInfo: read('expMonthCardInfo'), expYearCardInfo: read('expYearCardInfo') } : null;
}

async function orderOf(request: Request, pathname: string) {
  const session = await getSession(request);
  const student = session.get('student');
  if (!student) return { student: null, target: null } as const;
  const target = handOffOrderId(pathname, session.get('pendingOrder')?.id ?? null);
  return { student, target } as const;
}

export const meta: MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export const headers: HeadersFunction = () => NO_STORE;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { student, target } = await orderOf(request, url.pathname);
  // Back here after signing in, without the card: it is never put into another address.
  if (!student) throw redirect(`/login?redirect=${encodeURIComponent(url.pathname)}`, { headers: NO_STORE });
  if (!target) throw new Response('Not found', { status: 404, headers: NO_STORE });
  const options = { jwt: student.jwt, locale: getLocale(request), signal: request.signal };
  const card = cardOf(url.searchParams);
  // The order (the caller's own: another's is a 404) and the card method, loaded together.
  const [order, method] = await Promise.all([
    getOrderForPayment(target.orderId, options).catch((error) => {
      if (error instanceof CmsApiError || (error instanceof CmsError && error.code === 'CMS_NOT_FOUND')) throw new Response('Not found', { status: 404, headers: NO_STORE });
      throw error;
    }),
    getCardSetup(3, options).catch((error) => {
      // As the old screen: when the method cannot be loaded, nothing is submitted.
      if (error instanceof CmsError || error instanceof CmsApiError) return null;
      throw error;
    }),
  ]);
  return data(
    {
      code: target.code,
      orderId: order.id,
      status: order.payment_status,
      payable: order.payment_status === 'notYetReceived',
      ready: Boolean(card && method),
      hasCard: Boolean(card),
      masked: card?.maskedCardInfo ?? null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const { student, target } = await orderOf(request, url.pathname);
  if (!student || !target) return data({ ok: false as const, code: 'NOT_FOUND', message: '' }, { status: 404, headers: NO_STORE });
  const contentType = request.headers.get('content-type') ?? '';
  const body = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType) ? await request.formData() : null;
  const card = (body && cardOf(body)) ?? cardOf(url.searchParams);
  if (!card) return data({ ok: false as const, code: 'INVALID_INPUT', message: '' }, { status: 400, headers: NO_STORE });
  try {
    const form = await startCardHandOff(target.code, card, { jwt: student.jwt, locale: getLocale(request), signal: request.signal, timeoutMs: 20_000 });
    return data({ ok: true as const, form }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof CmsApiError) return data({ ok: false as const, code: error.code, message: error.msg }, { status: 200, headers: NO_STORE });
    if (error instanceof CmsError) return data({ ok: false as const, code: error.code, message: '' }, { status: 200, headers: NO_STORE });
    throw error;
  }
}

type ActionData = { ok: true; form: { action: string; fields: Record<string, string> } } | { ok: false; code: string; message: string };

function CardHandOff() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  const fromForm = useActionData<ActionData>();
  const fetcher = useFetcher<ActionData>();
  const asked = useRef(false);
  const posted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Our card form posted the card: the action already answered. The spec's GET form: asked below.
  const answer = fromForm ?? fetcher.data;

  // The GET form: once the order and the method are loaded, the card leaves the address bar and
  // goes to the action in a body, once.
  useEffect(() => {
    if (fromForm || !loaded.ready || !loaded.payable || asked.current) return;
    asked.current = true;
    const query = new URLSearchParams(window.location.search);
    const card: Record<string, string> = {};
    for (const name of CARD_FIELDS) {
      const value = query.get(name);
      if (value) card[name] = value;
    }
    window.history.replaceState(window.history.state, '', window.location.pathname);
    fetcher.submit(card, { method: 'post', action: window.location.pathname });
  }, [fromForm, loaded.ready, loaded.payable, fetcher]);

  // The signed form goes to the card provider by itself, once.
  useEffect(() => {
    if (answer?.ok && formRef.current && !posted.current) {
      posted.current = true;
      formRef.current.submit();
    }
  }, [answer]);

  const failed = answer && !answer.ok;
  const waiting = (loaded.ready && loaded.payable && !failed) || Boolean(answer?.ok);
  return (
    <chakra.div maxW="lg" mx="auto" px="4" py={{ base: '10', md: '16' }} data-testid="card-handoff" data-order-code={loaded.code} data-state={failed ? 'failed' : waiting ? 'posting' : 'idle'}>
      {waiting ? (
        <Stack align="center" gap="3" color="fg.muted" aria-live="polite">
          <Spinner size="lg" color="brand" />
          <chakra.p>{t('card_redirecting')}</chakra.p>
        </Stack>
      ) : (
        <Stack gap="4">
          <Alert.Root status={failed ? 'error' : 'warning'} data-testid="card-handoff-notice">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{failed ? t('cart_fail') : null}</Alert.Title>
              <Alert.Description>{failed ? t('payment_fail') : !loaded.payable ? t(`order_status_${loaded.status}`) : t('card_handoff_missing')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Button asChild variant="outline" colorPalette="teal" alignSelf="flex-start">
            <Link to={ORDER_LIST}>{t('card_handoff_back')}</Link>
          </Button>
        </Stack>
      )}
      {answer?.ok ? (
        <form ref={formRef} method="post" action={answer.form.action} hidden data-testid="card-handoff-form">
          {Object.entries(answer.form.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
    </chakra.div>
  );
}
export default withChakra(CardHandOff);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
