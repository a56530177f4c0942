import { describe, expect, it, test } from 'vitest';
import { createTranslator, defaultTranslate } from '../texts/index.js';
import {
  LoginInfoSchema,
  LoginSchema,
  TAX_INVOICE_DETAIL_FIELDS,
  TAX_INVOICE_FORM_NAMES,
  TAX_INVOICE_WIRE_NAMES,
  TaxInvoiceSchema,
  buildRegistrationSchema,
  buildResetPasswordSchema,
  buildTaxInvoiceSchema,
  clearOnPersonTypeChange,
  isValidThaiTaxId,
  taxInvoiceFromWire,
  taxInvoiceLabels,
  taxInvoiceToWire,
  type CustomLabel,
  type RegistrationSettings,
  type TaxInvoiceValues,
} from './index.js';

const on = { isEnable: true, isRequire: true };
const optional = { isEnable: true, isRequire: false };
const off = { isEnable: false, isRequire: false };

const allRequired: RegistrationSettings = { firstname: on, lastname: on, tel: on, nickname: on, address: on, profileImage: on };
const minimal: RegistrationSettings = { firstname: off, lastname: off, tel: off, nickname: off, address: off, profileImage: off };

const validContact = {
  firstname: 'สมชาย',
  lastname: 'ใจดี',
  email: 'somchai@example.co.th',
  tel: '0812345678',
  nickname: 'ชาย',
  address: '1 ถนนสุขุมวิท กรุงเทพฯ',
  profileImage: [{ name: 'me.png', type: 'image/png' }],
};

/** The message of the first issue on a field, or undefined when the field passed. */
function messageOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('registration contact form', () => {
  it('accepts a complete contact form with every field required', () => {
    const result = buildRegistrationSchema(allRequired, [], { t: defaultTranslate }).safeParse(validContact);
    expect(result.success).toBe(true);
  });

  it('trims text and leaves out fields the site disabled', () => {
    const result = buildRegistrationSchema(minimal, [], { t: defaultTranslate }).parse({ email: '  a@b.co  ', firstname: 'ignored' });
    expect(result).toEqual({ email: 'a@b.co' });
  });

  test.each([
    ['firstname', 'กรุณากรอกชื่อ'],
    ['lastname', 'กรุณากรอกนามสกุล'],
    ['nickname', 'กรุณากรอกชื่อเล่น'],
    ['address', 'กรุณากรอกที่อยู่'],
    ['tel', 'กรุณากรอกเบอร์โทรศัพท์'],
    ['email', 'กรุณากรอกอีเมล'],
  ])('an enabled and required %s must be filled (Please enter {label})', (field, message) => {
    const result = buildRegistrationSchema(allRequired, [], { t: defaultTranslate }).safeParse({ ...validContact, [field]: undefined });
    expect(messageOf(result, field)).toBe(message);
  });

  it('the e-mail is always required, even when everything else is off', () => {
    expect(messageOf(buildRegistrationSchema(minimal, [], { t: defaultTranslate }).safeParse({}), 'email')).toBe('กรุณากรอกอีเมล');
  });

  test.each(['plain', 'a@b', 'a @b.co', 'a@b.c', '@b.co'])('the e-mail %j must match a standard pattern', (email) => {
    expect(messageOf(buildRegistrationSchema(minimal, [], { t: defaultTranslate }).safeParse({ email }), 'email')).toBe('อีเมลข้อมูลไม่ถูกต้อง');
  });

  it('firstname and lastname are at most 255 characters', () => {
    const result = buildRegistrationSchema(allRequired, [], { t: defaultTranslate }).safeParse({ ...validContact, firstname: 'ก'.repeat(256), lastname: 'ข'.repeat(255) });
    expect(messageOf(result, 'firstname')).toBe('ชื่อต้องไม่เกิน 255 ตัวอักษร');
    expect(messageOf(result, 'lastname')).toBeUndefined();
  });

  test.each([
    ['081234567', true],
    ['0812345678', true],
    ['08123456', false],
    ['08123456789', false],
    ['081-234-5678', false],
  ])('tel has digits only, 9 to 10 of them: %s -> %s', (tel, valid) => {
    const message = messageOf(buildRegistrationSchema(allRequired, [], { t: defaultTranslate }).safeParse({ ...validContact, tel }), 'tel');
    expect(message).toBe(valid ? undefined : 'กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก');
  });

  it('an optional tel may be blank but must still be digits when filled', () => {
    const schema = buildRegistrationSchema({ ...minimal, tel: optional }, [], { t: defaultTranslate });
    expect(schema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(messageOf(schema.safeParse({ email: 'a@b.co', tel: 'abc' }), 'tel')).toBe('กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก');
  });

  it('the exempt site accepts a tel shorter than 9 digits, up to 10', () => {
    const schema = buildRegistrationSchema({ ...minimal, tel: on, telExemptFromMinimum: true }, [], { t: defaultTranslate });
    expect(schema.safeParse({ email: 'a@b.co', tel: '1234' }).success).toBe(true);
    expect(messageOf(schema.safeParse({ email: 'a@b.co', tel: '12345678901' }), 'tel')).toBe('กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลขไม่เกิน 10 หลัก');
  });

  test.each([
    ['no file when required', [], 'กรุณาอัพโหลดรูปโปรไฟล์'],
    ['a webp file (profile takes jpg, png, jpeg, gif)', [{ name: 'me.webp' }], 'ไม่อนุญาตให้อัพโหลดไฟล์ประเภทนี้'],
    ['a script disguised as an image', [{ name: 'me.png.php' }], 'ไม่อนุญาตให้อัพโหลดไฟล์ประเภทนี้'],
    ['two files', [{ name: 'a.jpg' }, { name: 'b.gif' }], 'อัพโหลดได้ไม่เกิน 1 ไฟล์'],
  ])('the profile picture rejects %s', (_name, profileImage, message) => {
    expect(messageOf(buildRegistrationSchema(allRequired, [], { t: defaultTranslate }).safeParse({ ...validContact, profileImage }), 'profileImage')).toBe(message);
  });

  it('a user group must be chosen when groups apply', () => {
    const schema = buildRegistrationSchema({ ...minimal, userGroupRequired: true }, [], { t: defaultTranslate });
    expect(messageOf(schema.safeParse({ email: 'a@b.co' }), 'userGroupId')).toBe('กรุณาเลือกกลุ่มผู้ใช้');
    expect(messageOf(schema.safeParse({ email: 'a@b.co', userGroupId: '0' }), 'userGroupId')).toBe('กรุณาเลือกกลุ่มผู้ใช้');
    expect(schema.parse({ email: 'a@b.co', userGroupId: '3' })).toMatchObject({ userGroupId: 3 });
  });

  it('required custom label fields must have a value (Please enter {label})', () => {
    const labels: CustomLabel[] = [
      { id: 2, type_label: 'select', label: 'อาชีพ', order_label: 2, required: 1 },
      { id: 1, type_label: 'inputtext', label: 'บริษัท', order_label: 1, required: true },
      { id: 3, type_label: 'checkbox', label: 'ความสนใจ', order_label: 3, required: 1 },
      { id: 4, type_label: 'image', label: 'บัตรนักศึกษา', order_label: 4, required: 1 },
      { id: 5, type_label: 'radio', label: 'ช่วงอายุ', order_label: 5, required: 0 },
      { id: 6, type_label: 'multiple', label: 'ภาษา', order_label: 6, required: false },
    ];
    const schema = buildRegistrationSchema(minimal, labels, { t: defaultTranslate });
    const empty = schema.safeParse({ email: 'a@b.co' });
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['customLabels.1', 'กรุณากรอกบริษัท'],
      ['customLabels.2', 'กรุณากรอกอาชีพ'],
      ['customLabels.3', 'กรุณากรอกความสนใจ'],
      ['customLabels.4', 'กรุณากรอกบัตรนักศึกษา'],
    ]);
    const filled = schema.parse({ email: 'a@b.co', customLabels: { 1: 'ACME', 2: 'dev', 3: 'art', 4: { name: 'id.jpg' }, 6: ['th', 'en'] } });
    expect(filled).toMatchObject({ customLabels: { 1: 'ACME', 2: 'dev', 3: ['art'], 4: [{ name: 'id.jpg' }], 5: '', 6: ['th', 'en'] } });
  });

  it('speaks English with an English translator', () => {
    const schema = buildRegistrationSchema(allRequired, [], { t: createTranslator('en') });
    expect(messageOf(schema.safeParse({ ...validContact, firstname: '' }), 'firstname')).toBe('Please enter First name');
  });
});

describe('layout-four login info', () => {
  const layoutFour = buildRegistrationSchema(minimal, [], { layoutFour: true, t: defaultTranslate });
  const login = { email: 'a@b.co', username: 'somchai.j@home', newPassword: 'abc-123', confirmNewPassword: 'abc-123' };

  it('accepts letters, digits and @ - _ . in the username', () => {
    expect(layoutFour.safeParse(login).success).toBe(true);
    expect(LoginInfoSchema.safeParse(login).success).toBe(true);
  });

  test.each([
    ['username', '', 'กรุณากรอกชื่อผู้ใช้'],
    ['username', 'สมชาย', 'ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ @ - _ .'],
    ['username', 'a b', 'ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ @ - _ .'],
    ['username', 'a'.repeat(256), 'ชื่อผู้ใช้ต้องไม่เกิน 255 ตัวอักษร'],
    ['newPassword', '', 'กรุณากรอกรหัสผ่าน'],
    ['newPassword', 'abc\n123', 'รหัสผ่านมีอักขระที่ใช้ไม่ได้ เช่น การขึ้นบรรทัดใหม่หรือแท็บ'],
    ['newPassword', 'abc12', 'รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร'],
    ['newPassword', 'a'.repeat(257), 'รหัสผ่านต้องไม่เกิน 256 ตัวอักษร'],
    ['confirmNewPassword', '', 'กรุณายืนยันรหัสผ่าน'],
    ['confirmNewPassword', 'abc-124', 'รหัสผ่านและการยืนยันรหัสผ่านไม่ตรงกัน'],
  ])('layout four: %s %j fails with %s', (field, value, message) => {
    const result = layoutFour.safeParse({ ...login, [field]: value });
    expect(messageOf(result, field)).toBe(message);
  });
});

describe('passwords of any printable characters', () => {
  const layoutFour = buildRegistrationSchema(minimal, [], { layoutFour: true, t: defaultTranslate });
  const ResetPasswordSchema = buildResetPasswordSchema(defaultTranslate);
  // a password manager's kind of password: every ASCII symbol, a space at the end
  const symbols = 'Aa1!@#$%^&*()_+-=[]{};\':",./<>?\\`~ ';
  const everyPrintableAscii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
  const login = (password: string) => ({ email: 'a@b.co', username: 'somchai', newPassword: password, confirmNewPassword: password });

  test.each([
    ['every symbol and a trailing space', symbols],
    ['all of printable ASCII', everyPrintableAscii],
    ['Thai letters', 'รหัสผ่านของฉัน'],
    ['spaces between words', 'correct horse battery staple'],
    ['an emoji', 'ขอบคุณ🙏2026'],
  ])('registration takes %s, exactly as typed', (_name, password) => {
    const form = layoutFour.safeParse(login(password));
    expect(form.success).toBe(true);
    expect(form.data?.newPassword).toBe(password);
    const info = LoginInfoSchema.safeParse(login(password));
    expect(info.data?.newPassword).toBe(password);
    const reset = ResetPasswordSchema.safeParse({ code: 'x', password, passwordConfirmation: password });
    expect(reset.data?.password).toBe(password);
  });

  test.each([
    ['a line break', 'abc\n123'],
    ['a tab', 'abc\t123'],
    ['a NUL', 'abc\u0000123'],
    ['a zero-width space', 'abc\u200b123'],
    ['a line separator', 'abc\u2028123'],
  ])('refuses %s with the Thai message', (_name, password) => {
    expect(messageOf(layoutFour.safeParse(login(password)), 'newPassword')).toBe('รหัสผ่านมีอักขระที่ใช้ไม่ได้ เช่น การขึ้นบรรทัดใหม่หรือแท็บ');
    expect(messageOf(ResetPasswordSchema.safeParse({ code: 'x', password, passwordConfirmation: password }), 'password')).toBe('รหัสผ่านมีอักขระที่ใช้ไม่ได้ เช่น การขึ้นบรรทัดใหม่หรือแท็บ');
  });

  it('keeps the length rules: 6 to 256 characters, spaces counted', () => {
    expect(layoutFour.safeParse(login('!@# $%')).success).toBe(true);
    expect(messageOf(layoutFour.safeParse(login('!@# $')), 'newPassword')).toBe('รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร');
    expect(layoutFour.safeParse(login('!'.repeat(256))).success).toBe(true);
    expect(messageOf(layoutFour.safeParse(login('!'.repeat(257))), 'newPassword')).toBe('รหัสผ่านต้องไม่เกิน 256 ตัวอักษร');
  });

  it('tells a confirmation without the trailing space apart', () => {
    const result = layoutFour.safeParse({ ...login(symbols), confirmNewPassword: symbols.trimEnd() });
    expect(messageOf(result, 'confirmNewPassword')).toBe('รหัสผ่านและการยืนยันรหัสผ่านไม่ตรงกัน');
  });

  it('explains the rule in English too', () => {
    const english = buildRegistrationSchema(minimal, [], { layoutFour: true, t: createTranslator('en') });
    expect(messageOf(english.safeParse(login('abc\t123')), 'newPassword')).toBe('The password contains a character that cannot be used, such as a line break or a tab');
  });
});

describe('login panel', () => {
  it('needs a username and a password', () => {
    expect(LoginSchema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    const result = LoginSchema.safeParse({});
    expect(messageOf(result, 'username')).toBe('กรุณากรอกชื่อผู้ใช้');
    expect(messageOf(result, 'password')).toBe('กรุณากรอกรหัสผ่าน');
  });
});

describe('tax invoice', () => {
  test.each([
    // 0,1,0,5,5,3,6,0,0,0,3,1 × 13..2 = 0+12+0+50+45+24+42+0+0+0+9+2 = 184; 184 mod 11 = 8; (11 - 8) mod 10 = 3
    ['0105536000313', true],
    // 0,1,0,7,5,3,7,0,0,0,1,1 × 13..2 = 205; 205 mod 11 = 7; (11 - 7) mod 10 = 4
    ['0107537000114', true],
    // 3,1,0,1,2,3,4,5,6,7,8,9 × 13..2 = 39+12+0+10+18+24+28+30+30+28+24+18 = 261; 261 mod 11 = 8; (11 - 8) mod 10 = 3
    ['3101234567893', true],
    ['3101234567890', false],
    ['310123456789', false],
    ['31012345678931', false],
    ['310123456789x', false],
  ])('the 13-digit Thai tax id %s with its check digit is valid: %s', (id, valid) => {
    expect(isValidThaiTaxId(id)).toBe(valid);
  });

  const juristic: TaxInvoiceValues = {
    taxPersonType: 'juristic_person',
    taxNameOne: 'บริษัท ศาลา จำกัด',
    taxNameTwo: 'สำนักงานใหญ่',
    taxPayerIdentificationNo: '0105536000313',
    taxAddress: '1 ถนนพระราม 4',
    taxPostcode: '10110',
    taxCompanyCertificate: [{ name: 'cert.pdf' }],
    taxIsDeliveryByTaxaddress: true,
    taxDeliveryAddress: '',
  };

  it('accepts a complete juristic-person tax invoice', () => {
    expect(TaxInvoiceSchema.parse({ ...juristic, taxIsDeliveryByTaxaddress: 'on', taxPayerIdentificationNo: '0-1055-36000-31-3' })).toMatchObject({
      taxIsDeliveryByTaxaddress: true,
      taxPayerIdentificationNo: '0105536000313',
    });
  });

  test.each([
    ['taxNameOne', { taxNameOne: '' }, 'กรุณากรอกชื่อบริษัท'],
    ['taxNameOne', { taxNameOne: 'ก'.repeat(256) }, 'ชื่อบริษัทต้องไม่เกิน 255 ตัวอักษร'],
    ['taxNameTwo', { taxNameTwo: '' }, 'กรุณากรอกสาขา'],
    ['taxPayerIdentificationNo', { taxPayerIdentificationNo: '12345' }, 'กรุณากรอกเลขประจำตัวผู้เสียภาษี 13 หลัก'],
    ['taxPayerIdentificationNo', { taxPayerIdentificationNo: '0105536000310' }, 'เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง'],
    ['taxAddress', { taxAddress: '' }, 'กรุณากรอกที่อยู่ตามใบกำกับภาษี'],
    ['taxPostcode', { taxPostcode: '1011' }, 'กรุณากรอกรหัสไปรษณีย์ 5 หลัก'],
    ['taxPostcode', { taxPostcode: '1011a' }, 'กรุณากรอกรหัสไปรษณีย์ 5 หลัก'],
    ['taxDeliveryAddress', { taxIsDeliveryByTaxaddress: false }, 'กรุณากรอกที่อยู่สำหรับจัดส่งเอกสาร'],
    ['taxCompanyCertificate', { taxCompanyCertificate: [] }, 'กรุณาอัพโหลดหนังสือรับรอง'],
    ['taxCompanyCertificate', { taxCompanyCertificate: [{ name: 'cert.pdf.exe.php' }] }, 'ไม่อนุญาตให้อัพโหลดไฟล์ประเภทนี้'],
  ])('tax invoice: %s fails with its message', (field, change, message) => {
    expect(messageOf(TaxInvoiceSchema.safeParse({ ...juristic, ...change }), field)).toBe(message);
  });

  it('does not require a certificate of a normal person, and labels the names as a person', () => {
    const person = { ...juristic, taxPersonType: 'normal_person', taxCompanyCertificate: [], taxNameOne: '' };
    const result = TaxInvoiceSchema.safeParse(person);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['taxNameOne', 'กรุณากรอกชื่อ']]);
    expect(taxInvoiceLabels('normal_person').id).toBe('tax_label_id_normal');
  });

  it('reads a missing person type as juristic_person, the saved default', () => {
    const { taxPersonType: _omit, ...rest } = juristic;
    expect(TaxInvoiceSchema.parse(rest).taxPersonType).toBe('juristic_person');
  });

  it('gives one message per failing field, in English when asked', () => {
    const result = buildTaxInvoiceSchema(createTranslator('en')).safeParse({});
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['taxNameOne', 'taxNameTwo', 'taxPayerIdentificationNo', 'taxAddress', 'taxPostcode', 'taxDeliveryAddress', 'taxCompanyCertificate']);
    expect(messageOf(result, 'taxPostcode')).toBe('Please enter the 5-digit postcode');
  });

  it('changing the person type clears tax name, identification, address, postcode and certificate fields', () => {
    const cleared = clearOnPersonTypeChange({ ...juristic, taxIsDeliveryByTaxaddress: false, taxDeliveryAddress: 'ส่งที่นี่' }, 'normal_person');
    expect(cleared).toEqual({
      taxPersonType: 'normal_person',
      taxNameOne: '',
      taxNameTwo: '',
      taxPayerIdentificationNo: '',
      taxAddress: '',
      taxPostcode: '',
      taxCompanyCertificate: [],
      taxIsDeliveryByTaxaddress: false,
      taxDeliveryAddress: 'ส่งที่นี่',
    });
    expect(clearOnPersonTypeChange(juristic, 'juristic_person')).toEqual(juristic);
  });

  it('writes the form under the wire names, the delivery address only when delivery goes elsewhere', () => {
    expect(taxInvoiceToWire(juristic, ['cert.pdf'])).toEqual({
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ศาลา จำกัด',
      tax_name_two: 'สำนักงานใหญ่',
      tax_payer_identification_no: '0105536000313',
      tax_address: '1 ถนนพระราม 4',
      tax_postcode: '10110',
      tax_is_delivery_by_tax_address: true,
      tax_delivery_address: null,
      tax_company_certificate: ['cert.pdf'],
    });
    expect(taxInvoiceToWire({ ...juristic, taxIsDeliveryByTaxaddress: false, taxDeliveryAddress: 'ส่งที่นี่' }, [7]).tax_delivery_address).toBe('ส่งที่นี่');
    expect(taxInvoiceToWire({ ...juristic, taxIsDeliveryByTaxaddress: false }, []).tax_delivery_address).toBeNull();
  });

  it('reads the wire names back as the form names, both ways the same map', () => {
    const wire = taxInvoiceToWire(juristic, ['cert.pdf']);
    expect(taxInvoiceFromWire({ ...wire, unrelated: 1 })).toEqual({ ...juristic, taxCompanyCertificate: ['cert.pdf'], taxDeliveryAddress: null });
    expect(taxInvoiceFromWire({ tax_name_one: 'ก' })).toEqual({ taxNameOne: 'ก' });
    for (const [form, wireName] of Object.entries(TAX_INVOICE_WIRE_NAMES)) expect(TAX_INVOICE_FORM_NAMES[wireName]).toBe(form);
    expect(TAX_INVOICE_DETAIL_FIELDS).toHaveLength(8);
    expect(TAX_INVOICE_DETAIL_FIELDS).not.toContain('tax_company_certificate');
  });
});
