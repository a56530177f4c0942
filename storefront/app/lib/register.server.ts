/**
 * The stand-alone registration (/register), on the same code path as the course page's:
 * the site's form rules and custom labels from the CMS, the shared registration schema,
 * uploads first, POST /public/students/course-detail-page, then a sign-in whose token goes
 * into the session cookie. The account is a member's (not a layout-four buyer's).
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { CustomLabel } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { registerSchema, type RegisterFormData } from '~/models/cart/register-schema';
import { registrationSettings, studentPicksGroup } from '@sala/shared/settings';
import { studentFromLogin } from './auth.server';
import { registrationErrors } from './checkout.server';
import { CmsApiError, getCustomLabels, getSiteSettings, getUserGroups, logInStudent, registerStudent, uploadFiles } from './cms.server';
import type { Locale } from '~/models/i18n';
import { commitSession, type AppSession } from './session.server';

export async function loadRegisterForm(options: { locale: Locale; signal?: AbortSignal }): Promise<RegisterFormData> {
  const settings = await getSiteSettings(options);
  const [labels, groups] = await Promise.all([getCustomLabels(options), studentPicksGroup(settings) ? getUserGroups(options) : Promise.resolve([])]);
  return {
    settings: { registration: registrationSettings(settings, groups.length > 0), chooseUserGroup: studentPicksGroup(settings) && groups.length > 0 },
    customLabels: labels.map((label) => ({ ...label, item_list: label.item_list ?? null })) as CustomLabel[],
    userGroups: groups.map((group) => ({ id: group.id, name: group.name, isDefault: group.is_default })),
  };
}

function messageOf(error: CmsApiError): string {
  return error.msg || error.code;
}

/** Registers and signs in; answers the form's reply, or the Set-Cookie of the signed-in session. */
export async function submitRegistration(args: {
  formData: FormData;
  session: AppSession;
  form: RegisterFormData;
  locale: Locale;
  t: Translate;
  signal?: AbortSignal;
}): Promise<{ lastResult: SubmissionResult<string[]> } | { setCookie: string }> {
  const { formData, session, form, locale, t, signal } = args;
  const submission = parseWithZod(formData, { schema: registerSchema(form, t), disableAutoCoercion: true });
  const hideFields = ['newPassword', 'confirmNewPassword'];
  if (submission.status !== 'success') return { lastResult: submission.reply({ hideFields }) };
  const values = submission.value as Record<string, unknown>;

  const slots: { file: File; assign: (name: string) => void }[] = [];
  let displayImgUrl: string | null = null;
  const answers = new Map<string, unknown>(Object.entries((values.customLabels as Record<string, unknown> | undefined) ?? {}));
  const picture = (values.profileImage as File[] | undefined)?.[0];
  if (picture) slots.push({ file: picture, assign: (name) => (displayImgUrl = name) });
  for (const label of form.customLabels.filter((candidate) => candidate.type_label === 'image')) {
    const files = (answers.get(String(label.id)) as File[] | undefined) ?? [];
    const names: string[] = [];
    answers.set(String(label.id), names);
    for (const file of files) slots.push({ file, assign: (name) => names.push(name) });
  }
  if (slots.length > 0) {
    try {
      const names = await uploadFiles(slots.map((slot) => slot.file), { locale, signal, purpose: 'registration' });
      slots.forEach((slot, index) => slot.assign(names[index]));
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return { lastResult: submission.reply({ formErrors: [`${t('cart_image_upload_failed')}: ${messageOf(error)}`], hideFields }) };
    }
  }

  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const payload = {
    firstname: text('firstname'),
    lastname: text('lastname'),
    nickname: text('nickname'),
    email: text('email'),
    tel: text('tel'),
    address: text('address'),
    username: text('username'),
    password: values.newPassword,
    customLabel: form.customLabels.flatMap((label) => {
      const value = answers.get(String(label.id));
      const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      return empty ? [] : [{ id: label.id, label: label.label, value, validation: true }];
    }),
    studentGroupKpi: values.userGroupId ?? null,
    displayImgUrl,
    is_require_tax_invoice: false,
    is_registration_layout_four: false,
    lang: locale,
  };
  try {
    await registerStudent(payload, { locale, signal });
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return { lastResult: submission.reply({ ...registrationErrors(error, locale), hideFields }) };
  }
  try {
    const login = await logInStudent({ username: String(payload.username), password: String(payload.password) }, { locale, signal });
    session.set('student', studentFromLogin(login));
    session.unset('pendingOrder');
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return { lastResult: submission.reply({ formErrors: [messageOf(error)], hideFields }) };
  }
  return { setCookie: await commitSession(session) };
}
