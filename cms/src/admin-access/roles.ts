/**
 * The admin roles beside Super Admin (ADR 162): a content editor and a marketer, created on
 * start when missing (an administrator may refine their permissions afterwards), and the
 * rule that a payment method's keys are seen by Super Admin alone, enforced on every start
 * over every other role.
 */
import type { Core } from '@strapi/strapi';

type ContentAccess = { uid: string; actions: readonly ('create' | 'read' | 'update' | 'delete')[] };
export type AdminRoleSpec = { code: string; name: string; description: string; content: readonly ContentAccess[]; media: boolean };

const EDIT = ['create', 'read', 'update', 'delete'] as const;
const READ = ['read'] as const;
const PAYMENT_METHOD = 'api::payment-method.payment-method';

export const ADMIN_ROLES = {
  contentEditor: {
    code: 'sala-content-editor',
    name: 'ผู้แก้ไขเนื้อหา',
    description: 'คอร์ส บทเรียน เนื้อหา แผนราคา สินค้า ผู้สอน ข้อความ คำถามในฟอร์มสมัคร และคลังสื่อ',
    media: true,
    content: [
      { uid: 'api::course.course', actions: EDIT },
      { uid: 'api::course-section.course-section', actions: EDIT },
      { uid: 'api::lecture.lecture', actions: EDIT },
      { uid: 'api::course-group.course-group', actions: EDIT },
      { uid: 'api::pricing-plan.pricing-plan', actions: EDIT },
      { uid: 'api::product.product', actions: EDIT },
      { uid: 'api::teacher.teacher', actions: EDIT },
      { uid: 'api::text.text', actions: EDIT },
      { uid: 'api::custom-label.custom-label', actions: EDIT },
      // pickers on a course and a plan
      { uid: 'api::user-group.user-group', actions: READ },
    ],
  },
  marketer: {
    code: 'sala-marketer',
    name: 'นักการตลาด',
    description: 'คูปอง โปรโมชัน การตั้งค่าเว็บไซต์ และข้อความบนเว็บ',
    media: true,
    content: [
      { uid: 'api::coupon.coupon', actions: EDIT },
      { uid: 'api::promotion.promotion', actions: EDIT },
      { uid: 'api::site-setting.site-setting', actions: ['read', 'update'] },
      { uid: 'api::text.text', actions: EDIT },
      // pickers on a coupon and a promotion; a payment method without its keys
      { uid: 'api::course.course', actions: READ },
      { uid: 'api::user-group.user-group', actions: READ },
      { uid: PAYMENT_METHOD, actions: READ },
    ],
  },
} as const satisfies Record<string, AdminRoleSpec>;

const MEDIA_ACTIONS = ['plugin::upload.read', 'plugin::upload.assets.create', 'plugin::upload.assets.update', 'plugin::upload.assets.download', 'plugin::upload.assets.copy-link'];
const CM_ACTION = (action: string) => `plugin::content-manager.explorer.${action}`;

type Attribute = { type: string; private?: boolean };
type Permission = { id?: number; action: string; subject?: string | null; properties?: { fields?: string[] | null; locales?: string[] | null }; conditions?: string[] };

/** The payment method's key fields: its private and password attributes. */
export function paymentMethodSecretFields(attributes: Record<string, Attribute>): string[] {
  return Object.entries(attributes)
    .filter(([, attribute]) => attribute.private === true || attribute.type === 'password')
    .map(([name]) => name)
    .sort();
}

/** A permission's fields without the payment method's keys (null fields mean all fields). */
export function withoutSecrets(fields: readonly string[] | null | undefined, allFields: readonly string[], secrets: readonly string[]): string[] {
  return (fields ?? allFields).filter((field) => !secrets.includes(field.split('.')[0]));
}

function fieldsOf(strapi: Core.Strapi, uid: string): string[] {
  const model = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as { attributes: Record<string, Attribute & { component?: string }> };
  const fields: string[] = [];
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (['createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'].includes(name)) continue;
    if (attribute.type === 'component' && attribute.component) {
      const component = strapi.components[attribute.component as keyof typeof strapi.components] as unknown as { attributes: Record<string, unknown> };
      for (const inner of Object.keys(component.attributes)) fields.push(`${name}.${inner}`);
    } else fields.push(name);
  }
  return fields;
}

async function localeCodes(strapi: Core.Strapi): Promise<string[]> {
  const locales = (await strapi.plugin('i18n').service('locales').find()) as { code: string }[];
  return locales.map((locale) => locale.code);
}

/** The role's permissions: content manager actions with their fields (keys left out) and the media library. */
export async function rolePermissions(strapi: Core.Strapi, spec: AdminRoleSpec): Promise<Permission[]> {
  const locales = await localeCodes(strapi);
  const secrets = paymentMethodSecretFields((strapi.contentTypes[PAYMENT_METHOD as keyof typeof strapi.contentTypes] as unknown as { attributes: Record<string, Attribute> }).attributes);
  const permissions: Permission[] = [];
  for (const { uid, actions } of spec.content) {
    if (!strapi.contentTypes[uid as keyof typeof strapi.contentTypes]) continue;
    const all = fieldsOf(strapi, uid);
    const fields = uid === PAYMENT_METHOD ? withoutSecrets(all, all, secrets) : all;
    const localized = (strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as { pluginOptions?: { i18n?: { localized?: boolean } } }).pluginOptions?.i18n?.localized;
    for (const action of actions) {
      const properties: Permission['properties'] = action === 'delete' ? {} : { fields };
      if (localized) properties.locales = locales;
      permissions.push({ action: CM_ACTION(action), subject: uid, properties, conditions: [] });
    }
  }
  if (spec.media) for (const action of MEDIA_ACTIONS) permissions.push({ action, subject: null, properties: {}, conditions: [] });
  return permissions;
}

type RoleService = {
  findOne: (where: Record<string, unknown>) => Promise<{ id: number } | null>;
  create: (attributes: { name: string; code: string; description: string }) => Promise<{ id: number }>;
  assignPermissions: (roleId: number, permissions: Permission[]) => Promise<unknown>;
  getSuperAdmin: () => Promise<{ id: number } | null>;
};

/** Creates each role that is missing, with its permissions; a role that exists is left as an administrator keeps it. */
export async function ensureAdminRoles(strapi: Core.Strapi): Promise<Record<keyof typeof ADMIN_ROLES, number>> {
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const ids = {} as Record<keyof typeof ADMIN_ROLES, number>;
  for (const [key, spec] of Object.entries(ADMIN_ROLES) as [keyof typeof ADMIN_ROLES, AdminRoleSpec][]) {
    const existing = (await roles.findOne({ code: spec.code })) ?? (await roles.findOne({ name: spec.name }));
    if (existing) {
      ids[key] = existing.id;
      continue;
    }
    const created = await roles.create({ name: spec.name, code: spec.code, description: spec.description });
    await roles.assignPermissions(created.id, await rolePermissions(strapi, spec));
    ids[key] = created.id;
    strapi.log.info(`[admin roles] created ${spec.name}`);
  }
  return ids;
}

/**
 * Takes the payment method's key fields out of every permission of every role but Super
 * Admin (Strapi's own Editor and Author roles start with every field): keys are seen and
 * changed by Super Admin alone.
 */
export async function keepPaymentKeysToSuperAdmin(strapi: Core.Strapi): Promise<number> {
  const model = strapi.contentTypes[PAYMENT_METHOD as keyof typeof strapi.contentTypes] as unknown as { attributes: Record<string, Attribute> } | undefined;
  if (!model) return 0;
  const secrets = paymentMethodSecretFields(model.attributes);
  const all = fieldsOf(strapi, PAYMENT_METHOD);
  const superAdmin = await (strapi.service('admin::role') as unknown as RoleService).getSuperAdmin();
  const permissions = (await strapi.db.query('admin::permission').findMany({
    where: { subject: PAYMENT_METHOD, action: { $startsWith: 'plugin::content-manager.explorer.' } },
    populate: ['role'],
  })) as (Permission & { id: number; role?: { id: number } | null })[];
  const changed: string[] = [];
  for (const permission of permissions) {
    if (!permission.role || permission.role.id === superAdmin?.id) continue;
    // publish and delete carry no field a key could be read or written through (no content type here drafts)
    if (![CM_ACTION('create'), CM_ACTION('read'), CM_ACTION('update')].includes(permission.action)) continue;
    const current = permission.properties?.fields;
    const kept = withoutSecrets(current, all, secrets);
    if (current && kept.length === current.length) continue;
    await strapi.db.query('admin::permission').update({ where: { id: permission.id }, data: { properties: { ...permission.properties, fields: kept } } });
    changed.push(`${(permission.role as { code?: string }).code ?? permission.role.id} ${permission.action.split('.').pop()}`);
  }
  if (changed.length > 0) strapi.log.info(`[admin roles] payment method keys taken out of ${changed.join(', ')}: Super Admin alone sees them`);
  return changed.length;
}
