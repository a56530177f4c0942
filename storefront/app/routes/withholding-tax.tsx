/**
 * POST /withholding-tax: saves the signed-in student's tax details from the stand-alone tax
 * modal (certificate uploaded first, then PUT /private/myaccount/students/tax). The person type
 * is juristic_person unless the form says normal_person (the cart's tax invoice of a normal
 * person); only legal entities may deduct withholding tax. Answers `{ ok: true }` or the messages per field, checked with the shared tax rules.
 */
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { TAX_INVOICE_FORM_NAMES, taxInvoiceIssues, taxInvoiceToWire, type TaxInvoiceValues, type TaxInvoiceWireName } from '@sala/shared/schemas';
import { translatorFromTexts } from '~/models/i18n';
import { saveTaxInfo } from '~/lib/card.server';
import { CmsApiError, CmsError, uploadFiles } from '~/lib/cms.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { getSession } from '~/lib/session.server';
import type { WithholdingTaxAnswer } from '~/models/payment/types';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader() {
  throw new Response('Not found', { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const student = (await getSession(request)).get('student');
  if (!student) return data<WithholdingTaxAnswer>({ ok: false, fieldErrors: {}, message: t('error_unauthorized') }, { status: 401, headers: NO_STORE });
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const personType = form.get('taxPersonType') === 'normal_person' ? 'normal_person' : 'juristic_person';
  const files = form.getAll('taxCompanyCertificate').filter((value): value is File => typeof value === 'object' && value !== null && 'size' in value && value.size > 0);
  const values: TaxInvoiceValues = {
    taxPersonType: personType,
    taxNameOne: text('taxNameOne'),
    taxNameTwo: text('taxNameTwo'),
    taxPayerIdentificationNo: text('taxPayerIdentificationNo'),
    taxAddress: text('taxAddress'),
    taxPostcode: text('taxPostcode'),
    taxCompanyCertificate: personType === 'juristic_person' ? files : [],
    taxIsDeliveryByTaxaddress: form.get('taxIsDeliveryByTaxaddress') === 'on',
    taxDeliveryAddress: text('taxDeliveryAddress'),
  };
  const issues = taxInvoiceIssues(values, t);
  if (issues.length > 0) {
    return data<WithholdingTaxAnswer>(
      { ok: false, fieldErrors: Object.fromEntries(issues.map((issue) => [issue.path, issue.message])), message: t('tax_invoice_invalid_toast') },
      { headers: NO_STORE },
    );
  }
  const options = { jwt: student.jwt, locale, signal: request.signal };
  try {
    const names = personType === 'juristic_person' ? await uploadFiles(files, options) : [];
    await saveTaxInfo({ is_require_tax_invoice: true, ...taxInvoiceToWire(values, names) }, options);
  } catch (error) {
    if (error instanceof CmsApiError) {
      const fieldErrors: Record<string, string> = {};
      for (const [wire, message] of Object.entries(error.errors ?? {})) fieldErrors[TAX_INVOICE_FORM_NAMES[wire as TaxInvoiceWireName] ?? wire] = Array.isArray(message) ? message[0] : message;
      return data<WithholdingTaxAnswer>({ ok: false, fieldErrors, message: t('tax_invoice_invalid_toast') }, { headers: NO_STORE });
    }
    if (error instanceof CmsError) return data<WithholdingTaxAnswer>({ ok: false, fieldErrors: {}, message: t('error_input_error') }, { headers: NO_STORE });
    throw error;
  }
  return data<WithholdingTaxAnswer>({ ok: true }, { headers: NO_STORE });
}
