/**
 * Orders and payments: written by the shop's own flows, shown read-only in the admin
 * (approving, refusing and cancelling are actions of their own, not field edits).
 * `state` is the order's, report's and attempt's status; `status` is listed too while a
 * database still carries the old name (a field the schema lacks is skipped).
 */
import type { AdminLayout, FieldText } from '../types';

const ORDER_STATE: FieldText = { label: 'สถานะ', description: 'ยังไม่ชำระ รอตรวจสอบ อนุมัติ ปฏิเสธ ยกเลิก หรือหมดเวลา' };

export const ORDER: AdminLayout = {
  uid: 'api::order.order',
  kind: 'content-type',
  readOnly: true,
  // the edit view's title; the list's first column is the order number (id)
  mainField: 'order_token',
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
  list: ['id', 'user', 'state', 'status', 'net', 'payment_method', 'createdAt'],
  groups: [
    { title: 'คำสั่งซื้อ', fields: ['state', 'status', 'user', 'payment_method', 'currency_code', 'order_token', 'lines'] },
    { title: 'ยอดเงิน', fields: ['price', 'discount', 'shipping_fee', 'vat', 'vat_mode', 'withholding_price', 'net'] },
    { title: 'ส่วนลด', fields: ['coupons', 'promotion'] },
    { title: 'ภาษี', fields: ['is_require_tax_invoice', 'is_withholding', 'withholding_percent', 'tax_info'] },
    { title: 'จัดส่ง', fields: ['shipping_fee_option', 'shipping_address'] },
    { title: 'การชำระเงิน', fields: ['payment_reports', 'approved_at', 'cancel_at', 'note', 'pricing'] },
  ],
  fields: {
    id: { label: 'เลขที่คำสั่งซื้อ', column: 'เลขที่', description: 'เลขที่ผู้ซื้อเห็นในอีเมลและหน้าคำสั่งซื้อ' },
    createdAt: { label: 'สั่งซื้อเมื่อ', column: 'วันที่', description: 'วันเวลาที่สร้างคำสั่งซื้อ' },
    order_token: { label: 'รหัสอ้างอิง', description: 'รหัสในลิงก์หน้าขอบคุณ ใช้ค้นหาเมื่อผู้ซื้อติดต่อมา' },
    state: ORDER_STATE,
    status: ORDER_STATE,
    user: { label: 'ผู้เรียน', description: 'บัญชีผู้ซื้อ', mainField: 'username' },
    lines: { label: 'รายการสินค้า', description: 'คอร์สและสินค้าในคำสั่งซื้อนี้', mainField: 'title' },
    currency_code: { label: 'สกุลเงิน', description: 'บาท (THB) หรือดอลลาร์สหรัฐ (USD)' },
    price: { label: 'ราคารวม', description: 'ผลรวมราคาทุกรายการก่อนส่วนลด' },
    discount: { label: 'ส่วนลด', description: 'ส่วนลดจากคูปองและโปรโมชัน' },
    shipping_fee: { label: 'ค่าจัดส่ง', description: 'ค่าจัดส่งของคำสั่งซื้อ' },
    vat: { label: 'ภาษีมูลค่าเพิ่ม', description: 'VAT ตามอัตราในการตั้งค่าเว็บไซต์' },
    vat_mode: { label: 'วิธีคิด VAT', description: 'วิธีคิด VAT ตอนสั่งซื้อ: รวมในราคาแล้ว หรือบวกเพิ่มจากราคา (ยอดสุทธิรวม VAT แล้ว)' },
    withholding_price: { label: 'ภาษีหัก ณ ที่จ่าย', description: 'ยอดที่ผู้ซื้อหักไว้และต้องส่งหนังสือรับรอง' },
    net: { label: 'ยอดชำระสุทธิ', column: 'ยอดสุทธิ', description: 'ยอดที่ผู้ซื้อต้องชำระ' },
    is_withholding: { label: 'หักภาษี ณ ที่จ่าย', description: 'ผู้ซื้อเป็นนิติบุคคลที่หักภาษีไว้' },
    withholding_percent: { label: 'อัตราหัก ณ ที่จ่าย (%)', description: 'อัตราที่ผู้ซื้อเลือก' },
    coupons: { label: 'คูปอง', description: 'คูปองที่ใช้กับคำสั่งซื้อนี้', mainField: 'code' },
    promotion: { label: 'โปรโมชัน', description: 'โปรโมชันที่ได้รับ', mainField: 'title' },
    payment_method: { label: 'วิธีชำระเงิน', column: 'ชำระโดย', description: 'วิธีที่ผู้ซื้อเลือก', mainField: 'name' },
    shipping_address: { label: 'ที่อยู่จัดส่ง', description: 'ที่อยู่ที่ผู้ซื้อเลือก', mainField: 'fullname' },
    shipping_fee_option: { label: 'วิธีจัดส่ง', description: 'วิธีจัดส่งที่ผู้ซื้อเลือก', mainField: 'name' },
    payment_reports: { label: 'การแจ้งชำระเงิน', description: 'สลิปและการแจ้งชำระของคำสั่งซื้อนี้', mainField: 'contact_name' },
    pricing: { label: 'รายละเอียดการคำนวณราคา', description: 'บันทึกการคำนวณของระบบ สำหรับตรวจสอบย้อนหลัง' },
    is_require_tax_invoice: { label: 'ขอใบกำกับภาษี', description: 'ผู้ซื้อขอใบกำกับภาษีเต็มรูป' },
    tax_info: { label: 'ข้อมูลใบกำกับภาษี', description: 'ชื่อ เลขประจำตัวผู้เสียภาษี และที่อยู่ที่ผู้ซื้อกรอก' },
    cancel_at: { label: 'ยกเลิกอัตโนมัติเมื่อ', description: 'ถ้ายังไม่ชำระ ระบบยกเลิกเมื่อถึงเวลานี้' },
    approved_at: { label: 'อนุมัติเมื่อ', description: 'วันเวลาที่อนุมัติการชำระเงิน' },
    note: { label: 'หมายเหตุ', description: 'ข้อความจากผู้ซื้อหรือทีมงาน' },
  },
};

export const ORDER_LINE: AdminLayout = {
  uid: 'api::order-line.order-line',
  kind: 'content-type',
  readOnly: true,
  mainField: 'title',
  list: ['id', 'order', 'title', 'quantity', 'net'],
  groups: [
    { title: 'รายการ', fields: ['order', 'title', 'course_type', 'course', 'product', 'pricing_plan', 'quantity'] },
    { title: 'ยอดเงิน', fields: ['price', 'discount', 'net'] },
  ],
  fields: {
    order: { label: 'คำสั่งซื้อ', description: 'คำสั่งซื้อที่รายการนี้อยู่', mainField: 'id' },
    course: { label: 'คอร์ส', description: 'คอร์สที่ซื้อ', mainField: 'title' },
    product: { label: 'สินค้า', description: 'สินค้าที่ซื้อ', mainField: 'title' },
    pricing_plan: { label: 'แผนราคา', description: 'แผนที่ซื้อ', mainField: 'name' },
    title: { label: 'ชื่อรายการ', description: 'ชื่อคอร์สหรือสินค้า ณ เวลาที่ซื้อ' },
    course_type: { label: 'ประเภท', description: 'ประเภทคอร์สหรือสินค้า' },
    quantity: { label: 'จำนวน', description: 'จำนวนที่ซื้อ' },
    price: { label: 'ราคา', description: 'ราคาต่อรายการก่อนส่วนลด' },
    discount: { label: 'ส่วนลด', description: 'ส่วนลดที่แบ่งมาที่รายการนี้' },
    net: { label: 'ยอดสุทธิ', description: 'ราคาหลังหักส่วนลด' },
  },
};

const REPORT_STATE: FieldText = { label: 'สถานะ', description: 'รอตรวจสอบ อนุมัติ ปฏิเสธ หรือต้องตรวจเพิ่ม' };

export const PAYMENT_REPORT: AdminLayout = {
  uid: 'api::payment-report.payment-report',
  kind: 'content-type',
  readOnly: true,
  mainField: 'contact_name',
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
  list: ['id', 'order', 'transfer_amount', 'transfer_datetime', 'state', 'status'],
  groups: [
    { title: 'การแจ้งชำระเงิน', fields: ['state', 'status', 'order', 'payment_method', 'transfer_amount', 'transfer_datetime', 'time', 'slip'] },
    { title: 'บัญชีที่โอน', fields: ['bank_account', 'bank_code', 'provider_reference', 'slip_sending_bank', 'slip_trans_ref'] },
    { title: 'ผู้แจ้ง', fields: ['user', 'contact_name', 'email', 'tel', 'address', 'description'] },
    { title: 'การตรวจสอบ', fields: ['approve_by', 'approved_at', 'reject_reason', 'slip_verify_reason', 'slip_verify_detail'] },
  ],
  fields: {
    order: { label: 'คำสั่งซื้อ', description: 'คำสั่งซื้อที่แจ้งชำระ', mainField: 'id' },
    user: { label: 'ผู้เรียน', description: 'บัญชีผู้แจ้ง', mainField: 'username' },
    payment_method: { label: 'วิธีชำระเงิน', description: 'วิธีที่ใช้ชำระ', mainField: 'name' },
    state: REPORT_STATE,
    status: REPORT_STATE,
    contact_name: { label: 'ชื่อผู้แจ้ง', description: 'ชื่อที่กรอกในฟอร์มแจ้งชำระ' },
    email: { label: 'อีเมล', description: 'อีเมลติดต่อกลับ' },
    tel: { label: 'โทรศัพท์', description: 'เบอร์ติดต่อกลับ' },
    bank_account: { label: 'โอนเข้าบัญชี', description: 'บัญชีของร้านที่ผู้ซื้อโอนเข้า', mainField: 'account_name' },
    bank_code: { label: 'ธนาคารต้นทาง', description: 'ธนาคารที่ผู้ซื้อโอนออก' },
    transfer_datetime: { label: 'เวลาโอน', description: 'วันเวลาตามสลิป' },
    time: { label: 'เวลาโอน (ตามที่กรอก)', description: 'เวลาตามที่ผู้ซื้อพิมพ์' },
    transfer_amount: { label: 'ยอดโอน', description: 'จำนวนเงินตามสลิป' },
    description: { label: 'ข้อความจากผู้แจ้ง', description: 'หมายเหตุที่ผู้ซื้อเขียน' },
    address: { label: 'ที่อยู่', description: 'ที่อยู่ที่ผู้แจ้งกรอก' },
    slip: { label: 'สลิป', description: 'หลักฐานการโอนเงิน' },
    provider_reference: { label: 'เลขอ้างอิงผู้ให้บริการ', description: 'เลขรายการของผู้ให้บริการชำระเงิน' },
    approve_by: { label: 'ตรวจโดย', description: 'ผู้อนุมัติหรือปฏิเสธ' },
    reject_reason: { label: 'เหตุผลที่ปฏิเสธ', description: 'ผู้ซื้อเห็นข้อความนี้ในอีเมล' },
    approved_at: { label: 'อนุมัติเมื่อ', description: 'วันเวลาที่อนุมัติ' },
    slip_sending_bank: { label: 'ธนาคารผู้โอน (QR ในสลิป)', description: 'รหัสธนาคารที่ QR ในสลิปบอก เป็นสิ่งที่ผู้โอนอ้าง ยังไม่ใช่หลักฐาน' },
    slip_trans_ref: { label: 'เลขอ้างอิงรายการ (QR ในสลิป)', description: 'เลขอ้างอิงที่ QR ในสลิปบอก สลิปหนึ่งใบใช้ได้กับคำสั่งซื้อเดียว' },
    slip_key: { label: 'รหัสสลิป', description: 'ธนาคารและเลขอ้างอิงของสลิปที่ใช้ครั้งแรก' },
    slip_verify_reason: { label: 'ผลตรวจสลิปกับธนาคาร', description: 'verified คือธนาคารยืนยันและอนุมัติแล้ว อย่างอื่นคือเหตุที่ต้องให้คนตรวจ' },
    slip_verify_detail: { label: 'รายละเอียดจากธนาคาร', description: 'สิ่งที่ธนาคารตอบเมื่อตรวจสลิป' },
  },
};

const ATTEMPT_STATE: FieldText = { label: 'สถานะ', description: 'รอผล อนุมัติ ปฏิเสธ ต้องตรวจเพิ่ม หรือหมดเวลา' };

export const PAYMENT_ATTEMPT: AdminLayout = {
  uid: 'api::payment-attempt.payment-attempt',
  kind: 'content-type',
  readOnly: true,
  mainField: 'provider_reference',
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
  list: ['id', 'order', 'provider', 'amount_expected', 'state', 'status', 'createdAt'],
  groups: [
    { title: 'การชำระผ่านผู้ให้บริการ', fields: ['state', 'status', 'order', 'method_id', 'provider', 'provider_reference', 'provider_transaction_id'] },
    { title: 'ยอดเงิน', fields: ['amount_expected', 'currency_expected', 'amount_received', 'currency_received', 'review_reason'] },
    { title: 'เวลา', fields: ['expires_at', 'settled_at', 'last_checked_at'] },
    { title: 'ข้อความจากผู้ให้บริการ', fields: ['raw_last_message'] },
  ],
  fields: {
    order: { label: 'คำสั่งซื้อ', description: 'คำสั่งซื้อที่ชำระ', mainField: 'id' },
    method_id: { label: 'รหัสวิธีชำระ', description: 'รหัสวิธีชำระเงินของระบบ' },
    provider: { label: 'ผู้ให้บริการ', description: 'ผู้ให้บริการชำระเงิน' },
    provider_reference: { label: 'เลขอ้างอิงของเรา', description: 'เลขที่ส่งให้ผู้ให้บริการ' },
    provider_transaction_id: { label: 'เลขรายการของผู้ให้บริการ', description: 'เลขที่ผู้ให้บริการตอบกลับ' },
    state: ATTEMPT_STATE,
    status: ATTEMPT_STATE,
    amount_expected: { label: 'ยอดที่ต้องชำระ', column: 'ยอด', description: 'ยอดที่ส่งให้ผู้ให้บริการ' },
    currency_expected: { label: 'สกุลเงินที่ต้องชำระ', description: 'THB หรือ USD' },
    amount_received: { label: 'ยอดที่ได้รับ', description: 'ยอดตามที่ผู้ให้บริการแจ้ง' },
    currency_received: { label: 'สกุลเงินที่ได้รับ', description: 'ตามที่ผู้ให้บริการแจ้ง' },
    review_reason: { label: 'เหตุที่ต้องตรวจ', description: 'เช่น ยอดไม่ตรงกับคำสั่งซื้อ' },
    expires_at: { label: 'หมดเวลาเมื่อ', description: 'หลังเวลานี้การชำระครั้งนี้ใช้ไม่ได้' },
    settled_at: { label: 'ได้ผลเมื่อ', description: 'วันเวลาที่ได้ผลการชำระ' },
    last_checked_at: { label: 'ตรวจล่าสุดเมื่อ', description: 'ครั้งล่าสุดที่ระบบถามผู้ให้บริการ' },
    raw_last_message: { label: 'ข้อความล่าสุด', description: 'ข้อความดิบจากผู้ให้บริการ สำหรับตรวจสอบ' },
  },
};

export const SHIPPING_ADDRESS: AdminLayout = {
  uid: 'api::shipping-address.shipping-address',
  kind: 'content-type',
  mainField: 'fullname',
  list: ['id', 'fullname', 'user', 'province', 'is_default'],
  groups: [{ title: 'ที่อยู่จัดส่ง', fields: ['user', 'fullname', 'tel', 'address', 'subdistrict', 'district', 'province', 'postcode', 'is_default'] }],
  fields: {
    user: { label: 'เจ้าของที่อยู่', description: 'บัญชีผู้เรียน', mainField: 'username' },
    fullname: { label: 'ชื่อผู้รับ', description: 'ชื่อ-นามสกุลผู้รับ' },
    tel: { label: 'โทรศัพท์', description: 'เบอร์ติดต่อผู้รับ' },
    address: { label: 'ที่อยู่', description: 'บ้านเลขที่ ถนน ซอย' },
    subdistrict: { label: 'แขวง/ตำบล', description: 'แขวงหรือตำบล' },
    district: { label: 'เขต/อำเภอ', description: 'เขตหรืออำเภอ' },
    province: { label: 'จังหวัด', description: 'จังหวัด' },
    postcode: { label: 'รหัสไปรษณีย์', description: 'ห้าหลัก' },
    is_default: { label: 'ที่อยู่หลัก', description: 'เลือกไว้ก่อนเมื่อสั่งซื้อ' },
  },
};

export const TAX_DOCUMENT: AdminLayout = {
  uid: 'api::tax-document.tax-document',
  kind: 'content-type',
  readOnly: true,
  mainField: 'code',
  defaultSortBy: 'issued_at',
  defaultSortOrder: 'DESC',
  list: ['code', 'kind', 'order', 'issued_at'],
  groups: [{ title: 'เอกสาร', fields: ['code', 'kind', 'year', 'number', 'order', 'issued_at', 'content'] }],
  fields: {
    code: { label: 'เลขที่เอกสาร', column: 'เลขที่', description: 'ปี ค.ศ. และลำดับในปี ไม่ข้ามและไม่ซ้ำ' },
    kind: { label: 'ประเภท', description: 'ใบเสร็จรับเงิน หรือใบกำกับภาษีเต็มรูป/ใบเสร็จรับเงิน' },
    year: { label: 'ปี', description: 'ปี ค.ศ. ของวันที่ออกเอกสาร (เวลาประเทศไทย)' },
    number: { label: 'ลำดับในปี', description: 'เลขลำดับของเอกสารในปีนั้น' },
    order: { label: 'คำสั่งซื้อ', description: 'คำสั่งซื้อที่ชำระแล้วของเอกสารนี้', mainField: 'id' },
    issued_at: { label: 'ออกเมื่อ', column: 'วันที่', description: 'วันเวลาที่อนุมัติคำสั่งซื้อ' },
    content: { label: 'ข้อมูลในเอกสาร', description: 'ผู้ขาย ผู้ซื้อ รายการ และยอดเงิน ณ วันออก ใช้พิมพ์ PDF ซ้ำได้เหมือนเดิม' },
  },
};

/** A per-year document counter (read only): its year and the last number it gave. */
export function yearCounterLayout(uid: string, title: string, lastNumber: string): AdminLayout {
  return {
    uid,
    kind: 'content-type',
    readOnly: true,
    mainField: 'year',
    defaultSortBy: 'year',
    defaultSortOrder: 'DESC',
    list: ['year', 'last_number'],
    groups: [{ title, fields: ['year', 'last_number'] }],
    fields: {
      year: { label: 'ปี', description: 'ปี ค.ศ. ของลำดับ' },
      last_number: { label: 'เลขล่าสุด', description: lastNumber },
    },
  };
}

export const TAX_DOCUMENT_COUNTER = yearCounterLayout('api::tax-document.tax-document-counter', 'ตัวนับเลขที่เอกสาร', 'เลขที่ออกไปล่าสุดในปีนั้น');
