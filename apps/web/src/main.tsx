import './lib/configure-zod';
import './index.css';
import { holdEarlyInput } from './hold-early-input';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// Public pages arrive prerendered (apps/web/build/prerender-plugin.ts): the visitor reads them
// before any script runs, and React then takes over the same markup instead of redrawing it.
// The app loads only after that first paint so its start-up cannot hold the page back.
const prerendered = container.hasAttribute('data-prerendered');
if (prerendered) holdEarlyInput();
const afterFirstPaint = new Promise<void>((resolve) => {
  if (!prerendered) resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});
void afterFirstPaint.then(async () => (await import('./start-app')).startApp(container, prerendered));
