/** Texts of the storefront's preview of unpublished entries (ADR 170), with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const PREVIEW_TEXTS = {
  preview_banner: { th: 'ตัวอย่างก่อนเผยแพร่', en: 'Preview before publishing' },
  preview_banner_hint: {
    th: 'หน้านี้แสดงเนื้อหาล่าสุดที่บันทึกไว้ ผู้เข้าชมทั่วไปจะยังไม่เห็นจนกว่าจะเผยแพร่',
    en: 'This page shows the latest saved content. Visitors do not see it until it is published.',
  },
  preview_banner_text: { th: 'ข้อความ “{key}” ที่แก้ไขแสดงอยู่บนหน้าแรก', en: 'The edited text “{key}” is shown on the home page' },
  preview_link_invalid: { th: 'ลิงก์ตัวอย่างไม่ถูกต้อง', en: 'This preview link is not valid' },
  preview_link_expired: { th: 'ลิงก์ตัวอย่างหมดอายุแล้ว', en: 'This preview link has expired' },
  preview_link_reopen: { th: 'กรุณากลับไปที่ระบบจัดการเนื้อหาแล้วเปิดตัวอย่างอีกครั้ง', en: 'Go back to the content manager and open the preview again.' },
} as const satisfies Record<string, { th: string; en: string }>;
