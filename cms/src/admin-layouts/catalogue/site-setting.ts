/**
 * The site setting: one entry holding every switch of the storefront, grouped by feature.
 * Its labels carry their group (the edit view has no headings of its own).
 */
import type { AdminLayout } from '../types';

const pair = (thing: string) => ({
  enable: { label: `ถาม${thing}`, description: `แสดงช่อง${thing}ในฟอร์มสมัคร` },
  require: { label: `ต้องกรอก${thing}`, description: `บังคับกรอก${thing} (ใช้เมื่อแสดงช่องนี้)` },
});
/** Two fields a row: the labels carry their group and need the width. */
const wide = (names: readonly string[]) => names.map((name) => [name, 6] as const);
const FIRSTNAME = pair('ชื่อ');
const LASTNAME = pair('นามสกุล');
const TEL = pair('เบอร์โทร');
const NICKNAME = pair('ชื่อเล่น');
const ADDRESS = pair('ที่อยู่');
const PICTURE = pair('รูปโปรไฟล์');

export const SITE_SETTING: AdminLayout = {
  uid: 'api::site-setting.site-setting',
  kind: 'content-type',
  mainField: 'title',
  groupInLabel: true,
  list: ['id', 'title', 'layout'],
  groups: [
    { title: 'หน้าเว็บ', fields: wide(['title', 'layout', 'course_teacher', 'course_group', 'course_bestseller', 'is_enable_howtobuy', 'howtobuy_description']) },
    { title: 'สั่งซื้อ', fields: wide(['is_thank_you_page', 'auto_cancel', 'is_access_rights']) },
    { title: 'ชำระเงิน', fields: wide(['slip', 'slip_auto_verify', 'promptpay_id']) },
    { title: 'คูปองและโปรโมชัน', fields: wide(['is_coupon_or_promotion', 'is_one_coupon_per_order']) },
    { title: 'ภาษี', fields: wide(['is_enable_vat', 'vat_value', 'vat_mode', 'is_enable_tax_invoice', 'is_enable_addon_tax', 'is_enable_withholding_tax', 'withholding_percents']) },
    { title: 'ผู้ขายในใบเสร็จและใบกำกับภาษี', fields: wide(['seller_name', 'seller_tax_id', 'seller_branch_no', 'seller_address']) },
    {
      title: 'ฟอร์มสมัคร',
      fields: wide([
        'is_enable_firstname',
        'is_require_firstname',
        'is_enable_lastname',
        'is_require_lastname',
        'is_enable_tel',
        'is_require_tel',
        'is_tel_without_minimum',
        'is_enable_nickname',
        'is_require_nickname',
        'is_enable_address',
        'is_require_address',
        'is_enable_profile_picture',
        'is_require_profile_picture',
        'is_student_choose_group',
      ]),
    },
    { title: 'แพ็กเกจ', fields: wide(['package_user_group', 'package_tax_system', 'package_course_curriculum', 'package_course_comment']) },
    { title: 'ผู้ใช้และพื้นที่', fields: wide(['is_production_mode', 'is_enable_whitelist', 'max_users', 'max_users_per_day', 'storage_quota_mb']) },
  ],
  fields: {
    title: { label: 'ชื่อเว็บไซต์', description: 'แสดงในแถบเบราว์เซอร์และอีเมล' },
    layout: { label: 'แบบหน้าคอร์ส', description: 'ทุกคอร์สในร้านใช้แบบนี้ (แบบหน้าสมัครเรียนและชำระเงิน: กรอกและจ่ายในหน้าคอร์สเลย)' },
    course_teacher: { label: 'คอร์สอื่นของผู้สอน', description: 'แสดงรายการคอร์สของผู้สอนคนเดียวกันใต้หน้าคอร์ส' },
    course_group: { label: 'คอร์สในกลุ่มเดียวกัน', description: 'แสดงรายการคอร์สกลุ่มเดียวกันใต้หน้าคอร์ส' },
    course_bestseller: { label: 'คอร์สขายดี', description: 'แสดงรายการคอร์สขายดีใต้หน้าคอร์ส' },
    is_enable_howtobuy: { label: 'แสดงวิธีสั่งซื้อ', description: 'แสดงหัวข้อวิธีสั่งซื้อในหน้าคอร์ส' },
    howtobuy_description: { label: 'ข้อความวิธีสั่งซื้อ', description: 'เนื้อหาของหัวข้อวิธีสั่งซื้อ' },
    is_thank_you_page: { label: 'หน้าขอบคุณ', description: 'หลังสั่งซื้อไปหน้าขอบคุณ ถ้าปิดไปหน้าคำสั่งซื้อของฉัน' },
    slip: { label: 'ต้องแนบสลิป', description: 'ผู้โอนเงินต้องแนบหลักฐานการโอน' },
    slip_auto_verify: {
      label: 'ตรวจสลิปกับธนาคารอัตโนมัติ',
      description: 'สลิปที่อ่าน QR ได้จะถูกตรวจกับธนาคาร ถ้ายอดเงิน บัญชีผู้รับ และวันที่ตรง คำสั่งซื้อจะอนุมัติทันที ถ้าไม่ตรงจะรอให้คนตรวจ',
    },
    promptpay_id: {
      label: 'พร้อมเพย์ของร้าน',
      description: 'เบอร์มือถือ 10 หลัก เลขประจำตัวผู้เสียภาษี 13 หลัก หรือ e-Wallet 15 หลัก ตัวเลขล้วน ผู้โอนจะเห็น QR พร้อมเพย์ยอดตรงตามคำสั่งซื้อ เว้นว่างถ้าไม่ใช้',
    },
    auto_cancel: { label: 'ยกเลิกอัตโนมัติ (ชั่วโมง)', description: 'ยกเลิกคำสั่งซื้อที่ไม่ชำระเมื่อครบจำนวนชั่วโมง 0 คือไม่ยกเลิก' },
    is_access_rights: { label: 'แสดงสิทธิ์การเข้าเรียน', description: 'แสดงระยะเวลาเข้าเรียนที่เหลือในหน้าของผู้เรียน' },
    is_coupon_or_promotion: { label: 'คูปองหรือโปรโมชันอย่างเดียว', description: 'ใช้คูปองแล้วจะไม่ได้โปรโมชันในคำสั่งซื้อเดียวกัน' },
    is_one_coupon_per_order: { label: 'หนึ่งคูปองต่อคำสั่งซื้อ', description: 'ผู้ซื้อใช้คูปองได้ครั้งละหนึ่งใบ' },
    is_enable_vat: { label: 'คิดภาษีมูลค่าเพิ่ม (VAT)', description: 'แสดงและคิด VAT ตามอัตราและวิธีคิดด้านล่าง' },
    vat_value: { label: 'อัตรา VAT (% × 100)', description: 'เปอร์เซ็นต์คูณ 100 เช่น 700 คือ 7%' },
    vat_mode: {
      label: 'วิธีคิด VAT',
      description: 'รวม VAT ในราคาแล้ว: ราคาที่ตั้งรวม VAT ยอดชำระเท่าราคา / บวก VAT เพิ่มจากราคา: ราคาที่ตั้งยังไม่รวม VAT ยอดชำระ = ราคา + VAT คำสั่งซื้อเดิมคงวิธีคิดที่ใช้ตอนสั่งซื้อ',
    },
    is_enable_tax_invoice: { label: 'ออกใบกำกับภาษี', description: 'ผู้ซื้อขอใบกำกับภาษีได้ตอนชำระเงิน' },
    is_enable_addon_tax: { label: 'ฟอร์มข้อมูลภาษี', description: 'แสดงฟอร์มข้อมูลผู้เสียภาษีตอนชำระเงิน' },
    is_enable_withholding_tax: { label: 'หักภาษี ณ ที่จ่าย', description: 'นิติบุคคลเลือกหักภาษี ณ ที่จ่ายได้' },
    withholding_percents: { label: 'อัตราหัก ณ ที่จ่ายที่เลือกได้', description: 'รายการเปอร์เซ็นต์ แบบ JSON เช่น [3, 1]' },
    seller_name: { label: 'ชื่อผู้ขาย', description: 'ชื่อบุคคลหรือนิติบุคคลที่พิมพ์บนใบเสร็จและใบกำกับภาษี' },
    seller_tax_id: { label: 'เลขประจำตัวผู้เสียภาษีของผู้ขาย', description: 'ตัวเลข 13 หลัก' },
    seller_branch_no: { label: 'เลขที่สาขา', description: 'ตัวเลข 5 หลัก เว้นว่างหรือ 00000 คือสำนักงานใหญ่' },
    seller_address: { label: 'ที่อยู่ผู้ขาย', description: 'ที่อยู่ตามทะเบียนภาษีมูลค่าเพิ่ม พิมพ์บนเอกสาร' },
    is_enable_firstname: FIRSTNAME.enable,
    is_require_firstname: FIRSTNAME.require,
    is_enable_lastname: LASTNAME.enable,
    is_require_lastname: LASTNAME.require,
    is_enable_tel: TEL.enable,
    is_require_tel: TEL.require,
    is_tel_without_minimum: { label: 'เบอร์โทรไม่ต้องครบ 9 หลัก', description: 'รับเบอร์สั้นกว่า 9 หลักได้ (ยังไม่เกิน 10 หลัก) สำหรับร้านที่ใช้เบอร์ภายในหรือเบอร์ย่อ' },
    is_enable_nickname: NICKNAME.enable,
    is_require_nickname: NICKNAME.require,
    is_enable_address: ADDRESS.enable,
    is_require_address: ADDRESS.require,
    is_enable_profile_picture: PICTURE.enable,
    is_require_profile_picture: PICTURE.require,
    is_student_choose_group: { label: 'ให้ผู้เรียนเลือกกลุ่ม', description: 'ผู้สมัครเลือกกลุ่มผู้ใช้เอง (ต้องเปิดแพ็กเกจกลุ่มผู้ใช้)' },
    package_user_group: { label: 'กลุ่มผู้ใช้', description: 'เปิดระบบกลุ่มผู้ใช้และราคาตามกลุ่ม' },
    package_tax_system: { label: 'ระบบภาษี', description: 'เปิดระบบใบกำกับภาษีและหัก ณ ที่จ่าย' },
    package_course_curriculum: { label: 'สารบัญคอร์ส', description: 'แสดงบทเรียนในหน้าคอร์ส' },
    package_course_comment: { label: 'ความคิดเห็นในคอร์ส', description: 'ผู้เรียนถามและแสดงความคิดเห็นในหน้าคอร์สได้' },
    is_production_mode: { label: 'เปิดขายจริง', description: 'ปิดไว้ระหว่างทดสอบร้าน' },
    is_enable_whitelist: { label: 'เฉพาะผู้ใช้ที่อนุญาต', description: 'เฉพาะบัญชีที่อยู่ในรายชื่อเข้าสู่ระบบได้' },
    max_users: { label: 'จำนวนผู้ใช้สูงสุด', description: 'เต็มแล้วรับสมัครเพิ่มไม่ได้ เว้นว่างถ้าไม่จำกัด' },
    max_users_per_day: { label: 'สมัครได้สูงสุดต่อวัน', description: 'จำนวนบัญชีใหม่ต่อวัน เว้นว่างถ้าไม่จำกัด' },
    storage_quota_mb: { label: 'พื้นที่อัปโหลด (MB)', description: 'พื้นที่ไฟล์ของร้าน เว้นว่างถ้าใช้ได้เท่าที่ดิสก์มี' },
  },
};
