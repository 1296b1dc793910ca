import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BANNER_STATE_SCRIPT } from '../../packages/shared/src/banners.ts';
// Relative on purpose: the config loader bundles relative files but leaves packages to Node, which cannot run .ts.
import { BRAND } from '../../packages/shared/src/brand.ts';
import { precompress } from './build/precompress-plugin.ts';
import { prerender } from './build/prerender-plugin.ts';

// `npm run dev` runs the API on PORT (default 3000); Vite serves the SPA and forwards API calls to it.
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

// The day of the build, which the prerendered pages were drawn on (the home page's example report
// is dated from it until the app takes over). Kept in the environment so the prerender, which
// loads this file again, draws on the same day even across midnight.
process.env.LICENSEWATCH_BUILD_DAY ??= new Date().toISOString().slice(0, 10);

export default defineConfig({
  define: { __BUILD_DAY__: JSON.stringify(process.env.LICENSEWATCH_BUILD_DAY) },
  plugins: [
    react(),
    tailwindcss(),
    {
      // The product name and the banner script live in packages/shared (the server's CSP hashes
      // that script); the static HTML shell reads them from there too.
      name: 'licensewatch-brand',
      transformIndexHtml: (html) =>
        html
          .replaceAll('%BRAND_NAME%', BRAND.name)
          .replace('<!-- banner-state-script -->', () => `<script>${BANNER_STATE_SCRIPT}</script>`),
    },
    precompress(),
    prerender('/src/render-page.tsx'),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
      // The built-in test-mode payment pages (no Stripe keys) are server-rendered.
      '/test-checkout': { target: apiTarget, changeOrigin: false },
      '/test-portal': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target but Safari 16 supports <link rel="modulepreload">; without
    // it the browser just fetches the chunks on import. The polyfill cost every page 0.5 KB of
    // first-load script (docs/budgets.md, home JS).
    modulePreload: { polyfill: false },
  },
});
