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
import { NO_UPLOADS, registrationPayload, registrationUploads, uploadedNames } from '~/models/checkout/registration-payload';
import { studentFromLogin } from './auth.server';
import { registrationErrors } from './checkout-order.server';
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

  const uploads = registrationUploads(values, form.customLabels);
  let uploaded = NO_UPLOADS;
  if (uploads.length > 0) {
    try {
      const names = await uploadFiles(
        uploads.map((upload) => upload.file),
        { locale, signal, purpose: 'registration' },
      );
      uploaded = uploadedNames(uploads, names);
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return { lastResult: submission.reply({ formErrors: [`${t('cart_image_upload_failed')}: ${messageOf(error)}`], hideFields }) };
    }
  }

  const payload = registrationPayload({ values, customLabels: form.customLabels, uploaded, tax: { is_require_tax_invoice: false }, layoutFour: false, locale });
  try {
    await registerStudent(payload, { locale, signal });
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return { lastResult: submission.reply({ ...registrationErrors(error, t), hideFields }) };
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
