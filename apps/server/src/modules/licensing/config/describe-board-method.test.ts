import { describe, expect, it } from 'vitest';
import { type Board, boardSchema } from './board-config.ts';
import { describeBoardMethod, withoutCitations } from './describe-board-method.ts';

const file = (extra: Record<string, unknown> = {}): Board =>
  boardSchema.parse({
    id: 'fl-md',
    jurisdiction: 'FL',
    name: 'Florida Board of Medicine',
    website: 'https://flboardofmedicine.gov',
    lookupUrl: 'https://mqa-internet.doh.state.fl.us/MQASearchServices/HealthCareProviders',
    licenseTypes: ['MD'],
    source: {
      kind: 'delimited-file',
      url: 'https://files.example/licensees.txt',
      delimiter: '|',
      columns: { licenseNumber: 'N', lastName: 'L', firstName: 'F', status: 'S' },
      fixedLicenseType: 'MD',
      dateFormat: 'mm/dd/yyyy',
      ...extra,
    },
  });

const none = () => undefined;

describe('describeBoardMethod', () => {
  it('reads a bulk source as bulk, and a look-up as look-up', () => {
    expect(describeBoardMethod(file(), none)).toEqual({ method: 'bulk', detail: null, operatorNote: null });
  });

  it('leaves a source whose licence terms the operator has not accepted off, saying why', () => {
    const terms = { terms: 'for non-commercial use only' };
    const off = describeBoardMethod(file({ licenceTerms: terms }), none);
    expect(off.method).toBe('off');
    expect(off.detail).toBe(
      'The board grants its list for non-commercial use only, and this LicenseWatch has not confirmed that its use qualifies.',
    );
    // What would turn it on is the operator's to read, in the configuration's words.
    expect(off.operatorNote).toContain('licenceTerms.useAllowed');
    expect(describeBoardMethod(file({ licenceTerms: { ...terms, useAllowed: true } }), none).method).toBe('bulk');
  });

  it('leaves a source off while the operator has yet to give what it needs, in its own words', () => {
    const waiting = 'an operator sets the url of the file';
    expect(describeBoardMethod(file({ offUntil: waiting }), none)).toEqual({
      method: 'off',
      detail:
        'The board publishes its list where LicenseWatch cannot fetch it by itself, and it has not been loaded here yet.',
      operatorNote: waiting,
    });
  });

  it('leaves a source that needs an account off until both variables hold its credentials, naming what is missing', () => {
    const account = {
      usernameVariable: 'FLORIDA_MQA_USERNAME',
      passwordVariable: 'FLORIDA_MQA_PASSWORD',
      signUpUrl: 'https://data-download.mqa.flhealthsource.gov',
      signInUrl: 'https://data-download.mqa.flhealthsource.gov/ProfileData',
    };
    const board = file({ account });
    // Users are told why in plain words; the variables to set are the operator's to read.
    expect(describeBoardMethod(board, none)).toEqual({
      method: 'off',
      detail: 'The board hands its list only to a signed-in account, and none is set up here yet.',
      operatorNote:
        "The board's download needs an account (https://data-download.mqa.flhealthsource.gov); set FLORIDA_MQA_USERNAME and FLORIDA_MQA_PASSWORD.",
    });
    const onlyName = (name: string) => (name === 'FLORIDA_MQA_USERNAME' ? 'me@clinic.example' : '  ');
    expect(describeBoardMethod(board, onlyName).operatorNote).toMatch(/; set FLORIDA_MQA_PASSWORD\.$/);
    expect(describeBoardMethod(board, () => 'set').method).toBe('bulk');
  });

  it('says why a board is verified by hand', () => {
    const board = boardSchema.parse({
      ...file(),
      id: 'hi-med',
      jurisdiction: 'HI',
      licenseTypes: ['MD', 'DO'],
      source: { kind: 'manual', reason: 'robots', detail: 'robots.txt says Disallow: /.' },
    });
    expect(describeBoardMethod(board, none)).toEqual({
      method: 'manual',
      detail: "The board's robots.txt forbids automated access: robots.txt says Disallow: /.",
      operatorNote: null,
    });
  });

  it('tells users why a board is verified by hand without the evidence keys operators read', () => {
    expect(
      withoutCitations(
        'robots.txt says `Disallow: /` and the look-up answers automation with HTTP 403 (X8); reCAPTCHA v2 besides (MLL).',
      ),
    ).toBe('robots.txt says `Disallow: /` and the look-up answers automation with HTTP 403; reCAPTCHA v2 besides.');
    expect(withoutCitations("Akamai WAF answers 'Access Denied' (PSV, 2026-07-01) to automated visitors.")).toBe(
      "Akamai WAF answers 'Access Denied' to automated visitors.",
    );
    expect(withoutCitations('A look-up (for people) that says no (none).')).toBe(
      'A look-up (for people) that says no (none).',
    );
  });
});
