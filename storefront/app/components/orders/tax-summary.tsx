/** The student's saved tax-invoice details on "my orders", with the way to change them. */
import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useT } from '~/models/i18n';

export type TaxSummaryData = {
  personType: 'normal_person' | 'juristic_person';
  nameOne: string;
  nameTwo: string;
  taxId: string;
  address: string;
  postcode: string;
  saved: boolean;
};

export function TaxSummary({ tax }: { tax: TaxSummaryData }) {
  const t = useT();
  const juristic = tax.personType === 'juristic_person';
  return (
    <chakra.section mt="10" borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} aria-labelledby="tax-summary-title" data-testid="tax-summary">
      <chakra.div display="flex" flexWrap="wrap" justifyContent="space-between" alignItems="center" gap="2" mb="2">
        <chakra.h2 id="tax-summary-title" fontWeight="700" fontSize="lg">
          {t('orders_tax_heading')}
        </chakra.h2>
        <chakra.span color="brand" fontWeight="600" textDecoration="underline" asChild>
          <Link to="/myaccount/student/tax" data-testid="tax-edit-link">
            {t('orders_tax_edit')}
          </Link>
        </chakra.span>
      </chakra.div>
      {tax.saved ? (
        <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="4" rowGap="1" fontSize="sm">
          <chakra.dt color="fg.muted">{t('orders_tax_person_type')}</chakra.dt>
          <dd>{t(juristic ? 'tax_person_juristic' : 'tax_person_normal')}</dd>
          <chakra.dt color="fg.muted">{t(juristic ? 'tax_label_name_one_juristic' : 'tax_label_name_one_normal')}</chakra.dt>
          <chakra.dd overflowWrap="anywhere">
            {tax.nameOne} {tax.nameTwo}
          </chakra.dd>
          <chakra.dt color="fg.muted">{t(juristic ? 'tax_label_id_juristic' : 'tax_label_id_normal')}</chakra.dt>
          <dd data-testid="tax-summary-id">{tax.taxId}</dd>
          <chakra.dt color="fg.muted">{t('tax_label_address')}</chakra.dt>
          <chakra.dd overflowWrap="anywhere">
            {tax.address} {tax.postcode}
          </chakra.dd>
        </chakra.dl>
      ) : (
        <chakra.p color="fg.muted">{t('orders_tax_none')}</chakra.p>
      )}
    </chakra.section>
  );
}
