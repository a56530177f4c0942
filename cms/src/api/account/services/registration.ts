/**
 * Sign-up from the course detail page (spec "Registration payload", sections 5 and 8).
 * The payload is checked against the site's own form rules (enabled and required fields,
 * custom labels, user groups, tax invoice), then the account is created with a bcrypt
 * hash from users-permissions. Duplicate checks, the site's user limits and the insert
 * run in one transaction that holds the sign-up lock, so concurrent sign-ups can never
 * pass a limit together. Sign-ups per address are limited too (SIGNUP_MAX_PER_IP_PER_DAY).
 */
import type { Core } from '@strapi/strapi';
import { startOfBangkokDay } from '../../../lib/bangkok-day';
import { buildRegistrationSchema, registrationTaxInvoice, taxInvoiceToWire, type RegistrationPayload } from '@sala/shared/schemas';
import type { Locale } from '@sala/shared/constants';
import type { Translate } from '@sala/shared/texts';
import { badRequest, conflict } from '../../../lib/errors';
import { fieldErrors, type FieldErrors } from '../lib/form-errors';
import { createLimiter, envLimit, type Limiter } from '../../../lib/rate-limits';
import { claimUploadedFiles, findUploadedFiles, uploadName, uploadedFileIds, type UploadedFile } from '../lib/uploaded-files';
import { registrationSettings, studentPicksGroup, taxInvoiceEnabled } from '@sala/shared/settings';
import type { CustomLabelItem, SiteSettings, UserGroupItem } from './public-settings';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
const GROUP_UID = 'api::user-group.user-group';
const STUDENT_ROLE_TYPE = 'authenticated';
/** Key of the PostgreSQL advisory lock that sign-ups take in turn ("sala" + "signup"). */
const SIGNUP_LOCK_KEY = 5_481_001;

/** `locale` is the language of the welcome mail, the one the student signed up in. */
export type RegistrationInput = { payload: RegistrationPayload; ip: string; t: Translate; locale: Locale };

/** The spec's registration codes; a failing field of the login info or e-mail names its own. */
export type RegistrationErrorCode = 'INPUT_ERROR' | 'INVALID_FORMAT_USERNAME' | 'INVALID_FORMAT_PASSWORD' | 'INVALID_FORMAT_EMAIL';

const FORMAT_CODES: readonly [field: string, code: RegistrationErrorCode][] = [
  ['username', 'INVALID_FORMAT_USERNAME'],
  ['password', 'INVALID_FORMAT_PASSWORD'],
  ['email', 'INVALID_FORMAT_EMAIL'],
];

/**
 * INVALID_FORMAT_USERNAME, _PASSWORD or _EMAIL when only those fields fail (the first of
 * them in that order), else INPUT_ERROR. The per-field messages go along either way.
 */
export function registrationErrorCode(errors: FieldErrors): RegistrationErrorCode {
  const fields = Object.keys(errors);
  if (fields.length > 0 && fields.every((field) => FORMAT_CODES.some(([name]) => name === field))) {
    return FORMAT_CODES.find(([name]) => name in errors)![1];
  }
  return 'INPUT_ERROR';
}

export function invalidRegistration(errors: FieldErrors) {
  return badRequest(registrationErrorCode(errors), undefined, { errors });
}

type LabelAnswer = { id: number; label: string; value: string | string[]; validation: true };

const LIST_LABEL_TYPES = new Set(['multiple', 'checkbox', 'image']);
/** A visitor signs up: only uploads sent without an account may be attached (api::storage). */
const VISITOR_IMAGES = { ownerId: null, kinds: ['image'] } as const;
const VISITOR_DOCUMENTS = { ownerId: null, kinds: ['image', 'document'] } as const;
/** Longest answer kept for one custom label value. */
const CUSTOM_ANSWER_MAX_LENGTH = 1000;

/** The option values a label offers, or null when it takes free text (or defines no options). */
function optionValues(label: CustomLabelItem): Set<string> | null {
  if (!['select', 'radio', 'multiple', 'checkbox'].includes(label.type_label) || !Array.isArray(label.item_list)) return null;
  const values = label.item_list
    .map((item) => (typeof item === 'object' && item !== null ? (item as { value?: unknown }).value : item))
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String);
  return values.length > 0 ? new Set(values) : null;
}

function asList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value])
    .filter((v) => v !== null && v !== undefined)
    .map((v) => String(v).trim())
    .filter((v) => v !== '');
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let signupLimiter: Limiter | undefined;
  const perAddress = () => (signupLimiter ??= createLimiter(strapi, 'signup-ip', { points: envLimit(strapi, 'SIGNUP_MAX_PER_IP_PER_DAY', 30), durationSeconds: 24 * 3600 }));

  const settingsService = () =>
    strapi.service('api::account.public-settings') as {
      readSettings(): Promise<SiteSettings>;
      listUserGroups(): Promise<UserGroupItem[]>;
      listCustomLabels(): Promise<CustomLabelItem[]>;
    };

  /** Checks everything that depends on the site and the database; writes nothing. */
  async function checkForm(payload: RegistrationPayload, t: Translate) {
    const [settings, groups, labels] = await Promise.all([settingsService().readSettings(), settingsService().listUserGroups(), settingsService().listCustomLabels()]);
    const answers = new Map((payload.customLabel ?? []).map((answer) => [String(answer.id), answer.value]));
    const labelValues = Object.fromEntries(
      labels.map((label) => {
        const value = answers.get(String(label.id));
        if (label.type_label === 'image') return [String(label.id), asList(value).map((name) => ({ name: uploadName(name) ?? name }))];
        return [String(label.id), LIST_LABEL_TYPES.has(label.type_label) ? asList(value) : value === null || value === undefined ? '' : String(value).trim()];
      }),
    );
    const picture = payload.displayImgUrl ? payload.displayImgUrl : null;
    const form = {
      email: payload.email,
      firstname: payload.firstname ?? '',
      lastname: payload.lastname ?? '',
      nickname: payload.nickname ?? '',
      address: payload.address ?? '',
      tel: payload.tel ?? '',
      profileImage: picture ? [{ name: uploadName(picture) ?? picture }] : [],
      userGroupId: payload.studentGroupKpi ?? undefined,
      customLabels: labelValues,
      username: payload.username ?? '',
      newPassword: payload.password ?? '',
      confirmNewPassword: payload.password ?? '',
    };
    // An account cannot exist without login info, so its rules apply on every layout.
    const schema = buildRegistrationSchema(registrationSettings(settings, groups.length > 0), labels, { layoutFour: true, t });
    const parsed = schema.safeParse(form);
    const errors = parsed.success
      ? {}
      : fieldErrors(parsed.error.issues, {
          profileImage: 'displayImgUrl',
          userGroupId: 'studentGroupKpi',
          customLabels: 'customLabel',
          newPassword: 'password',
          confirmNewPassword: 'password',
        });

    const usernameMin = Number((strapi.getModel(USER_UID).attributes.username as { minLength?: number }).minLength ?? 0);
    const username = (payload.username ?? '').trim();
    if (!errors.username && username.length < usernameMin) errors.username = t('validation_username_min', { min: usernameMin });

    const answerList: LabelAnswer[] = [];
    const labelFiles: UploadedFile[] = [];
    for (const label of labels) {
      const field = `customLabel.${label.id}`;
      const raw = labelValues[String(label.id)];
      const values = Array.isArray(raw) ? raw.map((v) => (typeof v === 'string' ? v : v.name)) : raw;
      const options = optionValues(label);
      if (options && (Array.isArray(values) ? values : values === '' ? [] : [values]).some((v) => !options.has(v))) {
        errors[field] ??= t('validation_invalid', { label: label.label });
      }
      if ((Array.isArray(values) ? values : [values]).some((v) => v.length > CUSTOM_ANSWER_MAX_LENGTH)) {
        errors[field] ??= t('validation_max_length', { label: label.label, max: CUSTOM_ANSWER_MAX_LENGTH });
      }
      if (label.type_label === 'image' && Array.isArray(values) && values.length > 0) {
        const { found, missing } = await findUploadedFiles(strapi, values, VISITOR_IMAGES);
        if (missing.length > 0) errors[field] ??= t('upload_file_missing', { name: missing[0] });
        labelFiles.push(...found);
      }
      if ((Array.isArray(values) && values.length > 0) || (!Array.isArray(values) && values !== '')) {
        answerList.push({ id: label.id, label: label.label, value: values, validation: true });
      }
    }

    let groupId: number | null = null;
    if (studentPicksGroup(settings) && groups.length > 0) {
      groupId = payload.studentGroupKpi ?? null;
      if (groupId !== null && !groups.some((group) => group.id === groupId)) errors.studentGroupKpi ??= t('validation_user_group_required');
    } else {
      groupId = groups.find((group) => group.is_default)?.id ?? null;
    }

    let pictureFile: UploadedFile | null = null;
    if (settings.is_enable_profile_picture && picture && !errors.displayImgUrl) {
      const { found, missing } = await findUploadedFiles(strapi, [picture], VISITOR_IMAGES);
      if (missing.length > 0) errors.displayImgUrl = t('upload_file_missing', { name: picture });
      pictureFile = found[0] ?? null;
    }

    const withTax = taxInvoiceEnabled(settings) && payload.is_require_tax_invoice;
    let certificates: UploadedFile[] = [];
    if (withTax && payload.tax_company_certificate.length > 0 && !errors.tax_company_certificate) {
      const { found, missing } = await findUploadedFiles(strapi, payload.tax_company_certificate, VISITOR_DOCUMENTS);
      if (missing.length > 0) errors.tax_company_certificate = t('upload_file_missing', { name: missing[0] });
      certificates = found;
    }

    return { settings, errors, answerList, labelFiles, groupId, pictureFile, withTax, certificates };
  }

  return {
    /** The messages of the site's own form rules for a payload; nothing is written. */
    async formErrors(payload: RegistrationPayload, t: Translate): Promise<FieldErrors> {
      return (await checkForm(payload, t)).errors;
    },

    /**
     * Creates the student and returns its id, or throws the spec's error code. Once the account
     * is committed the student gets the welcome mail, once; a refused sign-up sends nothing.
     */
    async register({ payload, ip, t, locale }: RegistrationInput): Promise<{ userId: number }> {
      const checked = await checkForm(payload, t);
      if (Object.keys(checked.errors).length > 0) throw invalidRegistration(checked.errors);
      const { settings } = checked;

      const addressKey = `ip:${ip}`;
      if ((await perAddress().hit(addressKey)) > 0) throw conflict('ERROR_CREATE_USER_IN_DAY');

      let userId: number;
      try {
        const { password } = (await strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password: payload.password })) as { password: string };
        const username = payload.username!.trim();
        const email = payload.email.toLowerCase();
        const enabled = (name: 'firstname' | 'lastname' | 'nickname' | 'tel' | 'address') => (settings[`is_enable_${name}`] ? payload[name] || null : null);
        const welcome = await strapi.service('api::account.registration-mail').composeWelcomeMail({ username, email, firstname: enabled('firstname'), lastname: enabled('lastname') }, locale);

        userId = await strapi.db.transaction(async ({ trx }) => {
          if (strapi.db.dialect.client === 'postgres') await trx.raw('select pg_advisory_xact_lock(?)', [SIGNUP_LOCK_KEY]);
          const users = strapi.db.query(USER_UID);
          if (await users.findOne({ select: ['id'], where: { username: { $eqi: username } } })) throw conflict('DUPLICATE_USERNAME');
          if (await users.findOne({ select: ['id'], where: { email: { $eqi: email } } })) throw conflict('DUPLICATE_EMAIL');
          // 0 or empty means no limit, as with the site's other counters.
          if (settings.max_users && (await users.count()) >= settings.max_users) throw conflict('OVER_LIMIT_USER');
          if (settings.max_users_per_day) {
            const today = await users.count({ where: { createdAt: { $gte: startOfBangkokDay(new Date()) } } });
            if (today >= settings.max_users_per_day) throw conflict('ERROR_CREATE_USER_IN_DAY');
          }

          const role = (await strapi.db.query(ROLE_UID).findOne({ select: ['id'], where: { type: STUDENT_ROLE_TYPE } })) as { id: number } | null;
          if (!role) throw new Error(`users-permissions role "${STUDENT_ROLE_TYPE}" is missing`);
          if (checked.groupId !== null && !(await strapi.db.query(GROUP_UID).findOne({ select: ['id'], where: { id: checked.groupId } }))) {
            throw invalidRegistration({ studentGroupKpi: t('validation_user_group_required') });
          }

          const created = (await users.create({
            data: {
              username,
              email,
              password,
              provider: 'local',
              confirmed: true,
              blocked: false,
              role: role.id,
              firstname: enabled('firstname'),
              lastname: enabled('lastname'),
              nickname: enabled('nickname'),
              tel: enabled('tel'),
              address: enabled('address'),
              user_group: checked.groupId,
              profile_picture: checked.pictureFile ? (await uploadedFileIds(strapi, [checked.pictureFile]))[0] : null,
              custom_label_answers: checked.answerList,
              is_registration_layout_four: payload.is_registration_layout_four,
              is_require_tax_invoice: checked.withTax,
              ...(checked.withTax ? taxInvoiceToWire(registrationTaxInvoice(payload), await uploadedFileIds(strapi, checked.certificates)) : {}),
            },
          })) as { id: number };
          const attached = [...(checked.pictureFile ? [checked.pictureFile] : []), ...(checked.withTax ? checked.certificates : []), ...checked.labelFiles];
          await claimUploadedFiles(strapi, attached, created.id);
          await strapi.service('api::account.registration-mail').queueWelcomeMail(welcome);
          return created.id;
        });
      } catch (error) {
        // Only accounts that were created count against the address.
        await perAddress().giveBack(addressKey);
        throw error;
      }
      return { userId };
    },
  };
};
