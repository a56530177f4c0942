/**
 * The Thai demo catalogue: what a fresh install shows. Pure data; index.ts writes it.
 * Amounts are written in minor units as the database stores them: `price` in satang
 * (199_000 is ฿1,990.00), `price_usd` and `*_usd` in cents (5900 is $59.00);
 * percentages in basis points (1000 is 10%).
 */
import type { CourseType, CustomLabelType, PlanType, PricingType, TermUnit } from '@sala/shared/constants';

const DAY_MS = 86_400_000;
/** A date `days` from the seeding moment, at 09:00 Bangkok (02:00 UTC). */
export function daysFromNow(days: number, now = Date.now()): Date {
  const date = new Date(now + days * DAY_MS);
  date.setUTCHours(2, 0, 0, 0);
  return date;
}

export type PlanSeed = {
  name: string;
  plan_type: PlanType;
  price: number | null;
  price_usd?: number | null;
  term?: number;
  term_unit?: TermUnit;
  term_2?: number;
  term_unit_2?: TermUnit;
  pricing_type?: PricingType;
  is_default?: boolean;
  is_for_member?: boolean;
  need_approval?: boolean;
  status_show?: boolean;
  /** Keys of the courses a student must own for a `free_for: Student` plan. */
  free_for_owners_of?: string[];
};

export type LectureSeed = {
  name: string;
  type: 'video' | 'text' | 'file' | 'quiz' | 'homework';
  preview?: boolean;
  video?: 'welcome' | 'basics' | 'workshop' | 'cooking';
  text?: string;
};

export type SectionSeed = { name: string; lectures: LectureSeed[] };

export type CourseSeed = {
  key: string;
  title: string;
  slug: string;
  course_type: CourseType;
  picture: string;
  teacher: string;
  groups: string[];
  short_description: string;
  description: string;
  is_published?: boolean;
  /** Days from now after which the course is no longer listed; negative = already ended. */
  end_publish_in_days?: number;
  is_bestseller?: boolean;
  seat?: number | null;
  courseVenue?: string;
  classType: string;
  /** Days from now: registration opens, closes; the class starts, ends. */
  dates?: { startReg: number; endReg: number; start: number; end: number };
  coursePoint?: number;
  free_book?: boolean;
  free_book_type?: string;
  course_length?: string;
  course_language?: string;
  is_layout_course_registration?: boolean;
  is_recertification_course?: boolean;
  only_for_groups?: string[];
  preview_video?: 'welcome' | 'basics' | 'workshop';
  plans: PlanSeed[];
  curriculum: SectionSeed[];
};

export const TEACHERS = [
  { key: 'somchai', name: 'อาจารย์สมชาย ใจดี', headline: 'ที่ปรึกษาการตลาดดิจิทัล 15 ปี', bio: 'อดีตหัวหน้าฝ่ายการตลาดออนไลน์ของบริษัทค้าปลีกชั้นนำ สอนผู้ประกอบการมาแล้วกว่า 3,000 คน' },
  { key: 'wipawadee', name: 'อาจารย์วิภาวดี ศรีสุข', headline: 'ผู้สอบบัญชีรับอนุญาตและวิทยากร Excel', bio: 'ผู้สอบบัญชีรับอนุญาต ชอบทำเรื่องตัวเลขให้เป็นเรื่องง่ายสำหรับคนทำงาน' },
  { key: 'anan', name: 'โค้ชอนันต์ วงศ์ศิลป์', headline: 'โค้ชการพูดและช่างภาพอาชีพ', bio: 'ช่างภาพสารคดีและโค้ชการนำเสนอ สอนทั้งในห้องเรียนและแบบตัวต่อตัว' },
] as const;

export const COURSE_GROUPS = [
  { key: 'marketing', name: 'การตลาด', slug: 'marketing', description: 'การตลาดออนไลน์ โฆษณา และการขาย' },
  { key: 'business', name: 'ธุรกิจและการเงิน', slug: 'business-finance', description: 'บัญชี การลงทุน และการบริหาร' },
  { key: 'tech', name: 'เทคโนโลยี', slug: 'technology', description: 'โปรแกรมสำนักงานและการเขียนโปรแกรม' },
  { key: 'language', name: 'ภาษาและการสื่อสาร', slug: 'language-communication', description: 'ภาษาต่างประเทศและการพูดในที่สาธารณะ' },
  { key: 'lifestyle', name: 'ไลฟ์สไตล์', slug: 'lifestyle', description: 'ถ่ายภาพ ทำอาหาร และงานอดิเรก' },
] as const;

export const USER_GROUPS = [
  { key: 'general', name: 'บุคคลทั่วไป', is_default: true, description: 'ผู้เรียนทั่วไปที่สมัครผ่านเว็บไซต์' },
  { key: 'partner', name: 'พนักงานองค์กรพันธมิตร', is_default: false, description: 'พนักงานของบริษัทที่ทำสัญญาฝึกอบรมกับศาลา' },
] as const;

const STANDARD_CURRICULUM = (topic: string): SectionSeed[] => [
  {
    name: `เริ่มต้น${topic}`,
    lectures: [
      { name: 'แนะนำคอร์สและผู้สอน', type: 'video', preview: true, video: 'welcome' },
      { name: 'สิ่งที่ต้องเตรียมก่อนเรียน', type: 'text', text: `ก่อนเริ่ม${topic} ให้เตรียมสมุดจดและตั้งเป้าหมายของตัวเองไว้ 1 ข้อ` },
    ],
  },
  {
    name: `ลงมือ${topic}`,
    lectures: [
      { name: 'พื้นฐานที่ต้องรู้', type: 'video', video: 'basics' },
      { name: 'ฝึกปฏิบัติทีละขั้น', type: 'video', video: 'workshop' },
    ],
  },
];

/** The questions of the demo quiz lecture: `answer` is the index of the right choice (never sent to the browser). */
export const DEMO_QUIZ_QUESTIONS = [
  { question: 'ลูกค้าส่วนใหญ่ทำอะไรก่อนตัดสินใจซื้อสินค้า', choices: ['ค้นหาข้อมูลออนไลน์', 'ซื้อทันทีโดยไม่ดูข้อมูล', 'รอให้ร้านโทรหา'], answer: 0 },
  { question: 'แผนคอนเทนต์รายเดือนช่วยธุรกิจอย่างไร', choices: ['ทำให้โพสต์ได้สม่ำเสมอตามเป้าหมาย', 'ทำให้ไม่ต้องดูผลลัพธ์', 'ทำให้ไม่ต้องรู้จักลูกค้า'], answer: 0 },
  { question: 'ก่อนยิงโฆษณาครั้งแรก ควรกำหนดสิ่งใดก่อน', choices: ['สีของโลโก้', 'กลุ่มเป้าหมายและงบประมาณ', 'จำนวนพนักงาน'], answer: 1 },
];

export const COURSES: CourseSeed[] = [
  {
    key: 'marketing',
    title: 'การตลาดออนไลน์สำหรับมือใหม่',
    slug: 'online-marketing-for-beginners',
    course_type: 'Online',
    picture: 'courses/online-marketing.jpg',
    teacher: 'somchai',
    groups: ['marketing'],
    short_description: 'วางแผนคอนเทนต์ ยิงโฆษณา และวัดผลได้เองภายใน 30 วัน',
    description: '## คอร์สนี้เหมาะกับใคร\n\nเจ้าของธุรกิจและพนักงานที่อยากเริ่มทำการตลาดออนไลน์อย่างเป็นระบบ\n\n## สิ่งที่จะได้เรียน\n\n- วางแผนคอนเทนต์รายเดือน\n- ยิงโฆษณาบนโซเชียลมีเดีย\n- อ่านรายงานและปรับแคมเปญ',
    is_bestseller: true,
    classType: 'เรียนออนไลน์',
    coursePoint: 3,
    course_length: '4 ชั่วโมง 30 นาที',
    free_book: true,
    free_book_type: 'ebook',
    preview_video: 'welcome',
    plans: [
      { name: 'ซื้อขาด เรียนได้ตลอด', plan_type: 'One-Time Payment', price: 199_000, price_usd: 5900, is_default: true },
      { name: 'ราคาสมาชิก', plan_type: 'One-Time Payment', price: 159_000, price_usd: 4700, is_for_member: true },
      { name: 'ต่ออายุ 1 ปี', plan_type: 'Period', price: 99_000, term: 1, term_unit: 'Year(s)', pricing_type: 'renew' },
      { name: 'แพ็กเกจองค์กร 5 ที่นั่ง', plan_type: 'One-Time Payment', price: 890_000, pricing_type: 'others' },
    ],
    curriculum: [
      {
        name: 'เริ่มต้นการตลาดออนไลน์',
        lectures: [
          { name: 'แนะนำคอร์สและผู้สอน', type: 'video', preview: true, video: 'welcome' },
          { name: 'ทำไมธุรกิจต้องอยู่บนโลกออนไลน์', type: 'text', text: 'ลูกค้าค้นหาข้อมูลก่อนซื้อเสมอ ร้านที่ไม่มีตัวตนออนไลน์จึงเสียโอกาสตั้งแต่ยังไม่เริ่มขาย' },
          { name: 'เอกสารประกอบการเรียน', type: 'file' },
        ],
      },
      {
        name: 'วางแผนและลงมือทำ',
        lectures: [
          { name: 'วางแผนคอนเทนต์รายเดือน', type: 'video', video: 'basics' },
          { name: 'ยิงโฆษณาครั้งแรก', type: 'video', video: 'workshop' },
          { name: 'แบบทดสอบท้ายบท', type: 'quiz' },
          { name: 'การบ้าน: แผนคอนเทนต์ของคุณ', type: 'homework' },
        ],
      },
    ],
  },
  {
    key: 'excel',
    title: 'Excel สำหรับคนทำงาน',
    slug: 'excel-for-work',
    course_type: 'Flex',
    picture: 'courses/excel.jpg',
    teacher: 'wipawadee',
    groups: ['tech', 'business'],
    short_description: 'สูตร ตาราง Pivot และกราฟที่ใช้จริงในออฟฟิศ เรียนเมื่อไรก็ได้',
    description: '## เรียนแบบยืดหยุ่น\n\nดูวิดีโอได้ทุกที่ พร้อมไฟล์แบบฝึกหัดให้ดาวน์โหลด\n\n- สูตรที่ใช้บ่อย 30 สูตร\n- Pivot Table\n- กราฟสำหรับรายงานผู้บริหาร',
    is_bestseller: true,
    classType: 'เรียนออนไลน์แบบยืดหยุ่น',
    course_length: '6 ชั่วโมง',
    plans: [
      { name: 'เรียน 6 เดือน', plan_type: 'Period', price: 249_000, price_usd: 7200, term: 6, term_unit: 'Month(s)', is_default: true },
      { name: 'เรียน 3 เดือน 15 วัน', plan_type: 'Actual', price: 179_000, term: 3, term_unit: 'Month(s)', term_2: 15, term_unit_2: 'Day(s)' },
    ],
    curriculum: STANDARD_CURRICULUM('ใช้ Excel'),
  },
  {
    key: 'photo',
    title: 'เวิร์กช็อปถ่ายภาพด้วยมือถือ',
    slug: 'mobile-photography-workshop',
    course_type: 'In-class',
    picture: 'courses/photo-workshop.jpg',
    teacher: 'anan',
    groups: ['lifestyle'],
    short_description: 'เวิร์กช็อป 1 วันเต็ม ฝึกจัดแสง จัดองค์ประกอบ และแต่งภาพในมือถือ รับเพียง 5 ที่นั่ง',
    description: '## เรียนในห้องเรียน\n\nกลุ่มเล็กเพียง 5 คน ผู้สอนดูแลใกล้ชิด\n\n**สถานที่:** ห้องประชุม A ชั้น 3 อาคารสาทรซิตี้ทาวเวอร์',
    seat: 5,
    courseVenue: 'ห้องประชุม A ชั้น 3 อาคารสาทรซิตี้ทาวเวอร์ ถนนสาทรใต้ กรุงเทพฯ 10120',
    classType: 'เรียนในห้องเรียน',
    dates: { startReg: -7, endReg: 30, start: 35, end: 35 },
    course_length: '1 วัน (09:00-16:00 น.)',
    is_layout_course_registration: true,
    preview_video: 'workshop',
    plans: [{ name: 'ค่าลงทะเบียนเวิร์กช็อป', plan_type: 'One-Time Payment', price: 350_000, price_usd: 10_000, is_default: true }],
    curriculum: [
      {
        name: 'เตรียมตัวก่อนวันเวิร์กช็อป',
        lectures: [
          { name: 'รายละเอียดการเดินทางและสิ่งที่ต้องนำมา', type: 'text', preview: true, text: 'นำโทรศัพท์มือถือที่ชาร์จเต็ม สายชาร์จ และมาถึงก่อนเวลา 15 นาที' },
          { name: 'คลิปแนะนำผู้สอน', type: 'video', video: 'workshop' },
        ],
      },
    ],
  },
  {
    key: 'speaking',
    title: 'โค้ชชิ่งการพูดในที่สาธารณะแบบตัวต่อตัว',
    slug: 'private-public-speaking-coaching',
    course_type: 'Private-Classroom',
    picture: 'courses/public-speaking.jpg',
    teacher: 'anan',
    groups: ['language'],
    short_description: 'โค้ชส่วนตัว 4 ครั้ง ครั้งละ 90 นาที ออกแบบตามเป้าหมายของคุณ',
    description: '## ห้องเรียนส่วนตัว\n\nนัดเวลาเรียนกับโค้ชได้เอง เรียนที่สตูดิโอหรือออนไลน์',
    classType: 'ห้องเรียนส่วนตัว',
    course_length: '4 ครั้ง ครั้งละ 90 นาที',
    plans: [{ name: 'แพ็กเกจ 4 ครั้ง', plan_type: 'One-Time Payment', price: 1_500_000, price_usd: 45_000, is_default: true }],
    curriculum: STANDARD_CURRICULUM('พูดให้มั่นใจ'),
  },
  {
    key: 'stocks',
    title: 'สัมมนาออนไลน์ การลงทุนหุ้นเบื้องต้น',
    slug: 'live-stock-investing-seminar',
    course_type: 'Live-Broadcast',
    picture: 'courses/stock-investing.jpg',
    teacher: 'wipawadee',
    groups: ['business'],
    short_description: 'ถ่ายทอดสด 2 ชั่วโมง ถามตอบสดกับวิทยากร เข้าร่วมฟรี (รอผู้ดูแลอนุมัติ)',
    description: '## สัมมนาถ่ายทอดสด\n\nเข้าร่วมฟรี ผู้ดูแลจะอนุมัติสิทธิ์และส่งลิงก์ให้ทางอีเมล',
    classType: 'ถ่ายทอดสด',
    dates: { startReg: -3, endReg: 14, start: 15, end: 15 },
    plans: [{ name: 'เข้าร่วมฟรี', plan_type: 'Free', price: 0, price_usd: 0, is_default: true, need_approval: true }],
    curriculum: [{ name: 'ห้องสัมมนา', lectures: [{ name: 'ตัวอย่างการถ่ายทอดสดครั้งก่อน', type: 'video', preview: true, video: 'basics' }] }],
  },
  {
    key: 'english',
    title: 'ห้องเรียนสด ภาษาอังกฤษเพื่อการสื่อสาร',
    slug: 'live-english-conversation',
    course_type: 'Live-Room',
    picture: 'courses/english.jpg',
    teacher: 'somchai',
    groups: ['language'],
    short_description: 'เรียนสดสัปดาห์ละ 2 ครั้ง นาน 2 เดือน ฝึกพูดกับเพื่อนร่วมห้อง',
    description: '## ห้องเรียนสด\n\nเรียนผ่านห้องเรียนออนไลน์ทุกวันอังคารและพฤหัสบดี 19:00-20:30 น.',
    classType: 'ห้องเรียนสดออนไลน์',
    dates: { startReg: -10, endReg: 20, start: 21, end: 81 },
    plans: [{ name: 'คอร์ส 2 เดือน', plan_type: 'Actual', price: 490_000, price_usd: 14_000, term: 2, term_unit: 'Month(s)', is_default: true }],
    curriculum: STANDARD_CURRICULUM('สื่อสารภาษาอังกฤษ'),
  },
  {
    key: 'python',
    title: 'ห้องเรียนสด เขียนโปรแกรม Python แบบเปิดกล้อง',
    slug: 'live-python-with-camera',
    course_type: 'Live-Room-Student-Camera',
    picture: 'courses/python.jpg',
    teacher: 'wipawadee',
    groups: ['tech'],
    short_description: 'เรียนสดแบบเปิดกล้อง ผู้สอนช่วยแก้โค้ดให้ทีละคน',
    description: '## เปิดกล้องเรียน\n\nผู้เรียนเปิดกล้องและแชร์หน้าจอ ผู้สอนดูแลทีละคน เหมาะกับผู้เริ่มต้น',
    classType: 'ห้องเรียนสดแบบเปิดกล้อง',
    dates: { startReg: -5, endReg: 25, start: 28, end: 56 },
    only_for_groups: ['partner'],
    plans: [{ name: 'คอร์ส 8 ครั้ง', plan_type: 'One-Time Payment', price: 590_000, price_usd: 17_000, is_default: true }],
    curriculum: STANDARD_CURRICULUM('เขียน Python'),
  },
  {
    key: 'accounting',
    title: 'บัญชีสำหรับธุรกิจขนาดเล็ก (หลักสูตรต่ออายุใบรับรอง)',
    slug: 'small-business-accounting-recertification',
    course_type: 'Online',
    picture: 'courses/accounting.jpg',
    teacher: 'wipawadee',
    groups: ['business'],
    short_description: 'นับชั่วโมงพัฒนาความรู้ต่อเนื่องได้ 6 ชั่วโมง ฟรีสำหรับผู้ที่เรียนการตลาดและ Excel แล้ว',
    description: '## หลักสูตรต่ออายุ\n\nเรียนครบและผ่านแบบทดสอบ รับหนังสือรับรองชั่วโมงพัฒนาความรู้ต่อเนื่อง',
    classType: 'เรียนออนไลน์',
    coursePoint: 6,
    is_recertification_course: true,
    course_length: '6 ชั่วโมง',
    plans: [
      { name: 'ซื้อขาด', plan_type: 'One-Time Payment', price: 120_000, price_usd: 3500, is_default: true },
      { name: 'ฟรีสำหรับผู้เรียนคอร์สการตลาดและ Excel', plan_type: 'Free', price: 0, free_for_owners_of: ['marketing', 'excel'] },
    ],
    curriculum: STANDARD_CURRICULUM('ทำบัญชี'),
  },
  {
    key: 'cooking',
    title: 'ทำอาหารไทยง่าย ๆ ที่บ้าน',
    slug: 'easy-thai-home-cooking',
    course_type: 'Online',
    picture: 'courses/thai-cooking.jpg',
    teacher: 'anan',
    groups: ['lifestyle'],
    short_description: 'ต้มยำ ผัดไทย แกงเขียวหวาน ทำตามได้ในครัวบ้าน เรียนฟรี',
    description: '## เรียนฟรี\n\nสูตรอาหารไทย 10 เมนู พร้อมรายการวัตถุดิบ',
    classType: 'เรียนออนไลน์',
    course_language: 'th',
    plans: [
      { name: 'เรียนฟรี', plan_type: 'Free', price: 0, price_usd: 0, is_default: true },
      { name: 'ดูย้อนหลัง 48 ชั่วโมงพร้อมสูตร PDF', plan_type: 'Period', price: 9900, term: 48, term_unit: 'Hour(s)', pricing_type: 'others' },
    ],
    // A one-minute lesson with Thai subtitles: long enough to leave and resume mid-video.
    curriculum: [
      {
        name: 'เริ่มต้นทำอาหาร',
        lectures: [
          { name: 'แนะนำคอร์สและผู้สอน', type: 'video', preview: true, video: 'welcome' },
          { name: 'สิ่งที่ต้องเตรียมก่อนเรียน', type: 'text', text: 'เตรียมกระทะ หม้อ และวัตถุดิบของเมนูแรกให้พร้อม แล้วอ่านสูตรให้จบก่อนเริ่มทำ' },
        ],
      },
      {
        name: 'ลงมือทำอาหาร',
        lectures: [
          { name: 'ต้มยำกุ้งทีละขั้น', type: 'video', video: 'cooking' },
          { name: 'สูตรและรายการวัตถุดิบ', type: 'file' },
        ],
      },
    ],
  },
  {
    key: 'ux-draft',
    title: 'คอร์สร่าง การออกแบบ UX ขั้นสูง',
    slug: 'advanced-ux-design-draft',
    course_type: 'Online',
    picture: 'courses/ux-draft.jpg',
    teacher: 'somchai',
    groups: ['tech'],
    short_description: 'ยังไม่เปิดขาย',
    description: 'เนื้อหากำลังจัดทำ',
    is_published: false,
    classType: 'เรียนออนไลน์',
    plans: [{ name: 'ซื้อขาด', plan_type: 'One-Time Payment', price: 290_000, is_default: true }],
    curriculum: STANDARD_CURRICULUM('ออกแบบ UX'),
  },
  {
    key: 'ended',
    title: 'คอร์สปิดการขายแล้ว การขายบนมาร์เก็ตเพลส',
    slug: 'marketplace-selling-ended',
    course_type: 'Online',
    picture: 'courses/online-marketing.jpg',
    teacher: 'somchai',
    groups: ['marketing'],
    short_description: 'ปิดการขายแล้ว',
    description: 'คอร์สนี้ปิดการขายแล้ว',
    end_publish_in_days: -30,
    classType: 'เรียนออนไลน์',
    plans: [{ name: 'ซื้อขาด', plan_type: 'One-Time Payment', price: 99_000, is_default: true }],
    curriculum: STANDARD_CURRICULUM('ขายของออนไลน์'),
  },
  {
    // Comes with a printed book sent to the buyer: its checkout asks for a shipping address and method.
    key: 'copywriting-book',
    title: 'เขียนคำโฆษณาให้ขายได้ พร้อมหนังสือเล่มจริง',
    slug: 'copywriting-with-printed-book',
    course_type: 'Flex',
    picture: 'courses/online-marketing.jpg',
    teacher: 'somchai',
    groups: ['marketing'],
    short_description: 'สูตรเขียนพาดหัวและคำโฆษณาที่ใช้ได้จริง พร้อมหนังสือแบบฝึกหัดเล่มจริงส่งถึงบ้าน',
    description: '## ได้หนังสือเล่มจริง\n\nหนังสือแบบฝึกหัด 120 หน้า จัดส่งถึงบ้านหลังชำระเงิน\n\n- สูตรพาดหัว 50 แบบ\n- แบบฝึกหัดท้ายบท',
    classType: 'เรียนออนไลน์แบบยืดหยุ่น',
    course_length: '3 ชั่วโมง',
    free_book: true,
    free_book_type: 'physical',
    is_layout_course_registration: true,
    plans: [{ name: 'คอร์สพร้อมหนังสือ', plan_type: 'One-Time Payment', price: 149_000, is_default: true }],
    curriculum: STANDARD_CURRICULUM('เขียนคำโฆษณา'),
  },
];

export type ProductSeed = {
  key: string;
  title: string;
  slug: string;
  sku: string;
  picture: string;
  gallery: string[];
  available_qty: number;
  short_description: string;
  description: string;
  price: number;
  price_usd: number;
};

export const PRODUCTS: ProductSeed[] = [
  {
    key: 'book-marketing',
    title: 'หนังสือ คู่มือการตลาดออนไลน์ ฉบับปฏิบัติ',
    slug: 'online-marketing-handbook',
    sku: 'BOOK-MKT-01',
    picture: 'products/book-marketing.jpg',
    gallery: ['products/book-marketing.jpg', 'products/book-marketing-back.jpg'],
    available_qty: 50,
    short_description: 'หนังสือ 240 หน้า พิมพ์สี่สี พร้อมแบบฟอร์มวางแผนคอนเทนต์',
    description: '## คู่มือการตลาดออนไลน์\n\nสรุปทุกบทของคอร์สพร้อมตัวอย่างจริง 20 กรณีศึกษา',
    price: 45_000,
    price_usd: 1400,
  },
  {
    key: 'book-excel',
    title: 'หนังสือ 100 สูตร Excel ที่ใช้บ่อย',
    slug: 'excel-100-formulas',
    sku: 'BOOK-XLS-01',
    picture: 'products/book-excel.jpg',
    gallery: ['products/book-excel.jpg', 'products/book-excel-back.jpg'],
    available_qty: 20,
    short_description: 'อธิบายทีละสูตร พร้อมไฟล์ตัวอย่างให้ดาวน์โหลด',
    description: '## 100 สูตร Excel\n\nจัดหมวดตามงาน: บัญชี บุคคล ขาย และรายงาน',
    price: 39_000,
    price_usd: 1200,
  },
  {
    key: 'book-cooking',
    title: 'หนังสือ ตำราอาหารไทยประจำบ้าน',
    slug: 'thai-home-cookbook',
    sku: 'BOOK-COOK-01',
    picture: 'products/book-cooking.jpg',
    gallery: ['products/book-cooking.jpg', 'products/book-cooking-back.jpg'],
    available_qty: 3,
    short_description: 'รวม 60 เมนูอาหารไทย ภาพประกอบทุกขั้นตอน',
    description: '## ตำราอาหารไทย\n\nเมนูคาว หวาน และน้ำพริก พร้อมเคล็ดลับเลือกวัตถุดิบ',
    price: 52_000,
    price_usd: 1600,
  },
];

export const SHIPPING_FEES = [
  { name: 'ไปรษณีย์ลงทะเบียน', description: 'ได้รับภายใน 3-5 วันทำการ', price: 5000, price_usd: 200, sort_order: 1 },
  { name: 'EMS ไปรษณีย์ด่วนพิเศษ', description: 'ได้รับภายใน 1-2 วันทำการ', price: 8000, price_usd: 300, sort_order: 2 },
  { name: 'รับเองที่สำนักงาน', description: 'รับได้ที่อาคารสาทรซิตี้ทาวเวอร์ ในวันและเวลาทำการ', price: 0, price_usd: 0, sort_order: 3 },
];

export type PaymentMethodSeed = {
  method_id: number;
  name: string;
  payment_type: string;
  description: string;
};

/**
 * Every payment method id of the spec, enabled. Keys, settings and sandbox hosts come from
 * payment-sandbox/src/demo-keys.ts (see sandbox-keys.ts), the one source the sandboxes accept.
 */
export const PAYMENT_METHODS: PaymentMethodSeed[] = [
  { method_id: 1, name: 'โอนเงินผ่านธนาคาร', payment_type: 'bank_transfer', description: 'โอนเงินเข้าบัญชีแล้วแจ้งชำระเงินพร้อมแนบสลิป' },
  { method_id: 2, name: 'PayPal', payment_type: 'paypal', description: 'ชำระผ่านบัญชี PayPal หรือบัตร' },
  { method_id: 3, name: 'บัตรเครดิต/เดบิต (2C2P)', payment_type: 'credit_card', description: 'กรอกบัตรบนหน้าชำระเงินที่ปลอดภัย' },
  { method_id: 4, name: 'QR Code ธนาคาร', payment_type: 'qr_code', description: 'สแกน QR ด้วยแอปธนาคารใดก็ได้' },
  { method_id: 8, name: 'บัตรเครดิต/เดบิต', payment_type: 'credit_card', description: 'Visa, Mastercard, JCB' },
  { method_id: 9, name: 'พร้อมเพย์', payment_type: 'promptpay', description: 'สแกน QR พร้อมเพย์ ยืนยันอัตโนมัติ' },
  { method_id: 10, name: 'ผ่อนชำระผ่านบัตรเครดิต', payment_type: 'installment', description: 'ผ่อน 0% นาน 3-10 เดือน' },
  { method_id: 11, name: 'บัตรเครดิต (Xendit)', payment_type: 'credit_card', description: 'ชำระผ่านหน้าใบแจ้งหนี้ออนไลน์' },
  { method_id: 12, name: 'พร้อมเพย์ (Xendit)', payment_type: 'promptpay', description: 'สแกน QR พร้อมเพย์' },
  { method_id: 13, name: 'บัตรเครดิต (Pay Solutions)', payment_type: 'credit_card', description: 'ชำระผ่านหน้าชำระเงินของผู้ให้บริการ' },
  { method_id: 15, name: 'QR Code (2C2P)', payment_type: 'qr_code', description: 'สแกน QR ผ่านหน้าชำระเงิน 2C2P' },
];

/** The second shop account; the first is the sandbox's demo account (DEMO_BANK_ACCOUNTS). */
export const EXTRA_BANK_ACCOUNT = {
  account_id: '987-6-54321-0',
  account_name: 'บริษัท ศาลา เลิร์นนิ่ง จำกัด',
  bank_name: 'ธนาคารไทยพาณิชย์',
  bank_code: 'SCB',
  promptpay_id: '0105561234567',
};

/** Bank codes of the Thai bank names the demo accounts use. */
export const BANK_CODES: Record<string, string> = {
  ธนาคารกสิกรไทย: 'KBANK',
  ธนาคารไทยพาณิชย์: 'SCB',
  ธนาคารกรุงเทพ: 'BBL',
  ธนาคารกรุงไทย: 'KTB',
  ธนาคารกรุงศรีอยุธยา: 'BAY',
};

export const ORIGIN_BANKS: { banktransfer_value: string; banktransfer_nameth: string; banktransfer_nameen: string }[] = [
  { banktransfer_value: 'SCB', banktransfer_nameth: 'ธนาคารไทยพาณิชย์', banktransfer_nameen: 'Siam Commercial Bank' },
  { banktransfer_value: 'KBANK', banktransfer_nameth: 'ธนาคารกสิกรไทย', banktransfer_nameen: 'Kasikornbank' },
  { banktransfer_value: 'BBL', banktransfer_nameth: 'ธนาคารกรุงเทพ', banktransfer_nameen: 'Bangkok Bank' },
  { banktransfer_value: 'KTB', banktransfer_nameth: 'ธนาคารกรุงไทย', banktransfer_nameen: 'Krungthai Bank' },
  { banktransfer_value: 'BAY', banktransfer_nameth: 'ธนาคารกรุงศรีอยุธยา', banktransfer_nameen: 'Bank of Ayudhya (Krungsri)' },
  { banktransfer_value: 'TTB', banktransfer_nameth: 'ธนาคารทหารไทยธนชาต', banktransfer_nameen: 'TMBThanachart Bank' },
  { banktransfer_value: 'GSB', banktransfer_nameth: 'ธนาคารออมสิน', banktransfer_nameen: 'Government Savings Bank' },
  { banktransfer_value: 'BAAC', banktransfer_nameth: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', banktransfer_nameen: 'BAAC' },
  { banktransfer_value: 'GHB', banktransfer_nameth: 'ธนาคารอาคารสงเคราะห์', banktransfer_nameen: 'Government Housing Bank' },
  { banktransfer_value: 'UOB', banktransfer_nameth: 'ธนาคารยูโอบี', banktransfer_nameen: 'UOB Thailand' },
  { banktransfer_value: 'CIMBT', banktransfer_nameth: 'ธนาคารซีไอเอ็มบี ไทย', banktransfer_nameen: 'CIMB Thai' },
  { banktransfer_value: 'KKP', banktransfer_nameth: 'ธนาคารเกียรตินาคินภัทร', banktransfer_nameen: 'Kiatnakin Phatra Bank' },
  { banktransfer_value: 'LHB', banktransfer_nameth: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', banktransfer_nameen: 'Land and Houses Bank' },
  { banktransfer_value: 'TISCO', banktransfer_nameth: 'ธนาคารทิสโก้', banktransfer_nameen: 'TISCO Bank' },
  { banktransfer_value: 'PROMPTPAY', banktransfer_nameth: 'พร้อมเพย์', banktransfer_nameen: 'PromptPay' },
];

export type CouponSeed = {
  code: string;
  name: string;
  description: string;
  coupon_type: 'P1' | 'P2';
  number_of_course: number;
  discount_type: 'amount' | 'percent';
  discount_amount: number;
  discount_percent_bp: number;
  discount_amount_usd: number;
  /** Course keys the coupon covers; 'online' = every published course of type Online. */
  courses: string[] | 'online' | 'all';
  /** Payment method ids; 'all' = every method. */
  payment_methods: number[] | 'all';
  usage_limit: number | null;
};

export const COUPONS: CouponSeed[] = [
  {
    code: 'SALA10',
    name: 'ลด 10% คอร์สออนไลน์',
    description: 'ลด 10% สำหรับคอร์สเรียนออนไลน์ทุกคอร์ส',
    coupon_type: 'P1',
    number_of_course: 1,
    discount_type: 'percent',
    discount_amount: 0,
    discount_percent_bp: 1000,
    discount_amount_usd: 0,
    courses: 'online',
    payment_methods: 'all',
    usage_limit: null,
  },
  {
    code: 'BUNDLE500',
    name: 'ซื้อ 2 คอร์ส ลด 500 บาท',
    description: 'ลด 500 บาท เมื่อซื้อคอร์สที่ร่วมรายการตั้งแต่ 2 คอร์สขึ้นไป',
    coupon_type: 'P2',
    number_of_course: 2,
    discount_type: 'amount',
    discount_amount: 50_000,
    discount_percent_bp: 0,
    discount_amount_usd: 1500,
    courses: ['marketing', 'excel', 'accounting', 'english', 'python'],
    payment_methods: 'all',
    usage_limit: null,
  },
  {
    code: 'BANKONLY',
    name: 'ลด 200 บาท เมื่อโอนผ่านธนาคาร',
    description: 'ใช้ได้เฉพาะการชำระด้วยการโอนเงินผ่านธนาคาร',
    coupon_type: 'P1',
    number_of_course: 1,
    discount_type: 'amount',
    discount_amount: 20_000,
    discount_percent_bp: 0,
    discount_amount_usd: 600,
    courses: 'all',
    payment_methods: [1],
    usage_limit: null,
  },
  {
    code: 'ONCE1',
    name: 'คูปองใช้ได้ครั้งเดียว ลด 100 บาท',
    description: 'ใช้ได้เพียง 1 ครั้งเท่านั้น ใครใช้ก่อนได้ก่อน',
    coupon_type: 'P1',
    number_of_course: 1,
    discount_type: 'amount',
    discount_amount: 10_000,
    discount_percent_bp: 0,
    discount_amount_usd: 300,
    courses: 'all',
    payment_methods: 'all',
    usage_limit: 1,
  },
];

export const PROMOTIONS = [
  {
    title: 'โปรเปิดเทอม ลด 15% คอร์ส Excel และห้องเรียนสด',
    description_list: ['ลด 15% ทุกคอร์สที่ร่วมรายการ', 'ใช้ได้ถึงสิ้นเดือนหน้า'],
    promotion_type: 'P1' as const,
    number_of_course: 1,
    discount_type: 'percent' as const,
    discount_amount: 0,
    discount_percent_bp: 1500,
    discount_amount_usd: 0,
    is_enable_tier: false,
    tier_list: [],
    courses: ['excel', 'english', 'python'],
    valid_to_in_days: 45,
  },
  {
    title: 'ยิ่งเรียนมาก ยิ่งลดมาก',
    description_list: ['ซื้อ 2 คอร์ส ลด 10%', 'ซื้อ 3 คอร์ส ลด 15%', 'ซื้อ 4 คอร์สขึ้นไป ลด 20%'],
    promotion_type: 'P2' as const,
    number_of_course: 2,
    discount_type: 'percent' as const,
    discount_amount: 0,
    discount_percent_bp: 1000,
    discount_amount_usd: 0,
    is_enable_tier: true,
    tier_list: [
      { number_of_course: 2, discount_type: 'percent' as const, discount_amount: 0, discount_percent_bp: 1000, discount_amount_usd: 0, label: 'ซื้อ 2 คอร์ส ลด 10%' },
      { number_of_course: 3, discount_type: 'percent' as const, discount_amount: 0, discount_percent_bp: 1500, discount_amount_usd: 0, label: 'ซื้อ 3 คอร์ส ลด 15%' },
      { number_of_course: 4, discount_type: 'percent' as const, discount_amount: 0, discount_percent_bp: 2000, discount_amount_usd: 0, label: 'ซื้อ 4 คอร์สขึ้นไป ลด 20%' },
    ],
    courses: ['marketing', 'excel', 'english', 'python', 'accounting'],
    valid_to_in_days: 90,
  },
];

export const CUSTOM_LABELS: { label: string; label_en: string; type_label: CustomLabelType; required: boolean; item_list: { value: string; label: string; label_en?: string }[] | null }[] = [
  { label: 'ชื่อบริษัทหรือหน่วยงาน', label_en: 'Company or organisation', type_label: 'inputtext', required: false, item_list: null },
  {
    label: 'ประสบการณ์ในเรื่องนี้',
    label_en: 'Your experience in this subject',
    type_label: 'select',
    required: true,
    item_list: [
      { value: 'beginner', label: 'เพิ่งเริ่มต้น', label_en: 'Just starting' },
      { value: 'intermediate', label: 'พอมีพื้นฐาน', label_en: 'Some basics' },
      { value: 'advanced', label: 'ใช้งานเป็นประจำ', label_en: 'Use it regularly' },
    ],
  },
  {
    label: 'หัวข้อที่สนใจเพิ่มเติม',
    label_en: 'Other topics you are interested in',
    type_label: 'multiple',
    required: false,
    item_list: [
      { value: 'marketing', label: 'การตลาด', label_en: 'Marketing' },
      { value: 'finance', label: 'การเงินและบัญชี', label_en: 'Finance and accounting' },
      { value: 'tech', label: 'เทคโนโลยี', label_en: 'Technology' },
      { value: 'language', label: 'ภาษา', label_en: 'Languages' },
    ],
  },
  {
    label: 'การรับข่าวสาร',
    label_en: 'News',
    type_label: 'checkbox',
    required: false,
    item_list: [{ value: 'newsletter', label: 'ยินดีรับข่าวสารและโปรโมชันทางอีเมล', label_en: 'Send me news and offers by e-mail' }],
  },
  {
    label: 'รู้จักเราจากช่องทางใด',
    label_en: 'How did you hear about us',
    type_label: 'radio',
    required: false,
    item_list: [
      { value: 'facebook', label: 'Facebook' },
      { value: 'search', label: 'Google' },
      { value: 'friend', label: 'เพื่อนแนะนำ', label_en: 'A friend' },
      { value: 'other', label: 'อื่น ๆ', label_en: 'Other' },
    ],
  },
  { label: 'รูปบัตรพนักงาน (สำหรับองค์กรพันธมิตร)', label_en: 'Staff card picture (partner organisations)', type_label: 'image', required: false, item_list: null },
];

export const HOW_TO_BUY = [
  '### วิธีสั่งซื้อคอร์สเรียน',
  '',
  '1. เลือกแพ็กเกจราคาที่ต้องการ แล้วกด **สมัครเรียน**',
  '2. กรอกข้อมูลผู้เรียน หรือเข้าสู่ระบบหากเป็นสมาชิกอยู่แล้ว',
  '3. ใส่คูปองส่วนลด (ถ้ามี) และเลือกวิธีชำระเงิน',
  '4. ชำระเงิน หากโอนผ่านธนาคารให้แจ้งชำระเงินพร้อมแนบสลิป',
  '5. เมื่อผู้ดูแลอนุมัติ คุณจะเข้าเรียนได้ทันทีที่เมนู **คอร์สของฉัน**',
].join('\n');

export const SITE_SETTINGS = {
  title: 'ศาลา ตลาดคอร์สเรียนออนไลน์',
  layout: '4',
  course_teacher: true,
  course_group: true,
  course_bestseller: true,
  is_thank_you_page: true,
  slip: true,
  promptpay_id: '0105561234567',
  is_coupon_or_promotion: false,
  is_one_coupon_per_order: false,
  is_access_rights: false,
  is_enable_vat: false,
  vat_value: 700,
  vat_mode: 'included',
  auto_cancel: 48,
  is_enable_tax_invoice: true,
  is_enable_addon_tax: true,
  is_enable_withholding_tax: true,
  withholding_percents: [3, 1],
  is_enable_firstname: true,
  is_require_firstname: true,
  is_enable_lastname: true,
  is_require_lastname: true,
  is_enable_tel: true,
  is_require_tel: true,
  is_enable_nickname: true,
  is_require_nickname: false,
  is_enable_address: true,
  is_require_address: false,
  is_enable_profile_picture: true,
  is_require_profile_picture: false,
  is_student_choose_group: true,
  package_user_group: true,
  package_tax_system: true,
  package_course_curriculum: true,
  package_course_comment: true,
  is_enable_howtobuy: true,
  howtobuy_description: HOW_TO_BUY,
  is_production_mode: false,
  max_users: 10000,
  max_users_per_day: 500,
  is_enable_whitelist: false,
};
