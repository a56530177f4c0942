/**
 * Texts of the modals of a session the CMS refuses (ADR 179), with Thai and English defaults
 * (merged into TEXT_CATALOGUE). Their titles are the catalogue's session_expired_title and signout_title.
 */
export const SESSION_TEXTS = {
  // the session ran out, or its token was revoked
  session_expired_body: {
    th: 'เข้าสู่ระบบอีกครั้ง แล้วระบบจะพากลับมาที่หน้านี้เพื่อทำรายการต่อ',
    en: 'Log in again and you will come back to this page to carry on.',
  },
  session_expired_sign_in: { th: 'เข้าสู่ระบบอีกครั้ง', en: 'Log in again' },
  // the student is no longer on the site's whitelist
  session_signout_body: {
    th: 'กดปุ่มด้านล่างเพื่อออกจากระบบ หากมีข้อสงสัยกรุณาติดต่อทีมงาน',
    en: 'Use the button below to log out. Please contact us if you have any questions.',
  },
  session_signout_button: { th: 'ออกจากระบบ', en: 'Log out' },
} as const satisfies Record<string, { th: string; en: string }>;
