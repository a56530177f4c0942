/**
 * PaySolutions: the pay page (`/epaylink/payment.aspx`, a form post), the
 * unsigned postback (form fields refno, status CP, ...) and the Inquiry API
 * (`/order/orderdetailpost`) that checks the `apikey`, `merchantSecretKey` and
 * `merchantId` (last 5 digits) headers. A payment that did not succeed sends
 * no postback and has no inquiry row, as PaySolutions documents.
 */
import { DEMO_KEYS, SANDBOX_BASE_PATHS } from '../demo-keys';
import { newId, safeEqual } from '../lib/crypto';
import { decimalToMinor, minorToDecimal } from '../lib/formats';
import { decisionPage, messagePage, type Payable } from '../lib/html';
import { deliver, FORM, formBody, html, json, type Delivery, type Reply, type SandboxRequest } from '../lib/http';
import type { BrowserStep, Decision, Provider, ProviderContext } from '../lib/sandbox';

export type PaySolutionsKeys = { merchantId: string; apiKey: string; merchantSecretKey: string };

const CURRENCIES: Record<string, string> = { '00': 'THB', '01': 'USD' };
const TOTAL_MAX_MINOR = 999_999_900;

type PayOrder = {
  refno: string;
  orderNo: string;
  amountMinor: number;
  cc: string;
  email: string;
  productDetail: string;
  returnUrl?: string;
  postbackUrl?: string;
  status: 'pending' | 'CP' | 'declined';
  paidAt?: Date;
};

export function createPaySolutionsSandbox(keys: PaySolutionsKeys = DEMO_KEYS.paysolutions) {
  return (context: ProviderContext): Provider => {
    const orders = new Map<string, PayOrder>();
    const shortId = keys.merchantId.slice(-5);

    const payable = (order: PayOrder): Payable => ({
      reference: order.refno,
      provider: 'PaySolutions',
      amountMinor: order.amountMinor,
      currency: CURRENCIES[order.cc],
      description: order.productDetail,
      status: order.status,
      settled: order.status !== 'pending',
      details: { 'Merchant ID': keys.merchantId, Email: order.email },
    });

    function payPage(request: SandboxRequest): Reply {
      const form = request.form();
      const fail = (message: string) => html(messagePage('PaySolutions', message, 400).html, 400);
      if (form.merchantid !== keys.merchantId) return fail('merchantid is unknown');
      if (!/^\d{12}$/.test(form.refno ?? '')) return fail('refno must be 12 digits');
      if (orders.has(form.refno)) return fail('refno was used already');
      const amountMinor = decimalToMinor(form.total ?? '');
      if (amountMinor === null || amountMinor <= 0 || amountMinor > TOTAL_MAX_MINOR) return fail('total must be an amount up to 9,999,999');
      if (!CURRENCIES[form.cc ?? '']) return fail('cc must be 00 (THB) or 01 (USD)');
      const order: PayOrder = {
        refno: form.refno,
        orderNo: newId('', 5).toUpperCase(),
        amountMinor,
        cc: form.cc,
        email: form.customeremail ?? '',
        productDetail: form.productdetail ?? '',
        returnUrl: form.returnurl || undefined,
        postbackUrl: form.postbackurl || context.options.callbackUrl,
        status: 'pending',
      };
      orders.set(order.refno, order);
      return html(decisionPage(payable(order)));
    }

    function inquiry(request: SandboxRequest): Reply {
      const authentic =
        safeEqual(request.header('apikey') ?? '', keys.apiKey) && safeEqual(request.header('merchantsecretkey') ?? '', keys.merchantSecretKey) && request.header('merchantid') === shortId;
      if (!authentic) return json(401, { message: 'Unauthorized' });
      const body = request.json() ?? {};
      if (body.merchantId !== shortId) return json(400, { message: 'merchantId must be the last 5 digits of the merchant ID' });
      const order = orders.get(String(body.refno ?? ''));
      if (!order || order.status !== 'CP') return json(200, []);
      return json(200, [
        {
          ReferenceNo: order.refno,
          OrderNo: order.orderNo,
          MerchantID: keys.merchantId,
          ProductDetail: order.productDetail,
          Total: Number(minorToDecimal(order.amountMinor)),
          CardType: 'V',
          CustomerEmal: order.email,
          CurrencyCode: order.cc,
          Status: 'CP',
          StatusName: 'COMPLETE',
          PostBackUrl: order.postbackUrl ?? '',
          PostBackParameters: '',
          PostBackMethod: 'P',
          PostBackCompleted: 'true',
          OrderDateTime: order.paidAt?.toISOString() ?? '',
          installment: '',
        },
      ]);
    }

    async function settle(reference: string, decision: Decision): Promise<{ status: string; browser: BrowserStep; notifications: Delivery[] }> {
      const order = orders.get(reference) as PayOrder;
      order.status = decision === 'approve' ? 'CP' : 'declined';
      order.paidAt = new Date();
      const notifications: Delivery[] = [];
      if (decision === 'approve' && order.postbackUrl) {
        notifications.push(
          await deliver(
            order.postbackUrl,
            formBody({
              refno: order.refno,
              merchantid: keys.merchantId,
              customeremail: order.email,
              productdetail: order.productDetail,
              total: minorToDecimal(order.amountMinor),
              cardtype: 'V',
              orderno: order.orderNo,
              status: 'CP',
              statusname: 'COMPLETE',
            }),
            FORM,
          ),
        );
      }
      const browser: BrowserStep = order.returnUrl ? { kind: 'redirect', url: order.returnUrl } : { kind: 'none', message: 'Payment finished.' };
      return { status: order.status, browser, notifications };
    }

    return {
      title: 'PaySolutions',
      baseUrls: SANDBOX_BASE_PATHS.paysolutions,
      list: () => [...orders.values()].map(payable),
      find: (reference) => {
        const order = orders.get(reference);
        return order && payable(order);
      },
      settle,
      routes: [
        ['POST', '/epaylink/payment.aspx', payPage],
        ['POST', '/order/orderdetailpost', inquiry],
      ],
    };
  };
}
