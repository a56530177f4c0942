/** The Strapi admin's words for the order actions (the admin is Thai). */
export const ORDER_ADMIN_TEXTS = {
  readOnly: 'คำสั่งซื้อ รายการสินค้า การแจ้งชำระเงิน และการชำระเงิน สร้าง แก้ไข หรือลบในหน้านี้ไม่ได้: ใช้ปุ่ม อนุมัติ ไม่อนุมัติ หรือ ยกเลิกคำสั่งซื้อ ของร้าน',
  noPendingReport: 'คำสั่งซื้อนี้ไม่มีการแจ้งชำระเงินที่รอตรวจสอบ',
  reportNotPending: 'การแจ้งชำระเงินนี้ได้รับการตรวจสอบแล้ว',
  notFound: 'ไม่พบรายการนี้',
  reasonTooLong: 'เหตุผลยาวเกิน 500 ตัวอักษร',
} as const;
