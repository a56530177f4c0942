/**
 * The signed-in student's own record: the profile it may see and the tax info it may
 * change. Every read lists its fields: the user row also holds the password hash, reset
 * and confirmation tokens, the whitelist flag and other server-only fields.
 */
import type { Core } from '@strapi/strapi';
import type { TaxPersonType } from '@sala/shared/constants';
import { TAX_INVOICE_DETAIL_FIELDS, taxInvoiceToWire, type TaxInvoiceValues } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { badRequest, notFound } from '../../../lib/errors';
import { claimUploadedFiles, findUploadedFiles, storedName, uploadedFileIds } from '../lib/uploaded-files';

const USER_UID = 'plugin::users-permissions.user';

type FileRow = { url?: string | null; name?: string | null };

export type TaxInfo = {
  is_require_tax_invoice: boolean;
  tax_person_type: TaxPersonType;
  tax_name_one: string | null;
  tax_name_two: string | null;
  tax_payer_identification_no: string | null;
  tax_address: string | null;
  tax_postcode: string | null;
  tax_is_delivery_by_tax_address: boolean;
  tax_delivery_address: string | null;
  /** Stored file names, served as /uploads/{name}. */
  tax_company_certificate: string[];
};

export type StudentProfile = {
  id: number;
  username: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  nickname: string | null;
  tel: string | null;
  address: string | null;
  role: { type: string } | null;
  user_group: { id: number; name: string } | null;
  displayImgUrl: string | null;
  customLabel: unknown[];
  is_registration_layout_four: boolean;
  createdAt: string | null;
} & TaxInfo;

export type TaxUpdate = {
  userId: number;
  values: TaxInvoiceValues;
  /** The certificate's stored names as the client sent them. */
  certificateNames: string[];
  requireTaxInvoice?: boolean;
  t: Translate;
};

/** The tax columns of the user row; the certificate is a relation, populated apart. */
const TAX_FIELDS = ['is_require_tax_invoice', ...TAX_INVOICE_DETAIL_FIELDS] as const;

const PROFILE_FIELDS = ['id', 'username', 'email', 'firstname', 'lastname', 'nickname', 'tel', 'address', 'custom_label_answers', 'is_registration_layout_four', 'createdAt', ...TAX_FIELDS] as const;

type ProfileRow = Record<(typeof PROFILE_FIELDS)[number], unknown> & {
  role?: { type: string } | null;
  user_group?: { id: number; name: string } | null;
  profile_picture?: FileRow | null;
  tax_company_certificate?: FileRow[] | null;
};

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function taxInfo(row: ProfileRow): TaxInfo {
  return {
    is_require_tax_invoice: Boolean(row.is_require_tax_invoice),
    tax_person_type: (row.tax_person_type as TaxPersonType | null) ?? 'juristic_person',
    tax_name_one: text(row.tax_name_one),
    tax_name_two: text(row.tax_name_two),
    tax_payer_identification_no: text(row.tax_payer_identification_no),
    tax_address: text(row.tax_address),
    tax_postcode: text(row.tax_postcode),
    tax_is_delivery_by_tax_address: row.tax_is_delivery_by_tax_address === null || row.tax_is_delivery_by_tax_address === undefined ? true : Boolean(row.tax_is_delivery_by_tax_address),
    tax_delivery_address: text(row.tax_delivery_address),
    tax_company_certificate: (row.tax_company_certificate ?? []).map(storedName),
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function readRow(userId: number): Promise<ProfileRow> {
    const row = (await strapi.db.query(USER_UID).findOne({
      select: [...PROFILE_FIELDS],
      where: { id: userId },
      populate: {
        role: { select: ['type'] },
        user_group: { select: ['id', 'name'] },
        profile_picture: { select: ['url', 'name'] },
        tax_company_certificate: { select: ['url', 'name'] },
      },
    })) as ProfileRow | null;
    if (!row) throw notFound();
    return row;
  }

  return {
    async getProfile(userId: number): Promise<StudentProfile> {
      const row = await readRow(userId);
      return {
        id: Number(row.id),
        username: String(row.username),
        email: String(row.email),
        firstname: text(row.firstname),
        lastname: text(row.lastname),
        nickname: text(row.nickname),
        tel: text(row.tel),
        address: text(row.address),
        role: row.role ? { type: row.role.type } : null,
        user_group: row.user_group ? { id: row.user_group.id, name: row.user_group.name } : null,
        displayImgUrl: row.profile_picture?.url ?? null,
        customLabel: Array.isArray(row.custom_label_answers) ? row.custom_label_answers : [],
        is_registration_layout_four: Boolean(row.is_registration_layout_four),
        createdAt: row.createdAt ? new Date(row.createdAt as string | number).toISOString() : null,
        ...taxInfo(row),
      };
    },

    async getTaxInfo(userId: number): Promise<TaxInfo> {
      return taxInfo(await readRow(userId));
    },

    /** Saves the student's tax info; the certificate names must be files uploaded before. */
    async updateTax({ userId, values, certificateNames, requireTaxInvoice, t }: TaxUpdate): Promise<TaxInfo> {
      const { found, missing } = await findUploadedFiles(strapi, certificateNames, { ownerId: userId, kinds: ['image', 'document'] });
      if (missing.length > 0) {
        throw badRequest('INPUT_ERROR', undefined, { errors: { tax_company_certificate: t('upload_file_missing', { name: missing[0] }) } });
      }
      await strapi.db.transaction(async () => {
        const certificateIds = await uploadedFileIds(strapi, found);
        await claimUploadedFiles(strapi, found, userId);
        await strapi.db.query(USER_UID).update({
          where: { id: userId },
          data: {
            ...(requireTaxInvoice === undefined ? {} : { is_require_tax_invoice: requireTaxInvoice }),
            ...taxInvoiceToWire(values, certificateIds),
          },
        });
      });
      return taxInfo(await readRow(userId));
    },
  };
};
