import { Button, ChakraProvider, useChakraContext } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '~/theme';
import { Provider, withChakra } from './provider';

/** A server render as entry.server does it: the HTML with emotion's extracted <style> tags. */
function renderPage(tree: ReactNode) {
  const cache = createCache({ key: 'css' });
  const server = createEmotionServer(cache);
  const html = renderToString(<CacheProvider value={cache}>{tree}</CacheProvider>);
  return { html, styles: server.constructStyleTagsFromChunks(server.extractCriticalToChunks(html)) };
}

function SystemName() {
  return <span>{useChakraContext() === system ? 'our system' : 'another system'}</span>;
}

describe('Provider', () => {
  it("gives Chakra's components the site's system, styled as under ChakraProvider", () => {
    const ours = renderPage(
      <Provider>
        <SystemName />
        <Button colorPalette="teal">สมัครเรียน</Button>
      </Provider>,
    );
    const chakras = renderPage(
      <ChakraProvider value={system}>
        <SystemName />
        <Button colorPalette="teal">สมัครเรียน</Button>
      </ChakraProvider>,
    );
    expect(ours.html).toContain('our system');
    expect(ours.html).toBe(chakras.html);
    // the button's own styles are the same; only the global ones are left out
    const componentStyles = (styles: string) =>
      styles
        .split('<style')
        .filter((tag) => !tag.includes('css-global'))
        .join('<style');
    expect(componentStyles(ours.styles)).toContain('inline-flex');
    expect(componentStyles(ours.styles)).toBe(componentStyles(chakras.styles));
  });

  it("leaves Chakra's 48 KB of global CSS out of every page (it comes from a static stylesheet)", () => {
    const ours = renderPage(<Provider>{null}</Provider>);
    const chakras = renderPage(<ChakraProvider value={system}>{null}</ChakraProvider>);
    expect(chakras.styles).toContain('--chakra-colors-brand');
    expect(chakras.styles.length).toBeGreaterThan(40_000);
    expect(ours.styles).not.toContain('css-global');
    expect(ours.styles).not.toContain('--chakra-colors-brand');
  });

  it('gives a route drawn with Chakra the same page as the Provider around it (withChakra)', () => {
    const Route = withChakra(({ label }: { label: string }) => (
      <>
        <SystemName />
        <Button colorPalette="teal">{label}</Button>
      </>
    ));
    const wrapped = renderPage(<Route label="สมัครเรียน" />);
    const provided = renderPage(
      <Provider>
        <SystemName />
        <Button colorPalette="teal">สมัครเรียน</Button>
      </Provider>,
    );
    expect(wrapped.html).toContain('our system');
    expect(wrapped.html).toBe(provided.html);
    expect(wrapped.styles).toBe(provided.styles);
  });
});
