import createCache from '@emotion/cache';

/** One key on both sides, so the client cache adopts the style tags the server put in <head>. */
export const EMOTION_CACHE_KEY = 'css';

export function createEmotionCache() {
  return createCache({ key: EMOTION_CACHE_KEY });
}
