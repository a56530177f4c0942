/** Texts of the course page's checkout (layout four), with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const CHECKOUT_TEXTS = {
  // a course that comes with a printed book
  checkout_shipping_title: { th: 'การจัดส่งหนังสือ', en: 'Delivery of your book' },
  checkout_shipping_book_note: {
    th: 'คอร์สนี้มีหนังสือเล่มจริงจัดส่งถึงคุณ กรุณากรอกที่อยู่สำหรับจัดส่งและเลือกวิธีการจัดส่ง',
    en: 'This course comes with a printed book. Please enter the delivery address and choose how it is sent.',
  },
  checkout_shipping_tel: { th: 'เบอร์โทรศัพท์ผู้รับ', en: "Recipient's phone" },
  checkout_shipping_saved: { th: 'จัดส่งไปที่อยู่นี้', en: 'Send it to this address' },
  checkout_shipping_new_address: { th: 'ส่งไปที่อยู่อื่น', en: 'Send it to another address' },
  // the payment notification as a plain form (without JavaScript)
  checkout_report_inline_hint: {
    th: 'โอนเงินแล้ว กรอกแบบฟอร์มด้านล่างเพื่อแจ้งชำระเงิน',
    en: 'Once you have transferred the money, fill in the form below to notify us.',
  },
} as const satisfies Record<string, { th: string; en: string }>;
