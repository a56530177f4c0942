/** The Thai words of the order buttons in the Strapi admin. */
export const ORDER_ACTION_TEXTS = {
  approve: 'อนุมัติการชำระเงิน',
  approveTitle: 'อนุมัติการชำระเงินนี้?',
  approveBody: 'คำสั่งซื้อจะเปลี่ยนเป็น อนุมัติแล้ว และผู้สั่งซื้อจะได้รับอีเมลแจ้งผล',
  approved: 'อนุมัติการชำระเงินแล้ว',
  reject: 'ไม่อนุมัติการชำระเงิน',
  rejectTitle: 'ไม่อนุมัติการชำระเงินนี้?',
  rejectBody: 'คำสั่งซื้อจะเปลี่ยนเป็น ไม่อนุมัติ ที่นั่งและคูปองจะคืนกลับ และผู้สั่งซื้อจะได้รับอีเมลพร้อมเหตุผล',
  rejectReason: 'เหตุผล (ผู้สั่งซื้อจะเห็น)',
  rejected: 'ไม่อนุมัติการชำระเงินแล้ว',
  cancel: 'ยกเลิกคำสั่งซื้อ',
  cancelTitle: 'ยกเลิกคำสั่งซื้อนี้?',
  cancelBody: 'คำสั่งซื้อที่ยังไม่ชำระจะถูกยกเลิก ที่นั่งและคูปองจะคืนกลับ',
  cancelled: 'ยกเลิกคำสั่งซื้อแล้ว',
  confirm: 'ยืนยัน',
  failed: 'ทำรายการไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
} as const;

/** The Thai name of each state, as the storefront shows an order's (order_status_* of the text catalogue). */
export const STATE_LABELS: Record<string, Record<string, string>> = {
  'api::order.order': {
    notYetReceived: 'รอชำระเงิน',
    pendingApproved: 'รอตรวจสอบ',
    approved: 'อนุมัติแล้ว',
    rejected: 'ไม่อนุมัติ',
    cancelled: 'ยกเลิกแล้ว',
    expired: 'หมดอายุ',
  },
  'api::payment-report.payment-report': { pending: 'รอตรวจสอบ', approved: 'อนุมัติแล้ว', rejected: 'ไม่อนุมัติ', review: 'รอเจ้าหน้าที่ตัดสิน' },
  'api::payment-attempt.payment-attempt': { pending: 'รอผลการชำระ', approved: 'ชำระสำเร็จ', rejected: 'ไม่สำเร็จ', review: 'รอเจ้าหน้าที่ตัดสิน', expired: 'หมดอายุ' },
};
