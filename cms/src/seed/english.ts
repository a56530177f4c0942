/**
 * English versions of part of the demo catalogue (ADR 183): a few courses with their plans,
 * a product and the payment methods, so the English storefront shows both cases, English where
 * an editor wrote it and Thai where nobody did. Keyed by the Thai seed's keys and names.
 */

type CourseEnglish = { title: string; short_description: string; description: string; course_length?: string; plans: Record<string, string> };

export const COURSE_ENGLISH: Record<string, CourseEnglish> = {
  marketing: {
    title: 'Online Marketing for Beginners',
    short_description: 'Plan content, run ads and measure results on your own within 30 days',
    description:
      '## Who this course is for\n\nBusiness owners and staff who want to start online marketing the orderly way\n\n## What you will learn\n\n- Plan a month of content\n- Run ads on social media\n- Read reports and tune campaigns',
    // course_length left blank on purpose: "4 ชั่วโมง 30 นาที" is rewritten in English by the site
    plans: {
      'ซื้อขาด เรียนได้ตลอด': 'Lifetime access',
      'ต่ออายุ 1 ปี': 'Renew for 1 year',
      'แพ็กเกจองค์กร 5 ที่นั่ง': 'Company package, 5 seats',
      // 'ราคาสมาชิก' left in Thai on purpose: the page shows the fallback next to English
    },
  },
  excel: {
    title: 'Excel for Work',
    short_description: 'Formulas, tables, pivots and charts used in real offices, learn any time',
    description: '## Learn at your pace\n\nWatch the videos anywhere, with exercise files to download\n\n- 30 everyday formulas\n- Pivot tables\n- Charts for management reports',
    plans: { 'เรียน 6 เดือน': '6 months of access', 'เรียน 3 เดือน 15 วัน': '3 months and 15 days of access' },
  },
  photo: {
    title: 'Mobile Photography Workshop',
    short_description: 'A full-day workshop: light, composition and editing on your phone, 5 seats only',
    description: '## In the classroom\n\nA small group of 5 with close coaching\n\n**Venue:** Meeting room A, 3rd floor, Sathorn City Tower',
    course_length: '1 day (9:00-16:00)',
    plans: { ค่าลงทะเบียนเวิร์กช็อป: 'Workshop registration' },
  },
};

export const PRODUCT_ENGLISH: Record<string, { title: string; short_description: string }> = {
  'book-marketing': { title: 'The Online Marketing Handbook (print)', short_description: 'A hands-on guide to online marketing, shipped to your door' },
};

/** By method id: the name and description a buyer reads in English. */
export const PAYMENT_METHOD_ENGLISH: Record<number, { name: string; description: string }> = {
  1: { name: 'Bank transfer', description: 'Transfer to our account, then report the payment with your slip' },
  2: { name: 'PayPal', description: 'Pay with your PayPal account or a card' },
  3: { name: 'Credit/debit card (2C2P)', description: 'Enter your card on a secure payment page' },
  4: { name: 'Bank QR code', description: 'Scan the QR code with any banking app' },
  8: { name: 'Credit/debit card', description: 'Visa, Mastercard, JCB' },
  9: { name: 'PromptPay', description: 'Scan the PromptPay QR code, confirmed automatically' },
  10: { name: 'Credit card instalments', description: '0% instalments over 3 to 10 months' },
};

/** The English columns of a course's seed row, blank for a course without an English version. */
export function courseEnglishColumns(key: string): Record<string, string | null> {
  const english = COURSE_ENGLISH[key];
  return {
    title_en: english?.title ?? null,
    short_description_en: english?.short_description ?? null,
    description_en: english?.description ?? null,
    course_length_en: english?.course_length ?? null,
  };
}

/** The English name of a course plan, by the course key and the plan's Thai name; null when none. */
export function planEnglishName(courseKey: string, thaiName: string): string | null {
  return COURSE_ENGLISH[courseKey]?.plans[thaiName] ?? null;
}
