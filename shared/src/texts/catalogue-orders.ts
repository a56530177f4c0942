/** Texts of the storefront's orders screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const ORDERS_TEXTS = {
  // thank-you page: what happens next, per order state
  thankyou_generic: { th: 'หากชำระเงินแล้ว คุณสามารถติดตามสถานะคำสั่งซื้อได้ที่หน้าคำสั่งซื้อของฉัน', en: 'Once you have paid, you can follow your order on the My orders page.' },
  thankyou_sign_in_to_see: { th: 'เข้าสู่ระบบด้วยบัญชีที่สั่งซื้อเพื่อดูรายละเอียดคำสั่งซื้อ', en: 'Log in with the account that placed the order to see its details.' },
  thankyou_next_title: { th: 'ขั้นตอนต่อไป', en: 'What happens next' },
  thankyou_next_transfer: { th: 'กรุณาโอนเงินตามยอดชำระ แล้วแจ้งชำระเงินพร้อมแนบหลักฐานการโอนเงิน', en: 'Please transfer the amount due, then send the payment notification with your transfer slip.' },
  thankyou_next_online: { th: 'คำสั่งซื้อนี้ยังไม่ได้ชำระเงิน กรุณาชำระเงินเพื่อเริ่มเรียน', en: 'This order is not paid yet. Please pay to start learning.' },
  thankyou_next_pendingApproved: {
    th: 'เราได้รับการแจ้งชำระเงินแล้ว ทีมงานกำลังตรวจสอบหลักฐานการโอนเงิน และจะแจ้งผลทางอีเมลเมื่อตรวจสอบเสร็จ',
    en: 'We have your payment notification. Our team is checking the transfer slip and will e-mail you once it is done.',
  },
  thankyou_next_approved: { th: 'ชำระเงินเรียบร้อยแล้ว คุณเริ่มเรียนได้ทันที', en: 'Your payment is confirmed. You can start learning right away.' },
  thankyou_next_rejected: { th: 'การชำระเงินของคำสั่งซื้อนี้ไม่ผ่านการตรวจสอบ หากมีข้อสงสัยกรุณาติดต่อทีมงาน', en: 'The payment of this order was not accepted. Please contact us if you have any questions.' },
  thankyou_next_cancelled: { th: 'คำสั่งซื้อนี้ถูกยกเลิกแล้ว', en: 'This order has been cancelled.' },
  thankyou_next_expired: { th: 'คำสั่งซื้อนี้หมดอายุแล้ว เนื่องจากไม่ได้ชำระเงินภายในเวลาที่กำหนด', en: 'This order expired because it was not paid in time.' },

  // my orders
  orders_title: { th: 'คำสั่งซื้อของฉัน', en: 'My orders' },
  orders_empty: { th: 'คุณยังไม่มีคำสั่งซื้อ', en: 'You have no orders yet' },
  orders_ordered_at: { th: 'สั่งซื้อเมื่อ {date}', en: 'Ordered on {date}' },
  orders_pay: { th: 'ชำระเงิน', en: 'Pay' },
  orders_pay_again: { th: 'ชำระเงินอีกครั้ง', en: 'Pay again' },
  // one-click retry of a payment that did not go through (a new order with the same selections)
  orders_retry_new_order: { th: 'สั่งซื้ออีกครั้งและชำระเงิน', en: 'Order again and pay' },
  orders_retry_new_order_hint: {
    th: 'คำสั่งซื้อเดิมถูกยกเลิกแล้ว ระบบจะสร้างคำสั่งซื้อใหม่ด้วยคอร์ส แผนราคา คูปอง และที่อยู่จัดส่งเดิม แล้วคำนวณยอดชำระใหม่',
    en: 'The original order was cancelled. A new order with the same courses, plan, coupon and delivery address will be created and its total worked out again.',
  },
  orders_report_transfer: { th: 'แจ้งชำระเงิน', en: 'Report a transfer' },
  orders_view_order: { th: 'ดูคำสั่งซื้อ', en: 'View order' },
  orders_reject_reason: { th: 'เหตุผลที่ไม่อนุมัติ: {reason}', en: 'Reason for rejection: {reason}' },
  orders_report_pending: { th: 'แจ้งชำระเงินแล้ว รอทีมงานตรวจสอบ', en: 'Transfer reported, waiting for the shop to check it' },
  orders_document_receipt: { th: 'ดาวน์โหลดใบเสร็จรับเงิน เลขที่ {code} (PDF)', en: 'Download receipt no. {code} (PDF)' },
  orders_document_tax_invoice: { th: 'ดาวน์โหลดใบกำกับภาษี/ใบเสร็จรับเงิน เลขที่ {code} (PDF)', en: 'Download tax invoice/receipt no. {code} (PDF)' },
  orders_access_unlimited: { th: 'เรียนได้ไม่จำกัดเวลา', en: 'No time limit' },
  orders_access_until: { th: 'เรียนได้ถึง {date}', en: 'Access until {date}' },
  orders_page_of: { th: 'หน้า {page} จาก {pages}', en: 'Page {page} of {pages}' },
  orders_session_expired: { th: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', en: 'Your session has expired. Please log in again.' },

  // tax-invoice details of my account
  orders_tax_heading: { th: 'ข้อมูลใบกำกับภาษี', en: 'Tax invoice details' },
  orders_tax_none: { th: 'ยังไม่ได้บันทึกข้อมูลใบกำกับภาษี', en: 'No tax invoice details saved yet' },
  orders_tax_edit: { th: 'แก้ไขข้อมูลใบกำกับภาษี', en: 'Edit tax invoice details' },
  orders_tax_person_type: { th: 'ประเภทผู้เสียภาษี', en: 'Taxpayer type' },
  orders_tax_certificate_kept: { th: 'ไฟล์ที่บันทึกไว้: {names}', en: 'Saved files: {names}' },
  orders_tax_back: { th: 'กลับไปที่คำสั่งซื้อของฉัน', en: 'Back to my orders' },
  // VAT in a price breakdown (ADR 182): the cart, the order, the order mails
  vat_before_vat: { th: 'มูลค่าก่อนภาษีมูลค่าเพิ่ม', en: 'Value before VAT' },
  vat_added: { th: 'ภาษีมูลค่าเพิ่ม {rate}% (บวกเพิ่มจากราคา)', en: 'VAT {rate}% (added)' },
  vat_included_label: { th: 'ภาษีมูลค่าเพิ่ม (รวมในราคาแล้ว)', en: 'VAT (included)' },
  vat_added_label: { th: 'ภาษีมูลค่าเพิ่ม (บวกเพิ่มจากราคา)', en: 'VAT (added)' },
} as const satisfies Record<string, { th: string; en: string }>;
