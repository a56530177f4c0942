/**
 * The mail server of the browser tests: a real SMTP server (the CMS sends to it over SMTP,
 * as it would to a provider) that keeps every mail it receives, parsed, and lists them over
 * HTTP so a spec can wait for one.
 *
 * Run as a script (a `webServer` entry of playwright.config.ts) it listens on SMTP_PORT for
 * mail and on SMTP_HTTP_PORT for the test's reads:
 *   GET /mails              every mail received, oldest first
 *   GET /_health            204
 * A recipient whose address starts with `refused` is refused at RCPT TO with 550, as a real
 * server refuses a mailbox that does not exist, so a spec can watch a mail fail (ADR 199).
 * Specs import `waitForMail({ to, subject })`.
 */
import http from 'node:http';
import { CMS_PORT } from './servers';

/** The SMTP port of the browser tests: E2E_SMTP_PORT, else 1000 above the CMS port (2347 by default). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || CMS_PORT + 1000);
/** Where the received mails are listed: E2E_SMTP_HTTP_PORT, else 100 above the SMTP port. */
export const SMTP_HTTP_PORT = Number(process.env.E2E_SMTP_HTTP_PORT || SMTP_PORT + 100);
export const SMTP_HTTP_URL = `http://127.0.0.1:${SMTP_HTTP_PORT}`;

/** What the CMS needs to send to this server (see cms/config/plugins.ts). */
export const SMTP_ENV: Record<string, string> = {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(SMTP_PORT),
  SMTP_SECURE: 'false',
  SMTP_IGNORE_TLS: 'true',
};

export type ReceivedMail = {
  /** Order of arrival, from 1. */
  seq: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
};

export type MailQuery = {
  /** The recipient's address (case-insensitive). */
  to?: string;
  /** A part of the subject, or a pattern it must match. */
  subject?: string | RegExp;
  /** Only mails that arrived after this sequence number (see `lastMailSeq`). */
  after?: number;
  timeoutMs?: number;
};

function matches(mail: ReceivedMail, query: MailQuery): boolean {
  if (query.after !== undefined && mail.seq <= query.after) return false;
  if (query.to && !mail.to.some((address) => address.toLowerCase() === query.to!.toLowerCase())) return false;
  if (query.subject !== undefined) {
    if (typeof query.subject === 'string' ? !mail.subject.includes(query.subject) : !query.subject.test(mail.subject)) return false;
  }
  return true;
}

/** Every mail the server received so far. */
export async function listMails(): Promise<ReceivedMail[]> {
  const response = await fetch(`${SMTP_HTTP_URL}/mails`);
  if (!response.ok) throw new Error(`mail server answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/** The sequence number of the last mail received (0 when none): pass it as `after` to ignore older mails. */
export async function lastMailSeq(): Promise<number> {
  const mails = await listMails();
  return mails.length ? mails[mails.length - 1].seq : 0;
}

/** The newest mail matching the query; waits for it (default 15 s) and fails with what did arrive. */
export async function waitForMail(query: MailQuery): Promise<ReceivedMail> {
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  for (;;) {
    const mails = await listMails();
    const found = mails.filter((mail) => matches(mail, query));
    if (found.length) return found[found.length - 1];
    if (Date.now() > deadline) {
      const seen = mails.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('\n  ');
      throw new Error(`no mail to ${query.to ?? 'anyone'} with subject ${String(query.subject ?? '(any)')}; received:\n  ${seen || '(none)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the SMTP server and its HTTP listing; resolves once both listen. */
export async function startMailServer(smtpPort = SMTP_PORT, httpPort = SMTP_HTTP_PORT): Promise<{ close(): Promise<void> }> {
  const { SMTPServer } = require('smtp-server');
  const { simpleParser } = require('mailparser');
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: { address: string }, _session: unknown, callback: (error?: Error) => void) {
      if (/^refused/i.test(address.address)) return callback(Object.assign(new Error('5.1.1 no such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream: NodeJS.ReadableStream, _session: unknown, callback: (error?: Error) => void) {
      simpleParser(stream)
        .then((parsed: any) => {
          const recipients = (Array.isArray(parsed.to) ? parsed.to : [parsed.to]).flatMap((to: any) => to?.value?.map((v: any) => v.address) ?? []);
          mails.push({
            seq: mails.length + 1,
            receivedAt: new Date().toISOString(),
            from: parsed.from?.text ?? '',
            to: recipients,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  const web = http.createServer((req, res) => {
    if (req.url === '/_health') {
      res.writeHead(204).end();
    } else if (req.method === 'GET' && req.url === '/mails') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(mails));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(httpPort, '127.0.0.1', () => resolve());
  });
  return {
    close: () => Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => web.close(() => resolve()))]).then(() => undefined),
  };
}

// As a script (`npx tsx tests/e2e/support/smtp.ts`): run until stopped.
if (require.main === module) {
  void startMailServer().then((server) => {
    console.log(`test mail server: SMTP on ${SMTP_PORT}, mails at ${SMTP_HTTP_URL}/mails`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
