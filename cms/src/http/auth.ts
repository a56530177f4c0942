/**
 * Who is calling: the student behind a users-permissions JWT, checked against the site's whitelist.
 * The account and its role are read in one statement, and the site settings once per request,
 * kept for the handler (docs/decisions/147).
 */
import type { Core } from '@strapi/strapi';
import { createRows } from '../lib/rows';
import { ORDER_SETTING_FIELDS, type OrderSettingRow } from '../lib/site-settings';
import { forbidden, unauthorized } from '../lib/errors';
import { isRevoked, type TokenClaims } from './token-revocation';
import type { Ctx, Student } from './ctx';

/** What the guard keeps in ctx.state for the rest of the request. */
type GuardState = { student?: Student | null; siteSettings?: RequestSettings | null };
type GuardCtx = Ctx<GuardState>;

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
const SITE_SETTING_UID = 'api::site-setting.site-setting';

/** The site settings a signed-in request reads: the whitelist switch, and the pricing switches an order needs in the same request. */
export const REQUEST_SETTING_FIELDS = ['is_enable_whitelist', ...ORDER_SETTING_FIELDS] as const;
export type RequestSettings = OrderSettingRow & { is_enable_whitelist?: boolean | null };

/**
 * The account with its role, as `findOne({ where: { id }, populate: ['role'] })` returns it
 * (every scalar field, converted by the query engine's own `fromRow`), in one statement
 * instead of two.
 */
async function readAccount(strapi: Core.Strapi, id: number): Promise<Student | null> {
  const rows = createRows(strapi);
  const role = rows.link(USER_UID, 'role');
  // `limit 1` as a literal: SQLite runs a wide row read with a bound LIMIT two to three times slower.
  const [row] = (await rows
    .knex()
    .from({ u: rows.table(USER_UID) })
    .leftJoin({ l: role.table }, `l.${role.own}`, 'u.id')
    .leftJoin({ r: rows.table(ROLE_UID) }, 'r.id', `l.${role.other}`)
    .select(...rows.columns(USER_UID, 'u', rows.scalarFields(USER_UID)), ...rows.columns(ROLE_UID, 'r', rows.scalarFields(ROLE_UID)))
    .where('u.id', id)
    .limit(1, { skipBinding: true })) as Record<string, unknown>[];
  if (!row) return null;
  const account = rows.pick<Student>(USER_UID, 'u', row);
  if (!account) return null;
  account.role = rows.pick<NonNullable<Student['role']>>(ROLE_UID, 'r', row);
  return account;
}

function bearer(ctx: Pick<Ctx, 'get'>): string | null {
  const header = String(ctx.get('authorization') || '');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

/** The student of a request, or null when no valid token was sent (or it was revoked by a sign-out or a password reset). */
export async function findStudent(strapi: Core.Strapi, ctx: GuardCtx): Promise<Student | null> {
  if (ctx.state.student !== undefined) return ctx.state.student;
  const token = bearer(ctx);
  let student: Student | null = null;
  if (token) {
    try {
      // The signature here, the revocation stamp on the account read anyway (one statement, ADR 147).
      const jwt = strapi.plugin('users-permissions').service('jwt') as { verifySignature: (token: string) => Promise<TokenClaims> };
      const payload = await jwt.verifySignature(token);
      const id = Number(payload?.id);
      if (Number.isSafeInteger(id) && id > 0) {
        student = await readAccount(strapi, id);
        if (student && isRevoked(payload, student.tokens_valid_after)) student = null;
      }
    } catch {
      student = null;
    }
  }
  if (student?.blocked) student = null;
  ctx.state.student = student;
  return student;
}

/**
 * The site settings of this request (REQUEST_SETTING_FIELDS), read once and kept in
 * ctx.state.siteSettings: the guard reads them, and an order placed in the same request
 * prices with the same row.
 */
export async function requestSettings(strapi: Core.Strapi, ctx: GuardCtx): Promise<RequestSettings | null> {
  if (ctx.state.siteSettings !== undefined) return ctx.state.siteSettings;
  const setting = await createRows(strapi).readFirst<RequestSettings>(SITE_SETTING_UID, REQUEST_SETTING_FIELDS, {});
  ctx.state.siteSettings = setting;
  return setting;
}

async function isWhitelistDenied(strapi: Core.Strapi, ctx: GuardCtx, student: Student): Promise<boolean> {
  const setting = await requestSettings(strapi, ctx);
  if (!setting?.is_enable_whitelist) return false;
  return !student.is_whitelisted;
}

/** A signed-in student, or 401 PERMISSION_DENIED / WHITELIST_USER_DENIED. */
export async function requireStudent(strapi: Core.Strapi, ctx: GuardCtx): Promise<Student> {
  const student = await findStudent(strapi, ctx);
  if (!student) throw unauthorized('PERMISSION_DENIED');
  if (await isWhitelistDenied(strapi, ctx, student)) throw unauthorized('WHITELIST_USER_DENIED');
  return student;
}

export const SHOP_ADMIN_ROLE = 'shop_admin';

/** A storefront administrator, or 401 without a token and 403 for anyone else. */
export async function requireShopAdmin(strapi: Core.Strapi, ctx: GuardCtx): Promise<Student> {
  const student = await requireStudent(strapi, ctx);
  if (student.role?.type !== SHOP_ADMIN_ROLE) throw forbidden('PERMISSION_DENIED');
  return student;
}
