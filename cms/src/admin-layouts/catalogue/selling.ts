/** What is sold and how: pricing plans, products, coupons, promotions, shipping fees, carts. */
import type { AdminLayout, FieldText } from '../types';

const DISCOUNT_FIELDS: Record<string, FieldText> = {
  discount_type: { label: 'ชนิดส่วนลด', description: 'ลดเป็นจำนวนเงิน หรือเป็นเปอร์เซ็นต์' },
  discount_amount: { label: 'ส่วนลด (บาท)', column: 'ส่วนลด', description: 'จำนวนเงินที่ลดเมื่อชนิดเป็นจำนวนเงิน' },
  discount_percent_bp: { label: 'ส่วนลด (% × 100)', description: 'เปอร์เซ็นต์คูณ 100 เช่น 1000 คือ 10%' },
  discount_amount_usd: { label: 'ส่วนลด (ดอลลาร์)', description: 'จำนวนเงินที่ลดเมื่อชำระเป็นดอลลาร์สหรัฐ' },
  number_of_course: { label: 'จำนวนคอร์สขั้นต่ำ', description: 'ใช้กับแบบ P2: ต้องซื้ออย่างน้อยกี่คอร์ส' },
};

export const PRICING_PLAN: AdminLayout = {
  uid: 'api::pricing-plan.pricing-plan',
  kind: 'content-type',
  mainField: 'name',
  defaultSortBy: 'sort_order',
  list: ['id', 'name', 'course', 'product', 'plan_type', 'price', 'status_show'],
  groups: [
    { title: 'แผนราคา', fields: ['name', 'reference_code', 'course', 'product', 'plan_type', 'pricing_type'] },
    { title: 'ภาษาอังกฤษ', fields: ['name_en'] },
    {
      title: 'ราคา',
      fields: [
        ['price', 6],
        ['price_usd', 6],
      ],
    },
    { title: 'ระยะเวลาเรียน', fields: ['term', 'term_unit', 'term_2', 'term_unit_2'] },
    { title: 'การแสดงและเงื่อนไข', fields: ['status_show', 'is_default', 'sort_order', 'need_approval', 'is_for_member', 'free_for', 'free_courses'] },
  ],
  fields: {
    name_en: { label: 'ชื่อแผน (อังกฤษ)', description: 'ชื่อบนการ์ดแผนราคาเมื่อเลือกภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    name: { label: 'ชื่อแผน', description: 'ชื่อที่ผู้ซื้อเห็นบนการ์ดแผนราคา' },
    reference_code: { label: 'ขายอะไร', description: 'แผนของคอร์ส (COURSE) หรือของสินค้า (PRODUCT)' },
    course: { label: 'คอร์ส', description: 'คอร์สที่แผนนี้ขาย', mainField: 'title' },
    product: { label: 'สินค้า', description: 'สินค้าที่แผนนี้ขาย', mainField: 'title' },
    plan_type: { label: 'ชนิดแผน', column: 'ชนิด', description: 'ตามระยะเวลา ตามจริง จ่ายครั้งเดียว หรือฟรี' },
    term: { label: 'ระยะเวลาเรียน', description: 'จำนวนหน่วยเวลาที่เข้าเรียนได้' },
    term_unit: { label: 'หน่วยระยะเวลา', description: 'ปี เดือน วัน หรือชั่วโมง' },
    term_2: { label: 'ระยะเวลาที่สอง', description: 'ระยะเวลาเพิ่มเติม (ถ้ามี)' },
    term_unit_2: { label: 'หน่วยระยะเวลาที่สอง', description: 'ปี เดือน วัน หรือชั่วโมง' },
    price: { label: 'ราคา (บาท)', column: 'ราคา', description: 'ราคาขายเป็นเงินบาท เว้นว่างถ้าไม่ขายเป็นเงินบาท' },
    price_usd: { label: 'ราคา (ดอลลาร์)', description: 'ราคาขายเป็นดอลลาร์สหรัฐ เว้นว่างถ้าไม่ขายเป็นดอลลาร์' },
    pricing_type: { label: 'ใช้สำหรับ', description: 'ซื้อปกติ ต่ออายุ หรืออื่น ๆ (หน้าร้านแสดงเฉพาะแบบปกติ)' },
    status_show: { label: 'แสดงบนหน้าร้าน', column: 'แสดง', description: 'ปิดเพื่อซ่อนแผนนี้โดยไม่ต้องลบ' },
    is_default: { label: 'แผนที่เลือกไว้ก่อน', description: 'แผนที่ถูกเลือกไว้เมื่อเปิดหน้าคอร์ส' },
    free_for: { label: 'ฟรีสำหรับ', description: 'ฟรีสำหรับผู้เรียนที่มีคอร์สในรายการด้านล่างครบ' },
    free_courses: { label: 'คอร์สที่ต้องมีเพื่อรับฟรี', description: 'ผู้เรียนต้องมีทุกคอร์สในรายการนี้', mainField: 'title' },
    need_approval: { label: 'ต้องอนุมัติก่อน', description: 'ร้านต้องอนุมัติคำสั่งซื้อด้วยตนเอง' },
    is_for_member: { label: 'เฉพาะสมาชิก', description: 'แสดงเฉพาะผู้ที่เข้าสู่ระบบแล้ว' },
    sort_order: { label: 'ลำดับการแสดง', description: 'เลขน้อยแสดงก่อน' },
  },
};

export const PRODUCT: AdminLayout = {
  uid: 'api::product.product',
  kind: 'content-type',
  mainField: 'title',
  defaultSortBy: 'sort_order',
  list: ['id', 'title', 'sku', 'available_qty', 'is_published'],
  groups: [
    { title: 'ข้อมูลหลัก', fields: ['title', 'slug', 'sku', 'course_type', 'short_description', 'description'] },
    { title: 'ภาษาอังกฤษ', fields: ['title_en', 'short_description_en', 'description_en'] },
    { title: 'การเผยแพร่และสต็อก', fields: ['is_published', 'endPublish', 'sort_order', 'available_qty', 'is_physical', 'pricing_plans'] },
    { title: 'รูปและวิดีโอ', fields: ['picture', 'imageAlt', 'image_detail', 'videoUrl'] },
    { title: 'SEO และโซเชียล', fields: ['meta_title', 'meta_description', 'social_title', 'social_description', 'social_image'] },
  ],
  fields: {
    title_en: { label: 'ชื่อสินค้า (อังกฤษ)', description: 'ชื่อที่ผู้ซื้อเห็นเมื่อเลือกภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    short_description_en: { label: 'คำอธิบายย่อ (อังกฤษ)', description: 'ข้อความสั้นบนการ์ดสินค้าในภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    description_en: { label: 'รายละเอียดสินค้า (อังกฤษ)', description: 'เนื้อหาเต็มบนหน้าสินค้าในภาษาอังกฤษ เว้นว่างไว้จะแสดงภาษาไทย' },
    title: { label: 'ชื่อสินค้า', description: 'ชื่อที่ผู้ซื้อเห็น' },
    slug: { label: 'ชื่อในลิงก์ (slug)', description: 'ส่วนท้ายของลิงก์หน้าสินค้า' },
    is_published: { label: 'เผยแพร่', description: 'เปิดเพื่อแสดงสินค้าบนหน้าร้าน' },
    endPublish: { label: 'หยุดเผยแพร่เมื่อ', description: 'เว้นว่างไว้ถ้าต้องการแสดงตลอดไป' },
    course_type: { label: 'ประเภท', description: 'สินค้าใช้ประเภท product' },
    sku: { label: 'รหัสสินค้า (SKU)', column: 'SKU', description: 'รหัสสำหรับคลังและร้านหนังสือ' },
    short_description: { label: 'คำอธิบายย่อ', description: 'ข้อความสั้นบนการ์ดสินค้า' },
    description: { label: 'รายละเอียดสินค้า', description: 'เนื้อหาเต็มบนหน้าสินค้า' },
    picture: { label: 'รูปหลัก', description: 'รูปสินค้าในการ์ดและหน้าสินค้า' },
    imageAlt: { label: 'คำอธิบายรูป', description: 'ข้อความแทนรูปสำหรับโปรแกรมอ่านหน้าจอ' },
    videoUrl: { label: 'ลิงก์วิดีโอ', description: 'วิดีโอแนะนำสินค้า (ถ้ามี)' },
    image_detail: { label: 'รูปเพิ่มเติม', description: 'รูปรายละเอียดบนหน้าสินค้า' },
    available_qty: { label: 'จำนวนคงเหลือ', column: 'คงเหลือ', description: 'เว้นว่างถ้าไม่นับสต็อก ระบบหักเมื่อมีคำสั่งซื้อ' },
    is_physical: { label: 'ต้องจัดส่ง', description: 'สินค้าที่จับต้องได้ ผู้ซื้อต้องกรอกที่อยู่จัดส่ง' },
    meta_title: { label: 'หัวเรื่องสำหรับ Google', description: 'แสดงในผลการค้นหา' },
    meta_description: { label: 'คำอธิบายสำหรับ Google', description: 'ประมาณ 150 ตัวอักษร' },
    social_title: { label: 'หัวเรื่องเมื่อแชร์', description: 'แสดงเมื่อแชร์ลิงก์' },
    social_description: { label: 'คำอธิบายเมื่อแชร์', description: 'ข้อความใต้หัวเรื่องเมื่อแชร์' },
    social_image: { label: 'รูปเมื่อแชร์', description: 'แนะนำขนาด 1200 × 630 พิกเซล' },
    pricing_plans: { label: 'แผนราคา', description: 'ราคาขายของสินค้านี้', mainField: 'name' },
    sort_order: { label: 'ลำดับการแสดง', description: 'เลขน้อยแสดงก่อน' },
  },
};

export const COUPON: AdminLayout = {
  uid: 'api::coupon.coupon',
  kind: 'content-type',
  mainField: 'code',
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
  list: ['id', 'code', 'discount_type', 'discount_amount', 'discount_percent_bp', 'used_count', 'usage_limit', 'valid_from', 'valid_to', 'is_active'],
  groups: [
    { title: 'คูปอง', fields: ['code', 'name', 'description', 'is_active'] },
    { title: 'ส่วนลด', fields: ['coupon_type', 'number_of_course', 'discount_type', 'discount_amount', 'discount_percent_bp', 'discount_amount_usd'] },
    { title: 'ใช้กับ', fields: ['courses', 'payment_methods', 'user_groups'] },
    { title: 'ช่วงเวลาและจำนวนครั้ง', fields: ['valid_from', 'valid_to', 'usage_limit', 'used_count'] },
  ],
  fields: {
    code: { label: 'รหัสคูปอง', column: 'รหัส', description: 'รหัสที่ผู้ซื้อพิมพ์ตอนชำระเงิน' },
    name: { label: 'ชื่อคูปอง', description: 'ชื่อสำหรับทีมงาน ผู้ซื้อไม่เห็น' },
    description: { label: 'คำอธิบาย', description: 'เงื่อนไขของคูปองที่ผู้ซื้อเห็น' },
    coupon_type: { label: 'แบบคูปอง', description: 'P1 ลดต่อคอร์ส, P2 ลดเมื่อซื้อครบจำนวนคอร์ส' },
    ...DISCOUNT_FIELDS,
    courses: { label: 'คอร์สที่ใช้ได้', description: 'เว้นว่างถ้าใช้ได้ทุกคอร์ส', mainField: 'title' },
    payment_methods: { label: 'วิธีชำระเงินที่ใช้ได้', description: 'เว้นว่างถ้าใช้ได้ทุกวิธี', mainField: 'name' },
    user_groups: { label: 'กลุ่มผู้ใช้ที่ใช้ได้', description: 'เว้นว่างถ้าใช้ได้ทุกกลุ่ม', mainField: 'name' },
    usage_limit: { label: 'ใช้ได้สูงสุด (ครั้ง)', column: 'จำกัด', description: 'เว้นว่างถ้าไม่จำกัด' },
    used_count: { label: 'ใช้ไปแล้ว (ครั้ง)', column: 'ใช้แล้ว', description: 'ระบบนับให้เมื่อมีคำสั่งซื้อ' },
    valid_from: { label: 'เริ่มใช้ได้', column: 'เริ่ม', description: 'วันเวลาที่คูปองเริ่มใช้ได้' },
    valid_to: { label: 'ใช้ได้ถึง', column: 'สิ้นสุด', description: 'หลังเวลานี้คูปองใช้ไม่ได้' },
    is_active: { label: 'เปิดใช้งาน', column: 'เปิด', description: 'ปิดเพื่อหยุดคูปองทันที' },
  },
};

export const PROMOTION: AdminLayout = {
  uid: 'api::promotion.promotion',
  kind: 'content-type',
  mainField: 'title',
  defaultSortBy: 'sort_order',
  list: ['id', 'title', 'promotion_type', 'discount_type', 'valid_from', 'valid_to', 'is_active'],
  groups: [
    { title: 'โปรโมชัน', fields: ['title', 'picture', 'description_list', 'is_active', 'sort_order'] },
    { title: 'ส่วนลด', fields: ['promotion_type', 'number_of_course', 'discount_type', 'discount_amount', 'discount_percent_bp', 'discount_amount_usd'] },
    { title: 'ส่วนลดแบบขั้นบันได', fields: ['is_enable_tier', 'tier_list'] },
    { title: 'ใช้กับ', fields: ['courses', 'user_groups'] },
    { title: 'ช่วงเวลา', fields: ['valid_from', 'valid_to'] },
  ],
  fields: {
    title: { label: 'ชื่อโปรโมชัน', description: 'ชื่อที่ผู้ซื้อเห็น' },
    description_list: { label: 'รายการคำอธิบาย', description: 'รายการข้อความเงื่อนไข แบบ JSON เช่น ["ซื้อ 2 คอร์สลด 10%"]' },
    picture: { label: 'รูปโปรโมชัน', description: 'แบนเนอร์ของโปรโมชัน' },
    promotion_type: { label: 'แบบโปรโมชัน', column: 'แบบ', description: 'P1 ลดต่อคอร์ส, P2 ลดเมื่อซื้อครบจำนวนคอร์ส' },
    ...DISCOUNT_FIELDS,
    is_enable_tier: { label: 'ใช้ส่วนลดขั้นบันได', description: 'ใช้ตารางขั้นด้านล่างแทนส่วนลดคงที่' },
    tier_list: { label: 'ขั้นส่วนลด', description: 'ยิ่งซื้อมากยิ่งลดมาก หนึ่งแถวต่อหนึ่งขั้น' },
    courses: { label: 'คอร์สที่ร่วมรายการ', description: 'คอร์สที่ได้รับส่วนลดนี้', mainField: 'title' },
    user_groups: { label: 'กลุ่มผู้ใช้ที่ได้สิทธิ์', description: 'เว้นว่างถ้าทุกกลุ่มได้สิทธิ์', mainField: 'name' },
    valid_from: { label: 'เริ่ม', description: 'วันเวลาที่โปรโมชันเริ่ม' },
    valid_to: { label: 'สิ้นสุด', description: 'วันเวลาที่โปรโมชันจบ' },
    is_active: { label: 'เปิดใช้งาน', column: 'เปิด', description: 'ปิดเพื่อหยุดโปรโมชันทันที' },
    sort_order: { label: 'ลำดับการแสดง', description: 'เลขน้อยแสดงก่อน' },
  },
};

export const PROMOTION_TIER: AdminLayout = {
  uid: 'promotion.tier',
  kind: 'component',
  mainField: 'label',
  list: ['id', 'label', 'number_of_course'],
  groups: [{ title: 'ขั้นส่วนลด', fields: ['label', 'number_of_course', 'discount_type', 'discount_amount', 'discount_percent_bp', 'discount_amount_usd'] }],
  fields: {
    label: { label: 'ชื่อขั้น', description: 'ข้อความที่ผู้ซื้อเห็น เช่น ซื้อ 3 คอร์ส' },
    ...DISCOUNT_FIELDS,
    number_of_course: { label: 'จำนวนคอร์สของขั้นนี้', description: 'ซื้อครบจำนวนนี้จึงได้ส่วนลดของขั้น' },
  },
};

export const SHIPPING_FEE: AdminLayout = {
  uid: 'api::shipping-fee.shipping-fee',
  kind: 'content-type',
  mainField: 'name',
  defaultSortBy: 'sort_order',
  list: ['id', 'name', 'price', 'enabled', 'sort_order'],
  groups: [{ title: 'ค่าจัดส่ง', fields: ['name', 'description', 'price', 'price_usd', 'enabled', 'sort_order'] }],
  fields: {
    name: { label: 'ชื่อวิธีจัดส่ง', description: 'เช่น ไปรษณีย์ลงทะเบียน' },
    description: { label: 'คำอธิบาย', description: 'ระยะเวลาหรือเงื่อนไขการจัดส่ง' },
    price: { label: 'ค่าจัดส่ง (บาท)', column: 'ค่าจัดส่ง', description: 'ค่าจัดส่งต่อคำสั่งซื้อเป็นเงินบาท' },
    price_usd: { label: 'ค่าจัดส่ง (ดอลลาร์)', description: 'ค่าจัดส่งเมื่อชำระเป็นดอลลาร์สหรัฐ' },
    enabled: { label: 'เปิดใช้งาน', description: 'ผู้ซื้อเลือกวิธีนี้ได้' },
    sort_order: { label: 'ลำดับการแสดง', column: 'ลำดับ', description: 'เลขน้อยแสดงก่อน' },
  },
};

export const COUPON_CLAIM: AdminLayout = {
  uid: 'api::coupon-claim.coupon-claim',
  kind: 'content-type',
  mainField: 'id',
  defaultSortBy: 'claimed_at',
  defaultSortOrder: 'DESC',
  list: ['id', 'coupon', 'user', 'claimed_at'],
  groups: [{ title: 'การใช้คูปอง', fields: ['coupon', 'user', 'claimed_at', 'code'] }],
  fields: {
    user: { label: 'ผู้ใช้', description: 'บัญชีที่ใช้คูปอง', mainField: 'username' },
    coupon: { label: 'คูปอง', description: 'คูปองที่ถูกใช้', mainField: 'code' },
    code: { label: 'รหัสที่พิมพ์', description: 'รหัสตามที่ผู้ซื้อพิมพ์' },
    claimed_at: { label: 'ใช้เมื่อ', description: 'วันเวลาที่ใช้คูปอง' },
  },
};

export const CART_ITEM: AdminLayout = {
  uid: 'api::cart-item.cart-item',
  kind: 'content-type',
  mainField: 'id',
  list: ['id', 'user', 'course', 'product', 'quantity', 'updatedAt'],
  groups: [{ title: 'ในตะกร้า', fields: ['user', 'course', 'product', 'pricing_plan', 'quantity'] }],
  fields: {
    user: { label: 'ผู้ซื้อ', description: 'บัญชีเจ้าของตะกร้า', mainField: 'username' },
    course: { label: 'คอร์ส', description: 'คอร์สในตะกร้า', mainField: 'title' },
    product: { label: 'สินค้า', description: 'สินค้าในตะกร้า', mainField: 'title' },
    pricing_plan: { label: 'แผนราคา', description: 'แผนที่เลือก', mainField: 'name' },
    quantity: { label: 'จำนวน', description: 'จำนวนชิ้นของสินค้า' },
  },
};
