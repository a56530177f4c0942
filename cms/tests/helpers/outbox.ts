/** Waits for the mail outbox (ADR 199): mails are sent a moment after the call that queued them. */
const TABLE = 'sala_mail_outbox';

/** Resolves once no mail (to `recipient`, when given) is left to send (sent or skipped), or after `timeoutMs`; returns how many are left. */
export async function outboxSettled(strapi: any, recipient?: string, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const query = strapi.db.connection(TABLE).whereIn('state', ['pending', 'failing']);
    if (recipient) query.whereRaw('lower(recipient) = ?', [recipient.toLowerCase()]);
    const [{ count }] = await query.count({ count: '*' });
    if (Number(count) === 0 || Date.now() > deadline) return Number(count);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
