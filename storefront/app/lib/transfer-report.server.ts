/**
 * The bank-transfer report of an unpaid order (the course page's payment step and
 * /pay/{orderId}): the shared checks, the slips uploaded, the report filed, the notification
 * mail asked for, and where the buyer goes next.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { checkSlipUpload } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { codeMessage } from '~/models/checkout/code-message';
import { postOrderPath, postReportDelayMs } from '~/models/checkout/post-order';
import { buildReportFormSchema, withSeconds } from '~/models/checkout/report-schema';
import type { Locale } from '~/models/i18n';
import { netAmountFromWire } from '~/models/orders/amounts';
import { CmsApiError, CmsError, fileBankTransferReport, getOrderForPayment, sendPaymentNotification, uploadFiles } from './cms.server';
import type { WireSiteSettings } from './cms-schemas.server';
import { commitSession, type AppSession } from './session.server';
import { sessionRefusal, type SessionRefusal } from './session-refusal.server';

export type ReportActionResult = {
  intent: 'report';
  lastResult: SubmissionResult<string[]>;
  reported?: { redirectTo: string; delayMs: number };
  /** The CMS refused the student's token: the page keeps the form and shows the session modal (ADR 179). */
  sessionRefused?: SessionRefusal;
};

/**
 * The bank-transfer report of the order waiting on this page: the shared checks in the
 * spec's order, the slips uploaded, the report filed, the notification mail asked for.
 */
export async function submitTransferReport(args: {
  formData: FormData;
  session: AppSession;
  courseId: number;
  /** The order of /pay/{orderId}; without it, the order placed from the course page. */
  orderId?: number;
  settings: WireSiteSettings;
  locale: Locale;
  t: Translate;
  signal?: AbortSignal;
}): Promise<{ result: ReportActionResult; setCookie: string | null } | Response> {
  const { formData, session, courseId, settings, locale, t, signal } = args;
  const student = session.get('student');
  const pending = session.get('pendingOrder');
  const notice = (message: string) => ({ result: { intent: 'report' as const, lastResult: { status: 'error' as const, error: { '': [message] } } }, setCookie: null });
  const orderId = args.orderId ?? (pending && pending.courseId === courseId ? pending.id : null);
  if (!student || !orderId) return notice(t('error_not_found'));

  const options = { jwt: student.jwt, locale, signal };
  // The slip upload and the report need the student's token: a refused one shows the session modal, never a 500.
  const refused = (error: unknown) => {
    const refusal = sessionRefusal(error);
    if (!refusal) return null;
    const message = refusal === 'signout' ? t('error_whitelist_user_denied') : t('error_permission_denied');
    return { result: { intent: 'report' as const, lastResult: { status: 'error' as const, error: { '': [message] } }, sessionRefused: refusal }, setCookie: null };
  };
  let order;
  try {
    order = await getOrderForPayment(orderId, options);
  } catch (error) {
    const answer = refused(error);
    if (answer) return answer;
    throw error;
  }
  const netAmount = netAmountFromWire(order);
  const submission = parseWithZod(formData, { schema: buildReportFormSchema({ netAmount, slipRequired: settings.slip }, t) });
  if (submission.status !== 'success') return { result: { intent: 'report', lastResult: submission.reply() }, setCookie: null };
  const values = submission.value;

  let slipNames: string[] = [];
  if (values.slip.length > 0) {
    try {
      slipNames = await uploadFiles(values.slip, options);
    } catch (error) {
      const answer = refused(error);
      if (answer) return answer;
      if (!(error instanceof CmsApiError)) throw error;
      return { result: { intent: 'report', lastResult: submission.reply({ fieldErrors: { slip: [codeMessage(error.code, t('report_slip_retry'), t)] } }) }, setCookie: null };
    }
    const retry = checkSlipUpload(values.slip.length, slipNames, t);
    if (retry) return { result: { intent: 'report', lastResult: submission.reply({ fieldErrors: { slip: [retry] } }) }, setCookie: null };
  }

  const time = withSeconds(values.transferTime);
  const payload = {
    order_id: order.id,
    payment_method_id: PAYMENT_METHOD_IDS.BANK_TRANSFER,
    status: 'pending',
    contact_name: values.contactName || student.name,
    email: order.email || student.email,
    tel: order.tel,
    bank_account: values.bankAccount,
    bank_code: values.bankCode,
    // Bangkok time as the buyer typed it; the CMS stores it in UTC (spec: report times shifted by 7 hours).
    transfer_datetime: values.transferDate,
    time,
    transfer_amount: values.transferAmount || '0',
    description: values.description,
    address: '-',
    slip: slipNames,
  };
  try {
    await fileBankTransferReport(payload, options);
  } catch (error) {
    const answer = refused(error);
    if (answer) return answer;
    if (!(error instanceof CmsApiError)) throw error;
    const fieldErrors: Record<string, string[]> = {};
    const wire: Record<string, string> = {
      transfer_amount: 'transferAmount',
      bank_code: 'bankCode',
      bank_account: 'bankAccount',
      transfer_datetime: 'transferDate',
      time: 'transferTime',
      slip: 'slip',
      contact_name: 'contactName',
      description: 'description',
    };
    for (const [field, messages] of Object.entries(error.errors ?? {})) fieldErrors[wire[field] ?? ''] = Array.isArray(messages) ? messages : [messages];
    const reply = Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [codeMessage(error.code, error.msg, t)] };
    return { result: { intent: 'report', lastResult: submission.reply(reply) }, setCookie: null };
  }
  try {
    await sendPaymentNotification(
      {
        orderId: order.id,
        fullname: payload.contact_name,
        email: payload.email,
        description: payload.description,
        bank_account: payload.bank_account,
        bank_code: payload.bank_code,
        amount: payload.transfer_amount,
        telephone: payload.tel,
        date: payload.transfer_datetime,
        time: payload.time,
      },
      options,
    );
  } catch (error) {
    // The report is filed; a mail that could not go out must not undo it.
    if (!(error instanceof CmsApiError) && !(error instanceof CmsError)) throw error;
    console.warn(`[checkout] payment notification mail for order ${order.id} not sent: ${error.message}`);
  }

  if (!pending || pending.id === order.id) session.unset('pendingOrder');
  session.set('lastOrder', { id: order.id, token: order.order_token });
  const setCookie = await commitSession(session);
  const redirectTo = postOrderPath(settings.is_thank_you_page, order.order_token);
  if (formData.get('js') !== '1') return redirect(redirectTo, { headers: { 'Set-Cookie': setCookie } });
  return { result: { intent: 'report', lastResult: submission.reply({ resetForm: true }), reported: { redirectTo, delayMs: postReportDelayMs(settings.is_thank_you_page) } }, setCookie };
}
