/** The consent page: the app asking, the accounts to sign in with, a form for any other account, and Cancel. */
import { escapeHtml } from '../lib/html';
import type { IdentityProviderName } from '../demo-keys';
import type { IdentityAccount } from './accounts';

const TITLES: Record<IdentityProviderName, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE' };

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,"Noto Sans Thai",sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
.sandbox{font-size:.8rem;color:#718096;text-transform:uppercase;letter-spacing:.05em}
button{font:inherit;width:100%;text-align:left;padding:.75rem 1rem;margin:.25rem 0;border:1px solid #cbd5e0;border-radius:.5rem;background:#fff;cursor:pointer}
button.primary{background:#2b6cb0;color:#fff;text-align:center}button.cancel{text-align:center}
small{display:block;color:#4a5568}label{display:block;margin:.5rem 0 .25rem}input[type=email],input[type=text]{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #cbd5e0;border-radius:.375rem}
fieldset{border:1px solid #e2e8f0;border-radius:.5rem;margin:1rem 0}
</style>
</head>
<body>
<p class="sandbox">Identity stand-in · ระบบทดสอบการเข้าสู่ระบบ</p>
${body}
</body>
</html>`;
}

export function consentPage(provider: IdentityProviderName, request: string, accounts: readonly IdentityAccount[]): string {
  const hidden = `<input type="hidden" name="request" value="${escapeHtml(request)}">`;
  const action = `/${provider}/__consent`;
  const choices = accounts
    .map(
      (account) => `<form method="post" action="${action}">${hidden}<input type="hidden" name="account" value="${escapeHtml(account.subject)}">
<button type="submit" data-account="${escapeHtml(account.subject)}">${escapeHtml(account.name)}<small>${escapeHtml(account.email ?? 'ไม่มีอีเมล · no e-mail')}${account.email && !account.emailVerified ? ' (ยังไม่ยืนยัน · unverified)' : ''}</small></button></form>`,
    )
    .join('\n');
  return shell(
    `${TITLES[provider]}: เลือกบัญชี`,
    `<h1>เข้าสู่ระบบด้วย ${TITLES[provider]}</h1>
<p>เลือกบัญชีเพื่อไปต่อยังเว็บไซต์ที่ขอ · Choose an account to continue. The site will receive your name, e-mail address and account id.</p>
${choices}
<form method="post" action="${action}">${hidden}
<fieldset><legend>บัญชีอื่น · Another account</legend>
<label for="email">อีเมล · E-mail</label><input id="email" type="email" name="email" required>
<label for="name">ชื่อ · Name</label><input id="name" type="text" name="name">
<label><input type="checkbox" name="email_verified" value="true" checked> ยืนยันอีเมลแล้ว · E-mail verified</label>
<button class="primary" type="submit">ดำเนินการต่อ · Continue</button>
</fieldset></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="cancel" value="1"><button class="cancel" type="submit">ยกเลิก · Cancel</button></form>`,
  );
}

export function errorPage(message: string): string {
  return shell('Sign-in error', `<h1>เข้าสู่ระบบไม่ได้ · Sign-in error</h1><p>${escapeHtml(message)}</p>`);
}
