/**
 * A nodemailer transport that writes each mail as an .eml file into a folder:
 * the demo's default, so mails can be opened without any mail server.
 */
import fs from 'node:fs';
import path from 'node:path';

type MailMessage = {
  message: { build(callback: (error: Error | null, raw: Buffer) => void): void; messageId(): string };
  data: { subject?: string };
};

export function createOutboxTransport(folder: string) {
  return {
    name: 'sala-outbox',
    version: '1.0.0',
    send(mail: MailMessage, callback: (error: Error | null, info?: unknown) => void) {
      mail.message.build((error, raw) => {
        if (error) return callback(error);
        try {
          fs.mkdirSync(folder, { recursive: true });
          const stamp = new Date().toISOString().replace(/[:.]/g, '-');
          const slug = String(mail.data.subject ?? 'mail')
            .replace(/[^\p{L}\p{N}]+/gu, '-')
            .slice(0, 40);
          const file = path.join(folder, `${stamp}-${slug}.eml`);
          fs.writeFileSync(file, raw);
          callback(null, { messageId: mail.message.messageId(), file });
        } catch (writeError) {
          callback(writeError as Error);
        }
      });
    },
  };
}
