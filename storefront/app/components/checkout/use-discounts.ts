/**
 * Coupons and the promotion of one order, as the course page's checkout and the cart both offer
 * them: the coupons applied (looked up through the page's own `intent=coupon` action), the
 * promotion chosen (the best one picked at first), and, when the shop allows a coupon or a
 * promotion but not both, the question before one drops the other. The caller prices; this
 * hook only decides which coupons and which promotion go into the price.
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useConfirm } from '~/components/use-confirm';
import { useT } from '~/models/i18n';
import type { CouponLookup } from './coupon-box';
import type { PriceBreakdown } from '@sala/shared/pricing';
import type { CheckoutCoupon } from '~/models/checkout/pricing';

type CouponFetcherData = { intent: 'coupon'; code: string; status: string; coupon: CheckoutCoupon | null };
export type PromotionChoice = number | 'auto' | null;

export function useDiscounts(args: {
  /** Prices the order with this promotion and these coupons (the caller's other choices included). */
  price: (promotionId: PromotionChoice, coupons: CheckoutCoupon[]) => PriceBreakdown;
  /** Everything other than coupons and promotion that `price` depends on. */
  priceDeps: readonly unknown[];
  /** The shop's setting: a coupon or a promotion, not both. */
  exclusive: boolean;
  oneCouponPerOrder: boolean;
}) {
  const { price, priceDeps, exclusive, oneCouponPerOrder } = args;
  const t = useT();
  const confirm = useConfirm();
  const [coupons, setCoupons] = useState<CheckoutCoupon[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [lookup, setLookup] = useState<CouponLookup | null>(null);
  // The best promotion is picked once, when the page first prices the order; the buyer may change it.
  const [promotionId, setPromotionId] = useState<PromotionChoice>(() => price('auto', []).appliedPromotion?.id ?? null);
  const breakdown = useMemo(
    () => price(promotionId, coupons),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [promotionId, coupons, ...priceDeps],
  );
  // With coupons that exclude promotions, the promotions the order would meet stay selectable: picking one asks to drop the coupons.
  const selectablePromotionIds = useMemo(
    () => (exclusive && coupons.length > 0 ? price('auto', []).applicablePromotionIds : breakdown.applicablePromotionIds),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [exclusive, coupons.length, breakdown],
  );

  const couponFetcher = useFetcher<CouponFetcherData>();
  const handledLookup = useRef<CouponFetcherData | null>(null);
  useEffect(() => {
    const data = couponFetcher.data;
    if (couponFetcher.state !== 'idle' || !data || data.intent !== 'coupon' || handledLookup.current === data) return;
    handledLookup.current = data;
    const coupon = data.coupon;
    const result = { code: data.code, status: data.status };
    if (!coupon) {
      setLookup(result);
      return;
    }
    const add = () => {
      setCoupons((current) => (oneCouponPerOrder ? [coupon] : [...current.filter((item) => item.code !== coupon.code), coupon]));
      setNotice(null);
      setLookup(result);
    };
    if (exclusive && breakdown.appliedPromotion) {
      // The coupon would drop the promotion: ask first; the result modal follows the answer.
      confirm.ask(t('cart_coupon_or_promotion_confirm'), () => {
        setPromotionId(null);
        add();
      });
    } else {
      add();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [couponFetcher.state, couponFetcher.data]);

  // Promotions that become applicable later (another plan, a line removed or added) get the best one picked.
  useEffect(() => {
    if (promotionId === null && breakdown.applicablePromotionIds.length > 0 && !(exclusive && coupons.length > 0)) setPromotionId(breakdown.applicablePromotionIds[0]);
  }, [promotionId, breakdown.applicablePromotionIds, exclusive, coupons.length]);

  return {
    coupons,
    promotionId,
    breakdown,
    selectablePromotionIds,
    notice,
    setNotice,
    lookup,
    lookupBusy: couponFetcher.state !== 'idle',
    /** The question's dialog: render it once in the page. */
    dialog: confirm.dialog,
    applyCoupon(code: string) {
      const normalised = code.trim().toUpperCase();
      if (coupons.some((coupon) => coupon.code.toUpperCase() === normalised)) {
        setNotice(t('duplicate_coupon'));
        return;
      }
      // One coupon per order (the site's setting): a second code is refused, the first one stays.
      if (oneCouponPerOrder && coupons.length > 0) {
        setNotice(t('one_coupon_per_order'));
        return;
      }
      couponFetcher.submit({ intent: 'coupon', code: normalised }, { method: 'post' });
    },
    removeCoupon(code: string) {
      setCoupons((current) => current.filter((coupon) => coupon.code !== code));
    },
    lookupSeen() {
      setLookup(null);
    },
    choosePromotion(id: number) {
      if (exclusive && coupons.length > 0) {
        confirm.ask(t('cart_coupon_or_promotion_confirm'), () => {
          setCoupons([]);
          setPromotionId(id);
        });
        return;
      }
      setPromotionId(id);
    },
    /** A coupon whose payment methods leave out the chosen method is removed, with a notice. */
    keepCouponsFor(paymentMethodId: number) {
      const kept = coupons.filter((coupon) => coupon.paymentMethodIds.length === 0 || coupon.paymentMethodIds.includes(paymentMethodId));
      if (kept.length !== coupons.length) {
        setCoupons(kept);
        setNotice(t('coupon_payment_method_conflict'));
      }
    },
  };
}
