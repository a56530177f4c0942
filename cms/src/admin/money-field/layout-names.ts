import type { SiteLayout } from '@sala/shared/constants';

/** The text key of each layout's Thai name; the stored value stays the code the storefront reads (ADR 165). */
export const LAYOUT_NAME_KEYS = {
  default: 'site_layout_default',
  '1': 'site_layout_1',
  '3': 'site_layout_3',
  '4': 'site_layout_4',
} as const satisfies Record<SiteLayout, string>;
