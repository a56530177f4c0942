/** The promotion page: what it takes off, its tiers, the courses it covers and when it runs. */
import { chakra } from '@chakra-ui/react';
import { formatMoney, money } from '@sala/shared/money';
import { formatDate } from '~/components/course/format';
import { useLocale, useT } from '~/models/i18n';
import type { PromotionDiscountView, PromotionView } from '~/models/promotion/types';

const Panel = chakra('section', { base: { bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', p: { base: '4', md: '6' } } });
const Heading = chakra('h2', { base: { fontWeight: '700', fontSize: 'lg', mb: '3' } });

function useDiscountText() {
  const t = useT();
  const locale = useLocale();
  return (discount: PromotionDiscountView) =>
    discount.type === 'percent' ? t('promotion_discount_percent', { percent: discount.percent }) : t('promotion_discount_amount', { amount: formatMoney(money(discount.amount, 'THB'), locale) });
}

function periodText(promotion: PromotionView, t: ReturnType<typeof useT>, locale: ReturnType<typeof useLocale>): string {
  const from = formatDate(promotion.validFrom, locale);
  const to = formatDate(promotion.validTo, locale);
  if (from && to) return t('promotion_period_from_to', { from, to });
  if (from) return t('promotion_period_from', { from });
  if (to) return t('promotion_period_until', { to });
  return t('promotion_period_open');
}

export function PromotionPage({ promotion }: { promotion: PromotionView }) {
  const t = useT();
  const locale = useLocale();
  const discountText = useDiscountText();
  return (
    <chakra.div maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="promotion-page" data-promotion-id={promotion.id}>
      <chakra.p fontSize="sm" color="brand" fontWeight="600">
        {t('promotion_page_label')}
      </chakra.p>
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" lineHeight="1.35" overflowWrap="anywhere" mt="1">
        {promotion.title}
      </chakra.h1>
      {promotion.pictureUrl ? <chakra.img src={promotion.pictureUrl} alt="" mt="4" borderRadius="xl" w="full" maxH="80" objectFit="cover" /> : null}
      <chakra.div display="grid" gap="4" mt="6">
        <Panel aria-labelledby="promotion-gives">
          <Heading id="promotion-gives">{t('promotion_gives')}</Heading>
          {promotion.tiers.length === 0 ? (
            <chakra.p data-testid="promotion-discount">
              <chakra.strong fontSize="xl" color="brand">
                {discountText(promotion.discount)}
              </chakra.strong>{' '}
              {promotion.kind === 'P2' ? t('promotion_rule_count', { count: promotion.numberOfCourse }) : t('promotion_rule_each')}
            </chakra.p>
          ) : null}
          {promotion.descriptionList.length > 0 ? (
            <chakra.ul mt="3" ps="5" listStyleType="disc" display="grid" gap="1">
              {promotion.descriptionList.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </chakra.ul>
          ) : null}
          {promotion.tiers.length > 0 ? (
            <chakra.div mt="3">
              <chakra.h3 fontWeight="600" mb="2">
                {t('promotion_tiers')}
              </chakra.h3>
              <chakra.ul listStyle="none" display="grid" gap="2" data-testid="promotion-tiers">
                {promotion.tiers.map((tier) => (
                  <chakra.li
                    key={tier.numberOfCourse}
                    data-testid="promotion-tier"
                    display="flex"
                    flexWrap="wrap"
                    justifyContent="space-between"
                    gap="2"
                    px="3"
                    py="2"
                    borderRadius="lg"
                    bg="brandSubtle"
                  >
                    <chakra.span>{t('promotion_tier_courses', { count: tier.numberOfCourse })}</chakra.span>
                    <chakra.strong color="brand">{discountText(tier)}</chakra.strong>
                  </chakra.li>
                ))}
              </chakra.ul>
            </chakra.div>
          ) : null}
        </Panel>
        <Panel aria-labelledby="promotion-courses">
          <Heading id="promotion-courses">{t('promotion_courses')}</Heading>
          {promotion.courses.length === 0 ? (
            <chakra.p color="fg.muted">{t('promotion_no_courses')}</chakra.p>
          ) : (
            <chakra.ul listStyle="none" display="grid" gap="2" data-testid="promotion-course-list">
              {promotion.courses.map((course) => (
                <li key={course.id}>
                  <chakra.a href={course.path} color="brand" fontWeight="600" overflowWrap="anywhere" _hover={{ textDecoration: 'underline' }}>
                    {course.title}
                  </chakra.a>
                </li>
              ))}
            </chakra.ul>
          )}
        </Panel>
        <Panel aria-labelledby="promotion-period">
          <Heading id="promotion-period">{t('promotion_period')}</Heading>
          <chakra.p data-testid="promotion-period">{periodText(promotion, t, locale)}</chakra.p>
        </Panel>
      </chakra.div>
    </chakra.div>
  );
}
