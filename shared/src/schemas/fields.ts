import { z } from 'zod';
import { LIMITS } from '../constants/index.js';
import type { Translate } from '../texts/index.js';

/** One rule of a field: a test and the message shown when it fails. */
export type Rule = readonly [test: (value: string) => boolean, message: string];

/** Reads a form value as trimmed text: conform sends a blank input as undefined. */
export function toText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

/** A text field checked rule by rule; only the first failing rule's message is reported. */
export function textField(rules: readonly Rule[]) {
  return z.preprocess(
    toText,
    z.string().superRefine((value, ctx) => {
      const failed = rules.find(([test]) => !test(value));
      if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
    }),
  );
}

/** Accepts true/false, 1/0, '1'/'0', 'true'/'false' and 'on' (a checked checkbox). */
export const flagField = z.preprocess((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on', z.boolean());

/** A file as chosen in a browser (a File) or already stored (only a name). The object is kept as given. */
export type FileRef = { name: string; type?: string; size?: number };

export const fileRefSchema = z.custom<FileRef>((value) => typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string');

/** A list of files; a single file or nothing is read as a list. */
export const fileListField = z.preprocess((value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]), z.array(fileRefSchema));

/** Digits only. */
export const isDigits = (value: string) => /^\d+$/.test(value);

/** Letters, digits and @ - _ . : the character set of usernames on the registration layout. */
export const LOGIN_CHARACTERS = /^[A-Za-z0-9@\-_.]+$/;

/**
 * Every printable character, so a password manager's passwords work: letters of any script,
 * digits, spaces and every symbol. Only control, invisible formatting and line-separator
 * characters are refused, which nobody types into a password box (ADR 173).
 */
export const PASSWORD_CHARACTERS = /^[^\p{C}\p{Zl}\p{Zp}]+$/u;

/** Longest password taken anywhere: sign-in reads at most this much (bcrypt itself uses 72 bytes). */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The message of the first password rule a value breaks, or null: required, printable
 * characters, at least LIMITS.passwordMinLength, at most PASSWORD_MAX_LENGTH.
 */
export function passwordProblem(value: string, t: Translate): string | null {
  if (value === '') return t('validation_password_required');
  if (!PASSWORD_CHARACTERS.test(value)) return t('validation_password_format');
  if (value.length < LIMITS.passwordMinLength) return t('validation_password_min', { min: LIMITS.passwordMinLength });
  if (value.length > PASSWORD_MAX_LENGTH) return t('validation_password_max', { max: PASSWORD_MAX_LENGTH });
  return null;
}

/** Reads a password as typed: spaces at either end are part of it, never trimmed. */
export function toPassword(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** A password field with the password rules; the value is kept exactly as typed. */
export function passwordField(t: Translate) {
  return z.preprocess(
    toPassword,
    z.string().superRefine((value, ctx) => {
      const problem = passwordProblem(value, t);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
}

/** A standard e-mail address pattern: local part, @, a domain with a dot and a top-level name of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
