/** Texts of the storefront's admin screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const ADMIN_TEXTS = {
} as const satisfies Record<string, { th: string; en: string }>;
