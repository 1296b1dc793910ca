import { describe, expect, it } from 'vitest';
import { detectBotChallenge } from './detect-bot-challenge.ts';

// Each page cut to the markers its vendor serves (real-sources BOARDS.md §6 names the vendor per board).
const PAGES = {
  cloudflare:
    '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div class="main-wrapper"></div><script>(function(){window._cf_chl_opt={cvId: "3",cZone: "board.example"};var a=document.createElement("script");a.src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1";})();</script></body></html>',
  cloudflareBlock:
    '<html><head><title>Attention Required! | Cloudflare</title></head><body><h1>Sorry, you have been blocked</h1></body></html>',
  datadome:
    '<html><head><title>board.example</title></head><body><script>var dd={"rt":"c","cid":"AHrlqAAAAAMA","hsh":"2211F5","t":"fe","host":"geo.captcha-delivery.com"}</script><script src="https://ct.captcha-delivery.com/c.js"></script></body></html>',
  akamai:
    '<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don\'t have permission to access "http&#58;&#47;&#47;www&#46;board&#46;example&#47;" on this server.<P>\nReference&#32;&#35;18&#46;7b3e1402&#46;1700000000&#46;1a2b3c4\n</BODY>\n</HTML>',
  f5: "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: 9876543210<br><br><a href='javascript:history.back();'>[Go Back]</a></body></html>",
  turnstile:
    '<form method="post"><div class="cf-turnstile" data-sitekey="0x4AAAAAAA"></div><button>Search</button></form><script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>',
  hcaptcha:
    '<form><div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div></form><script src="https://js.hcaptcha.com/1/api.js" async defer></script>',
  recaptcha:
    '<form action="/search" method="post"><input name="last_name"><div class="g-recaptcha" data-sitekey="6Lc_aX0UAAAAABx"></div><input type="submit" value="Search"></form><script src="https://www.google.com/recaptcha/api.js" async defer></script>',
};

describe('detectBotChallenge', () => {
  it.each([
    ['cloudflare', 'a Cloudflare challenge page', true],
    ['cloudflareBlock', 'a Cloudflare challenge page', true],
    ['datadome', 'a DataDome challenge page', true],
    ['akamai', 'an Akamai "Access Denied" page', true],
    ['f5', 'an F5 "Request Rejected" page', true],
    ['turnstile', 'a Cloudflare Turnstile CAPTCHA', false],
    ['hcaptcha', 'an hCaptcha CAPTCHA', false],
    ['recaptcha', 'a reCAPTCHA CAPTCHA', false],
  ] as const)('names %s', (page, name, interstitial) => {
    expect(detectBotChallenge(PAGES[page])).toEqual({ name, interstitial });
  });

  it('sees nothing in a board’s own pages, even one that says "Access Denied" or loads a CAPTCHA vendor’s tag', () => {
    const results =
      '<table id="results"><tr class="result"><td class="license-number">A1</td><td class="name">Smith, Ann</td></tr></table>';
    expect(detectBotChallenge(results)).toBeNull();
    expect(detectBotChallenge('<p class="no-results">No licensees found.</p>')).toBeNull();
    expect(
      detectBotChallenge('<html><head><title>Access Denied</title></head><body>Sign in first.</body></html>'),
    ).toBeNull();
    // DataDome's tag rides on a protected site's every page; only its challenge comes from captcha-delivery.com.
    expect(detectBotChallenge(`<script src="https://js.datadome.co/tags.js"></script>${results}`)).toBeNull();
  });

  it('reads an invisible reCAPTCHA v3 tag beside results as a widget, which alone never blocks a page with rows', () => {
    const page =
      '<script src="https://www.google.com/recaptcha/api.js?render=6Lc"></script><table id="results"></table>';
    expect(detectBotChallenge(page)).toEqual({ name: 'a reCAPTCHA CAPTCHA', interstitial: false });
  });
});
