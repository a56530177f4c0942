/**
 * Omise: the API (`/charges`, `/charges/:id`, `/sources`, `/events/:id`, the
 * test-mode `mark_as_paid` / `mark_as_failed`) with the secret key, the vault
 * (`/tokens`) with the public key, the 3-D Secure authorize page, PromptPay
 * charges with a `scannable_code`, and `charge.complete` webhooks signed with
 * `Omise-Signature` / `Omise-Signature-Timestamp`.
 */
import QRCode from 'qrcode';
import { DEMO_KEYS, SANDBOX_BASE_PATHS } from '../demo-keys';
import { hmacHex, newId, safeEqual } from '../lib/crypto';
import { decisionPage, type Payable } from '../lib/html';
import { deliver, html, json, png, text, type Delivery, type Reply, type SandboxRequest } from '../lib/http';
import type { BrowserStep, Decision, Provider, ProviderContext } from '../lib/sandbox';

export type OmiseKeys = { publicKey: string; secretKey: string; webhookSecret: string };

/** Thailand: 20.00 to 150,000.00 THB, in satang. */
const MINIMUM_SATANG = 2000;
const MAXIMUM_SATANG = 15_000_000;

type Card = { object: 'card'; id: string; brand: string; last_digits: string; name: string; expiration_month: number; expiration_year: number; bank: string };
type Charge = {
  object: 'charge';
  id: string;
  livemode: false;
  location: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, unknown>;
  status: 'pending' | 'successful' | 'failed';
  authorized: boolean;
  paid: boolean;
  capture: boolean;
  return_uri: string | null;
  authorize_uri: string | null;
  card: Card | null;
  source: Record<string, unknown> | null;
  transaction: string | null;
  failure_code: string | null;
  failure_message: string | null;
  expires_at: string;
  expired: boolean;
  paid_at: string | null;
  created_at: string;
};

const omiseError = (status: number, code: string, message: string): Reply => json(status, { object: 'error', location: `https://www.omise.co/api-errors#${code}`, code, message });

/** Omise takes JSON or form bodies; form keys like `card[number]` become one level of nesting. */
function bodyOf(request: SandboxRequest): Record<string, unknown> {
  const parsed = request.json();
  if (parsed) return parsed;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.form())) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) result[nested[1]] = { ...((result[nested[1]] as Record<string, unknown>) ?? {}), [nested[2]]: value };
    else result[key] = value;
  }
  return result;
}

function basicUser(request: SandboxRequest): string | null {
  const match = /^Basic (.+)$/.exec(request.header('authorization') ?? '');
  return match ? Buffer.from(match[1], 'base64').toString('utf8').split(':')[0] : null;
}

export function createOmiseSandbox(keys: OmiseKeys = DEMO_KEYS.omise) {
  return (context: ProviderContext): Provider => {
    const tokens = new Map<string, { card: Card; number: string; used: boolean }>();
    const sources = new Map<string, Record<string, unknown>>();
    const charges = new Map<string, Charge>();
    const events = new Map<string, Record<string, unknown>>();

    /** Runs `handler` only for the given key, as Omise answers 401 otherwise. */
    const withKey = (key: 'secret' | 'public' | 'any', handler: (request: SandboxRequest) => Reply | Promise<Reply>) => (request: SandboxRequest) => {
      const user = basicUser(request) ?? '';
      const allowed = key === 'secret' ? [keys.secretKey] : key === 'public' ? [keys.publicKey] : [keys.secretKey, keys.publicKey];
      if (!allowed.some((candidate) => safeEqual(user, candidate))) return omiseError(401, 'authentication_failure', 'authentication failed');
      return handler(request);
    };

    const payable = (charge: Charge): Payable => ({
      reference: charge.id,
      provider: 'Omise',
      amountMinor: charge.amount,
      currency: charge.currency.toUpperCase(),
      description: charge.description ?? '',
      status: charge.status,
      settled: charge.status !== 'pending',
      details: charge.card ? { Card: `${charge.card.brand} •••• ${charge.card.last_digits}`, '3-D Secure': 'required' } : { Source: 'PromptPay' },
    });

    function createToken(request: SandboxRequest): Reply {
      const card = (bodyOf(request).card ?? {}) as Record<string, string>;
      const number = String(card.number ?? '').replace(/\s+/g, '');
      const month = Number(card.expiration_month);
      const year = Number(card.expiration_year);
      if (!/^\d{12,19}$/.test(number) || !(month >= 1 && month <= 12) || !(year >= 2000) || !/^\d{3,4}$/.test(String(card.security_code ?? ''))) {
        return omiseError(400, 'invalid_card', 'number, expiration_month, expiration_year and security_code are required and valid');
      }
      const token = {
        object: 'card' as const,
        id: newId('card_test_'),
        brand: number.startsWith('4') ? 'Visa' : number.startsWith('5') ? 'MasterCard' : 'Unknown',
        last_digits: number.slice(-4),
        name: String(card.name ?? ''),
        expiration_month: month,
        expiration_year: year,
        bank: 'Sandbox Bank',
      };
      const id = newId('tokn_test_');
      tokens.set(id, { card: token, number, used: false });
      return json(200, { object: 'token', id, livemode: false, location: `/tokens/${id}`, used: false, card: token, created_at: new Date().toISOString() });
    }

    function promptPaySource(amount: number, currency: string): Record<string, unknown> {
      const id = newId('src_test_');
      const source = {
        object: 'source',
        id,
        type: 'promptpay',
        flow: 'offline',
        amount,
        currency,
        scannable_code: {
          object: 'barcode',
          type: 'qr',
          image: { object: 'document', id: newId('docu_test_'), filename: 'qrcode.png', download_uri: `${context.publicUrl}/charges/__/documents/${id}.png` },
        },
      };
      sources.set(id, source);
      return source;
    }

    const paid = () => ({ status: 'successful' as const, authorized: true, paid: true, transaction: newId('trxn_test_'), paid_at: new Date().toISOString() });
    const failed = (code: string) => ({ status: 'failed' as const, failure_code: code, failure_message: 'payment was rejected (sandbox)' });

    function createCharge(request: SandboxRequest): Reply {
      const body = bodyOf(request);
      const amount = Number(body.amount);
      const currency = String(body.currency ?? '').toLowerCase();
      if (!Number.isInteger(amount) || amount < MINIMUM_SATANG) return omiseError(400, 'invalid_charge', `amount must be at least ${MINIMUM_SATANG}`);
      if (amount > MAXIMUM_SATANG) return omiseError(400, 'invalid_charge', `amount must be less than ${MAXIMUM_SATANG}`);
      if (currency !== 'thb') return omiseError(400, 'invalid_charge', 'currency is currently not supported');
      const id = newId('chrg_test_');
      const returnUri = typeof body.return_uri === 'string' ? body.return_uri : null;
      const now = new Date();
      const charge: Charge = {
        object: 'charge',
        id,
        livemode: false,
        location: `/charges/${id}`,
        amount,
        currency,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        status: 'pending',
        authorized: false,
        paid: false,
        capture: true,
        return_uri: returnUri,
        authorize_uri: null,
        card: null,
        source: null,
        transaction: null,
        failure_code: null,
        failure_message: null,
        expires_at: new Date(now.getTime() + 24 * 3600_000).toISOString(),
        expired: false,
        paid_at: null,
        created_at: now.toISOString(),
      };
      if (typeof body.card === 'string') {
        const token = tokens.get(body.card);
        if (!token || token.used) return omiseError(404, 'not_found', 'token was not found or already used');
        token.used = true;
        charge.card = token.card;
        if (returnUri) charge.authorize_uri = `${context.publicUrl}/payments/${id}/authorize`;
        // Without 3-D Secure the card is charged at once; Omise's test card ending 0011 has insufficient funds.
        else Object.assign(charge, token.number.endsWith('0011') ? failed('insufficient_fund') : paid());
      } else if (body.source) {
        const source = typeof body.source === 'string' ? sources.get(body.source) : (body.source as Record<string, unknown>).type === 'promptpay' ? promptPaySource(amount, currency) : undefined;
        if (!source) return omiseError(400, 'invalid_charge', 'source is not supported');
        charge.source = source;
        charge.expires_at = new Date(now.getTime() + 24 * 3600_000).toISOString();
      } else {
        return omiseError(400, 'invalid_charge', 'card or source is required');
      }
      charges.set(id, charge);
      return json(200, charge);
    }

    /** Signs `${timestamp}.${body}` with the base64-decoded webhook secret. */
    async function sendWebhook(event: Record<string, unknown>): Promise<Delivery[]> {
      if (!context.options.callbackUrl) return [];
      const raw = JSON.stringify(event);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = hmacHex(Buffer.from(keys.webhookSecret, 'base64'), `${timestamp}.${raw}`);
      return [
        await deliver(context.options.callbackUrl, raw, {
          'content-type': 'application/json',
          'omise-signature': signature,
          'omise-signature-timestamp': timestamp,
        }),
      ];
    }

    async function settle(reference: string, decision: Decision): Promise<{ status: string; browser: BrowserStep; notifications: Delivery[] }> {
      const charge = charges.get(reference) as Charge;
      Object.assign(charge, decision === 'approve' ? paid() : failed(charge.card ? 'payment_rejected' : 'payment_expired'));
      const event = {
        object: 'event',
        id: newId('evnt_test_'),
        livemode: false,
        key: 'charge.complete',
        created_at: new Date().toISOString(),
        data: charge,
      };
      events.set(event.id, event);
      const notifications = await sendWebhook(event);
      const browser: BrowserStep = charge.return_uri
        ? { kind: 'redirect', url: charge.return_uri }
        : { kind: 'none', message: decision === 'approve' ? 'PromptPay payment received.' : 'PromptPay payment failed.' };
      return { status: charge.status, browser, notifications };
    }

    const markAs = (decision: Decision) =>
      withKey('secret', async (request) => {
        const charge = charges.get(request.params.id);
        if (!charge) return omiseError(404, 'not_found', 'charge was not found');
        if (charge.status === 'pending') await settle(charge.id, decision);
        return json(200, charge);
      });

    return {
      title: 'Omise',
      baseUrls: SANDBOX_BASE_PATHS.omise,
      list: () => [...charges.values()].map(payable),
      find: (reference) => {
        const charge = charges.get(reference);
        return charge && payable(charge);
      },
      settle,
      routes: [
        ['POST', '/tokens', withKey('public', createToken)],
        [
          'POST',
          '/sources',
          withKey('any', (request) => {
            const body = bodyOf(request);
            if (body.type !== 'promptpay' || !Number.isInteger(Number(body.amount))) return omiseError(400, 'invalid_source', 'only promptpay sources are simulated');
            return json(200, promptPaySource(Number(body.amount), String(body.currency ?? 'thb').toLowerCase()));
          }),
        ],
        ['POST', '/charges', withKey('secret', createCharge)],
        [
          'GET',
          '/charges/:id',
          withKey('secret', (request) => {
            const charge = charges.get(request.params.id);
            return charge ? json(200, charge) : omiseError(404, 'not_found', 'charge was not found');
          }),
        ],
        ['POST', '/charges/:id/mark_as_paid', markAs('approve')],
        ['POST', '/charges/:id/mark_as_failed', markAs('decline')],
        [
          'GET',
          '/events/:id',
          withKey('secret', (request) => {
            const event = events.get(request.params.id);
            return event ? json(200, event) : omiseError(404, 'not_found', 'event was not found');
          }),
        ],
        [
          'GET',
          '/payments/:id/authorize',
          (request) => {
            const charge = charges.get(request.params.id);
            return charge?.authorize_uri ? html(decisionPage(payable(charge))) : omiseError(404, 'not_found', 'charge was not found');
          },
        ],
        [
          'GET',
          '/charges/__/documents/:file',
          async (request) => {
            const sourceId = request.params.file.replace(/\.png$/, '');
            const charge = [...charges.values()].find((candidate) => candidate.source?.id === sourceId);
            // Scanning the sandbox QR opens the sandbox page where the payment is approved.
            return charge ? png(await QRCode.toBuffer(`${context.publicUrl}/__sandbox/page/${charge.id}`)) : omiseError(404, 'not_found', 'document was not found');
          },
        ],
        ['GET', '/omise.js', () => text(omiseJs(context.publicUrl), 200, 'text/javascript; charset=utf-8')],
      ],
    };
  };
}

/** Stand-in for https://cdn.omise.co/omise.js: `Omise.setPublicKey`, `createToken('card', …)` and `createSource`, against this sandbox. */
function omiseJs(vault: string): string {
  return `(function () {
  var publicKey = null;
  function call(path, body, callback) {
    fetch(${JSON.stringify(vault)} + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic ' + btoa(publicKey + ':') },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (json) { callback(response.status, json); });
    }, function (error) { callback(0, { object: 'error', code: 'network_error', message: String(error) }); });
  }
  window.Omise = {
    setPublicKey: function (key) { publicKey = key; },
    createToken: function (type, card, callback) { call('/tokens', { card: card }, callback); },
    createSource: function (type, options, callback) { call('/sources', Object.assign({ type: type }, options), callback); }
  };
})();
`;
}
