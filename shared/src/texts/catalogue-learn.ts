/** Texts of the storefront's learn screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const LEARN_TEXTS = {
} as const satisfies Record<string, { th: string; en: string }>;
