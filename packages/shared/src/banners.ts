/** The site-wide banners a visitor can close, and where the browser remembers that they did. */
export const BANNER_STORAGE_KEYS = {
  promo: 'lw.banner.promo.v1',
  beta: 'lw.banner.beta.v1',
} as const;

export type BannerName = keyof typeof BANNER_STORAGE_KEYS;

/**
 * Runs in <head> before first paint: names the closed banners on <html data-dismissed> so the
 * stylesheet hides them in prerendered HTML, which shows every banner, until React takes over.
 * Inline because a separate file would block rendering for a round trip; the server's CSP allows
 * exactly this text by its hash (contentSecurityPolicyHash).
 */
export const BANNER_STATE_SCRIPT = `try{var k=${JSON.stringify(BANNER_STORAGE_KEYS)},d=[];for(var n in k)if(localStorage.getItem(k[n])==='1')d.push(n);document.documentElement.setAttribute('data-dismissed',d.join(' '))}catch(e){}`;
