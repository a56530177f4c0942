/**
 * Texts of the order paperwork after payment (ADRs 197 and 198): the buyer's withholding
 * certificate (50 ทวิ) and the credit note of an order the shop cancels, in my orders and in the
 * admin area, with Thai and English defaults (merged into TEXT_CATALOGUE).
 */
export const PAPERWORK_TEXTS = {
  error_withholding_not_applied: {
    th: 'คำสั่งซื้อนี้ไม่ได้หักภาษี ณ ที่จ่าย จึงไม่ต้องส่งหนังสือรับรองการหักภาษี ณ ที่จ่าย',
    en: 'No tax was withheld on this order, so no withholding certificate is needed',
  },

  // my orders
  orders_wht_title: { th: 'หนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ)', en: 'Withholding tax certificate (50 Tawi)' },
  orders_wht_missing: {
    th: 'คำสั่งซื้อนี้หักภาษี ณ ที่จ่าย {amount} กรุณาส่งหนังสือรับรองการหักภาษี ณ ที่จ่ายให้ร้าน (PDF หรือรูปภาพ)',
    en: 'Tax of {amount} was withheld on this order. Please send the shop your withholding certificate (PDF or picture).',
  },
  orders_wht_file_label: { th: 'ไฟล์หนังสือรับรอง (PDF, JPG, PNG)', en: 'Certificate file (PDF, JPG, PNG)' },
  orders_wht_submit: { th: 'ส่งหนังสือรับรอง', en: 'Send certificate' },
  orders_wht_file_required: { th: 'กรุณาเลือกไฟล์หนังสือรับรอง', en: 'Please choose the certificate file' },
  orders_wht_received: { th: 'ร้านได้รับหนังสือรับรองการหักภาษี ณ ที่จ่ายแล้ว เมื่อ {date}', en: 'The shop received your withholding certificate on {date}' },
  orders_wht_sent: { th: 'ส่งหนังสือรับรองการหักภาษี ณ ที่จ่ายของคำสั่งซื้อเลขที่ {id} เรียบร้อยแล้ว', en: 'The withholding certificate of order {id} was sent' },
  orders_credit_note: { th: 'ดาวน์โหลดใบลดหนี้ เลขที่ {code} (PDF)', en: 'Download credit note no. {code} (PDF)' },

  // admin area
  admin_nav_orders: { th: 'คำสั่งซื้อและเอกสาร', en: 'Orders and paperwork' },
  admin_orders_title: { th: 'คำสั่งซื้อที่ชำระแล้วและเอกสาร', en: 'Paid orders and their paperwork' },
  admin_orders_intro: {
    th: 'ดูใบเสร็จ หนังสือรับรองการหักภาษี ณ ที่จ่ายที่ผู้ซื้อส่งมา และยกเลิกคำสั่งซื้อพร้อมออกใบลดหนี้',
    en: 'See receipts and the withholding certificates buyers sent, and cancel an order with a credit note.',
  },
  admin_orders_filter_label: { th: 'แสดงคำสั่งซื้อ', en: 'Show orders' },
  admin_orders_filter_all: { th: 'ทั้งหมด', en: 'All' },
  admin_orders_filter_missing: { th: 'รอหนังสือรับรองหัก ณ ที่จ่าย ({count})', en: 'Awaiting withholding certificate ({count})' },
  admin_orders_missing_count: {
    th: 'คำสั่งซื้อที่ยังไม่ได้รับหนังสือรับรองการหักภาษี ณ ที่จ่าย {count} รายการ',
    en: '{count, plural, one {# order has} other {# orders have}} no withholding certificate yet',
  },
  admin_orders_empty: { th: 'ไม่มีคำสั่งซื้อในรายการนี้', en: 'No order in this list' },
  admin_orders_order: { th: 'คำสั่งซื้อเลขที่ {id}', en: 'Order {id}' },
  admin_orders_paid: { th: 'ยอดรับชำระ {amount}', en: 'Paid {amount}' },
  admin_orders_withheld: { th: 'หัก ณ ที่จ่าย {amount}', en: 'Withheld {amount}' },
  admin_orders_document: { th: 'เอกสาร {code}', en: 'Document {code}' },
  admin_orders_certificate_missing: { th: 'ยังไม่ได้รับหนังสือรับรองการหักภาษี ณ ที่จ่าย', en: 'No withholding certificate yet' },
  admin_orders_certificate_open: { th: 'เปิดหนังสือรับรองการหักภาษี ณ ที่จ่าย', en: 'Open the withholding certificate' },
  admin_orders_cancelled_badge: { th: 'ยกเลิกแล้ว', en: 'Cancelled' },
  admin_orders_cancel: { th: 'ยกเลิกคำสั่งซื้อ', en: 'Cancel order' },
  admin_orders_cancel_reason: { th: 'เหตุผลที่ยกเลิก (พิมพ์ในใบลดหนี้)', en: 'Reason (printed on the credit note)' },
  admin_orders_cancel_reason_required: { th: 'กรุณากรอกเหตุผลที่ยกเลิก', en: 'Please give the reason for the cancellation' },
  admin_orders_cancel_confirm: { th: 'ยืนยันยกเลิกคำสั่งซื้อ', en: 'Cancel the order' },
  admin_orders_cancelled: { th: 'ยกเลิกคำสั่งซื้อเลขที่ {id} แล้ว', en: 'Order {id} cancelled' },
  admin_orders_credit_note: { th: 'ใบลดหนี้ เลขที่ {code}', en: 'Credit note no. {code}' },
} as const satisfies Record<string, { th: string; en: string }>;
