/** A promotion as its page shows it. Built in lib/promotion.server.ts; amounts in minor units (satang). */
export type PromotionDiscountView = { type: 'amount' | 'percent'; amount: number; percent: number };

export type PromotionView = {
  id: number;
  title: string;
  descriptionList: string[];
  pictureUrl: string | null;
  /** P1: each course in the promotion; P2: once the cart holds `numberOfCourse` of them. */
  kind: 'P1' | 'P2';
  numberOfCourse: number;
  discount: PromotionDiscountView;
  tiers: (PromotionDiscountView & { numberOfCourse: number; label: string | null })[];
  courses: { id: number; title: string; path: string }[];
  validFrom: string | null;
  validTo: string | null;
};
