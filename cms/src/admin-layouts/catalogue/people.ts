/** Students' groups, registration questions, the site's texts, the upload records and the provider accounts students sign in with. */
import type { AdminLayout } from '../types';

export const USER_GROUP: AdminLayout = {
  uid: 'api::user-group.user-group',
  kind: 'content-type',
  mainField: 'name',
  defaultSortBy: 'sort_order',
  list: ['id', 'name', 'is_default', 'sort_order'],
  groups: [{ title: 'กลุ่มผู้ใช้', fields: ['name', 'description', 'is_default', 'sort_order'] }],
  fields: {
    name: { label: 'ชื่อกลุ่ม', description: 'เช่น บุคคลทั่วไป หรือ สมาชิกสมาคม' },
    is_default: { label: 'กลุ่มเริ่มต้น', column: 'เริ่มต้น', description: 'ผู้สมัครใหม่อยู่กลุ่มนี้ถ้าไม่ได้เลือก' },
    description: { label: 'คำอธิบาย', description: 'ข้อความอธิบายกลุ่มในฟอร์มสมัคร' },
    sort_order: { label: 'ลำดับการแสดง', column: 'ลำดับ', description: 'เลขน้อยแสดงก่อน' },
  },
};

export const CUSTOM_LABEL: AdminLayout = {
  uid: 'api::custom-label.custom-label',
  kind: 'content-type',
  mainField: 'label',
  defaultSortBy: 'order_label',
  list: ['id', 'label', 'type_label', 'required', 'is_active'],
  groups: [
    { title: 'คำถามเพิ่มเติมในฟอร์มสมัคร', fields: ['label', 'type_label', 'required', 'is_active', 'order_label', 'item_list'] },
    { title: 'ภาษาอังกฤษ', fields: ['label_en'] },
  ],
  fields: {
    label_en: { label: 'คำถาม (อังกฤษ)', description: 'ข้อความของคำถามเมื่อเลือกภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    label: { label: 'คำถาม', description: 'ข้อความที่ผู้สมัครเห็นเหนือช่องกรอก' },
    type_label: { label: 'ชนิดคำตอบ', column: 'ชนิด', description: 'ข้อความ ตัวเลือกเดียว หลายตัวเลือก ช่องติ๊ก ปุ่มเลือก หรือรูป' },
    order_label: { label: 'ลำดับ', description: 'เลขน้อยแสดงก่อน' },
    required: { label: 'ต้องตอบ', description: 'บังคับตอบคำถามนี้' },
    item_list: { label: 'ตัวเลือก', description: 'JSON เช่น [{ "value": "a", "label": "ตัวเลือก A", "label_en": "Choice A" }] · label_en คือข้อความภาษาอังกฤษ (ไม่ใส่ก็ได้ จะแสดงภาษาไทย)' },
    is_active: { label: 'เปิดใช้งาน', column: 'เปิด', description: 'แสดงคำถามนี้ในฟอร์มสมัคร' },
  },
};

export const TEXT: AdminLayout = {
  uid: 'api::text.text',
  kind: 'content-type',
  mainField: 'key',
  defaultSortBy: 'key',
  list: ['id', 'key', 'value', 'locale'],
  groups: [
    {
      title: 'ข้อความบนเว็บไซต์',
      fields: [
        ['key', 12],
        ['value', 12],
      ],
    },
  ],
  fields: {
    key: { label: 'คีย์', description: 'ชื่อข้อความในโค้ด ห้ามเปลี่ยน' },
    value: { label: 'ข้อความ', description: 'ข้อความที่แสดงบนเว็บ เว้นว่างเพื่อใช้ข้อความเดิมของระบบ' },
  },
};

export const UPLOAD_RECORD: AdminLayout = {
  uid: 'api::storage.upload-record',
  kind: 'content-type',
  mainField: 'name',
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
  list: ['id', 'name', 'kind', 'size', 'owner', 'createdAt'],
  groups: [{ title: 'ไฟล์ที่อัปโหลด', fields: ['name', 'kind', 'mime', 'size', 'owner', 'file'] }],
  fields: {
    name: { label: 'ชื่อไฟล์', description: 'ชื่อไฟล์ตามที่อัปโหลด' },
    mime: { label: 'ชนิดไฟล์', description: 'ชนิดไฟล์ที่ระบบตรวจพบ' },
    kind: { label: 'ประเภท', description: 'รูป วิดีโอ หรือเอกสาร' },
    size: { label: 'ขนาด (ไบต์)', description: 'ขนาดไฟล์ นับรวมในพื้นที่อัปโหลด' },
    owner: { label: 'ผู้อัปโหลด', description: 'บัญชีที่อัปโหลด', mainField: 'username' },
    file: { label: 'ไฟล์', description: 'ไฟล์ในคลังสื่อ' },
  },
};

export const SOCIAL_IDENTITY: AdminLayout = {
  uid: 'api::social-sign-in.social-identity',
  kind: 'content-type',
  mainField: 'email',
  defaultSortBy: 'id',
  list: ['id', 'provider', 'email', 'user'],
  groups: [{ title: 'บัญชีเข้าสู่ระบบด้วยโซเชียล', fields: ['provider', 'subject', 'email', 'user'] }],
  fields: {
    provider: { label: 'ผู้ให้บริการ', description: 'Google, Facebook หรือ LINE' },
    subject: { label: 'รหัสผู้ใช้ของผู้ให้บริการ', column: 'รหัส', description: 'รหัสที่ผู้ให้บริการส่งมา ใช้จับคู่กับผู้เรียนคนเดียว' },
    email: { label: 'อีเมลที่ผู้ให้บริการยืนยัน', column: 'อีเมล', description: 'อีเมลตอนเข้าสู่ระบบครั้งแรก' },
    user: { label: 'ผู้เรียน', description: 'บัญชีผู้เรียนที่ผูกไว้', mainField: 'username' },
  },
};
