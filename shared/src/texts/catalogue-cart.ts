/** Texts of the storefront's cart screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const CART_TEXTS = {
} as const satisfies Record<string, { th: string; en: string }>;
