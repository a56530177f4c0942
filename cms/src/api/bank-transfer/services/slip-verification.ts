/**
 * Automatic slip verification (docs/decisions/196): when the shop switched it on, a report whose
 * slip has a readable mini-QR is looked up at the bank. A confirmed transfer of the order's exact
 * net amount, to one of the shop's accounts or PromptPay ids, made after the order was placed,
 * approves the order through settlement; anything else leaves the report pending with the reason
 * stored for the reviewer.
 */
import type { Core } from '@strapi/strapi';
import { PAYMENT_METHOD_IDS, type Currency } from '@sala/shared/constants';
import { money } from '@sala/shared/money';
import { lookUpSlip, slipVerifyConfig, type SlipVerifyConfig } from '../../../payments/slip-verify';
import type { SlipReference } from '../../../payments/slip-qr';
import { loadSandboxDemoKeys, sandboxOrigin } from '../../../seed/sandbox-keys';
import type { AttemptsService } from '../../payment/services/attempts';
import type { SettlementService } from '../../payment/services/settlement';
import { bankAccountsOf } from '../../payment/lib/config';
import { slipAttemptReference } from '../../payment/lib/slip-attempt';
import { checkSlip, type SlipVerifyReason } from '../lib/slip-check';
import { slipKeyOf } from '../lib/slip-reference';
import { UID } from './report';

export type SlipVerifyOutcome = 'off' | 'approved' | SlipVerifyReason;

/** The stand-in's demo keys and address, outside production only (the SCB sandbox of payment-sandbox). */
function standIn() {
  const keys = loadSandboxDemoKeys();
  const scb = keys.DEMO_METHOD_CONFIG[PAYMENT_METHOD_IDS.SCB_QR];
  return { applicationKey: scb.applicationId1, applicationSecret: scb.applicationId2, baseUrl: sandboxOrigin(keys, 'scb') };
}

export function verifierConfig(env: NodeJS.ProcessEnv = process.env): SlipVerifyConfig | null {
  return slipVerifyConfig(env, standIn);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** The reason a pending report waits for a person; an approved or rejected report keeps its own. */
  async function leave(reportId: number, reason: SlipVerifyReason, detail: string): Promise<SlipVerifyReason> {
    await strapi.db.query(UID.report).updateMany({ where: { id: reportId, state: 'pending' }, data: { slip_verify_reason: reason, slip_verify_detail: detail.slice(0, 255) } });
    strapi.log.info(`[slip-verify] report ${reportId} left for review: ${reason} (${detail})`);
    return reason;
  }

  return {
    /** Verifies the slip of a report just filed; never throws for the bank's sake (the report is kept either way). */
    async verifyReport(args: { reportId: number; orderId: number; slip: SlipReference }): Promise<SlipVerifyOutcome> {
      const setting = (await strapi.db.query(UID.siteSetting).findOne({ select: ['slip_auto_verify', 'promptpay_id'] })) as {
        slip_auto_verify?: boolean | null;
        promptpay_id?: string | null;
      } | null;
      if (setting?.slip_auto_verify !== true) return 'off';
      const config = verifierConfig();
      if (!config) return leave(args.reportId, 'not_configured', 'SLIP_VERIFY_SCB_APPLICATION_KEY and _SECRET are not set');

      const lookup = await lookUpSlip(args.slip, config);
      if (!lookup.ok) return leave(args.reportId, lookup.reason, lookup.detail);

      const order = (await strapi.db.query(UID.order).findOne({ where: { id: args.orderId }, select: ['id', 'net', 'currency_code', 'createdAt'] })) as {
        id: number;
        net: number;
        currency_code: Currency | null;
        createdAt: string | Date;
      } | null;
      if (!order) return leave(args.reportId, 'not_approvable', 'order not found');
      const method = (await strapi.db.query(UID.method).findOne({ where: { method_id: PAYMENT_METHOD_IDS.BANK_TRANSFER }, select: ['id'] })) as { id: number } | null;
      const accounts = method ? await bankAccountsOf(strapi, method.id) : [];
      const net = money(Number(order.net), order.currency_code ?? 'THB');
      const verdict = checkSlip(
        lookup.slip,
        { net, placedAt: new Date(order.createdAt) },
        {
          accounts: accounts.map((account) => account.accountId),
          promptPayIds: [setting.promptpay_id, ...accounts.map((account) => account.promptPayId)].filter((id): id is string => Boolean(id)),
        },
      );
      if (!verdict.ok) return leave(args.reportId, verdict.reason, verdict.detail);

      const attempts = strapi.service('api::payment.attempts') as AttemptsService;
      const settlement = strapi.service('api::payment.settlement') as SettlementService;
      const reference = slipAttemptReference(slipKeyOf(args.slip));
      const attempt = await attempts.storeAttempt({ id: order.id, net: net.amount, currency_code: net.currency }, PAYMENT_METHOD_IDS.BANK_TRANSFER, 'bank-transfer', reference, null);
      const settled = await settlement.settle(
        attempt.id,
        {
          ok: true,
          providerReference: reference,
          outcome: 'approved',
          amount: lookup.slip.amount,
          providerTransactionId: lookup.slip.transRef,
          raw: { ...lookup.slip, paidAt: lookup.slip.paidAt.toISOString() },
        },
        new Date(),
        { mailLater: true },
      );
      if (settled.status === 'approved') return 'approved';
      return leave(args.reportId, 'not_approvable', `settlement: ${settled.status}`);
    },
  };
};
