import { z } from 'zod';
import { LIMITS, type CustomLabelType } from '../constants/index.js';
import { defaultTranslate, type TextKey, type Translate } from '../texts/index.js';
import { EMAIL_PATTERN, LOGIN_CHARACTERS, fileListField, isDigits, passwordField, textField, toPassword, toText, type FileRef, type Rule } from './fields.js';
import { isAllowedUpload } from './upload.js';

/** The is_enable / is_require pair a site sets for one contact field. */
export type FieldSetting = { isEnable: boolean; isRequire: boolean };

export type RegistrationSettings = {
  firstname: FieldSetting;
  lastname: FieldSetting;
  tel: FieldSetting;
  nickname: FieldSetting;
  address: FieldSetting;
  profileImage: FieldSetting;
  /** Students may pick a user group and the USER_GROUP switch is on: a group must be chosen. */
  userGroupRequired?: boolean;
  /** The one site that accepts phone numbers shorter than 9 digits. */
  telExemptFromMinimum?: boolean;
};

/** A custom field defined by the site (GET /public/customlabel). */
export type CustomLabel = {
  id: number;
  type_label: CustomLabelType;
  label: string;
  order_label: number;
  required: boolean | 0 | 1;
  item_list?: unknown;
};

export type RegistrationSchemaOptions = { layoutFour?: boolean; t: Translate };

const isFilled = (value: string) => value !== '';

function optionalText(setting: FieldSetting, label: string, t: Translate, extra: readonly Rule[] = []) {
  const rules: Rule[] = [];
  if (setting.isRequire) rules.push([isFilled, t('validation_required', { label })]);
  rules.push([(v) => v.length <= LIMITS.nameMaxLength, t('validation_max_length', { label, max: LIMITS.nameMaxLength })]);
  // An optional field left blank is valid; a filled one must still pass the format rules.
  rules.push(...extra.map(([test, message]) => [(v: string) => v === '' || test(v), message] as const));
  return textField(rules);
}

function customLabelField(label: CustomLabel, t: Translate) {
  const message = t('validation_required', { label: label.label });
  const required = Boolean(label.required);
  if (label.type_label === 'multiple' || label.type_label === 'checkbox' || label.type_label === 'image') {
    const list = label.type_label === 'image' ? fileListField : z.preprocess((v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()));
    return (list as z.ZodType<unknown[]>).refine((values) => !required || values.length > 0, { message });
  }
  return textField(required ? [[isFilled, message]] : []);
}

/**
 * The guest-checkout contact form, built from the site's is_enable/is_require
 * settings and custom labels: firstname and lastname ('Please enter {label}', max
 * 255), e-mail always required and well-formed, tel digits only with 9-10 digits,
 * nickname and address when required, one profile picture (jpg, png, jpeg, gif),
 * a user group when groups apply, required custom labels, and on layout four the
 * login info (a username of letters, digits and @ - _ . ; a password of any printable
 * characters, at least 6, kept as typed and confirmed).
 * Disabled fields are left out.
 */
export function buildRegistrationSchema(settings: RegistrationSettings, customLabels: readonly CustomLabel[], options: RegistrationSchemaOptions) {
  const { t } = options;
  const label = (key: TextKey) => t(key);
  const shape: Record<string, z.ZodType> = {
    email: textField([
      [isFilled, t('validation_required', { label: label('register_email') })],
      [(v) => EMAIL_PATTERN.test(v), t('validation_email_invalid')],
    ]),
  };
  if (settings.firstname.isEnable) shape.firstname = optionalText(settings.firstname, label('register_firstname'), t);
  if (settings.lastname.isEnable) shape.lastname = optionalText(settings.lastname, label('register_lastname'), t);
  if (settings.nickname.isEnable) shape.nickname = optionalText(settings.nickname, label('register_nickname'), t);
  if (settings.address.isEnable) {
    shape.address = textField(settings.address.isRequire ? [[isFilled, t('validation_required', { label: label('register_address') })]] : []);
  }
  if (settings.tel.isEnable) {
    const minimum = settings.telExemptFromMinimum ? 1 : LIMITS.telMinDigits;
    const digitsMessage = settings.telExemptFromMinimum ? t('validation_tel_digits_max') : t('validation_tel_digits');
    shape.tel = optionalText(settings.tel, label('register_tel'), t, [[(v) => isDigits(v) && v.length >= minimum && v.length <= LIMITS.telMaxDigits, digitsMessage]]);
  }
  if (settings.profileImage.isEnable) {
    shape.profileImage = fileListField.superRefine((files, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (settings.profileImage.isRequire && files.length === 0) return fail(t('validation_profile_picture_required'));
      if (files.some((file) => !isAllowedUpload(file, 'profile'))) return fail(t('upload_file_type_not_allowed'));
      if (files.length > LIMITS.profilePictureMaxFiles) fail(t('validation_max_files', { max: LIMITS.profilePictureMaxFiles }));
    });
  }
  if (settings.userGroupRequired) {
    shape.userGroupId = z.preprocess(
      (v) => (toText(v) === '' ? undefined : Number(v)),
      z
        .number({ error: t('validation_user_group_required') })
        .int()
        .positive({ error: t('validation_user_group_required') }),
    );
  }
  if (customLabels.length > 0) {
    const labels = [...customLabels].sort((a, b) => a.order_label - b.order_label);
    shape.customLabels = z.preprocess((v) => v ?? {}, z.object(Object.fromEntries(labels.map((l) => [String(l.id), customLabelField(l, t)]))));
  }
  if (options.layoutFour) Object.assign(shape, loginInfoShape(t));
  const schema = z.object(shape);
  return options.layoutFour ? schema.superRefine(confirmPasswordMatches(t)) : schema;
}

function loginInfoShape(t: Translate) {
  return {
    username: textField([
      [isFilled, t('validation_username_required')],
      [(v) => LOGIN_CHARACTERS.test(v), t('validation_username_format')],
      [(v) => v.length <= LIMITS.nameMaxLength, t('validation_max_length', { label: t('register_username'), max: LIMITS.nameMaxLength })],
    ]),
    newPassword: passwordField(t),
    confirmNewPassword: z.preprocess(toPassword, z.string().min(1, { error: t('validation_confirm_password_required') })),
  };
}

function confirmPasswordMatches(t: Translate) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (values.confirmNewPassword !== '' && values.newPassword !== values.confirmNewPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: t('validation_confirm_password_mismatch') });
    }
  };
}

/**
 * The login info of layout four on its own: a username of letters, digits and @ - _ . , a
 * password of at least 6 printable characters, and a confirmation equal to it.
 */
export function buildLoginInfoSchema(t: Translate) {
  return z.object(loginInfoShape(t)).superRefine(confirmPasswordMatches(t));
}

/** The login info with the Thai defaults' messages. */
export const LoginInfoSchema = /* @__PURE__ */ buildLoginInfoSchema(defaultTranslate);

/** The cart login panel: username and password required. */
export function buildLoginSchema(t: Translate) {
  return z.object({
    username: textField([[isFilled, t('validation_username_required')]]),
    password: z.preprocess((v) => (v == null ? '' : String(v)), z.string().min(1, { error: t('validation_password_required') })),
  });
}

/** The login panel with the Thai defaults' messages. */
export const LoginSchema = /* @__PURE__ */ buildLoginSchema(defaultTranslate);
export type LoginValues = z.output<ReturnType<typeof buildLoginSchema>>;

/** What a registration schema gives back; fields a site disabled are absent. */
export type RegistrationValues = {
  email: string;
  firstname?: string;
  lastname?: string;
  nickname?: string;
  address?: string;
  tel?: string;
  profileImage?: FileRef[];
  userGroupId?: number;
  customLabels?: Record<string, string | string[] | FileRef[]>;
  username?: string;
  newPassword?: string;
  confirmNewPassword?: string;
};
