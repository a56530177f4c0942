/**
 * Writes the admin catalogue into the content manager's configuration on start (ADR 161):
 * first time always; afterwards only while the stored configuration is still the one we
 * wrote, so a view an editor rearranged in the admin stays theirs.
 */
import type { Core } from '@strapi/strapi';
import { buildConfiguration, decide, ownedFields, project, type AppliedRecord, type CmConfiguration, type Decision, type SchemaView } from './build';
import { ADMIN_LAYOUTS } from './catalogue';
import type { AdminLayout } from './types';

type Attribute = { type: string; customField?: string; relationType?: string };
type CmModel = { uid: string; attributes: Record<string, Attribute>; config?: { attributes?: Record<string, { hidden?: boolean }> } };
type CmService = {
  findContentType?: (uid: string) => CmModel | undefined;
  findComponent?: (uid: string) => CmModel | undefined;
  findConfiguration: (model: CmModel) => Promise<CmConfiguration>;
  updateConfiguration: (model: CmModel, configuration: CmConfiguration) => Promise<unknown>;
};
type FieldSizes = { hasFieldSize: (type?: string) => boolean; getFieldSize: (type: string) => { default: number; isResizable: boolean } };

/** Where we remember what we wrote, one key per content type or component. */
const RECORD_STORE = { type: 'plugin', name: 'sala_admin_layouts' } as const;
const NOT_IN_EDIT_VIEW = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);
const NOT_LISTABLE_TYPES = new Set(['json', 'password', 'richtext', 'dynamiczone', 'blocks', 'component', 'media']);

export function recordKey(layout: Pick<AdminLayout, 'kind' | 'uid'>): string {
  return `${layout.kind === 'component' ? 'components' : 'content_types'}::${layout.uid}`;
}

function schemaView(model: CmModel, sizes: FieldSizes): SchemaView {
  const names = Object.keys(model.attributes);
  const hidden = (name: string) => model.config?.attributes?.[name]?.hidden === true;
  return {
    attributes: new Set(names),
    placeable: new Set(names.filter((name) => !NOT_IN_EDIT_VIEW.has(name) && !hidden(name))),
    listable: new Set(
      names.filter((name) => {
        const attribute = model.attributes[name];
        if (hidden(name) || NOT_LISTABLE_TYPES.has(attribute.type)) return false;
        return attribute.type !== 'relation' || ['oneToOne', 'manyToOne', 'oneToMany', 'manyToMany'].includes(attribute.relationType ?? '');
      }),
    ),
    size: (name) => {
      const attribute = model.attributes[name];
      return sizes.getFieldSize(sizes.hasFieldSize(attribute.customField) ? attribute.customField! : attribute.type);
    },
  };
}

export type AppliedLayouts = Record<string, Decision['reason'] | 'unknown-type'>;

/** Applies each layout of the catalogue; a content type the running schema lacks is skipped and logged. */
export async function applyAdminLayouts(strapi: Core.Strapi, layouts: readonly AdminLayout[] = ADMIN_LAYOUTS): Promise<AppliedLayouts> {
  const cm = strapi.plugin('content-manager');
  const sizes = cm.service('field-sizes') as unknown as FieldSizes;
  const store = strapi.store(RECORD_STORE);
  const outcome: AppliedLayouts = {};
  for (const layout of layouts) {
    const service = cm.service(layout.kind === 'component' ? 'components' : 'content-types') as unknown as CmService;
    const model = layout.kind === 'component' ? service.findComponent?.(layout.uid) : service.findContentType?.(layout.uid);
    if (!model) {
      strapi.log.warn(`[admin layouts] ${layout.uid} is not in this schema: its layout is skipped`);
      outcome[layout.uid] = 'unknown-type';
      continue;
    }
    const schema = schemaView(model, sizes);
    const stored = await service.findConfiguration(model);
    const desired = buildConfiguration(layout, schema, stored);
    const owned = ownedFields(layout, schema);
    const record = ((await store.get({ key: recordKey(layout) })) as AppliedRecord | null) ?? null;
    const decision = decide(stored, record, desired, schema, owned);
    outcome[layout.uid] = decision.reason;
    if (decision.action === 'keep') {
      if (decision.reason === 'edited-in-admin') strapi.log.info(`[admin layouts] ${layout.uid} was rearranged in the admin: kept as it is`);
      continue;
    }
    await service.updateConfiguration(model, desired);
    // What Strapi stored after our write is what a later start compares with.
    const written = await service.findConfiguration(model);
    await store.set({ key: recordKey(layout), value: { fields: owned, applied: project(written, owned) } satisfies AppliedRecord });
  }
  return outcome;
}
