/**
 * The registration page's schema: the shared registration schema with the site's rules
 * (the layout-four username and password rules, which every sign-up shares), file inputs
 * left empty dropped first. The browser and the action use the same one.
 */
import { buildRegistrationSchema, type CustomLabel } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { withoutEmptyFiles } from '~/models/checkout/checkout-schema';
import type { CheckoutSettings, UserGroupView } from '~/models/checkout/types';

export type RegisterFormData = {
  settings: Pick<CheckoutSettings, 'registration' | 'chooseUserGroup'>;
  customLabels: CustomLabel[];
  userGroups: UserGroupView[];
};

const TEXT_FIELDS = ['firstname', 'lastname', 'nickname', 'email', 'tel', 'address', 'username', 'newPassword', 'confirmNewPassword'];

/**
 * A form post leaves out inputs left empty; the shared schema reads a missing text as
 * absent rather than empty, so every field the form shows is put back as empty first and
 * the site's own rules (required or not) decide.
 */
function withEveryField(raw: unknown, customLabels: readonly CustomLabel[]): Record<string, unknown> {
  const value = { ...((withoutEmptyFiles(raw) ?? {}) as Record<string, unknown>) };
  for (const field of TEXT_FIELDS) if (value[field] === undefined) value[field] = '';
  if (customLabels.length > 0) {
    const answers = { ...((value.customLabels as Record<string, unknown> | undefined) ?? {}) };
    for (const label of customLabels) {
      const list = label.type_label === 'multiple' || label.type_label === 'checkbox' || label.type_label === 'image';
      if (answers[String(label.id)] === undefined) answers[String(label.id)] = list ? [] : '';
    }
    value.customLabels = answers;
  }
  return value;
}

export function registerSchema(form: RegisterFormData, t: Translate) {
  return z.preprocess((raw) => withEveryField(raw, form.customLabels), buildRegistrationSchema(form.settings.registration, form.customLabels, { layoutFour: true, t }));
}
