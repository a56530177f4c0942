import { createSystem, defineConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { registerSystem, system } from './lib/chakra-system';

// Sarabun is self-hosted (app/styles/fonts.css) so Thai looks the same on every device.
const fontStack = `'Sarabun', 'Noto Sans Thai', system-ui, -apple-system, 'Segoe UI', sans-serif`;

const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
    },
    semanticTokens: {
      colors: {
        brand: { value: '{colors.teal.700}' },
        // White on teal.600 reads at 3.7:1, under WCAG AA's 4.5:1: solid teal is one step darker (5.5:1).
        teal: {
          solid: { value: '{colors.teal.700}' },
        },
        brandSubtle: { value: '{colors.teal.50}' },
      },
    },
  },
  globalCss: {
    body: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  },
});

// Built on first use: pages without Chakra components never build it (lib/chakra-system.ts, ADR 145).
// Chakra's `defaultConfig` is these two configs merged when its module loads; merged here, on first use.
registerSystem(() => createSystem(defaultBaseConfig, defaultThemeConfig, config));

export { system };
