/** Texts of the storefront's payment screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const PAYMENT_TEXTS = {
  payment_preparing: { th: 'กำลังเตรียมการชำระเงิน...', en: 'Preparing your payment...' },
  payment_qr_preparing: { th: 'กำลังสร้าง QR สำหรับชำระเงิน...', en: 'Creating the QR code for your payment...' },
  payment_qr_scan_hint: { th: 'เปิดแอปธนาคารหรือแอปที่รองรับพร้อมเพย์ แล้วสแกน QR นี้', en: 'Open your banking or PromptPay app and scan this code' },
  payment_qr_waiting: { th: 'รอการชำระเงิน ระบบจะยืนยันให้อัตโนมัติเมื่อชำระแล้ว', en: 'Waiting for your payment: it is confirmed automatically once paid' },
  payment_qr_expired: { th: 'QR หมดอายุแล้ว กรุณาลองอีกครั้ง', en: 'The QR code has expired. Please try again.' },
  payment_qr_image_alt: { th: 'QR สำหรับชำระเงิน {amount}', en: 'QR code to pay {amount}' },
  payment_approved_redirect: { th: 'ชำระเงินเรียบร้อยแล้ว กำลังพาไปหน้าถัดไป...', en: 'Payment complete. Taking you onwards...' },
  payment_order_not_payable: { th: 'คำสั่งซื้อนี้ไม่อยู่ในสถานะรอชำระเงิน', en: 'This order is not awaiting payment' },
  payment_promptpay_exact_title: { th: 'สแกนจ่ายด้วยพร้อมเพย์', en: 'Pay with PromptPay' },
  payment_promptpay_exact_hint: {
    th: 'QR นี้มียอด {amount} ของคำสั่งซื้อเลขที่ {id} อยู่แล้ว สแกนด้วยแอปธนาคารแล้วโอนได้เลย จากนั้นแจ้งชำระเงินพร้อมแนบสลิป',
    en: 'This QR code already holds the {amount} of order {id}: scan it with your banking app, transfer, then send the payment notification with the slip.',
  },
  payment_promptpay_exact_to: { th: 'พร้อมเพย์ {id}', en: 'PromptPay {id}' },
  payment_start_button: { th: 'ไปชำระเงิน', en: 'Continue to payment' },
} as const satisfies Record<string, { th: string; en: string }>;
