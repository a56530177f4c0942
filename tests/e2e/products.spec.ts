import type { APIRequestContext } from '@playwright/test';
import { test, expect as baseExpect, readOnPhone, waitForHydration } from './support/fixtures';
import { adminLogin, fillShippingAddressForm, keepScreenshot, readOrder, satang, uniqueName } from './support/course-checkout';
import { readOrderStatus, signedInStudent } from './support/pay';
import { BOOKSTORE_URL, CMS_URL } from './support/servers';

// Forms that sign in, save addresses and place orders on a real CMS: give a busy machine room.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const PRODUCT_UID = 'api::product.product';

type PublicProduct = { id: number; slug: string; title: string; available_qty: number | null; price: { amount: number } | null };

async function seededProduct(request: APIRequestContext, slug: string): Promise<PublicProduct & { path: string }> {
  const response = await request.get(`${CMS_URL}/public/product?pageSize=40`);
  expect(response.status()).toBe(200);
  const product = ((await response.json()) as { data: PublicProduct[] }).data.find((item) => item.slug === slug);
  expect(product, `demo product ${slug}`).toBeDefined();
  return { ...product!, path: `/products/${product!.id}-${product!.slug}` };
}

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${(await adminLogin(request)).token}` };
}

/** Creates published products as an editor; returns their document ids for the clean-up. */
async function createProducts(request: APIRequestContext, rows: Record<string, unknown>[]): Promise<string[]> {
  const headers = await adminHeaders(request);
  const ids: string[] = [];
  for (const data of rows) {
    const response = await request.post(`${CMS_URL}/content-manager/collection-types/${PRODUCT_UID}`, { headers, data: { course_type: 'product', is_published: true, ...data } });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { data: { documentId: string } }).data.documentId);
  }
  return ids;
}

async function removeProducts(request: APIRequestContext, documentIds: string[]): Promise<void> {
  const headers = await adminHeaders(request);
  for (const id of documentIds) await request.delete(`${CMS_URL}/content-manager/collection-types/${PRODUCT_UID}/${id}`, { headers });
}

/** Sets a product's stock as an editor would; returns the stock it had. */
async function setStock(request: APIRequestContext, productId: number, availableQty: number): Promise<number | null> {
  const headers = await adminHeaders(request);
  const found = await request.get(`${CMS_URL}/content-manager/collection-types/${PRODUCT_UID}`, { headers, params: { page: 1, pageSize: 10, 'filters[$and][0][id][$eq]': productId } });
  const row = ((await found.json()) as { results: { id: number; documentId: string; available_qty: number | null }[] }).results.find((item) => item.id === productId)!;
  const response = await request.put(`${CMS_URL}/content-manager/collection-types/${PRODUCT_UID}/${row.documentId}`, { headers, data: { available_qty: availableQty } });
  expect(response.status(), await response.text()).toBe(200);
  return row.available_qty;
}

test.describe('products', () => {
  test('the list paginates 10 a page, changes page size, finds by keyword and filters to what is in stock', async ({ page, request }, testInfo) => {
    const tag = uniqueName('ชุดทดสอบ');
    // nine more than the three books of the demo: the list needs a second page
    const created = await createProducts(
      request,
      Array.from({ length: 9 }, (_, index) => ({ title: `${tag} เล่ม ${index + 1}`, slug: `e2e-${Date.now()}-${index}`, available_qty: index === 0 ? 0 : 5, sort_order: 500 + index })),
    );
    try {
      await page.goto('/products');
      const cards = page.getByTestId('product-card');
      await expect(cards).toHaveCount(10);
      const total = Number(/จาก (\d+) รายการ/.exec((await page.getByTestId('products-count').textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThanOrEqual(12);
      // the demo books come first with their covers, prices and stock
      const cookbook = cards.filter({ hasText: 'ตำราอาหารไทยประจำบ้าน' });
      await expect(cookbook.locator('img')).toHaveAttribute('src', /\/uploads\//);
      await expect(cookbook.getByTestId('product-card-price')).toHaveText('฿520.00');
      await expect(cookbook.getByTestId('product-stock')).toContainText('ชิ้น');
      await keepScreenshot(page, testInfo, 'products-list-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'products-list-390');
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.getByTestId('pagination').getByRole('link', { name: 'หน้า 2' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards).toHaveCount(Math.min(10, total - 10));
      await expect(page.getByTestId('pagination').locator('[aria-current=page]')).toHaveText('2');

      await waitForHydration(page);
      await page.getByTestId('product-page-size').selectOption('20');
      await expect(page).toHaveURL(/pageSize=20/);
      await expect(cards).toHaveCount(Math.min(20, total));
      await expect(page.getByTestId('pagination')).toHaveCount(total > 20 ? 1 : 0);

      // keyword: the editor's new books by their shared word, then a demo book by its title
      await page.getByTestId('product-keyword').fill(tag);
      await page.getByTestId('product-search').click();
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(tag).replace(/%20/g, '\\+')}`));
      await expect(cards).toHaveCount(9);
      await waitForHydration(page);
      await page.getByTestId('product-filter').selectOption('in_stock');
      await expect(page).toHaveURL(/filter=in_stock/);
      await expect(cards).toHaveCount(8);
      await expect(cards.filter({ hasText: `${tag} เล่ม 1` })).toHaveCount(0);

      await page.goto(`/products?keyword=${encodeURIComponent('ตำราอาหาร')}`);
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('หนังสือ ตำราอาหารไทยประจำบ้าน');
      await page.goto(`/products?keyword=${encodeURIComponent('ไม่มีสินค้านี้แน่นอน')}`);
      await expect(page.getByTestId('products-empty')).toHaveText('ไม่พบสินค้าที่ค้นหา');
    } finally {
      await removeProducts(request, created);
    }
  });

  test('the detail page shows the gallery, price, stock, tabs and social tags; another slug moves to the right address', async ({ page, request, consoleProblems }, testInfo) => {
    const excel = await seededProduct(request, 'excel-100-formulas');
    const response = await page.goto(`/products/${excel.id}-old-name?ref=mail`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/products/${excel.id}-excel-100-formulas\\?ref=mail$`));
    await expect(page.getByTestId('product-title')).toHaveText('หนังสือ 100 สูตร Excel ที่ใช้บ่อย');
    await expect(page.getByTestId('product-price')).toHaveText('฿390.00');
    await expect(page.getByTestId('product-stock')).toHaveText(`จำนวนคงเหลือ ${excel.available_qty} ชิ้น`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/uploads\//);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'หนังสือ 100 สูตร Excel ที่ใช้บ่อย');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/products/${excel.id}-excel-100-formulas$`));
    await expect(page).toHaveTitle('หนังสือ 100 สูตร Excel ที่ใช้บ่อย | ศาลา');

    await waitForHydration(page);
    const main = page.getByTestId('product-gallery-main');
    const first = await main.getAttribute('src');
    await expect(page.getByTestId('product-gallery-thumb')).toHaveCount(2);
    await page.getByTestId('product-gallery-thumb').nth(1).click();
    await expect(main).not.toHaveAttribute('src', first!);
    await page.getByRole('tab', { name: 'ข้อมูลสินค้า' }).click();
    await expect(page.getByRole('tabpanel', { name: 'ข้อมูลสินค้า' })).toContainText('BOOK-XLS-01');
    await page.getByRole('tab', { name: 'รายละเอียดสินค้า' }).click();
    await expect(page.getByRole('tabpanel', { name: 'รายละเอียดสินค้า' })).toContainText('จัดหมวดตามงาน');

    await keepScreenshot(page, testInfo, 'product-detail-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'product-detail-390');

    consoleProblems.allow(/status of 404 .*\/products\/999999-nothing/);
    const missing = await page.goto('/products/999999-nothing');
    expect(missing?.status()).toBe(404);
  });

  test('a phone reads a product without loading a script; a picture chosen before they are in shows once they are', async ({ page, request }) => {
    const excel = await seededProduct(request, 'excel-100-formulas');
    const scripts = await readOnPhone(page, excel.path);
    await expect(page.getByTestId('product-add-to-cart')).toBeEnabled();

    const main = page.getByTestId('product-gallery-main');
    const first = await main.getAttribute('src');
    await page.getByTestId('product-gallery-thumb').nth(1).click();
    await expect.poll(scripts.requested, 'the press started loading the scripts').toBeGreaterThan(0);
    await expect(main).toHaveAttribute('src', first!);
    scripts.release();
    await expect(main).not.toHaveAttribute('src', first!);
  });

  test('a product goes in the cart with its shipping fee; paying waits for an address; the order total is the summary', async ({ page, request }, testInfo) => {
    const student = await signedInStudent(page, request, 'books');
    const marketing = await seededProduct(request, 'online-marketing-handbook');
    await page.goto(marketing.path);
    await waitForHydration(page);
    await page.getByTestId('product-quantity').fill('2');
    await page.getByTestId('product-add-to-cart').click();
    await expect(page).toHaveURL(/\/cart$/);

    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('หนังสือ คู่มือการตลาดออนไลน์ ฉบับปฏิบัติ');
    await expect(line.getByTestId('cart-line-price')).toContainText('฿900.00');
    await waitForHydration(page);

    // no address yet: the pay button waits, with the reason next to it
    await expect(page.getByTestId('shipping-address-missing')).toHaveText('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง');
    await expect(page.getByTestId('pay-button')).toBeDisabled();
    await expect(page.getByTestId('pay-blocked')).toHaveText('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่งก่อนชำระเงิน');

    // the first shipping method is chosen, and its fee is in the summary
    const fees = page.getByTestId('shipping-fee');
    await expect(fees).toHaveCount(3);
    await expect(page.getByTestId('summary-shipping')).toHaveText('฿50.00');
    await expect(page.getByTestId('summary-total')).toHaveText('฿950.00');
    await fees.filter({ hasText: 'EMS' }).click();
    await expect(page.getByTestId('summary-shipping')).toHaveText('฿80.00');
    await expect(page.getByTestId('summary-total')).toHaveText('฿980.00');

    // the spec's Thai messages for a bad postcode and phone
    const form = page.getByTestId('shipping-address-form');
    await fillShippingAddressForm(form, { tel: '08123', postcode: '104' });
    await form.getByTestId('shipping-address-save').click();
    await expect(form.locator('[data-field=postcode]')).toContainText('กรุณากรอกรหัสไปรษณีย์ 5 หลัก');
    await expect(form.locator('[data-field=tel]')).toContainText('กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก');
    await expect(page.getByTestId('pay-button')).toBeDisabled();
    await keepScreenshot(page, testInfo, 'cart-shipping-missing-390');

    await form.getByTestId('shipping-tel').fill('0812345678');
    await form.getByTestId('shipping-postcode').fill('10400');
    await form.getByTestId('shipping-address-save').click();
    await expect(page.getByTestId('shipping-address-summary')).toContainText('มานี มีนา');
    await expect(page.getByTestId('shipping-address-summary')).toContainText('10400');
    await expect(page.getByTestId('pay-button')).toBeEnabled();
    await expect(page.getByTestId('pay-blocked')).toHaveCount(0);
    // the method chosen before the address was saved is still the one priced
    await expect(page.getByTestId('summary-total')).toHaveText('฿980.00');
    await keepScreenshot(page, testInfo, 'cart-shipping-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'cart-shipping-390');
    await page.setViewportSize({ width: 1280, height: 720 });

    const summaryTotal = satang(await page.getByTestId('summary-total').textContent());
    await page.getByTestId('block-payment').locator('[data-method-id="1"]').click();
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/pay\/\d+/);
    const orderId = Number(/\/pay\/(\d+)/.exec(page.url())![1]);
    const order = await readOrder(request, orderId);
    // 2 x 450.00 + 80.00 EMS = 980.00, priced again by the CMS
    expect(order.net).toBe(summaryTotal);
    expect(order.net).toBe(98_000);
    expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
  });

  test('more than the stock is refused with the shop’s message, in the page and again by the server', async ({ page, request }) => {
    await signedInStudent(page, request, 'stock');
    const cookbook = await seededProduct(request, 'thai-home-cookbook');
    const stock = cookbook.available_qty ?? 0;
    expect(stock).toBeGreaterThan(1);
    await page.goto(cookbook.path);
    await waitForHydration(page);

    await page.getByTestId('product-quantity').fill(String(stock + 1));
    await page.getByTestId('product-add-to-cart').click();
    await expect(page.getByTestId('product-buy-error')).toHaveText(`สินค้าคงเหลือไม่พอ สั่งซื้อได้ไม่เกิน ${stock} ชิ้น`);
    await expect(page).toHaveURL(cookbook.path);

    // the stock drops while the page is open: the CMS refuses what the page still allowed
    const before = await setStock(request, cookbook.id, 1);
    try {
      await page.getByTestId('product-quantity').fill('2');
      await page.getByTestId('product-add-to-cart').click();
      await expect(page.getByTestId('product-buy-error')).toHaveText('สินค้าคงเหลือไม่พอ สั่งซื้อได้ไม่เกิน 1 ชิ้น');
      await expect(page).toHaveURL(cookbook.path);
    } finally {
      await setStock(request, cookbook.id, before ?? stock);
    }
    await page.goto('/cart');
    await expect(page.getByTestId('cart-empty')).toBeVisible();
  });

  test('a book goes to the book retailer with its quantity', async ({ page, request, consoleProblems }) => {
    // the retailer's page is not ours: its missing favicon is its own
    consoleProblems.allow(new RegExp(`status of 404 \\(Not Found\\) \\(${BOOKSTORE_URL.replace(/\./g, '\\.')}/favicon\\.ico\\)`));
    await signedInStudent(page, request, 'retailer');
    const excel = await seededProduct(request, 'excel-100-formulas');
    await page.goto(excel.path);
    await waitForHydration(page);
    await page.getByTestId('product-quantity').fill('3');
    await page.getByTestId('product-bookstore').click();
    await page.waitForURL(new RegExp(`^${BOOKSTORE_URL}/checkout/[0-9a-f]{16}$`));
    const cart = await request.get(page.url().replace('/checkout/', '/carts/'));
    expect(await cart.json()).toMatchObject({ course_id: [excel.id], courses: [{ course_id: excel.id, quantity: 3, price: '390.00', total: '1170.00' }] });
  });
});

test.describe('the cart’s books at the book retailer', () => {
  test('the cart hands both its books to the retailer at once, with their quantities', async ({ page, request, consoleProblems }, testInfo) => {
    consoleProblems.allow(new RegExp(`status of 404 \\(Not Found\\) \\(${BOOKSTORE_URL.replace(/\./g, '\\.')}/favicon\\.ico\\)`));
    await signedInStudent(page, request, 'cartbooks');
    const handbook = await seededProduct(request, 'online-marketing-handbook');
    const excel = await seededProduct(request, 'excel-100-formulas');
    for (const [book, quantity] of [
      [handbook, 2],
      [excel, 3],
    ] as const) {
      await page.goto(book.path);
      await waitForHydration(page);
      await page.getByTestId('product-quantity').fill(String(quantity));
      await page.getByTestId('product-add-to-cart').click();
      await page.waitForURL(/\/cart$/);
    }
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await waitForHydration(page);
    await expect(page.getByTestId('cart-bookstore')).toContainText('หนังสือ 2 รายการในตะกร้าสั่งซื้อผ่านร้านหนังสือได้ในครั้งเดียว');
    await keepScreenshot(page, testInfo, 'cart-books-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'cart-books-390');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId('cart-bookstore-button').click();
    await page.waitForURL(new RegExp(`^${BOOKSTORE_URL}/checkout/[0-9a-f]{16}$`));
    const received = await request.get(page.url().replace('/checkout/', '/carts/'));
    expect(await received.json()).toMatchObject({
      course_id: [handbook.id, excel.id],
      courses: [
        { course_id: handbook.id, quantity: 2, price: '450.00', total: '900.00' },
        { course_id: excel.id, quantity: 3, price: '390.00', total: '1170.00' },
      ],
      totalPrice: '2070.00',
    });
    await expect(page.getByRole('row')).toHaveCount(3);
  });
});
