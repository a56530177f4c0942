/** Texts of the storefront's payment screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const PAYMENT_TEXTS = {
} as const satisfies Record<string, { th: string; en: string }>;
