/**
 * The order paperwork after payment through the CMS (ADRs 197 and 198): the student sends the
 * withholding certificate of their own order (uploaded first with their token, then named on
 * the order); the shop lists paid orders with their paperwork and cancels one with a reason.
 * Who may do what is the CMS's to decide: every call carries the caller's own token.
 */
import { z } from 'zod';
import type { Translate } from '@sala/shared/texts';
import { CmsApiError, CmsError, callJson, postJson, uploadFiles, type CallOptions } from './cms.server';
import type { CertificateOutcome } from '~/models/orders/types';
import { nullableString } from './cms-schemas.server';

type Call = CallOptions & { jwt: string };

const CertificateAnswerSchema = z.looseObject({ success: z.literal(true), data: z.looseObject({ fileName: z.string(), uploadedAt: z.string() }) });

/** Uploads the certificate file with the student's token, then names it as the certificate of their order. */
export async function sendWithholdingCertificate(orderId: number, file: File, options: Call): Promise<void> {
  const [fileName] = await uploadFiles([file], options);
  await postJson(`/private/orders/${orderId}/withholding-certificate`, CertificateAnswerSchema, { fileName }, options);
}

/**
 * The my-orders form's certificate: the file checked for presence here (its type and bytes by the
 * CMS), sent, and any refusal turned into the CMS's Thai message for that order. An expired
 * session is the caller's to handle (thrown).
 */
export async function submitCertificate(formData: FormData, options: Call & { t: Translate }): Promise<{ outcome: CertificateOutcome; status: number }> {
  const orderId = Number(formData.get('orderId'));
  if (!Number.isSafeInteger(orderId) || orderId < 1) return { outcome: { orderId: 0, sent: false, message: options.t('error_input_error') }, status: 400 };
  const file = formData.get('file');
  if (typeof file !== 'object' || file === null || !(file as File).size) return { outcome: { orderId, sent: false, message: options.t('orders_wht_file_required') }, status: 400 };
  try {
    await sendWithholdingCertificate(orderId, file as File, options);
    return { outcome: { orderId, sent: true }, status: 200 };
  } catch (error) {
    if (error instanceof CmsApiError && error.status !== 401) return { outcome: { orderId, sent: false, message: error.msg || options.t('error_input_error') }, status: error.status };
    // a full store is answered with 507, which the generic client reads as a server fault
    if (error instanceof CmsError && error.status === 507) return { outcome: { orderId, sent: false, message: options.t('error_out_of_storage') }, status: 507 };
    throw error;
  }
}

export const ADMIN_ORDER_FILTERS = ['all', 'missing-certificate'] as const;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

const AdminOrderSchema = z.looseObject({
  id: z.number().int(),
  status: z.string(),
  approvedAt: nullableString,
  buyer: z.string(),
  currency: z.enum(['THB', 'USD']),
  netAmount: z.number().int(),
  withholdingAmount: z.number().int(),
  withholding: z.boolean(),
  document: z.looseObject({ code: z.string(), kind: z.string() }).nullable(),
  certificate: z.looseObject({ fileName: z.string(), uploadedAt: z.string() }).nullable(),
  creditNote: z.looseObject({ code: z.string() }).nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

const AdminOrdersSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(AdminOrderSchema),
  missingCertificates: z.number().int(),
  pagination: z.looseObject({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

const CancelAnswerSchema = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({ orderId: z.number().int(), status: z.string(), changed: z.boolean(), creditNote: z.looseObject({ code: z.string() }).nullable() }),
});

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export async function listAdminOrders(filter: AdminOrderFilter, page: number, options: Call) {
  return callJson(`/private/admin/orders?filter=${filter}&page=${page}&pageSize=${ADMIN_ORDERS_PAGE_SIZE}`, AdminOrdersSchema, options);
}

export async function cancelPaidOrder(orderId: number, reason: string, options: Call) {
  return (await postJson(`/private/admin/orders/${orderId}/cancel`, CancelAnswerSchema, { reason }, options)).data;
}
