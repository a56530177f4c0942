import crypto from 'node:crypto';
import { COUPONS, COURSES, ORIGIN_BANKS, PAYMENT_METHODS, PROMOTIONS, SITE_SETTINGS, daysFromNow } from './data';
import { PAYMENT_METHOD_ENGLISH } from './english';
import { DEMO_ACCOUNTS, ensureStorefrontAccount } from './accounts';
import { DEMO_VIDEO_SECONDS, type Catalogue } from './catalogue';
import type { Ids, Row, SeedContext } from './context';
import { sandboxOrigin, type SandboxDemoKeys } from './sandbox-keys';

/** A bank account of the demo, as the bank-account content type holds it. */
export type BankAccountSeed = { account_id: string; account_name: string; bank_name: string; bank_code: string | null; promptpay_id: string };

/** PromptPay QR images in cms/seed-assets, by PromptPay id. */
export const promptPayImage = (promptPayId: string): string => `banks/promptpay-${promptPayId}.png`;

function orderToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export type Payments = { methods: Map<number, Row>; bankAccounts: Row[] };

/** The payment methods, pointed at the local sandboxes, the shop's bank accounts and the banks a student transfers from. */
export async function seedPayments({ strapi, create, file }: SeedContext, sandbox: SandboxDemoKeys, bankAccountSeeds: BankAccountSeed[]): Promise<Payments> {
  const methods = new Map<number, Row>();
  for (const [index, method] of PAYMENT_METHODS.entries()) {
    const demo = sandbox.DEMO_METHOD_CONFIG[method.method_id];
    if (!demo) throw new Error(`payment-sandbox has no demo config for method ${method.method_id}`);
    methods.set(
      method.method_id,
      await create('api::payment-method.payment-method', {
        ...method,
        name_en: PAYMENT_METHOD_ENGLISH[method.method_id]?.name ?? null,
        description_en: PAYMENT_METHOD_ENGLISH[method.method_id]?.description ?? null,
        provider: demo.sandbox ?? 'bank-transfer',
        name_web: SITE_SETTINGS.title,
        enabled: true,
        sort_order: index,
        application_id_1: demo.applicationId1 || null,
        application_id_2: demo.applicationId2 || null,
        webhook_secret: demo.webhookSecret ?? null,
        api_key: demo.apiKey ?? null,
        settings: demo.settings ?? null,
        base_url: demo.sandbox ? sandboxOrigin(sandbox, demo.sandbox) : null,
      }),
    );
  }
  const bankAccounts: Row[] = [];
  for (const [index, account] of bankAccountSeeds.entries()) {
    bankAccounts.push(
      await create('api::bank-account.bank-account', {
        ...account,
        prompt_pay_image: file(promptPayImage(account.promptpay_id)).id,
        enabled: true,
        sort_order: index,
        payment_method: methods.get(1)!.id,
      }),
    );
  }
  await strapi.db.query('api::origin-bank.origin-bank').createMany({ data: ORIGIN_BANKS.map((bank, index) => ({ ...bank, sort_order: index })) });

  return { methods, bankAccounts };
}

/** Coupons and promotions on the courses on sale. */
export async function seedMarketing({ strapi, create }: SeedContext, courses: Ids, methods: Map<number, Row>): Promise<void> {
  const sellable = COURSES.filter((c) => c.is_published !== false && !(c.end_publish_in_days && c.end_publish_in_days < 0));
  const courseIdsFor = (spec: string[] | 'online' | 'all'): number[] => {
    const keys = spec === 'all' ? sellable.map((c) => c.key) : spec === 'online' ? sellable.filter((c) => c.course_type === 'Online').map((c) => c.key) : spec;
    return keys.map((key) => courses.get(key)!.id);
  };
  for (const coupon of COUPONS) {
    await create('api::coupon.coupon', {
      ...coupon,
      courses: courseIdsFor(coupon.courses),
      payment_methods: (coupon.payment_methods === 'all' ? [...methods.keys()] : coupon.payment_methods).map((id) => methods.get(id)!.id),
      used_count: 0,
      valid_from: daysFromNow(-30),
      valid_to: daysFromNow(365),
      is_active: true,
    });
  }
  // Promotions hold their tiers in a component, which only the Document Service writes.
  for (const [index, promotion] of PROMOTIONS.entries()) {
    const { courses: keys, valid_to_in_days, ...fields } = promotion;
    await strapi.documents('api::promotion.promotion' as never).create({
      data: {
        ...fields,
        courses: keys.map((key) => courses.get(key)!.documentId),
        valid_from: daysFromNow(-7),
        valid_to: daysFromNow(valid_to_in_days),
        is_active: true,
        sort_order: index,
      },
    } as never);
  }
}

/** The demo student and shop administrator: an address, two courses bought and paid, progress, a comment and a book in the cart. */
export async function seedStudent({ strapi, create }: SeedContext, demoPasswordHash: string, catalogue: Catalogue, { methods, bankAccounts }: Payments): Promise<void> {
  const { userGroups, courses, lectureIds, plans, products, productPlans } = catalogue;
  const { student, shopAdmin } = DEMO_ACCOUNTS;
  const studentId = await ensureStorefrontAccount(
    strapi,
    {
      username: student.username,
      email: student.email,
      role: student.role,
      firstname: 'สมหญิง',
      lastname: 'เรียนดี',
      nickname: 'หญิง',
      tel: '0891234567',
      address: '99/9 ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพฯ 10400',
      user_group: userGroups.get('general')!.id,
    },
    demoPasswordHash,
  );
  await ensureStorefrontAccount(strapi, { username: shopAdmin.username, email: shopAdmin.email, role: shopAdmin.role, firstname: 'ผู้ดูแล', lastname: 'ร้านค้า' }, demoPasswordHash);

  // demo.student already owns two courses, so the playlist, progress and the
  // free-for-owners plan of the recertification course can be tried at once.
  await create('api::shipping-address.shipping-address', {
    user: studentId,
    fullname: 'สมหญิง เรียนดี',
    tel: '0891234567',
    address: '99/9 ถนนพหลโยธิน',
    subdistrict: 'สามเสนใน',
    district: 'พญาไท',
    province: 'กรุงเทพมหานคร',
    postcode: '10400',
    is_default: true,
  });
  const owned = [
    { course: 'marketing', plan: 'marketing:0', method: 1, bank: bankAccounts[0].id, daysAgo: 20 },
    { course: 'excel', plan: 'excel:0', method: 8, bank: null, daysAgo: 10 },
  ];
  for (const item of owned) {
    const course = COURSES.find((c) => c.key === item.course)!;
    const plan = course.plans[0];
    const price = plan.price ?? 0;
    const approvedAt = daysFromNow(-item.daysAgo);
    const order = await create('api::order.order', {
      order_token: orderToken(),
      state: 'approved',
      user: studentId,
      currency_code: 'THB',
      price,
      discount: 0,
      shipping_fee: 0,
      vat: 0,
      withholding_price: 0,
      net: price,
      payment_method: methods.get(item.method)!.id,
      approved_at: approvedAt,
    });
    await create('api::order-line.order-line', {
      order: order.id,
      course: courses.get(item.course)!.id,
      pricing_plan: plans.get(item.plan)!.id,
      title: course.title,
      course_type: course.course_type,
      quantity: 1,
      price,
      discount: 0,
      net: price,
    });
    await create('api::payment-report.payment-report', {
      order: order.id,
      user: studentId,
      payment_method: methods.get(item.method)!.id,
      state: 'approved',
      contact_name: 'สมหญิง เรียนดี',
      email: DEMO_ACCOUNTS.student.email,
      tel: '0891234567',
      bank_account: item.bank,
      bank_code: item.bank ? 'KBANK' : null,
      transfer_datetime: approvedAt,
      time: approvedAt.toISOString().slice(11, 19),
      transfer_amount: price,
      description: item.bank ? 'โอนผ่านแอปธนาคาร' : 'ชำระด้วยบัตร',
      address: '-',
      provider_reference: item.bank ? null : 'chrg_test_demo_0001',
      approve_by: DEMO_ACCOUNTS.shopAdmin.username,
      approved_at: approvedAt,
    });
  }
  const [firstLecture, secondLecture] = lectureIds.get('marketing')!;
  await create('api::progress.progress', {
    user: studentId,
    course: courses.get('marketing')!.id,
    lecture: firstLecture,
    position_seconds: DEMO_VIDEO_SECONDS,
    completed: true,
    completed_at: daysFromNow(-19),
  });
  await create('api::progress.progress', { user: studentId, course: courses.get('marketing')!.id, lecture: secondLecture, position_seconds: 0, completed: false });
  await create('api::course-comment.course-comment', {
    course: courses.get('marketing')!.id,
    user: studentId,
    comment: 'อาจารย์อธิบายเข้าใจง่ายมากค่ะ อยากให้มีตัวอย่างโฆษณาเพิ่มอีก',
  });
  await create('api::cart-item.cart-item', {
    user: studentId,
    product: products.get('book-marketing')!.id,
    pricing_plan: productPlans.get('book-marketing')!.id,
    quantity: 1,
  });
}
