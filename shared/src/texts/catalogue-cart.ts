/** Texts of the storefront's cart screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const CART_TEXTS = {
  // cart page
  cart_empty_description: { th: 'เลือกคอร์สเรียนที่สนใจแล้วกดสมัครเรียนเพื่อเพิ่มลงในตะกร้า', en: 'Pick a course you like and press Register to add it here.' },
  cart_browse_courses: { th: 'ดูคอร์สเรียนทั้งหมด', en: 'Browse courses' },
  cart_items_title: { th: 'รายการในตะกร้า', en: 'Items in your cart' },
  cart_item_plan: { th: 'แพ็กเกจ: {plan}', en: 'Plan: {plan}' },
  cart_item_removed: { th: 'นำรายการออกจากตะกร้าแล้ว', en: 'The item was removed from your cart' },
  cart_item_added: { th: 'เพิ่มลงในตะกร้าแล้ว', en: 'Added to your cart' },
  cart_add_failed: { th: 'ไม่สามารถเพิ่มคอร์สนี้ลงในตะกร้าได้', en: 'This course could not be added to your cart' },
  // The cart link's name: it starts with what the link shows ("ตะกร้า 2"), as WCAG 2.5.3 asks.
  cart_count_label: { th: 'ตะกร้า {count} รายการ', en: 'Cart {count, plural, one {# item} other {# items}}' },
  cart_login_to_continue: { th: 'เข้าสู่ระบบเพื่อดูตะกร้าและชำระเงิน', en: 'Log in to see your cart and pay' },
  cart_total_changed: {
    th: 'ยอดชำระจากระบบคือ {amount} ซึ่งต่างจากที่แสดง กรุณาตรวจสอบอีกครั้ง',
    en: 'The server priced your order at {amount}, which differs from the summary. Please check again.',
  },
  // tax invoice and withholding on the cart
  cart_tax_on_file: { th: 'ออกใบกำกับภาษีในนาม {name} เลขประจำตัวผู้เสียภาษี {taxId}', en: 'Tax invoice to {name}, taxpayer ID {taxId}' },
  cart_tax_enter_details: { th: 'กรอกข้อมูลใบกำกับภาษี', en: 'Enter tax invoice details' },
  cart_tax_edit_details: { th: 'แก้ไขข้อมูลใบกำกับภาษี', en: 'Edit tax invoice details' },
  cart_tax_details_missing: { th: 'ยังไม่มีข้อมูลใบกำกับภาษีสำหรับ{type}', en: 'No tax invoice details for {type} yet' },
  cart_tax_details_required: { th: 'กรุณากรอกข้อมูลใบกำกับภาษีก่อนชำระเงิน', en: 'Please enter your tax invoice details before you pay' },
  // header
  nav_menu: { th: 'เมนู', en: 'Menu' },
  nav_main: { th: 'เมนูหลัก', en: 'Main menu' },
  // social sign-in
  login_social_title: { th: 'หรือเข้าสู่ระบบด้วย', en: 'Or continue with' },
  login_social_unavailable: {
    th: 'ยังไม่เปิดให้เข้าสู่ระบบด้วย {provider} กรุณาเข้าสู่ระบบด้วยชื่อผู้ใช้และรหัสผ่าน',
    en: 'Signing in with {provider} is not available yet. Please log in with your username and password.',
  },
  login_back: { th: 'กลับไปหน้าเข้าสู่ระบบ', en: 'Back to log in' },
  // forgot and reset password
  forgot_title: { th: 'ลืมรหัสผ่าน', en: 'Forgot password' },
  forgot_description: {
    th: 'กรอกอีเมลที่ใช้สมัครสมาชิก ระบบจะส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปให้',
    en: 'Enter the e-mail address of your account and we will send you a link to set a new password.',
  },
  forgot_email: { th: 'อีเมล', en: 'E-mail' },
  forgot_submit: { th: 'ส่งลิงก์ตั้งรหัสผ่านใหม่', en: 'Send reset link' },
  forgot_sent: {
    th: 'หากอีเมลนี้มีบัญชีอยู่ในระบบ เราได้ส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปแล้ว กรุณาตรวจสอบกล่องจดหมาย',
    en: 'If an account uses this e-mail address, a link to set a new password is on its way. Please check your inbox.',
  },
  forgot_email_invalid: { th: 'กรุณากรอกอีเมลให้ถูกต้อง', en: 'Please enter a valid e-mail address' },
  reset_title: { th: 'ตั้งรหัสผ่านใหม่', en: 'Set a new password' },
  reset_password: { th: 'รหัสผ่านใหม่', en: 'New password' },
  reset_confirm: { th: 'ยืนยันรหัสผ่านใหม่', en: 'Confirm new password' },
  reset_submit: { th: 'บันทึกรหัสผ่านใหม่', en: 'Save new password' },
  reset_done: { th: 'ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่', en: 'Your new password is saved. Please log in with it.' },
  reset_code_invalid: {
    th: 'ลิงก์ตั้งรหัสผ่านใหม่ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอลิงก์ใหม่อีกครั้ง',
    en: 'This reset link is not valid or has expired. Please ask for a new one.',
  },
  reset_password_mismatch: { th: 'รหัสผ่านและการยืนยันรหัสผ่านไม่ตรงกัน', en: 'The passwords do not match' },
  reset_request_again: { th: 'ขอลิงก์ใหม่', en: 'Ask for a new link' },
  mail_reset_subject: { th: 'ตั้งรหัสผ่านใหม่สำหรับ {site}', en: 'Set a new password for {site}' },
  mail_reset_greeting: { th: 'สวัสดีคุณ {name}', en: 'Hello {name},' },
  mail_reset_body: {
    th: 'เราได้รับคำขอตั้งรหัสผ่านใหม่สำหรับบัญชี {username} กดลิงก์ด้านล่างภายใน {minutes} นาทีเพื่อตั้งรหัสผ่านใหม่',
    en: 'We received a request to set a new password for the account {username}. Open the link below within {minutes, plural, one {# minute} other {# minutes}} to set it.',
  },
  mail_reset_ignore: {
    th: 'หากคุณไม่ได้ขอตั้งรหัสผ่านใหม่ ไม่ต้องทำอะไร รหัสผ่านเดิมของคุณยังใช้งานได้ตามปกติ',
    en: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  // registration page
  register_page_title: { th: 'สมัครสมาชิก', en: 'Sign up' },
  register_page_description: { th: 'สร้างบัญชีเพื่อสมัครเรียนและติดตามคำสั่งซื้อของคุณ', en: 'Create an account to buy courses and follow your orders.' },
  register_page_submit: { th: 'สมัครสมาชิก', en: 'Sign up' },
  register_have_account: { th: 'มีบัญชีอยู่แล้ว?', en: 'Already have an account?' },
} as const satisfies Record<string, { th: string; en: string }>;
