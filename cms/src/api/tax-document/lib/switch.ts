/** Whether this CMS issues tax documents: TAX_DOCUMENTS=true (docs/decisions/189). Off by default. */
type Env = Readonly<Record<string, string | undefined>>;

export function taxDocumentsEnabled(env: Env = process.env): boolean {
  return env.TAX_DOCUMENTS === 'true';
}
