/** Ways to pay: payment methods with their provider keys, the shop's bank accounts, the banks students transfer from. */
import type { AdminLayout } from '../types';

export const PAYMENT_METHOD: AdminLayout = {
  uid: 'api::payment-method.payment-method',
  kind: 'content-type',
  mainField: 'name',
  defaultSortBy: 'sort_order',
  list: ['id', 'name', 'provider', 'enabled', 'sort_order'],
  groups: [
    { title: 'วิธีชำระเงิน', fields: ['name', 'name_web', 'description', 'logo', 'enabled', 'sort_order'] },
    { title: 'ภาษาอังกฤษ', fields: ['name_en', 'description_en'] },
    { title: 'ผู้ให้บริการ', fields: ['method_id', 'payment_type', 'provider', 'bank_accounts'] },
    { title: 'คีย์ของผู้ให้บริการ (ผู้ดูแลสูงสุดเท่านั้น)', fields: ['application_id_1', 'application_id_2', 'api_key', 'webhook_secret', 'base_url', 'settings'] },
  ],
  fields: {
    name_en: { label: 'ชื่อวิธีชำระ (อังกฤษ)', description: 'ชื่อวิธีชำระเงินที่ผู้ซื้อเห็นเมื่อเลือกภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    description_en: { label: 'คำอธิบาย (อังกฤษ)', description: 'คำอธิบายวิธีชำระเงินในภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    method_id: { label: 'รหัสวิธีชำระ', description: 'รหัสของระบบ เช่น 1 คือโอนผ่านธนาคาร ห้ามเปลี่ยน' },
    name: { label: 'ชื่อวิธีชำระ', description: 'ชื่อที่ทีมงานเห็น' },
    name_web: { label: 'ชื่อบนหน้าร้าน', description: 'ชื่อที่ผู้ซื้อเห็นตอนเลือกวิธีชำระ' },
    payment_type: { label: 'ชนิดการชำระ', description: 'เช่น โอนเงิน QR บัตร หรือ PayPal' },
    provider: { label: 'ผู้ให้บริการ', description: 'บริษัทที่รับชำระเงิน' },
    description: { label: 'คำอธิบาย', description: 'ข้อความใต้ชื่อวิธีชำระบนหน้าร้าน' },
    logo: { label: 'โลโก้', description: 'โลโก้ที่แสดงข้างชื่อ' },
    enabled: { label: 'เปิดใช้งาน', description: 'ผู้ซื้อเลือกวิธีนี้ได้' },
    sort_order: { label: 'ลำดับการแสดง', column: 'ลำดับ', description: 'เลขน้อยแสดงก่อน' },
    application_id_1: { label: 'รหัสร้านค้า', description: 'รหัสร้านค้าหรือ public key จากผู้ให้บริการ' },
    application_id_2: { label: 'รหัสลับร้านค้า', description: 'ค่าลับจากผู้ให้บริการ เว้นว่างไว้เพื่อคงค่าเดิม' },
    base_url: { label: 'ที่อยู่ระบบผู้ให้บริการ', description: 'URL ของผู้ให้บริการ (ระบบจริงหรือระบบทดสอบ)' },
    webhook_secret: { label: 'คีย์ตรวจสอบการแจ้งผล', description: 'ใช้ยืนยันว่าการแจ้งผลมาจากผู้ให้บริการจริง' },
    api_key: { label: 'คีย์ API', description: 'คีย์ลับสำหรับเรียกระบบผู้ให้บริการ' },
    settings: { label: 'ตั้งค่าเพิ่มเติม', description: 'ค่าเฉพาะของผู้ให้บริการ แบบ JSON' },
    bank_accounts: { label: 'บัญชีธนาคารของร้าน', description: 'บัญชีรับโอนของวิธีนี้', mainField: 'account_name' },
  },
};

export const BANK_ACCOUNT: AdminLayout = {
  uid: 'api::bank-account.bank-account',
  kind: 'content-type',
  mainField: 'account_name',
  defaultSortBy: 'sort_order',
  list: ['id', 'bank_name', 'account_id', 'account_name', 'enabled'],
  groups: [
    { title: 'บัญชีรับโอน', fields: ['bank_name', 'bank_code', 'account_id', 'account_name', 'enabled', 'sort_order', 'payment_method'] },
    { title: 'พร้อมเพย์', fields: ['promptpay_id', 'prompt_pay_image'] },
  ],
  fields: {
    account_id: { label: 'เลขที่บัญชี', description: 'เลขบัญชีที่ผู้ซื้อโอนเข้า' },
    account_name: { label: 'ชื่อบัญชี', description: 'ชื่อเจ้าของบัญชีตามสมุดบัญชี' },
    bank_name: { label: 'ธนาคาร', description: 'ชื่อธนาคาร' },
    bank_code: { label: 'รหัสธนาคาร', description: 'รหัสย่อ เช่น KBANK หรือ SCB' },
    promptpay_id: { label: 'พร้อมเพย์', description: 'เบอร์โทรหรือเลขประจำตัวผู้เสียภาษีของพร้อมเพย์' },
    prompt_pay_image: { label: 'รูป QR พร้อมเพย์', description: 'QR ที่ผู้ซื้อสแกนจ่าย' },
    enabled: { label: 'เปิดใช้งาน', description: 'แสดงบัญชีนี้ให้ผู้ซื้อ' },
    sort_order: { label: 'ลำดับการแสดง', description: 'เลขน้อยแสดงก่อน' },
    payment_method: { label: 'วิธีชำระเงิน', description: 'วิธีชำระที่บัญชีนี้ใช้', mainField: 'name' },
  },
};

export const ORIGIN_BANK: AdminLayout = {
  uid: 'api::origin-bank.origin-bank',
  kind: 'content-type',
  mainField: 'banktransfer_nameth',
  defaultSortBy: 'sort_order',
  list: ['id', 'banktransfer_nameth', 'banktransfer_nameen', 'banktransfer_value', 'sort_order'],
  groups: [{ title: 'ธนาคารต้นทาง', fields: ['banktransfer_nameth', 'banktransfer_nameen', 'banktransfer_value', 'sort_order'] }],
  fields: {
    banktransfer_value: { label: 'รหัสธนาคาร', column: 'รหัส', description: 'ค่าที่บันทึกในการแจ้งชำระ' },
    banktransfer_nameth: { label: 'ชื่อธนาคาร (ไทย)', description: 'ชื่อในรายการเลือกภาษาไทย' },
    banktransfer_nameen: { label: 'ชื่อธนาคาร (อังกฤษ)', description: 'ชื่อในรายการเลือกภาษาอังกฤษ' },
    sort_order: { label: 'ลำดับการแสดง', column: 'ลำดับ', description: 'เลขน้อยแสดงก่อน' },
  },
};
