/** Field messages for a form: the first message of each field, keyed by the payload's field name. */
type Issue = { path: PropertyKey[]; message: string };

export type FieldErrors = Record<string, string>;

/**
 * Collects zod issues as `{ field: message }`. `rename` maps a form field (the first path
 * segment) to the payload's name; nested paths are joined with dots (`customLabel.12`).
 */
export function fieldErrors(issues: readonly Issue[], rename: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [head, ...rest] = issue.path.map(String);
    const field = [rename[head ?? ''] ?? head ?? 'form', ...rest].join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Adds messages of `more` for fields that have none yet. */
export function mergeErrors(into: FieldErrors, more: FieldErrors): FieldErrors {
  for (const [field, message] of Object.entries(more)) if (!(field in into)) into[field] = message;
  return into;
}
