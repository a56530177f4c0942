/**
 * Starting a payment: the caller's own unpaid order, paid with the method it was
 * placed with, for the amount the order holds (never the amount the browser
 * sends). The provider is asked first; the attempt is stored under the
 * provider's reference once the provider has one, so every later notification
 * finds it. A refused start stores nothing.
 */
import type { Core } from '@strapi/strapi';
import { MINIMUM_ONLINE_PAYMENT_AMOUNT, MINIMUM_PAYMENT_METHOD_IDS, type Currency, type OrderStatus, type PaymentMethodId } from '@sala/shared/constants';
import { money } from '@sala/shared/money';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { getPaymentAdapter, type PaymentAdapter, type PaymentConfig, type PaymentOrder, type StartExtra, type StartResult } from '../../../payments';
import { configOf, readMethod, readSite, UID, type MethodRow } from '../lib/config';
import { paymentFailure } from '../lib/errors';
import { ATTEMPT_FIELDS, ATTEMPT_POPULATE, type AttemptRow } from '../lib/attempt-rows';

type OrderRow = {
  id: number;
  order_token: string;
  state: OrderStatus;
  net: number;
  currency_code: Currency;
  user: { id: number; email: string | null; username: string | null; firstname?: string | null; lastname?: string | null } | null;
  payment_method: { id: number; method_id: number } | null;
};

export type StartArgs = {
  userId: number;
  orderId: number;
  /** The methods this call serves; the order must have been placed with one of them. */
  methods: readonly PaymentMethodId[];
  extra?: StartExtra;
  /** Where the CMS is reached from outside (PUBLIC_URL, else the request's origin). */
  cmsUrl: string;
};

export type StartedPayment = {
  attempt: AttemptRow;
  start: StartResult;
  adapter: PaymentAdapter;
  config: PaymentConfig;
  method: MethodRow;
  order: { id: number; order_token: string; amount: number; currency: Currency };
};

const attemptsService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function readOwnOrder(userId: number, orderId: number): Promise<OrderRow> {
    const order = (await strapi.db.query(UID.order).findOne({
      where: { id: orderId, user: { id: userId } },
      select: ['id', 'order_token', 'state', 'net', 'currency_code'],
      populate: { user: { select: ['id', 'email', 'username', 'firstname', 'lastname'] }, payment_method: { select: ['id', 'method_id'] } },
    })) as OrderRow | null;
    // Someone else's order answers exactly as a missing one.
    if (!order) throw notFound();
    return order;
  }

  /** The attempt of a provider reference; a repeated start that the provider answered with the same reference (PayPal) reuses it. */
  async function storeAttempt(order: Pick<OrderRow, 'id' | 'net' | 'currency_code'>, methodId: number, provider: string, reference: string, expiresAt: string | null): Promise<AttemptRow> {
    const where = { provider, provider_reference: reference };
    const read = async () => (await strapi.db.query(UID.attempt).findOne({ where, select: ATTEMPT_FIELDS, populate: ATTEMPT_POPULATE })) as AttemptRow | null;
    const existing = await read();
    if (existing) return existing;
    try {
      await strapi.db.query(UID.attempt).create({
        data: {
          order: order.id,
          method_id: methodId,
          provider,
          provider_reference: reference,
          state: 'pending',
          amount_expected: order.net,
          currency_expected: order.currency_code,
          expires_at: expiresAt,
        },
      });
    } catch (error) {
      // Two starts raced to the same reference: the unique index let one in.
      const raced = await read();
      if (raced) return raced;
      throw error;
    }
    return (await read()) as AttemptRow;
  }

  return {
    async start({ userId, orderId, methods, extra = {}, cmsUrl }: StartArgs): Promise<StartedPayment> {
      const order = await readOwnOrder(userId, orderId);
      if (order.state !== 'notYetReceived') throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId, payment_status: order.state } });
      const methodId = order.payment_method?.method_id;
      if (!methodId || !methods.includes(methodId as PaymentMethodId)) {
        throw badRequest('NO_PAYMENT_METHOD', undefined, { result: { payment_method_id: methodId ?? null } });
      }
      const method = await readMethod(strapi, { method_id: methodId });
      if (!method || method.enabled === false) throw badRequest('NO_PAYMENT_METHOD', undefined, { result: { payment_method_id: methodId } });

      const amount = money(order.net, order.currency_code);
      // The spec's floor for methods 8 and 9, after withholding; checked here, before any provider is asked.
      if (MINIMUM_PAYMENT_METHOD_IDS.includes(methodId as PaymentMethodId) && amount.currency === 'THB' && amount.amount < MINIMUM_ONLINE_PAYMENT_AMOUNT) {
        throw badRequest('MINIMUM_AMOUNT');
      }

      const site = await readSite(strapi);
      const config = await configOf(strapi, method, site, cmsUrl);
      const adapter = getPaymentAdapter(methodId);
      const user = order.user;
      const paying: PaymentOrder = {
        id: order.id,
        token: order.order_token,
        amount,
        description: `${method.name_web || site.title || 'Sala'} #${order.id}`,
        email: user?.email ?? '',
        name: [user?.firstname, user?.lastname].filter(Boolean).join(' ') || user?.username || '',
      };
      let start: StartResult;
      try {
        start = await adapter.startPayment(paying, config, extra);
      } catch (error) {
        throw paymentFailure(strapi, error, `order ${order.id} method ${methodId}`);
      }
      const expiresAt = start.browser.kind === 'qr' ? start.browser.expiresAt : null;
      const attempt = await storeAttempt(order, methodId, adapter.provider, start.providerReference, expiresAt);
      return { attempt, start, adapter, config, method, order: { id: order.id, order_token: order.order_token, amount: order.net, currency: order.currency_code } };
    },

    /** An attempt of the caller's own order; 404 for anyone else's. */
    async findOwnAttempt(userId: number, where: Record<string, unknown>): Promise<AttemptRow> {
      const attempt = (await strapi.db.query(UID.attempt).findOne({
        where: { ...where, order: { user: { id: userId } } },
        select: ATTEMPT_FIELDS,
        populate: ATTEMPT_POPULATE,
      })) as AttemptRow | null;
      if (!attempt) throw notFound();
      return attempt;
    },

    /** The attempts of the caller's own order, newest first; 404 for anyone else's order. */
    async listOwnAttempts(userId: number, orderId: number): Promise<{ order: OrderRow; attempts: AttemptRow[] }> {
      const order = await readOwnOrder(userId, orderId);
      const attempts = (await strapi.db.query(UID.attempt).findMany({
        where: { order: { id: order.id } },
        select: ATTEMPT_FIELDS,
        populate: ATTEMPT_POPULATE,
        orderBy: { id: 'desc' },
      })) as AttemptRow[];
      return { order, attempts };
    },

    /** The order of a public order token (browser returns carry only that). */
    async findOrderByToken(token: string): Promise<{ id: number; order_token: string; state: OrderStatus } | null> {
      if (!/^[A-Za-z0-9_-]{8,64}$/.test(token)) return null;
      return (await strapi.db.query(UID.order).findOne({ where: { order_token: token }, select: ['id', 'order_token', 'state'] })) as {
        id: number;
        order_token: string;
        state: OrderStatus;
      } | null;
    },

    readOwnOrder,
    storeAttempt,
  };
};

export type AttemptsService = ReturnType<typeof attemptsService>;

export default attemptsService;
