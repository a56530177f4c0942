import { z } from 'zod';
import { LIMITS } from '../constants/index.js';
import type { Translate } from '../texts/index.js';
import { EMAIL_PATTERN, passwordField } from './fields.js';

/** The shortest password a student may set (spec section 9). */
export const PASSWORD_MIN_LENGTH = LIMITS.passwordMinLength;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The forgot-password form and the body of POST /public/students/forgot-password. */
export function buildForgotPasswordSchema(t: Translate) {
  return z.object({
    email: z.preprocess(
      text,
      z
        .string()
        .max(255, { error: t('forgot_email_invalid') })
        .regex(EMAIL_PATTERN, { error: t('forgot_email_invalid') }),
    ),
  });
}

/**
 * The reset form and the body of POST /public/students/reset-password: the link's code and
 * the new password twice, with the registration's password rules.
 */
export function buildResetPasswordSchema(t: Translate) {
  return z
    .object({
      code: z.preprocess(
        text,
        z
          .string()
          .min(1, { error: t('reset_code_invalid') })
          .max(256, { error: t('reset_code_invalid') }),
      ),
      password: passwordField(t),
      passwordConfirmation: z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string().min(1, { error: t('validation_confirm_password_required') })),
    })
    .superRefine((value, ctx) => {
      if (value.password !== value.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: t('reset_password_mismatch') });
    });
}
