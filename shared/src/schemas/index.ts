/**
 * One zod schema per form or payload, shared by the storefront forms and the CMS
 * controllers. Messages come from text keys; every builder takes the caller's translator
 * (`defaultTranslate` of `@sala/shared/texts` for the Thai defaults). The ready-built
 * `…Schema` constants use the Thai defaults; they are marked pure, so a bundle that does not
 * use them leaves them, and the text catalogue they need, out.
 */
export { EMAIL_PATTERN, LOGIN_CHARACTERS, PASSWORD_CHARACTERS, PASSWORD_MAX_LENGTH, fileRefSchema, type FileRef } from './fields.js';
export {
  DENIED_EXTENSIONS,
  IMAGE_EXTENSIONS,
  ImageUploadSchema,
  PROFILE_IMAGE_EXTENSIONS,
  VIDEO_EXTENSIONS,
  VideoUploadSchema,
  buildUploadSchema,
  fileExtensions,
  hasStorageFor,
  isAllowedUpload,
  type UploadFiles,
  type UploadKind,
  type UploadSchemaOptions,
} from './upload.js';
export {
  LoginInfoSchema,
  LoginSchema,
  buildLoginInfoSchema,
  buildLoginSchema,
  buildRegistrationSchema,
  type CustomLabel,
  type FieldSetting,
  type LoginValues,
  type RegistrationSchemaOptions,
  type RegistrationSettings,
  type RegistrationValues,
} from './registration.js';
export {
  TAX_INVOICE_DETAIL_FIELDS,
  TAX_INVOICE_FORM_NAMES,
  TAX_INVOICE_WIRE_NAMES,
  TaxInvoiceSchema,
  buildTaxInvoiceSchema,
  clearOnPersonTypeChange,
  isValidThaiTaxId,
  taxInvoiceFromWire,
  taxInvoiceIssues,
  taxInvoiceLabels,
  taxInvoiceToWire,
  type TaxInvoiceValues,
  type TaxInvoiceWire,
  type TaxInvoiceWireName,
} from './tax-invoice.js';
export {
  PaymentReportPayloadSchema,
  PaymentReportSchema,
  buildPaymentReportSchema,
  checkSlipUpload,
  firstPaymentReportIssue,
  paymentReportNotices,
  type PaymentReportPayload,
  type PaymentReportValues,
} from './payment-report.js';
export {
  CardFormSchema,
  CustomLabelAnswerSchema,
  OrderCourseLineSchema,
  OrderPayloadSchema,
  OrderProductLineSchema,
  RegistrationPayloadSchema,
  buildCardFormSchema,
  buildOrderPayloadSchema,
  buildRegistrationPayloadSchema,
  registrationTaxInvoice,
  type CardFormValues,
  type OrderPayload,
  type RegistrationPayload,
} from './payloads.js';
export { ShippingAddressSchema, buildShippingAddressSchema, type ShippingAddressValues } from './shipping.js';
export { PASSWORD_MIN_LENGTH, buildForgotPasswordSchema, buildResetPasswordSchema } from './password-reset.js';
export {
  SALES_PERIOD_MAX_DAYS,
  SalesPeriodSchema,
  buildSalesPeriodSchema,
  defaultSalesPeriod,
  isIsoDate,
  salesPeriodBounds,
  salesPeriodDays,
  salesPeriodLength,
  type SalesPeriod,
} from './sales-period.js';
export { CANCEL_REASON_MAX_LENGTH, CancelPaidOrderSchema, WithholdingCertificatePayloadSchema, buildCancelPaidOrderSchema } from './paperwork.js';
