/**
 * Texts of the CMS editor's own fields (amounts, percents, the site layout), with Thai and
 * English defaults (merged into TEXT_CATALOGUE). The Strapi admin reads the defaults directly.
 */
export const CMS_FIELD_TEXTS = {
  money_input_not_a_number: { th: 'กรุณากรอกจำนวนเงินเป็นตัวเลข เช่น 1,490.00', en: 'Enter the amount as a number, for example 1,490.00' },
  money_input_too_many_decimals: { th: 'ใส่ทศนิยมได้ไม่เกิน 2 ตำแหน่ง', en: 'Use at most 2 decimals' },
  money_input_negative: { th: 'จำนวนต้องไม่ติดลบ', en: 'The amount cannot be negative' },
  money_input_too_large: { th: 'จำนวนมากเกินกว่าที่ระบบรับได้', en: 'The amount is too large' },
  money_input_above_whole: { th: 'เปอร์เซ็นต์ต้องไม่เกิน 100', en: 'The percent cannot be above 100' },
  money_input_percent_not_a_number: { th: 'กรุณากรอกเปอร์เซ็นต์เป็นตัวเลข เช่น 7 หรือ 7.50', en: 'Enter the percent as a number, for example 7 or 7.50' },
  money_input_hint_thb: { th: 'จำนวนเงินเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 1,490.00', en: 'Amount in baht, at most 2 decimals, for example 1,490.00' },
  money_input_hint_usd: { th: 'จำนวนเงินเป็นดอลลาร์สหรัฐ ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 49.00', en: 'Amount in US dollars, at most 2 decimals, for example 49.00' },
  money_input_hint_percent: { th: 'เปอร์เซ็นต์ ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 7 หรือ 7.50', en: 'Percent, at most 2 decimals, for example 7 or 7.50' },
  money_field_label: { th: 'จำนวนเงิน', en: 'Amount' },
  money_field_description: { th: 'จำนวนเงินที่แสดงและกรอกเป็นบาทหรือดอลลาร์ (เก็บเป็นสตางค์/เซนต์)', en: 'An amount shown and typed in baht or dollars (kept in minor units)' },
  percent_field_label: { th: 'เปอร์เซ็นต์', en: 'Percent' },
  percent_field_description: { th: 'เปอร์เซ็นต์ที่แสดงและกรอกเป็น % (เก็บเป็นหนึ่งในร้อยของเปอร์เซ็นต์)', en: 'A percent shown and typed as % (kept in basis points)' },
  site_layout_field_label: { th: 'รูปแบบหน้าคอร์ส', en: 'Course page layout' },
  site_layout_field_description: {
    th: 'รูปแบบหน้ารายละเอียดคอร์สของทั้งเว็บไซต์: มาตรฐาน, แบนเนอร์เต็มจอ (ชื่อคอร์สบนภาพปก), ภาพตัวอย่างใหญ่ด้านบน หรือหน้าสมัครเรียน (สมัครและชำระเงินได้ในหน้าคอร์ส)',
    en: 'The course detail page layout of the whole site: standard, full-width banner (title over the cover), large preview on top, or the registration page (sign up and pay on the course page)',
  },
  site_layout_placeholder: { th: 'เลือกรูปแบบหน้าคอร์ส', en: 'Choose a course page layout' },
  site_layout_default: { th: 'มาตรฐาน (กล่องราคาด้านข้าง)', en: 'Standard (price box at the side)' },
  site_layout_1: { th: 'แบนเนอร์เต็มจอ', en: 'Full-width banner' },
  site_layout_3: { th: 'ภาพตัวอย่างใหญ่ด้านบน', en: 'Large preview on top' },
  site_layout_4: { th: 'หน้าสมัครเรียนและชำระเงิน', en: 'Registration and payment page' },
} as const satisfies Record<string, { th: string; en: string }>;
