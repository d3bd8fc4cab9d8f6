import { EMBED_RESIZE, EMBED_SUBMITTED } from '@formbridge/contract/embed';
import { useCallback, useEffect } from 'react';

/**
 * The page that frames this one: the browser's own record of it where there is one (Chromium,
 * Safari), else the Referer it sent. The server let only the link's allowed sites frame the page
 * (CSP frame-ancestors), so a message to this origin reaches one of them and no one else.
 */
function parentOrigin(): string | null {
  if (window.parent === window) {
    return null;
  }
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList })
    .ancestorOrigins;
  if (ancestors && ancestors.length > 0) {
    return ancestors[0] ?? null;
  }
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * An embedded form's side of embed.js: tells the parent its height as it changes, and returns a
 * function that tells the parent the visitor has submitted (`{ type, id }`).
 */
export function useEmbedBridge(isEmbedded: boolean): (id: string | null) => void {
  useEffect(() => {
    const origin = isEmbedded ? parentOrigin() : null;
    if (!origin) {
      return;
    }
    const post = () =>
      window.parent.postMessage(
        { type: EMBED_RESIZE, height: document.documentElement.scrollHeight },
        origin,
      );
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, [isEmbedded]);

  return useCallback(
    (id: string | null) => {
      const origin = isEmbedded ? parentOrigin() : null;
      if (origin) {
        window.parent.postMessage({ type: EMBED_SUBMITTED, id }, origin);
      }
    },
    [isEmbedded],
  );
}
