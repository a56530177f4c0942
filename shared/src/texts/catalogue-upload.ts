/** Texts of the storefront's upload screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const UPLOAD_TEXTS = {
  // the upload control (the spec's messages are upload_* in catalogue.ts)
  upload_choose_label: { th: 'เลือกไฟล์{label}', en: 'Choose files for {label}' },
  // a form's file field, drawn in the site's language rather than the browser's
  file_choose: { th: 'เลือกไฟล์', en: 'Choose file' },
  file_none_chosen: { th: 'ยังไม่ได้เลือกไฟล์', en: 'No file chosen' },
  file_chosen_count: { th: 'เลือกแล้ว {count} ไฟล์: {names}', en: '{count, plural, one {# file} other {# files}} chosen: {names}' },
  upload_types_hint: { th: 'ไฟล์ที่รองรับ: {types}', en: 'Allowed types: {types}' },
  upload_limit_hint: { th: 'สูงสุด {limit} ไฟล์ ({count}/{limit})', en: 'Up to {limit, plural, one {# file} other {# files}} ({count}/{limit})' },
  upload_limit_reached: { th: 'เลือกไฟล์ครบจำนวนแล้ว ลบบางไฟล์ก่อนเลือกไฟล์ใหม่', en: 'The list is full. Delete a file before choosing another.' },
  upload_open_preview: { th: 'ดูรูปที่ {n} จาก {total}: {name}', en: 'View picture {n} of {total}: {name}' },
  upload_delete_item: { th: 'ลบรูปที่ {n}: {name}', en: 'Delete picture {n}: {name}' },
  upload_preview_title: { th: 'ตัวอย่างรูปที่ {n} จาก {total}', en: 'Picture {n} of {total}' },
  upload_new_badge: { th: 'ใหม่', en: 'New' },
  upload_empty: { th: 'ยังไม่มีไฟล์', en: 'No files yet' },
  upload_video_label: { th: 'วิดีโอ {name}', en: 'Video {name}' },
  upload_unsaved_changes: { th: 'มีการเปลี่ยนแปลงที่ยังไม่ได้บันทึก', en: 'You have changes that are not saved yet' },
  // the administrator's picture pages
  admin_uploads_title: { th: 'รูปภาพคอร์สและสินค้า', en: 'Course and product pictures' },
  admin_uploads_intro: { th: 'เลือกคอร์สหรือสินค้าเพื่อจัดการรูปภาพ รูปแรกจะเป็นรูปหน้าปก', en: 'Choose a course or a product to manage its pictures. The first picture is the cover.' },
  admin_uploads_courses: { th: 'คอร์สเรียน', en: 'Courses' },
  admin_uploads_products: { th: 'สินค้า', en: 'Products' },
  admin_uploads_picture_count: { th: '{count} รูป', en: '{count, plural, one {# picture} other {# pictures}}' },
  admin_uploads_edit: { th: 'จัดการรูปภาพ', en: 'Manage pictures' },
  admin_uploads_course_pictures: { th: 'รูปภาพคอร์ส', en: 'Course pictures' },
  admin_uploads_product_gallery: { th: 'แกลเลอรีสินค้า', en: 'Product gallery' },
  admin_uploads_cover_note: { th: 'รูปแรกใช้เป็นรูปหน้าปก รูปถัดไปแสดงในแกลเลอรี', en: 'The first picture is the cover; the others show in the gallery.' },
  admin_uploads_back: { th: 'กลับไปหน้ารายการ', en: 'Back to the list' },
  admin_uploads_saved: { th: 'บันทึกรูปภาพเรียบร้อยแล้ว', en: 'The pictures have been saved' },
  admin_uploads_saving: { th: 'กำลังบันทึก...', en: 'Saving...' },
} as const satisfies Record<string, { th: string; en: string }>;
