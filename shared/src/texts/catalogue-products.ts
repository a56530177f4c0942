/** Texts of the storefront's products screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const PRODUCTS_TEXTS = {
} as const satisfies Record<string, { th: string; en: string }>;
