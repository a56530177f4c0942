/** The CMS's outbox as the shop's administrators see it (ADR 199): mails that keep failing, and their retry. */
import { z } from 'zod';
import { callJson, postJson, type CallOptions } from './cms.server';
import { nullableString } from './cms-schemas.server';

const FailingMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: nullableString,
  createdAt: z.string(),
  nextAttemptAt: z.string(),
});

const FailingMailsSchema = z.object({ success: z.literal(true), data: z.array(FailingMailSchema) });
const RetryAnswerSchema = z.object({ success: z.literal(true) });

export type FailingMail = z.infer<typeof FailingMailSchema>;

export async function listFailingMails(options: CallOptions & { jwt: string }): Promise<FailingMail[]> {
  return (await callJson('/private/mails/failing', FailingMailsSchema, options)).data;
}

export async function retryMail(id: number, options: CallOptions & { jwt: string }): Promise<void> {
  await postJson(`/private/mails/${id}/retry`, RetryAnswerSchema, {}, options);
}
