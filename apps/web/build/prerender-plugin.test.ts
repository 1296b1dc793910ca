import { describe, expect, it } from 'vitest';
import { toDocument } from './prerender-plugin.ts';

const SHELL =
  '<!doctype html><html><head><title>Shell</title><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('toDocument', () => {
  it('puts the markup in #root, marked prerendered, and moves the page title into <head>', () => {
    const html = toDocument(SHELL, '<title>Features · LicenseWatch</title><main><h1>Features</h1></main>');
    expect(html).toBe(
      '<!doctype html><html><head><title>Features · LicenseWatch</title><script type="module" src="/assets/index.js"></script></head>' +
        '<body><div id="root" data-prerendered><main><h1>Features</h1></main></div></body></html>',
    );
  });

  it('keeps the shell title when the page names none, and inserts markup literally', () => {
    // `$&` would be a replacement pattern for String.replace with a string argument.
    const html = toDocument(SHELL, '<p>Costs $& more</p>');
    expect(html).toContain('<title>Shell</title>');
    expect(html).toContain('<div id="root" data-prerendered><p>Costs $& more</p></div>');
  });

  it('refuses a shell without the empty root element', () => {
    expect(() => toDocument('<html><body><div id="app"></div></body></html>', '<p>x</p>')).toThrow(/#root|id="root"/);
  });
});
