/**
 * /myaccount/student/tax: the signed-in student's tax-invoice details, read from the CMS and
 * saved with PUT /private/myaccount/students/tax (a new company certificate is uploaded first;
 * without one, the certificate already saved stays). The shared schema checks the form in the
 * browser and again here; the CMS checks it a third time.
 */
import { Button, Checkbox, RadioGroup, SimpleGrid, Stack, chakra } from '@chakra-ui/react';
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { TAX_INVOICE_FORM_NAMES, buildTaxInvoiceSchema, taxInvoiceLabels, taxInvoiceToWire, type TaxInvoiceWireName } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { FileField, TextareaField, TextField } from '~/components/checkout/form-fields';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CmsApiError, updateStudentTax, uploadFiles } from '~/lib/cms.server';
import { textsOfMatches, translatorFromTexts, useT, useTranslator } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { getMyTaxInfo, isSessionExpired, requireStudent } from '~/lib/orders.server';
import { sessionRefusedPage } from '~/lib/session-refusal.server';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

const PRIVATE_PAGE = 'private, no-store';
type PersonType = 'normal_person' | 'juristic_person';

/**
 * The shared tax schema; a certificate already saved counts when no new file is chosen. It reads
 * the raw form values itself (blank text, a flag, files): parsed with conform's coercion off, which
 * would turn a blank or absent field into `undefined` inside it and get zod's English message.
 */
function buildFormSchema(t: Translate) {
  return z.preprocess((input) => {
    if (typeof input !== 'object' || input === null) return input;
    const values = { ...(input as Record<string, unknown>) };
    const chosen = ([] as unknown[]).concat(values.taxCompanyCertificate ?? []).filter((file) => typeof file === 'object' && file !== null && (file as File).name);
    const kept = ([] as unknown[]).concat(values.keptCertificate ?? []).filter((name): name is string => typeof name === 'string' && name !== '');
    values.taxCompanyCertificate = chosen.length > 0 ? chosen : kept.map((name) => ({ name }));
    return values;
  }, buildTaxInvoiceSchema(t));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await requireStudent(request);
  const url = new URL(request.url);
  try {
    const tax = await getMyTaxInfo({ jwt: student.jwt, locale: getLocale(request), signal: request.signal });
    return data({ tax, saved: url.searchParams.get('saved') === '1' }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
  } catch (error) {
    if (isSessionExpired(error)) throw sessionRefusedPage();
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const student = await requireStudent(request);
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: buildFormSchema(t), disableAutoCoercion: true });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: { 'Cache-Control': PRIVATE_PAGE } });
  const values = submission.value;
  const options = { jwt: student.jwt, locale, signal: request.signal };
  try {
    const files = values.taxCompanyCertificate.filter((file): file is File => typeof File !== 'undefined' && file instanceof File && file.size > 0);
    const juristic = values.taxPersonType === 'juristic_person';
    const certificateNames = !juristic ? [] : files.length > 0 ? await uploadFiles(files, options) : values.taxCompanyCertificate.map((file) => file.name);
    await updateStudentTax({ is_require_tax_invoice: true, ...taxInvoiceToWire(values, certificateNames), lang: locale }, options);
  } catch (error) {
    if (isSessionExpired(error)) throw sessionRefusedPage();
    if (!(error instanceof CmsApiError)) throw error;
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.errors ?? {})) fieldErrors[TAX_INVOICE_FORM_NAMES[field as TaxInvoiceWireName] ?? ''] = Array.isArray(messages) ? messages : [messages];
    const reply = Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [error.msg || t('error_input_error')] };
    return data(submission.reply(reply), { status: error.status, headers: { 'Cache-Control': PRIVATE_PAGE } });
  }
  return redirect('/myaccount/student/tax?saved=1', { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.orders_tax_heading ?? 'Tax invoice'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

function TaxPage() {
  const { tax, saved } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const translator = useTranslator();
  const [personType, setPersonType] = useState<PersonType>(tax.personType);
  const [deliverToTaxAddress, setDeliverToTaxAddress] = useState(tax.deliveryByTaxAddress);
  const schema = useMemo(() => buildFormSchema(translator), [translator]);
  const [form] = useForm({
    id: 'tax-form',
    lastResult: lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: {
      taxNameOne: tax.nameOne,
      taxNameTwo: tax.nameTwo,
      taxPayerIdentificationNo: tax.taxId,
      taxAddress: tax.address,
      taxPostcode: tax.postcode,
      taxDeliveryAddress: tax.deliveryAddress,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const labels = taxInvoiceLabels(personType);
  return (
    <chakra.div maxW="3xl" mx="auto" px="4" py={{ base: '6', md: '10' }} data-testid="tax-page">
      <chakra.span color="brand" fontWeight="600" textDecoration="underline" fontSize="sm" asChild>
        <Link to="/myaccount/student/order">{t('orders_tax_back')}</Link>
      </chakra.span>
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" mt="3" mb="5">
        {t('orders_tax_heading')}
      </chakra.h1>
      {saved && navigation.state === 'idle' && !lastResult ? (
        <chakra.p role="status" color="green.700" fontWeight="600" mb="4" data-testid="tax-saved">
          {t('tax_saved')}
        </chakra.p>
      ) : null}
      <FormProvider context={form.context}>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <Stack gap="4" borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }}>
            <RadioGroup.Root name="taxPersonType" value={personType} onValueChange={(event) => event.value && setPersonType(event.value as PersonType)} aria-label={t('orders_tax_person_type')}>
              <chakra.div display="flex" gap="6" flexWrap="wrap">
                {(['normal_person', 'juristic_person'] as const).map((type) => (
                  <RadioGroup.Item key={type} value={type}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(type === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic')}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </chakra.div>
            </RadioGroup.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="taxNameOne" label={t(labels.nameOne)} required maxLength={255} />
              <TextField name="taxNameTwo" label={t(labels.nameTwo)} required maxLength={255} />
              <TextField name="taxPayerIdentificationNo" label={t(labels.id)} required inputMode="numeric" maxLength={17} />
              <TextField name="taxPostcode" label={t('tax_label_postcode')} required inputMode="numeric" maxLength={5} />
            </SimpleGrid>
            <TextareaField name="taxAddress" label={t('tax_label_address')} required />
            {personType === 'juristic_person' ? (
              <Stack gap="1">
                <FileField
                  name="taxCompanyCertificate"
                  label={t('tax_label_certificate')}
                  required={tax.certificates.length === 0}
                  accept=".jpg,.jpeg,.png,.gif,.webp,.pdf"
                  multiple
                  hint={tax.certificates.length > 0 ? t('orders_tax_certificate_kept', { names: tax.certificates.join(', ') }) : undefined}
                />
                {tax.certificates.map((name) => (
                  <input key={name} type="hidden" name="keptCertificate" value={name} />
                ))}
              </Stack>
            ) : null}
            <Checkbox.Root colorPalette="teal" checked={deliverToTaxAddress} onCheckedChange={(event) => setDeliverToTaxAddress(event.checked === true)} name="taxIsDeliveryByTaxaddress" value="on">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('tax_label_delivery_same')}</Checkbox.Label>
            </Checkbox.Root>
            {!deliverToTaxAddress ? <TextareaField name="taxDeliveryAddress" label={t('tax_label_delivery_address')} required /> : null}
            {form.errors?.length ? (
              <chakra.p color="fg.error" role="alert">
                {form.errors[0]}
              </chakra.p>
            ) : null}
            <chakra.div display="flex" justifyContent="flex-end">
              <Button type="submit" colorPalette="teal" loading={navigation.state !== 'idle'} data-testid="tax-save">
                {t('button_save')}
              </Button>
            </chakra.div>
          </Stack>
        </Form>
      </FormProvider>
    </chakra.div>
  );
}
export default withChakra(TaxPage);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
