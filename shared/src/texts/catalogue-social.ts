/** Texts of sign-in with Google, Facebook and LINE (ADR 175), with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const SOCIAL_SIGN_IN_TEXTS = {
  social_signing_in: { th: 'กำลังเข้าสู่ระบบด้วย {provider}', en: 'Signing in with {provider}' },
  social_failed_title: { th: 'เข้าสู่ระบบด้วย {provider} ไม่สำเร็จ', en: 'Signing in with {provider} did not work' },
  social_cancelled: {
    th: 'คุณยกเลิกการเข้าสู่ระบบด้วย {provider} กรุณาลองอีกครั้ง หรือเข้าสู่ระบบด้วยชื่อผู้ใช้และรหัสผ่าน',
    en: 'You cancelled signing in with {provider}. Try again, or log in with your username and password.',
  },
  social_try_again: { th: 'ลองอีกครั้ง', en: 'Try again' },
  social_forgot_password: { th: 'ตั้งรหัสผ่านใหม่ทางอีเมล', en: 'Set a new password by e-mail' },
  error_social_provider_unavailable: { th: 'ยังไม่เปิดให้เข้าสู่ระบบด้วยบริการนี้', en: 'Signing in with this provider is not available' },
  error_social_state_mismatch: {
    th: 'การเข้าสู่ระบบนี้ไม่ได้เริ่มจากเบราว์เซอร์นี้หรือหมดเวลาแล้ว กรุณากดปุ่มเข้าสู่ระบบอีกครั้ง',
    en: 'This sign-in did not start in this browser or has timed out. Please press the sign-in button again.',
  },
  error_social_sign_in_failed: { th: 'ผู้ให้บริการไม่ยืนยันการเข้าสู่ระบบ กรุณาลองอีกครั้ง', en: 'The provider did not confirm the sign-in. Please try again.' },
  error_social_email_missing: {
    th: 'บัญชีนี้ไม่ได้ส่งอีเมลให้เรา กรุณาอนุญาตให้แชร์อีเมลกับผู้ให้บริการ หรือสมัครสมาชิกด้วยอีเมลของคุณ',
    en: 'This account did not share an e-mail address with us. Allow sharing your e-mail with the provider, or register with your e-mail address.',
  },
  error_social_email_unverified: {
    th: 'อีเมลของบัญชีนี้ยังไม่ได้รับการยืนยันกับผู้ให้บริการ กรุณายืนยันอีเมลก่อน หรือสมัครสมาชิกด้วยอีเมลของคุณ',
    en: 'The provider has not verified the e-mail address of this account. Verify it first, or register with your e-mail address.',
  },
  error_social_account_exists: {
    th: 'อีเมลนี้มีบัญชีอยู่แล้ว กรุณาเข้าสู่ระบบด้วยชื่อผู้ใช้และรหัสผ่านของบัญชีนั้น (ลืมรหัสผ่านตั้งใหม่ได้ทางอีเมล)',
    en: 'An account with this e-mail address already exists. Please log in with its username and password (a forgotten password can be reset by e-mail).',
  },
  social_link_title: { th: 'เชื่อม {provider} กับบัญชีที่มีอยู่', en: 'Link {provider} to your account' },
  social_link_intro: {
    th: 'อีเมล {email} มีบัญชีกับเราอยู่แล้ว ใส่รหัสผ่านของบัญชีนั้นเพื่อเชื่อม {provider} และเข้าสู่ระบบ ครั้งต่อไปกดปุ่ม {provider} ได้เลย',
    en: 'The e-mail address {email} already has an account with us. Enter that account’s password to link {provider} and log in; next time the {provider} button is enough.',
  },
  social_link_submit: { th: 'เชื่อมบัญชีและเข้าสู่ระบบ', en: 'Link and log in' },
  social_link_failed: { th: 'รหัสผ่านไม่ถูกต้อง กรุณาลองอีกครั้ง', en: 'The password is not correct. Please try again.' },
  error_social_link_expired: {
    th: 'การเชื่อมบัญชีนี้หมดเวลาแล้ว กรุณากดปุ่มเข้าสู่ระบบด้วยผู้ให้บริการอีกครั้ง',
    en: 'This link request has timed out. Please press the provider’s sign-in button again.',
  },
  error_social_identity_taken: {
    th: 'บัญชีของผู้ให้บริการนี้เชื่อมกับบัญชีอื่นอยู่แล้ว หรือบัญชีของคุณเชื่อมกับผู้ให้บริการนี้ด้วยบัญชีอื่นแล้ว',
    en: 'This provider account is already linked to another account, or your account is already linked to another account of this provider.',
  },
} as const satisfies Record<string, { th: string; en: string }>;
