/**
 * The paperwork after payment (ADRs 197, 198): the buyers' withholding certificates, the credit
 * notes and their counter. Written only by the shop's own calls, shown read-only in the admin.
 */
import type { AdminLayout } from '../types';
import { yearCounterLayout } from './orders';

export const WITHHOLDING_CERTIFICATE: AdminLayout = {
  uid: 'api::order-paperwork.withholding-certificate',
  kind: 'content-type',
  readOnly: true,
  mainField: 'file_name',
  defaultSortBy: 'uploaded_at',
  defaultSortOrder: 'DESC',
  list: ['order', 'file_name', 'uploaded_at'],
  groups: [{ title: 'หนังสือรับรองการหักภาษี ณ ที่จ่าย', fields: ['order', 'file_name', 'upload', 'uploaded_at'] }],
  fields: {
    order: { label: 'คำสั่งซื้อ', description: 'คำสั่งซื้อที่ผู้ซื้อหักภาษี ณ ที่จ่าย', mainField: 'id' },
    file_name: { label: 'ไฟล์', column: 'ไฟล์', description: 'ไฟล์ส่วนตัวของผู้ซื้อ เปิดได้จากหน้าคำสั่งซื้อของผู้ดูแลร้าน' },
    upload: { label: 'บันทึกการอัปโหลด', description: 'ไฟล์ที่ผู้ซื้ออัปโหลด', mainField: 'name' },
    uploaded_at: { label: 'ส่งเมื่อ', column: 'วันที่', description: 'วันเวลาที่ผู้ซื้อส่งหนังสือรับรอง' },
  },
};

export const CREDIT_NOTE: AdminLayout = {
  uid: 'api::order-paperwork.credit-note',
  kind: 'content-type',
  readOnly: true,
  mainField: 'code',
  defaultSortBy: 'issued_at',
  defaultSortOrder: 'DESC',
  list: ['code', 'order', 'original', 'issued_at'],
  groups: [{ title: 'ใบลดหนี้', fields: ['code', 'year', 'number', 'order', 'original', 'reason', 'issued_at', 'content'] }],
  fields: {
    code: { label: 'เลขที่ใบลดหนี้', column: 'เลขที่', description: 'CN ปี ค.ศ. และลำดับในปี ไม่ข้ามและไม่ซ้ำ' },
    year: { label: 'ปี', description: 'ปี ค.ศ. ของวันที่ออก (เวลาประเทศไทย)' },
    number: { label: 'ลำดับในปี', description: 'เลขลำดับของใบลดหนี้ในปีนั้น' },
    order: { label: 'คำสั่งซื้อ', description: 'คำสั่งซื้อที่ร้านยกเลิกหลังชำระเงิน', mainField: 'id' },
    original: { label: 'เอกสารเดิม', description: 'ใบเสร็จรับเงินหรือใบกำกับภาษีที่ลดหนี้', mainField: 'code' },
    reason: { label: 'เหตุผล', description: 'เหตุผลที่ยกเลิก พิมพ์ในใบลดหนี้' },
    issued_at: { label: 'ออกเมื่อ', column: 'วันที่', description: 'วันเวลาที่ยกเลิกคำสั่งซื้อ' },
    content: { label: 'ข้อมูลในเอกสาร', description: 'ผู้ขาย ผู้ซื้อ เอกสารเดิม และยอดเงิน ณ วันออก ใช้พิมพ์ PDF ซ้ำได้เหมือนเดิม' },
  },
};

export const CREDIT_NOTE_COUNTER = yearCounterLayout('api::order-paperwork.credit-note-counter', 'ตัวนับเลขที่ใบลดหนี้', 'เลขที่ใบลดหนี้ที่ออกไปล่าสุดในปีนั้น');
