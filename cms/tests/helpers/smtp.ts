/** A real SMTP server in-process that keeps every mail it receives, parsed. */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer; cid?: string }[];
};

export type SmtpOptions = {
  /** Listen on this port (a server started again where an earlier one stopped); a free one by default. */
  port?: number;
  /** Runs before a sender's MAIL FROM is answered: a test holds a send half-way through with it. */
  beforeMailFrom?: () => Promise<void>;
};

export type TestSmtp = {
  port: number;
  mails: ReceivedMail[];
  /** Errors of client connections (a client that reset its connection mid-message). */
  connectionErrors: Error[];
  env: Record<string, string>;
  /** Waits until `count` mails matching `filter` arrived (default 5 s). */
  waitFor(filter: (mail: ReceivedMail) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const { SMTPServer } = require('smtp-server');
  const { simpleParser } = require('mailparser');
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address: unknown, _session: unknown, callback: (error?: Error) => void) {
      (options.beforeMailFrom?.() ?? Promise.resolve()).then(() => callback(), callback);
    },
    onData(stream: NodeJS.ReadableStream, _session: unknown, callback: (error?: Error) => void) {
      simpleParser(stream)
        .then((parsed: any) => {
          mails.push({
            from: parsed.from?.text ?? '',
            to: (Array.isArray(parsed.to) ? parsed.to : [parsed.to]).flatMap((t: any) => t?.value?.map((v: any) => v.address) ?? []),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            attachments: (parsed.attachments ?? []).map((a: any) => ({ filename: a.filename ?? '', contentType: a.contentType ?? '', content: a.content as Buffer, cid: a.cid })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  // A client that drops mid-message (a CMS killed while it sends) is an error of that connection,
  // as a real server logs it; without a listener it would be thrown in the test's process.
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    connectionErrors,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', SMTP_IGNORE_TLS: 'true' },
    async waitFor(filter, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter(filter);
        if (found.length >= count || Date.now() > deadline) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
