import type { ServerResponse } from 'node:http';
import type { BotWall, FaultDecision } from './faults.ts';
import { htmlPage, sendHtml, sendJson, sendText } from './http-util.ts';

/** Where a `moved: 'redirect'` fault sends a board's requests by default, on the simulator's other loopback name. */
export const MOVED_PATH = '/_moved';

/** What kind of answer the faulted route gives when it works: each changes in its own way. */
export type FaultRoute = 'lookup' | 'socrata' | 'file' | 'other';

/** The page a moved board's old address now leads to: a portal's home, with no results on it. */
export function movedPage(): string {
  return htmlPage(
    'Licensing portal',
    `<h1>Our licensing services have moved</h1>
<p>License verification is now part of our new online portal. Please update your bookmarks.</p>`,
  );
}

// Each wall as its vendor serves it, cut to what identifies it (status, title, scripts).
const WALLS: Record<BotWall, { status: number; html: string }> = {
  recaptcha: {
    status: 200,
    html: htmlPage(
      'License Lookup',
      `<form method="post"><p>Please confirm that you are not a robot.</p>
<div class="g-recaptcha" data-sitekey="6LcSimulatorSiteKey"></div><button>Search</button></form>
<script src="https://www.google.com/recaptcha/api.js" async defer></script>`,
    ),
  },
  hcaptcha: {
    status: 200,
    html: htmlPage(
      'License Lookup',
      `<form method="post"><div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div>
<button>Search</button></form><script src="https://js.hcaptcha.com/1/api.js" async defer></script>`,
    ),
  },
  turnstile: {
    status: 200,
    html: htmlPage(
      'License Lookup',
      `<form method="post"><div class="cf-turnstile" data-sitekey="0x4AAAAAAASimulator"></div><button>Search</button></form>
<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>`,
    ),
  },
  cloudflare: {
    status: 403,
    html: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body>
<div class="main-wrapper" role="main"><h1>Verifying you are human. This may take a few seconds.</h1></div>
<script>(function(){window._cf_chl_opt={cvId:'3',cZone:'board.example',cType:'managed'};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1';document.head.appendChild(a);})();</script>
</body></html>`,
  },
  datadome: {
    status: 403,
    html: `<html><head><title>board.example</title></head><body>
<script>var dd={'rt':'c','cid':'AHrlqAAAAAMASimulator','hsh':'2211F522B61E269B869FA6EAFFB5E1','t':'fe','s':45341,'host':'geo.captcha-delivery.com'}</script>
<script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`,
  },
  akamai: {
    status: 403,
    html: `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>

You don't have permission to access "http&#58;&#47;&#47;board&#46;example&#47;lookup" on this server.<P>
Reference&#32;&#35;18&#46;7b3e1402&#46;1700000000&#46;1a2b3c4
</BODY>
</HTML>`,
  },
  f5: {
    status: 200,
    html: `<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: 11790458826163937262<br><br><a href='javascript:history.back();'>[Go Back]</a></body></html>`,
  },
};

/** A look-up page after a redesign: the results are cards now, neither `tr.result` rows nor `p.no-results`. */
function redesignedLookupPage(): string {
  return htmlPage(
    'License Verification',
    `<main id="app"><h1>License Verification</h1>
<div class="search-results"><div class="licensee-card"><h2>Results load here</h2>
<p>Enable JavaScript to view license details.</p></div></div></main>`,
  );
}

/**
 * Answers a request the way a faulted board does (faults.ts), when the fault is one of moved,
 * changed or blocked; `requestHost` is the Host the client asked, so a redirect can name the
 * simulator under another host (127.0.0.1 ↔ localhost) that still answers.
 */
export function sendFaultAnswer(
  res: ServerResponse,
  decision: FaultDecision,
  { route, requestHost }: { route: FaultRoute; requestHost: string | undefined },
): void {
  switch (decision.outcome) {
    case 'not-found':
      sendHtml(
        res,
        404,
        htmlPage('Page not found', '<h1>Page not found</h1><p>The page you requested does not exist.</p>'),
      );
      return;
    case 'redirect': {
      const [name = '127.0.0.1', port] = (requestHost ?? '127.0.0.1').split(':');
      const other = name === 'localhost' ? '127.0.0.1' : 'localhost';
      const location = decision.redirectTo ?? `http://${other}${port ? `:${port}` : ''}${MOVED_PATH}`;
      res.writeHead(301, { location, 'content-length': '0' });
      res.end();
      return;
    }
    case 'blocked': {
      const wall = WALLS[decision.wall];
      sendHtml(res, wall.status, wall.html);
      return;
    }
    case 'changed':
      if (route === 'socrata')
        // Socrata's older rows.json shape: an object of column metadata and arrays, not rows of fields.
        sendJson(res, 200, {
          meta: { view: { id: 'xxxx-xxxx', name: 'Health Care Provider Credential Data', columns: [] } },
          data: [['row-1', 1, 'MD60123456', 'SMITH', 'ANN']],
        });
      else if (route === 'file')
        sendText(
          res,
          200,
          'Licensee Name|Credential|Status Description|Expires On\nSMITH, ANN|MD 123456|ACTIVE|2027-01-31\n',
        );
      else sendHtml(res, 200, redesignedLookupPage());
      return;
    default:
      throw new Error(`sendFaultAnswer: ${decision.outcome} is not answered here`);
  }
}
