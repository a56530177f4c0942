/**
 * The slip reuses the CMS refused (ADR 205), on the administrator's review page: which order
 * tried the slip, who reported it, the slip's bank and reference, when, and a link to the report
 * and order that first used it.
 */
import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useT } from '~/models/i18n';

export type SlipRefusalView = {
  id: number;
  orderId: number;
  reporter: { username: string; email: string } | null;
  bank: string;
  reference: string;
  firstReportId: number | null;
  firstOrderId: number | null;
  attempts: number;
  refusedAt: string | null;
};

/** Where a first use is read: its order's reports, scrolled to the report. */
export function firstUsePath(orderId: number, reportId: number | null): string {
  return `/admin/payments?order=${orderId}${reportId === null ? '' : `#report-${reportId}`}`;
}

const Term = chakra('dt', { base: { color: 'fg.muted', fontSize: 'sm' } });
const Detail = chakra('dd', { base: { fontWeight: '500', overflowWrap: 'anywhere', mb: '2' } });

export function SlipRefusals({ refusals, total }: { refusals: SlipRefusalView[]; total: number }) {
  const t = useT();
  if (refusals.length === 0) return null;
  return (
    <chakra.section aria-labelledby="slip-refusals-title" data-testid="slip-refusals" mb="8">
      <chakra.h2 id="slip-refusals-title" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="700">
        {t('admin_payments_refusals_title')}
        <chakra.span ms="2" fontSize="md" color="fg.muted" fontWeight="500">
          ({total})
        </chakra.span>
      </chakra.h2>
      <chakra.p color="fg.muted" mt="1" mb="4">
        {t('admin_payments_refusals_intro')}
      </chakra.p>
      <chakra.ul listStyleType="none" display="grid" gap="3">
        {refusals.map((refusal) => (
          <chakra.li key={refusal.id} data-testid="slip-refusal" data-order-id={refusal.orderId} borderWidth="1px" borderColor="orange.300" borderRadius="xl" bg="orange.50" p={{ base: '4', md: '5' }}>
            <chakra.dl display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} columnGap="4">
              <div>
                <Term>{t('admin_payments_refusal_order')}</Term>
                <Detail>{t('checkout_order_number', { id: refusal.orderId })}</Detail>
              </div>
              <div>
                <Term>{t('admin_payments_refusal_reporter')}</Term>
                <Detail>
                  {refusal.reporter ? refusal.reporter.username : '-'}
                  {refusal.reporter ? (
                    <chakra.span display="block" fontSize="sm" color="fg.muted">
                      {refusal.reporter.email}
                    </chakra.span>
                  ) : null}
                </Detail>
              </div>
              <div>
                <Term>{t('admin_payments_slip_qr')}</Term>
                <Detail data-testid="slip-refusal-reference">
                  {refusal.bank} · {refusal.reference}
                </Detail>
              </div>
              <div>
                <Term>{t('admin_payments_refusal_at')}</Term>
                <Detail>
                  {refusal.refusedAt ?? '-'}
                  {refusal.attempts > 1 ? (
                    <chakra.span display="block" fontSize="sm" color="fg.muted">
                      {t('admin_payments_refusal_attempts', { count: refusal.attempts })}
                    </chakra.span>
                  ) : null}
                </Detail>
              </div>
            </chakra.dl>
            {refusal.firstOrderId !== null ? (
              <chakra.p fontWeight="600" color="orange.800">
                <Link to={firstUsePath(refusal.firstOrderId, refusal.firstReportId)} data-testid="slip-refusal-first-use" style={{ textDecoration: 'underline' }}>
                  {t('admin_payments_refusal_first_use', { report: refusal.firstReportId ?? '-', id: refusal.firstOrderId })}
                </Link>
              </chakra.p>
            ) : (
              <chakra.p color="fg.muted">{t('admin_payments_refusal_first_gone')}</chakra.p>
            )}
          </chakra.li>
        ))}
      </chakra.ul>
    </chakra.section>
  );
}
