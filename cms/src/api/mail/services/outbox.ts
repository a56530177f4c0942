/**
 * The shop's way to send mail (ADR 199): `queue` writes the mail into the outbox, in the caller's
 * transaction when there is one, and the worker sends it. Nothing else calls the mail plugin.
 */
import type { Core } from '@strapi/strapi';
import { notFound } from '../../../lib/errors';
import { enqueueMail, listFailingMails, retryFailingMail, type FailingMail, type MailRecipe, type OutgoingMail } from '../../../mail/mail-outbox';
import { wakeMailWorker } from '../../../mail/mail-worker';

export type MailOutboxService = {
  /**
   * Queues one mail of a kind ('welcome', 'password-reset', ...); resolves once the row is
   * written. A recipe instead of a body is composed by the worker when it sends (ADR 204).
   */
  queue(kind: string, mail: OutgoingMail | (Pick<OutgoingMail, 'to' | 'subject'> & MailRecipe)): Promise<{ id: number; messageId: string }>;
  listFailing(): Promise<FailingMail[]>;
  /** A failing mail due again now; 404 when there is no failing mail of that id. */
  retry(id: number): Promise<void>;
};

export default ({ strapi }: { strapi: Core.Strapi }): MailOutboxService => ({
  queue: (kind, mail) => enqueueMail(strapi, kind, mail, () => wakeMailWorker(strapi)),
  listFailing: () => listFailingMails(strapi),
  async retry(id) {
    if (!(await retryFailingMail(strapi, id, Date.now()))) throw notFound();
    wakeMailWorker(strapi);
  },
});
