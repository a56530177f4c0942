/** Texts of the storefront's orders screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const ORDERS_TEXTS = {
} as const satisfies Record<string, { th: string; en: string }>;
