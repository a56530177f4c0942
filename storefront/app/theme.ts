import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
        brandSubtle: { value: '{colors.teal.50}' },
      },
    },
  },
  globalCss: {
    body: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  },
});

export const system = createSystem(defaultConfig, config);
