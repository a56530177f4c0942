/**
 * Twenty hostile uploads, five times: script names behind picture extensions
 * (`.jpg.php`), SVG with script under every disguise, contents whose magic bytes do
 * not match their name, 50 MB files, and names that climb out of the uploads folder.
 * Every one is refused with a 4xx (never a 5xx, never a 200), nothing is recorded, and
 * nothing of theirs lands in the uploads folder or next to it.
 *
 * One exception, by the multipart parser rather than by the CMS: formidable keeps only
 * what follows the last backslash of a file name (old browsers sent Windows paths), so
 * `..\..\x.jpg` reaches the CMS as `x.jpg`, a real picture. It may be stored, but only
 * under a fresh random name inside the uploads folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, type TestStrapi } from '../../../cms/tests/helpers/strapi';
import type { CmsHandle } from '../support/cms';
import { createStudent, type TestStudent } from '../../../cms/tests/helpers/students';
import { bearer, send, type Answer } from '../support/http';
import { visitorUploadHeaders } from '../../../cms/tests/helpers/upload-ticket';

const ROUNDS = 5;
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const RECORD = 'api::storage.upload-record';
const MEDIA = 'plugin::upload.file';
/** In every payload, so a file written by mistake can be found among other runs' files. */
const MARKER = `hostile-${randomBytes(8).toString('hex')}`;

const jpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqH/9k=',
  'base64',
);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');
const marked = (data: Buffer | string) => Buffer.concat([Buffer.from(data), Buffer.from(`\n${MARKER}\n`)]);
const php = marked(`<?php system($_GET['c']); ?>`);
const svg = marked('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>fetch("/private/students")</script></svg>');
const html = marked('<!doctype html><script>alert(1)</script>');
const elf = marked(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
/** 50 MB that starts like a real file of its name. */
const huge = (head: Buffer) => Buffer.concat([head, Buffer.alloc(50 * 1024 * 1024 - head.length, 0x20)]);

/** `cleanedByParser`: the parser strips the path before the CMS sees the name (see above). */
type Hostile = { kind: string; name: string; data: Buffer; type: string; cleanedByParser?: true };
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp|mp4|m4v|mov|avi|mpg|pdf)$/;

const HOSTILE: Hostile[] = [
  // script names behind picture extensions
  { kind: 'script name', name: 'shell.jpg.php', data: php, type: 'image/jpeg' },
  { kind: 'script name', name: 'photo.php.jpg', data: marked(jpeg), type: 'image/jpeg' },
  { kind: 'script name', name: 'PHOTO.JPG.PHP', data: marked(jpeg), type: 'image/jpeg' },
  { kind: 'script name', name: 'slip.png.phtml', data: php, type: 'image/png' },
  // SVG with script, named as it is and disguised
  { kind: 'svg', name: 'logo.svg', data: svg, type: 'image/svg+xml' },
  { kind: 'svg', name: 'logo.png', data: svg, type: 'image/png' },
  { kind: 'svg', name: 'logo.jpg', data: svg, type: 'image/jpeg' },
  { kind: 'svg', name: 'logo.svg.png', data: svg, type: 'image/png' },
  // magic bytes that do not match the name
  { kind: 'wrong magic', name: 'photo.jpg', data: marked(png), type: 'image/jpeg' },
  { kind: 'wrong magic', name: 'slip.png', data: html, type: 'image/png' },
  { kind: 'wrong magic', name: 'receipt.pdf', data: elf, type: 'application/pdf' },
  { kind: 'wrong magic', name: 'lesson.mp4', data: marked(randomBytes(256)), type: 'video/mp4' },
  // 50 MB
  { kind: '50 MB', name: 'big.jpg', data: huge(jpeg), type: 'image/jpeg' },
  { kind: '50 MB', name: 'big.png', data: huge(png), type: 'image/png' },
  { kind: '50 MB', name: 'big.pdf', data: huge(Buffer.from('%PDF-1.4\n')), type: 'application/pdf' },
  { kind: '50 MB', name: 'big.mp4', data: huge(Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d])), type: 'video/mp4' },
  // names that climb out of the uploads folder
  { kind: 'path', name: `../../${MARKER}.jpg`, data: marked(jpeg), type: 'image/jpeg' },
  { kind: 'path', name: `..\\..\\${MARKER}.jpg`, data: marked(jpeg), type: 'image/jpeg', cleanedByParser: true },
  { kind: 'path', name: `/tmp/${MARKER}.png`, data: marked(png), type: 'image/png' },
  { kind: 'path', name: `uploads/../../${MARKER}.png`, data: marked(png), type: 'image/png' },
];

/** A multipart body written by hand, so the file name reaches the server exactly as given. */
function multipart(file: Hostile): { body: Buffer; contentType: string } {
  const boundary = `----sala${randomBytes(12).toString('hex')}`;
  const name = file.name.replace(/"/g, '%22');
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="imageinput0"; filename="${name}"\r\nContent-Type: ${file.type}\r\n\r\n`, 'latin1');
  return { body: Buffer.concat([head, file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: Hostile, student: TestStudent | null): Promise<Answer> {
  const { body, contentType } = multipart(file);
  // a visitor uploads with a ticket from the checkout (ADR 158)
  const who = student ? bearer(student.jwt) : await visitorUploadHeaders(cms.url);
  return send('POST', `${cms.url}/api/home/test_upload`, { body, headers: { 'content-type': contentType, ...who } });
}

/** Files carrying the marker in and around the uploads folder (big files are never marked, so only small ones are read), but those named in `except`. */
function markedFiles(except: string[] = []): string[] {
  const found: string[] = [];
  for (const dir of [UPLOADS_DIR, path.dirname(UPLOADS_DIR), CMS_DIR, '/tmp']) {
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(dir, entry.name);
      if (dir === UPLOADS_DIR && except.includes(entry.name)) continue;
      if (entry.name.includes(MARKER)) found.push(file);
      else if (dir === UPLOADS_DIR && fs.statSync(file).size < 64 * 1024 && fs.readFileSync(file).includes(MARKER)) found.push(file);
    }
  }
  return found;
}

let cms: TestStrapi;
let student: TestStudent;

export function hostileUploads(shared: CmsHandle) {
  beforeAll(async () => {
    cms = shared();
    student = await createStudent(cms.strapi);
  });

  afterAll(() => {
    for (const file of markedFiles()) fs.rmSync(file, { force: true });
  });

  describe('twenty hostile uploads', () => {
    it(`are all refused with a 4xx, recorded nowhere and written nowhere, ${ROUNDS} times (as a visitor and as a student)`, async () => {
      const recordsBefore = await cms.strapi.db.query(RECORD).count();
      const mediaBefore = await cms.strapi.db.query(MEDIA).count();
      const accepted: string[] = [];
      const faults: string[] = [];
      const storedByName: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const who = round % 2 ? student : null;
        const answers = await Promise.all(HOSTILE.map(async (file) => ({ file, answer: await upload(file, who) })));
        for (const { file, answer } of answers) {
          const name = `round ${round} ${file.kind} "${file.name}"`;
          if (answer.status === 0 || answer.status >= 500) faults.push(`${name}: ${answer.status} ${answer.error ?? answer.text.slice(0, 160)}`);
          else if (answer.status < 400 && file.cleanedByParser && answer.body?.fileName?.every((stored: string) => STORED_NAME.test(stored))) storedByName.push(...answer.body.fileName);
          else if (answer.status < 400) accepted.push(`${name}: ${answer.status} ${answer.text.slice(0, 160)}`);
          else expect(answer.body?.success, name).toBe(false);
        }
      }
      expect(accepted, 'hostile uploads accepted').toEqual([]);
      expect(faults, 'server errors or connections cut without an answer').toEqual([]);
      expect(await cms.strapi.db.query(RECORD).count()).toBe(recordsBefore + storedByName.length);
      expect(await cms.strapi.db.query(MEDIA).count()).toBe(mediaBefore + storedByName.length);
      expect(markedFiles(storedByName), 'files written from hostile uploads').toEqual([]);
    }, 600_000);
  });
}
