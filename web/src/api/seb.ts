import { SEB_PAGE_HEADERS, type SebPageProof } from '@exam/shared';

/**
 * Safe Exam Browser's JavaScript API (docs/seb.md): in SEB, `window.SafeExamBrowser.security`
 * holds SHA-256 of the page's URL followed by the Config Key (`configKey`) and by the Browser Exam
 * Key (`browserExamKey`). SEB adds the same hashes as headers to the requests it can (not to a
 * WebSocket, nor to a page's fetch in SEB for macOS and iOS); for those the app sends these
 * values, with the URLs SEB may have computed them for, and the server checks them likewise.
 */
interface SebSecurity {
  configKey?: unknown;
  browserExamKey?: unknown;
  updateKeys?: (callback: () => void) => void;
}

const security = (): SebSecurity | undefined => (globalThis as { SafeExamBrowser?: { security?: SebSecurity } }).SafeExamBrowser?.security;
const here = () => (typeof location === 'undefined' ? '' : location.href.split('#')[0]!);

/** The URL this document was loaded from: SEB for Windows computes the values for it, once. */
const loadedFrom = here();
/** The URL of the last `updateKeys`: SEB for macOS and iOS compute the values again for it. */
let updatedFor = loadedFrom;

/** Whether the page runs in SEB (its JavaScript API is there); only the server's check makes it count. */
export const inSafeExamBrowser = (): boolean => typeof security()?.configKey === 'string';

/** SEB's values with the URLs they may be for, or undefined outside SEB. */
export function sebPageProof(): SebPageProof | undefined {
  const s = security();
  if (typeof s?.configKey !== 'string') return undefined;
  return {
    urls: [...new Set([updatedFor, loadedFrom])],
    configKey: s.configKey,
    ...(typeof s.browserExamKey === 'string' ? { browserExamKey: s.browserExamKey } : {}),
  };
}

/** The same as request headers (URLs encoded, space-separated); none outside SEB. */
export function sebPageHeaders(): Record<string, string> {
  const proof = sebPageProof();
  if (!proof) return {};
  return {
    [SEB_PAGE_HEADERS.urls]: proof.urls.map(encodeURIComponent).join(' '),
    [SEB_PAGE_HEADERS.configKey]: proof.configKey,
    ...(proof.browserExamKey ? { [SEB_PAGE_HEADERS.browserExamKey]: proof.browserExamKey } : {}),
  };
}

/**
 * Asks SEB to compute its values for the page as it is now (SEB for Windows answers at once and
 * keeps those of the page it loaded). Resolves after a second at most, SEB answering or not.
 */
export function refreshSebKeys(): Promise<void> {
  const update = security()?.updateKeys;
  if (typeof update !== 'function') return Promise.resolve();
  const asked = here();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    update(() => {
      clearTimeout(timer);
      updatedFor = asked;
      resolve();
    });
  });
}
