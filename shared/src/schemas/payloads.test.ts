import { describe, expect, it, test } from 'vitest';
import { defaultTranslate } from '../texts/index.js';
import {
  CardFormSchema,
  ImageUploadSchema,
  OrderPayloadSchema,
  PaymentReportPayloadSchema,
  PaymentReportSchema,
  RegistrationPayloadSchema,
  VideoUploadSchema,
  buildUploadSchema,
  checkSlipUpload,
  fileExtensions,
  firstPaymentReportIssue,
  hasStorageFor,
  isAllowedUpload,
  paymentReportNotices,
  type PaymentReportValues,
} from './index.js';

function messageOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('bank-transfer report checks, in their order', () => {
  const report: PaymentReportValues = {
    netAmount: 107000,
    slipRequired: true,
    slip: [{ name: 'slip.jpg' }],
    contactName: 'สมชาย ใจดี',
    transferAmount: '1070.00',
    bankCode: 'KBANK',
    bankAccount: '123-4-56789-0',
    transferDate: '2025-06-15',
    transferTime: '10:30:00',
    description: '',
  };

  it('accepts a complete report', () => {
    expect(PaymentReportSchema.safeParse(report).success).toBe(true);
    expect(firstPaymentReportIssue(report, defaultTranslate)).toBeNull();
  });

  test.each([
    ['net amount not zero, slip setting 1 and no slip', { slip: [] }, 'slip', 'กรุณาอัพโหลดหลักฐานการโอนเงิน'],
    ['amount empty when not zero', { transferAmount: '' }, 'transferAmount', 'กรุณากรอกจำนวนเงินที่โอน'],
    ['amount not numeric text', { transferAmount: '1,070' }, 'transferAmount', 'กรุณากรอกจำนวนเงินเป็นตัวเลข'],
    ['origin bank empty', { bankCode: '' }, 'bankCode', 'กรุณาเลือกธนาคารต้นทางที่โอน'],
    ['account empty', { bankAccount: '' }, 'bankAccount', 'กรุณาเลือกเลขบัญชีที่โอน'],
    ['date empty', { transferDate: '' }, 'transferDate', 'กรุณากรอกวันที่ที่โอนเงิน'],
    ['time empty', { transferTime: '' }, 'transferTime', 'กรุณากรอกเวลาที่โอนเงิน'],
  ])('report check: %s', (_name, change, path, message) => {
    const result = PaymentReportSchema.safeParse({ ...report, ...change });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [path], message })]);
  });

  it('returns only the first failing message, in the spec order', () => {
    // slip, amount, bank, account, date and time all missing: the slip message alone is shown
    const result = PaymentReportSchema.safeParse({ netAmount: 5000, slipRequired: '1' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['กรุณาอัพโหลดหลักฐานการโอนเงิน']);
    // without the slip setting the amount comes first
    expect(firstPaymentReportIssue({ ...report, slipRequired: false, slip: [], transferAmount: '', bankCode: '' }, defaultTranslate)?.message).toBe('กรุณากรอกจำนวนเงินที่โอน');
  });

  it('needs no slip or amount when the net amount is zero', () => {
    expect(firstPaymentReportIssue({ ...report, netAmount: 0, slip: [], transferAmount: '' }, defaultTranslate)).toBeNull();
  });

  it('shows the contact-name notice for a zero net amount without stopping the report', () => {
    expect(paymentReportNotices({ netAmount: 0, contactName: ' ' }, defaultTranslate)).toEqual(['กรุณากรอกชื่อผู้ติดต่อ']);
    expect(paymentReportNotices({ netAmount: 0, contactName: 'สมชาย' }, defaultTranslate)).toEqual([]);
    expect(paymentReportNotices({ netAmount: 100, contactName: '' }, defaultTranslate)).toEqual([]);
    expect(PaymentReportSchema.safeParse({ ...report, netAmount: 0, contactName: '' }).success).toBe(true);
  });

  test.each([
    [2, ['a.jpg'], null],
    [2, [], 'กรุณาอัพโหลดหลักฐานการโอนเงินอีกครั้ง'],
    [1, null, 'กรุณาอัพโหลดหลักฐานการโอนเงินอีกครั้ง'],
    [0, [], null],
  ])('with %i files sent and %j returned, the upload check says %j', (count, names, message) => {
    expect(checkSlipUpload(count, names, defaultTranslate)).toBe(message);
  });

  it('reads the report payload of the server with its defaults', () => {
    const payload = PaymentReportPayloadSchema.parse({ order_id: '12', transfer_datetime: '2025-06-15', time: '03:30:00', transfer_amount: 1070.5, slip: ['a.jpg'] });
    expect(payload).toMatchObject({ order_id: 12, payment_method_id: 1, status: 'pending', address: '-', transfer_amount: '1070.5' });
    expect(PaymentReportPayloadSchema.safeParse({ order_id: 1, transfer_datetime: '15/06/2025', time: '03:30', transfer_amount: 'x' }).success).toBe(false);
  });
});

describe('card form', () => {
  const card = { cardNumber: '4111 1111 1111 1111', cardholderName: 'SOMCHAI J', expiryMonth: '09', expiryYear: '2030', cvv: '123' };

  it('accepts a valid card and keeps the digits only', () => {
    expect(CardFormSchema.parse(card).cardNumber).toBe('4111111111111111');
  });

  test.each([
    ['cardNumber', '4111111111111112', 'หมายเลขบัตรไม่ถูกต้อง'],
    // a Luhn-valid 19-digit visa is longer than the form's 16
    ['cardNumber', '4111111111111111113', 'หมายเลขบัตรไม่ถูกต้อง'],
    ['cardNumber', undefined, 'หมายเลขบัตรไม่ถูกต้อง'],
    ['expiryMonth', '13', 'เดือนหมดอายุต้องเป็น 01-12'],
    ['expiryMonth', '1', 'เดือนหมดอายุต้องเป็น 01-12'],
    ['expiryYear', '30', 'กรุณากรอกปีหมดอายุ 4 หลัก'],
    ['cvv', '12345', 'รหัส CVV ต้องเป็นตัวเลข 3-4 หลัก'],
    ['cvv', '12', 'รหัส CVV ต้องเป็นตัวเลข 3-4 หลัก'],
    ['cardholderName', 'A'.repeat(256), 'ชื่อผู้ถือบัตรต้องไม่เกิน 255 ตัวอักษร'],
  ])('card form lengths: %s %j fails', (field, value, message) => {
    expect(messageOf(CardFormSchema.safeParse({ ...card, [field]: value }), field)).toBe(message);
  });

  it('accepts a 4-digit CVV (American Express)', () => {
    expect(CardFormSchema.safeParse({ ...card, cardNumber: '378282246310005', cvv: '1234' }).success).toBe(true);
  });
});

describe('order payload', () => {
  const order = {
    user_id: 5,
    course_id: [1, 2],
    payment_method_id: 8,
    coupon_id: [3],
    promotion_id: null,
    price: '1999.50',
    discount: 100,
    shipping_fee: 0,
    currency_code: 'THB',
    pricingplan_id: [10, 20],
    courses: JSON.stringify([
      { course_id: 1, pricingplan_id: 10, price: 999.5 },
      { course_id: 2, pricingplan_id: 20, price: '1000' },
    ]),
    cancel_at: '2025-06-16T12:00:00+07:00',
    shipping_address_id: '',
    shipping_fee_id: null,
    is_withholding: 1,
    withholding_percent: '3',
  };

  it('reads the spec order payload, created as notYetReceived', () => {
    const parsed = OrderPayloadSchema.parse(order);
    expect(parsed).toMatchObject({
      status: 'notYetReceived',
      price: '1999.50',
      discount: '100',
      is_withholding: true,
      withholding_percent: 3,
      shipping_address_id: null,
      courses: [
        { course_id: 1, price: '999.5' },
        { course_id: 2, price: '1000' },
      ],
    });
  });

  test.each([
    ['the cart has no course', { course_id: [], pricingplan_id: [] }, 'course_id', 'ไม่มีสินค้าในตะกร้า'],
    ['a course is there twice', { course_id: [1, 1] }, 'course_id', 'คุณมีคอร์สนี้อยู่แล้ว'],
    ['a course has no pricing plan', { pricingplan_id: [10] }, 'pricingplan_id', 'คอร์สนี้ยังไม่มีแพ็กเกจราคา'],
    ['a coupon is there twice', { coupon_id: [3, 3] }, 'coupon_id', 'คุณใช้คูปองนี้ไปแล้ว'],
  ])('refuses an order whose %s', (_name, change, path, message) => {
    expect(messageOf(OrderPayloadSchema.safeParse({ ...order, ...change }), path)).toBe(message);
  });

  test.each([
    ['a withholding percent other than 3 or 1', { withholding_percent: 2 }],
    ['a price with 3 decimals', { price: '1.005' }],
    ['a negative discount', { discount: -1 }],
    ['an unknown currency', { currency_code: 'EUR' }],
    ['a courses list that is not JSON', { courses: '{oops' }],
  ])('refuses %s', (_name, change) => {
    expect(OrderPayloadSchema.safeParse({ ...order, ...change }).success).toBe(false);
  });

  it('reads a single id as a list and a blank withholding percent as none', () => {
    const parsed = OrderPayloadSchema.parse({ ...order, course_id: 1, pricingplan_id: 10, coupon_id: undefined, withholding_percent: '', courses: undefined });
    expect(parsed).toMatchObject({ course_id: [1], pricingplan_id: [10], coupon_id: [], withholding_percent: null, courses: [] });
  });
});

describe('registration payload', () => {
  const payload = {
    firstname: 'สมชาย',
    lastname: 'ใจดี',
    nickname: null,
    email: 'somchai@example.com',
    tel: '0812345678',
    address: null,
    username: 'somchai',
    password: 'secret1',
    customLabel: '[{"id":1,"value":"ACME","validation":true,"label":"บริษัท"}]',
    is_require_tax_invoice: 0,
    is_registration_layout_four: 1,
    tax_person_type: null,
  };

  it('reads the payload of POST /public/students/course-detail-page', () => {
    const parsed = RegistrationPayloadSchema.parse(payload);
    expect(parsed).toMatchObject({ is_registration_layout_four: true, is_require_tax_invoice: false, tax_person_type: 'juristic_person', customLabel: [{ id: 1, value: 'ACME' }] });
  });

  test.each([
    ['email', { email: '' }, 'กรุณากรอกอีเมล'],
    ['email', { email: 'nope' }, 'อีเมลข้อมูลไม่ถูกต้อง'],
    ['firstname', { firstname: 'ก'.repeat(256) }, 'ชื่อต้องไม่เกิน 255 ตัวอักษร'],
    ['tel', { tel: '12345678901' }, 'กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก'],
    ['username', { username: '' }, 'กรุณากรอกชื่อผู้ใช้'],
    ['username', { username: 'สม ชาย' }, 'ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ @ - _ .'],
    ['password', { password: null }, 'กรุณากรอกรหัสผ่าน'],
    ['password', { password: 'abc\t123' }, 'รหัสผ่านมีอักขระที่ใช้ไม่ได้ เช่น การขึ้นบรรทัดใหม่หรือแท็บ'],
    ['password', { password: 'abc' }, 'รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร'],
  ])('registration payload: %s fails with its message', (field, change, message) => {
    expect(messageOf(RegistrationPayloadSchema.safeParse({ ...payload, ...change }), field)).toBe(message);
  });

  it('takes a password of every symbol, with its trailing space, exactly as sent', () => {
    const password = 'Aa1!@#$%^&*()_+-=[]{};\':",./<>?\\`~ ';
    const parsed = RegistrationPayloadSchema.safeParse({ ...payload, password });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.password).toBe(password);
  });

  it('does not ask for login info outside layout four', () => {
    expect(RegistrationPayloadSchema.safeParse({ ...payload, is_registration_layout_four: 0, username: null, password: null, customLabel: null }).success).toBe(true);
  });

  it('checks the tax invoice fields when a tax invoice is asked for', () => {
    const result = RegistrationPayloadSchema.safeParse({ ...payload, is_require_tax_invoice: '1', tax_person_type: 'juristic_person', tax_payer_identification_no: '123' });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['tax_name_one', 'tax_name_two', 'tax_payer_identification_no', 'tax_address', 'tax_postcode', 'tax_company_certificate']);
    const complete = RegistrationPayloadSchema.safeParse({
      ...payload,
      is_require_tax_invoice: true,
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ศาลา จำกัด',
      tax_name_two: 'สำนักงานใหญ่',
      tax_payer_identification_no: '0105536000313',
      tax_address: '1 ถนนพระราม 4',
      tax_postcode: '10110',
      tax_is_delivery_by_tax_address: 0,
      tax_delivery_address: 'ส่งที่นี่',
      tax_company_certificate: 'cert.pdf',
    });
    expect(complete.success).toBe(true);
  });
});

describe('upload file types', () => {
  test.each([
    ['photo.jpg', 'image', true],
    ['photo.JPEG', 'image', true],
    ['photo.webp', 'image', true],
    ['photo.bmp', 'image', false],
    ['clip.mov', 'video', true],
    ['clip.quicktime', 'video', true],
    ['clip.MP4', 'video', true],
    ['clip.mkv', 'video', false],
    ['photo.jpg', 'video', false],
    ['noextension', 'image', false],
    // the deny-list is checked on the file extension, double extensions and case included
    ['shell.jpg.php', 'image', false],
    ['shell.php.jpg', 'image', false],
    ['shell.JPG.PhP', 'image', false],
    ['.env', 'image', false],
    ['config.json', 'image', false],
    ['page.html.png', 'image', false],
    ['dir.php/photo.png', 'image', true],
  ] as const)('the deny-list and type list: %s as %s -> %s', (name, kind, allowed) => {
    expect(isAllowedUpload({ name }, kind)).toBe(allowed);
  });

  test.each([
    [{ name: 'a.jpg', type: 'image/jpeg' }, 'image', true],
    [{ name: 'a.jpg', type: 'text/html' }, 'image', false],
    [{ name: 'a.mov', type: 'video/quicktime' }, 'video', true],
    [{ name: 'a.avi', type: 'video/x-msvideo' }, 'video', true],
    [{ name: 'a.webp', type: 'image/webp' }, 'profile', false],
  ] as const)('checks a reported MIME type too: %j as %s -> %s', (file, kind, allowed) => {
    expect(isAllowedUpload(file, kind)).toBe(allowed);
  });

  it('lists every extension of a name in lower case', () => {
    expect(fileExtensions('C:\\tmp\\Photo.JPG.php')).toEqual(['jpg', 'php']);
    expect(fileExtensions('.env')).toEqual(['env']);
    expect(fileExtensions('a..b')).toEqual(['b']);
  });

  it('rejects a list with a file of the wrong type (File type is not allow to upload.)', () => {
    expect(ImageUploadSchema.safeParse([{ name: 'a.png' }, { name: 'b.php' }]).error?.issues[0].message).toBe('ไม่อนุญาตให้อัพโหลดไฟล์ประเภทนี้');
    expect(VideoUploadSchema.parse({ name: 'a.mp4' })).toEqual([{ name: 'a.mp4' }]);
    expect(ImageUploadSchema.parse(undefined)).toEqual([]);
    expect(ImageUploadSchema.safeParse(['a.png']).success).toBe(false);
  });

  it('limits the number of files and may require one', () => {
    const schema = buildUploadSchema('image', { required: true, maxFiles: 2, t: defaultTranslate });
    expect(schema.safeParse([]).error?.issues[0].message).toBe('กรุณาเลือกไฟล์ที่จะอัพโหลด');
    expect(schema.safeParse([{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }]).error?.issues[0].message).toBe('อัพโหลดได้ไม่เกิน 2 ไฟล์');
    expect(buildUploadSchema('image', { required: true, requiredMessage: 'กรุณาอัพโหลดสลิป', t: defaultTranslate }).safeParse(null).error?.issues[0].message).toBe('กรุณาอัพโหลดสลิป');
  });

  test.each([
    // 512 MiB = 0.5 GB < 1 GB free
    [536870912, 1, true],
    // 1 GB is not smaller than 1 GB free
    [1073741824, 1, false],
    [1, 0, false],
  ])('the storage check: %i bytes with %s GB free -> %s', (size, free, ok) => {
    expect(hasStorageFor(size, free)).toBe(ok);
  });
});
