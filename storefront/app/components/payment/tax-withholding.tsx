/**
 * Withholding tax for a signed-in buyer (spec sections 2 and 4): withholding needs a
 * juristic-person tax invoice on file. Ticking it without one asks first (the
 * change-person-type dialog), then opens the tax-invoice modal: titled that withholding
 * needs a juristic-person account, the tax form with "normal person" shown but disabled,
 * and a save button that stores the details on the student's account (/withholding-tax).
 * Messages sit under each empty or wrong field; editing a field clears its own.
 */
import { Button, Checkbox, Dialog, Field, Input, Portal, RadioGroup, SimpleGrid, Stack, Textarea, chakra } from '@chakra-ui/react';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { FilePicker } from '~/components/file-picker';
import { withChakra } from '~/components/provider';
import { useFetcher } from '@remix-run/react';
import { taxInvoiceIssues, taxInvoiceLabels, type TaxInvoiceValues } from '@sala/shared/schemas';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '~/models/i18n';
import type { WithholdingTaxAnswer } from '~/models/payment/types';
import { CardNotice } from './pay-button';

type TextFieldName = 'taxNameOne' | 'taxNameTwo' | 'taxPayerIdentificationNo' | 'taxAddress' | 'taxPostcode' | 'taxDeliveryAddress';

function TaxField({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required ids={{ control: `wht-${name}`, errorText: `wht-${name}-error`, label: `wht-${name}-label` }} data-field={name}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export type TaxPersonType = 'normal_person' | 'juristic_person';

/**
 * The stand-alone tax-invoice modal; `onSaved` once the CMS stored it. Its person type is fixed
 * (spec: the stand-alone modal cannot change it): a juristic person by default, as withholding
 * needs, or a normal person when the cart asks for that invoice.
 */
export function WithholdingTaxModal({ open, onClose, onSaved, personType = 'juristic_person' }: { open: boolean; onClose: () => void; onSaved: () => void; personType?: TaxPersonType }) {
  const t = useT();
  const fetcher = useFetcher<WithholdingTaxAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [deliverToTaxAddress, setDeliverToTaxAddress] = useState(true);
  const juristic = personType === 'juristic_person';
  const labels = taxInvoiceLabels(personType);
  const saving = fetcher.state !== 'idle';

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== 'idle') return;
    if (answer.ok) onSaved();
    else {
      setErrors(answer.fieldErrors);
      setNotice(answer.message);
    }
    // the answer decides; onSaved is the caller's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const clear = (name: string) => setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));

  const save = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal may sit inside the host's form: its submit must not reach that form too.
    event.stopPropagation();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: TextFieldName) => String(data.get(name) ?? '').trim();
    const files = (form.elements.namedItem('taxCompanyCertificate') as HTMLInputElement | null)?.files;
    const values: TaxInvoiceValues = {
      taxPersonType: personType,
      taxNameOne: text('taxNameOne'),
      taxNameTwo: text('taxNameTwo'),
      taxPayerIdentificationNo: text('taxPayerIdentificationNo'),
      taxAddress: text('taxAddress'),
      taxPostcode: text('taxPostcode'),
      taxCompanyCertificate: juristic && files ? [...files].map((file) => ({ name: file.name, type: file.type, size: file.size })) : [],
      taxIsDeliveryByTaxaddress: deliverToTaxAddress,
      taxDeliveryAddress: text('taxDeliveryAddress'),
    };
    const issues = taxInvoiceIssues(values, t as never);
    setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
    if (issues.length > 0) {
      setNotice(t('tax_invoice_invalid_toast'));
      return;
    }
    setNotice(null);
    fetcher.submit(form, { method: 'post', action: '/withholding-tax', encType: 'multipart/form-data' });
  };

  const textInput = (name: TextFieldName, label: string, extra: Partial<React.ComponentProps<typeof Input>> = {}) => (
    <TaxField name={name} label={label} error={errors[name]}>
      <Input name={name} onChange={() => clear(name)} maxLength={255} {...extra} />
    </TaxField>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(event) => !event.open && !saving && onClose()} placement="center" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', md: '4' }}>
          <Dialog.Content data-testid="withholding-tax-modal">
            <Dialog.Header>
              <Dialog.Title>{t(juristic ? 'tax_modal_title' : 'tax_invoice_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <chakra.form ref={formRef} id="withholding-tax-form" onSubmit={save} noValidate encType="multipart/form-data">
                <Stack gap="4">
                  <input type="hidden" name="taxPersonType" value={personType} />
                  {juristic ? (
                    <chakra.p fontSize="sm" color="fg.muted">
                      {t('tax_withholding_modal_description')}
                    </chakra.p>
                  ) : null}
                  {notice ? <CardNotice title={t('validation_toast_title')} description={notice} /> : null}
                  <RadioGroup.Root value={personType} aria-label={t('tax_invoice_title')} colorPalette="teal">
                    <chakra.div display="flex" gap="6" flexWrap="wrap">
                      {(['juristic_person', 'normal_person'] as const).map((type) => (
                        <RadioGroup.Item key={type} value={type} disabled={type !== personType}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{t(type === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic')}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </chakra.div>
                  </RadioGroup.Root>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {textInput('taxNameOne', t(labels.nameOne))}
                    {textInput('taxNameTwo', t(labels.nameTwo))}
                    {textInput('taxPayerIdentificationNo', t(labels.id), { inputMode: 'numeric', maxLength: 13 })}
                    {textInput('taxPostcode', t('tax_label_postcode'), { inputMode: 'numeric', maxLength: 5 })}
                  </SimpleGrid>
                  <TaxField name="taxAddress" label={t('tax_label_address')} error={errors.taxAddress}>
                    <Textarea name="taxAddress" rows={3} onChange={() => clear('taxAddress')} />
                  </TaxField>
                  {juristic ? (
                    <TaxField name="taxCompanyCertificate" label={t('tax_label_certificate')} error={errors.taxCompanyCertificate}>
                      <FilePicker
                        id="wht-taxCompanyCertificate"
                        name="taxCompanyCertificate"
                        required
                        aria-invalid={errors.taxCompanyCertificate ? true : undefined}
                        aria-describedby={errors.taxCompanyCertificate ? 'wht-taxCompanyCertificate-error' : undefined}
                        accept=".jpg,.jpeg,.png,.gif,.webp,.pdf"
                        multiple
                        onChange={() => clear('taxCompanyCertificate')}
                      />
                    </TaxField>
                  ) : null}
                  <Checkbox.Root
                    colorPalette="teal"
                    checked={deliverToTaxAddress}
                    onCheckedChange={(event) => setDeliverToTaxAddress(event.checked === true)}
                    name="taxIsDeliveryByTaxaddress"
                    value="on"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('tax_label_delivery_same')}</Checkbox.Label>
                  </Checkbox.Root>
                  {!deliverToTaxAddress ? (
                    <TaxField name="taxDeliveryAddress" label={t('tax_label_delivery_address')} error={errors.taxDeliveryAddress}>
                      <Textarea name="taxDeliveryAddress" rows={3} onChange={() => clear('taxDeliveryAddress')} />
                    </TaxField>
                  ) : null}
                </Stack>
              </chakra.form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={saving}>
                {t('button_cancel')}
              </Button>
              <Button type="submit" form="withholding-tax-form" colorPalette="teal" loading={saving} data-testid="withholding-tax-save">
                {t('button_save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Asks before switching a buyer to a juristic person, which withholding needs. */
export function ChangePersonTypeDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={t('tax_modal_title')}
      confirmLabel={t('tax_change_person_type')}
      testId="change-person-type-dialog"
      confirmTestId="change-person-type-confirm"
    >
      <Stack gap="2">
        <chakra.p>{t('tax_withholding_need_juristic')}</chakra.p>
        <chakra.p fontSize="sm" color="fg.muted">
          {t('cart_withholding_juristic_only')}
        </chakra.p>
      </Stack>
    </ConfirmDialog>
  );
}

/** The modal and the question inside Chakra's provider, for pages that load them lazily (components/cart/tax-dialogs.ts). */
export const WithholdingTaxModalWithChakra = withChakra(WithholdingTaxModal);
export const ChangePersonTypeDialogWithChakra = withChakra(ChangePersonTypeDialog);
