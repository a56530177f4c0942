/**
 * Unpaid orders whose cancel_at has passed are expired every minute, which gives
 * their seats and coupon uses back. The status guard of order-state makes it safe
 * for the job to race a payment, or to run on two instances at once.
 */
import type { Core } from '@strapi/strapi';
import { scheduleJob } from '../../../lib/scheduled-jobs';
import { UID } from '../lib/db';
import type { OrderStateService } from './order-state';

export const EXPIRY_JOB_NAME = 'checkout-expire-unpaid-orders';
const EVERY_MINUTE = '*/1 * * * *';
/** Orders expired per query; a backlog is worked through batch after batch. */
const BATCH_SIZE = 200;

const orderExpiryService = ({ strapi }: { strapi: Core.Strapi }) => {
  const orderState = () => strapi.service('api::checkout.order-state') as OrderStateService;

  const service = {
    /** Expires every notYetReceived order with cancel_at at or before `now`; returns the ids it expired. */
    async expireDueOrders(now: Date = new Date()): Promise<{ expired: number[]; failed: number[] }> {
      const expired: number[] = [];
      const failed: number[] = [];
      let afterId = 0;
      for (;;) {
        const due = (await strapi.db.query(UID.order).findMany({
          select: ['id'],
          where: { state: 'notYetReceived', id: { $gt: afterId }, cancel_at: { $notNull: true, $lte: now } },
          orderBy: { id: 'asc' },
          limit: BATCH_SIZE,
        })) as { id: number }[];
        for (const { id } of due) {
          try {
            if ((await orderState().expire(id, now)).changed) expired.push(id);
          } catch (error) {
            failed.push(id);
            strapi.log.error(`[checkout] order ${id} could not be expired: ${(error as Error).message}`);
          }
        }
        if (due.length < BATCH_SIZE) break;
        afterId = due[due.length - 1].id;
      }
      return { expired, failed };
    },

    /** Registers the every-minute job with Strapi's cron (stopped with Strapi). */
    schedule(): void {
      scheduleJob(strapi, {
        name: EXPIRY_JOB_NAME,
        rule: EVERY_MINUTE,
        periodSeconds: 60,
        task: async () => {
          const { expired } = await service.expireDueOrders(new Date());
          if (expired.length > 0) strapi.log.info(`[checkout] expired ${expired.length} unpaid order(s)`);
        },
      });
    },
  };
  return service;
};

export type OrderExpiryService = ReturnType<typeof orderExpiryService>;

export default orderExpiryService;
