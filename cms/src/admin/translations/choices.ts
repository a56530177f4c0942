/**
 * Thai for the choices of the content model's lists (enumerations): Strapi's select shows each
 * stored value through the admin's translations, so these turn `One-Time Payment` or
 * `notYetReceived` into what an editor reads. The stored values stay as they are.
 */
export const CHOICES_TH: Record<string, string> = {
  // pricing plans
  Free: 'ฟรี',
  'One-Time Payment': 'จ่ายครั้งเดียว',
  Period: 'ตามระยะเวลา',
  Actual: 'ตามช่วงวันที่จริง',
  COURSE: 'คอร์ส',
  PRODUCT: 'สินค้า',
  'Hour(s)': 'ชั่วโมง',
  'Day(s)': 'วัน',
  'Month(s)': 'เดือน',
  'Year(s)': 'ปี',
  default: 'ราคาปกติ',
  renew: 'ราคาต่ออายุ',
  others: 'อื่น ๆ',
  Student: 'ผู้เรียนของคอร์สที่เลือก',
  // course types
  Online: 'ออนไลน์',
  'In-class': 'เรียนในห้องเรียน',
  Flex: 'เรียนแบบยืดหยุ่น',
  'Live-Broadcast': 'ถ่ายทอดสด',
  'Live-Room': 'ห้องเรียนสด',
  'Live-Room-Student-Camera': 'ห้องเรียนสด (เปิดกล้องผู้เรียน)',
  'Private-Classroom': 'ห้องเรียนส่วนตัว',
  product: 'สินค้า',
  // coupons and promotions
  amount: 'ลดเป็นจำนวนเงิน',
  percent: 'ลดเป็นเปอร์เซ็นต์',
  // money
  THB: 'บาท (THB)',
  USD: 'ดอลลาร์สหรัฐ (USD)',
  // VAT mode of the site and of each order
  included: 'รวม VAT ในราคาแล้ว',
  added: 'บวก VAT เพิ่มจากราคา',
  // orders, transfer reports and payment attempts
  notYetReceived: 'ยังไม่ได้รับชำระ',
  pendingApproved: 'รออนุมัติ',
  pending: 'รอตรวจสอบ',
  review: 'กำลังตรวจสอบ',
  approved: 'อนุมัติแล้ว',
  rejected: 'ปฏิเสธแล้ว',
  cancelled: 'ยกเลิกแล้ว',
  expired: 'หมดอายุ',
  // lectures and files
  text: 'ข้อความ',
  file: 'ไฟล์',
  quiz: 'แบบทดสอบ',
  homework: 'การบ้าน',
  url: 'ลิงก์',
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  video: 'วิดีโอ',
  document: 'เอกสาร',
  image: 'รูปภาพ',
  // registration fields (custom labels)
  inputtext: 'ช่องกรอกข้อความ',
  select: 'รายการให้เลือก',
  radio: 'เลือกได้ข้อเดียว',
  checkbox: 'ช่องติ๊ก',
  multiple: 'เลือกได้หลายข้อ',
};
