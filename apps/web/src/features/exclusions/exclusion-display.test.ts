import type { ExclusionMatch, ReportExclusions } from '@licensewatch/shared/exclusions';
import { describe, expect, it } from 'vitest';
import {
  describeExclusionChecks,
  exclusionInForce,
  exclusionStatusText,
  orderExclusionMatches,
  reinstatedText,
  reviewOutcomeText,
} from './exclusion-display';

// Midday UTC: the same calendar day in every time zone a test machine runs in.
const CHECKED = '2026-11-27T12:00:00.000Z';

const match = (overrides: Partial<ExclusionMatch> = {}): ExclusionMatch => ({
  id: 'm1',
  source: 'LEIE',
  basis: 'name',
  status: 'possible',
  name: 'JANE DOE',
  npi: null,
  specialty: 'NURSE/NURSES AIDE',
  city: 'DAYTON',
  state: 'OH',
  excluded_on: '2024-01-02',
  reinstated_on: null,
  type: '1128b4',
  type_label: '1128(b)(4) License revocation, suspension or surrender',
  decided_by: null,
  decided_at: null,
  ...overrides,
});

const standing = (status: ReportExclusions['status'], matches: ExclusionMatch[] = []): ReportExclusions => ({
  status,
  sources: [
    { name: 'LEIE', state: 'checked', checked_at: CHECKED },
    { name: 'SAM', state: 'checked', checked_at: CHECKED },
  ],
  matches,
});

describe('exclusionStatusText', () => {
  it('names every source checked when the physician is not excluded', () => {
    expect(exclusionStatusText(standing('not_excluded'))).toBe(
      'Not excluded (LEIE checked Nov 27, 2026, SAM checked Nov 27, 2026)',
    );
  });

  it('says when a source is not configured or failing', () => {
    const sources: ReportExclusions['sources'] = [
      { name: 'LEIE', state: 'stale', checked_at: CHECKED },
      { name: 'SAM', state: 'not_configured', checked_at: null },
    ];
    expect(exclusionStatusText({ ...standing('not_excluded'), sources })).toBe(
      'Not excluded (LEIE stale, last checked Nov 27, 2026, SAM not configured)',
    );
    expect(describeExclusionChecks(sources, ' · ')).toBe('LEIE stale, last checked Nov 27, 2026 · SAM not configured');
  });

  it('names the exclusion in force with its date and type', () => {
    const confirmed = match({ status: 'confirmed', basis: 'npi', excluded_on: '2025-03-01' });
    expect(exclusionStatusText(standing('excluded', [confirmed]))).toBe(
      'Excluded since Mar 1, 2025 (1128(b)(4) License revocation, suspension or surrender)',
    );
  });

  it('asks for a review of a possible match, and never says clear before a check', () => {
    expect(exclusionStatusText(standing('possible_match', [match()]))).toBe('Possible match — review');
    expect(exclusionStatusText(standing('not_checked'))).toBe(
      'Not checked yet: the exclusion lists have not been read',
    );
  });
});

describe('exclusionInForce', () => {
  it('is the earliest confirmed exclusion not reinstated', () => {
    const later = match({ id: 'later', status: 'confirmed', excluded_on: '2025-06-01' });
    const earlier = match({ id: 'earlier', status: 'confirmed', excluded_on: '2023-02-01' });
    const ended = match({ id: 'ended', status: 'confirmed', excluded_on: '2020-01-01', reinstated_on: '2026-01-05' });
    const open = match({ id: 'open', status: 'possible', excluded_on: '2019-01-01' });
    expect(exclusionInForce([later, ended, open, earlier])?.id).toBe('earlier');
    expect(exclusionInForce([ended, open])).toBeNull();
  });

  it('names the LEIE’s entry when SAM lists the same exclusion, and a dated one before an undated one', () => {
    const sam = match({
      id: 'sam',
      source: 'SAM',
      status: 'confirmed',
      type_label: 'Ineligible (Proceedings Completed)',
    });
    const leie = match({ id: 'leie', status: 'confirmed' });
    const undated = match({ id: 'undated', status: 'confirmed', excluded_on: null });
    expect(exclusionInForce([sam, leie])?.id).toBe('leie');
    expect(exclusionInForce([leie, sam])?.id).toBe('leie');
    expect(exclusionInForce([undated, sam])?.id).toBe('sam');
    expect(exclusionInForce([undated])?.id).toBe('undated');
  });
});

describe('reinstatedText', () => {
  it('is shown for a confirmed exclusion that ended, not for an open one', () => {
    expect(reinstatedText(match({ status: 'confirmed', reinstated_on: '2026-01-05' }))).toBe('Reinstated Jan 5, 2026');
    expect(reinstatedText(match({ status: 'possible', reinstated_on: '2026-01-05' }))).toBeNull();
    expect(reinstatedText(match({ status: 'confirmed' }))).toBeNull();
  });
});

describe('reviewOutcomeText', () => {
  it('says who decided and when, or that the NPI settled it', () => {
    const decided = { decided_by: 'Ann Reviewer', decided_at: CHECKED };
    expect(reviewOutcomeText(match({ status: 'dismissed', ...decided }))).toBe(
      'Dismissed by Ann Reviewer on Nov 27, 2026',
    );
    expect(reviewOutcomeText(match({ status: 'confirmed', ...decided }))).toBe(
      'Confirmed by Ann Reviewer on Nov 27, 2026',
    );
    expect(reviewOutcomeText(match({ status: 'confirmed', basis: 'npi' }))).toBe('Confirmed by NPI');
    expect(reviewOutcomeText(match())).toBeNull();
  });
});

describe('orderExclusionMatches', () => {
  it('lists the latest first, the LEIE before SAM’s copy of it, and dismissed ones last', () => {
    const ordered = orderExclusionMatches([
      match({ id: 'dismissed', status: 'dismissed', excluded_on: '2026-05-01' }),
      match({ id: 'sam', source: 'SAM', excluded_on: '2025-01-01' }),
      match({ id: 'undated', excluded_on: null }),
      match({ id: 'leie', excluded_on: '2025-01-01' }),
      match({ id: 'latest', source: 'SAM', excluded_on: '2026-02-01' }),
    ]);
    expect(ordered.map((m) => m.id)).toEqual(['latest', 'leie', 'sam', 'undated', 'dismissed']);
  });
});
