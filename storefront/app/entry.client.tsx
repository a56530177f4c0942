import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

// Neither emotion nor Chakra here (ADR 214): the routes that draw Chakra components bring both
// (components/provider.tsx), and their emotion cache adopts the server's <style data-emotion> tags.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
