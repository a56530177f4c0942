/** Thin: parses with the shared schemas, lets the services work, shapes the spec's answers. */
import { revokeTokens } from '../../../http/token-revocation';
import { issueTicket } from '../../../realtime/ticket';
import type { Core } from '@strapi/strapi';
import { clientAddress } from '../../../http/client-address';
import { withRetryAfter } from '../../../http/retry-after';
import type { Locale } from '@sala/shared/constants';
import { PASSWORD_MAX_LENGTH, TAX_INVOICE_WIRE_NAMES, buildLoginSchema, buildRegistrationPayloadSchema, buildTaxInvoiceSchema, taxInvoiceFromWire } from '@sala/shared/schemas';
import { translatorFor } from '../../../lib/texts';
import { badRequest } from '../../../lib/errors';
import { localeOf } from '../../../http/messages';
import { fieldErrors, mergeErrors } from '../lib/form-errors';
import type { LoginResult } from '../services/login';
import type { StudentProfile, TaxInfo, TaxUpdate } from '../services/profile';
import { taxInvoiceEnabled } from '@sala/shared/settings';
import type { SiteSettings } from '../services/public-settings';
import { invalidRegistration, type RegistrationInput } from '../services/registration';
import type { Ctx } from '../../../http/ctx';

/** Longest username or e-mail a sign-in reads; passwords end at PASSWORD_MAX_LENGTH (bcrypt uses at most 72 bytes anyway). */
const MAX_IDENTIFIER_LENGTH = 255;

function bodyOf(ctx: Ctx): Record<string, unknown> {
  const body = ctx.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The locale of a request: the body's `lang`, else the query or headers (Thai by default). */
function localeFor(ctx: Ctx): Locale {
  const lang = String(bodyOf(ctx).lang ?? '').toLowerCase();
  return lang === 'en' || lang === 'th' ? lang : localeOf(ctx);
}

/** One certificate name or a list of them, as names (a `{ name }` object is read as its name). */
function certificateNames(value: unknown): string[] | null {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  const names = list.map((item) =>
    typeof item === 'string' ? item : typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name : null,
  );
  return names.every((name): name is string => name !== null) ? names.filter((name) => name.trim() !== '') : null;
}

function optionalFlag(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /public/students/login → `{ success, jwt, user }`. */
  async login(ctx: Ctx) {
    const t = await translatorFor(strapi, localeFor(ctx));
    const parsed = buildLoginSchema(t).safeParse(bodyOf(ctx));
    if (!parsed.success) throw badRequest('INPUT_ERROR', undefined, { errors: fieldErrors(parsed.error.issues) });
    const { username, password } = parsed.data;
    if (username.length > MAX_IDENTIFIER_LENGTH || password.length > PASSWORD_MAX_LENGTH) throw badRequest('INPUT_ERROR');
    const result = (await withRetryAfter(ctx, () => strapi.service('api::account.login').login({ identifier: username, password, ip: clientAddress(ctx) }))) as LoginResult;
    ctx.body = { success: true, jwt: result.jwt, user: result.user };
  },

  /** POST /public/students/course-detail-page → `{ success, createStudent, userId }`. */
  async register(ctx: Ctx) {
    const t = await translatorFor(strapi, localeFor(ctx));
    const body = { ...bodyOf(ctx) };
    const settings = (await strapi.service('api::account.public-settings').readSettings()) as SiteSettings;
    // A site without tax invoices ignores the tax part of the form.
    if (!taxInvoiceEnabled(settings)) body.is_require_tax_invoice = false;
    const schema = buildRegistrationPayloadSchema(t);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      // The form shows every message at once: the site's rules run on the rest of the payload too.
      const rest = { ...body, ...Object.fromEntries(Object.keys(errors).map((field) => [field.split('.')[0], null])) };
      const retry = schema.safeParse(rest);
      if (retry.success) mergeErrors(errors, await strapi.service('api::account.registration').formErrors(retry.data, t));
      throw invalidRegistration(errors);
    }
    const input: RegistrationInput = { payload: parsed.data, ip: clientAddress(ctx), t, locale: localeFor(ctx) };
    const { userId } = (await strapi.service('api::account.registration').register(input)) as { userId: number };
    ctx.body = { success: true, createStudent: true, userId };
  },

  /** POST /api/send/to/email/registration: to the caller's own address; the payload's e-mail and password are ignored. */
  async sendRegistrationMail(ctx: Ctx) {
    const student = ctx.state.student!;
    await withRetryAfter(ctx, () => strapi.service('api::account.registration-mail').sendRegistrationMail(student.id, localeFor(ctx)));
    ctx.body = { success: true };
  },

  /** POST /private/students/logout → `{ success: true }`: every token of the caller issued until now stops working (ADR 157). */
  async logout(ctx: Ctx) {
    await revokeTokens(strapi, ctx.state.student!.id);
    ctx.body = { success: true };
  },

  /** POST /private/realtime/ticket → `{ success, ticket, userId, expiresAt }`: the socket sign-in of the caller's pages, for a few minutes (ADR 157). */
  async realtimeTicket(ctx: Ctx) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, ...issueTicket(strapi, ctx.state.student!.id) };
  },

  /** GET /private/students → `{ success, data: profile }`. */
  async profile(ctx: Ctx) {
    const data = (await strapi.service('api::account.profile').getProfile(ctx.state.student!.id)) as StudentProfile;
    ctx.body = { success: true, data };
  },

  /** PUT /private/myaccount/students/tax → `{ success, data: tax info }`. */
  async updateTax(ctx: Ctx) {
    const t = await translatorFor(strapi, localeFor(ctx));
    const body = bodyOf(ctx);
    const names = certificateNames(body.tax_company_certificate);
    if (names === null) throw badRequest('INPUT_ERROR', undefined, { errors: { tax_company_certificate: t('upload_file_type_not_allowed') } });
    const parsed = buildTaxInvoiceSchema(t).safeParse({
      ...taxInvoiceFromWire(body),
      taxCompanyCertificate: names.map((name) => ({ name })),
      // delivery goes to the tax address unless the student says otherwise (spec: default 1)
      taxIsDeliveryByTaxaddress: body.tax_is_delivery_by_tax_address ?? true,
    });
    if (!parsed.success) throw badRequest('INPUT_ERROR', undefined, { errors: fieldErrors(parsed.error.issues, TAX_INVOICE_WIRE_NAMES) });
    const update: TaxUpdate = {
      userId: ctx.state.student!.id,
      values: parsed.data,
      certificateNames: names,
      requireTaxInvoice: optionalFlag(body.is_require_tax_invoice),
      t,
    };
    const data = (await strapi.service('api::account.profile').updateTax(update)) as TaxInfo;
    ctx.body = { success: true, data };
  },
});
