/**
 * The content types the shop's own rules alone write (ADR 168): orders, their lines, payment
 * reports and attempts, tax documents, withholding certificates and credit notes, with their
 * counters. The server refuses the content manager's and the content API's writes to them
 * (api/order-admin/lib/read-only.ts); the admin panel hides their writing buttons
 * (admin/order-actions). One list for both, without imports, so the admin's bundle can take it.
 */
export const READ_ONLY_UIDS: readonly string[] = [
  'api::order.order',
  'api::order-line.order-line',
  'api::payment-report.payment-report',
  'api::payment-attempt.payment-attempt',
  'api::tax-document.tax-document',
  'api::tax-document.tax-document-counter',
  'api::order-paperwork.withholding-certificate',
  'api::order-paperwork.credit-note',
  'api::order-paperwork.credit-note-counter',
];
