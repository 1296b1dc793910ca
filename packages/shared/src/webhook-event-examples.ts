import type { z } from 'zod';
import type { WEBHOOK_EVENT_DATA } from './webhook-events.ts';
import type { WebhookEvent } from './webhooks.ts';
import { WEBHOOKS_MESSAGES } from './webhooks-messages.ts';

// One example body per event, for /api-docs and the AsyncAPI document. Free of zod at run time:
// the API docs page shows them. webhook-events.test.ts checks each against its event's schema.

const sampleLicense = {
  id: 'lic_8f2c',
  state: 'TX',
  license_type: 'MD',
  license_number: 'Q1234',
  first_name: 'Ada',
  middle_name: null,
  last_name: 'Okafor',
  status: 'active',
  raw_status: 'CLEAR/ACTIVE',
  expiry_date: '2027-08-31',
} as const;
const sampleReport = { id: 'rep_51d0', name: 'Dr. Ada Okafor' };
const sampleReports = [sampleReport];
const sampleExclusion = {
  match_id: 'exm_77a1',
  source: 'LEIE',
  basis: 'npi',
  status: 'confirmed',
  first_name: 'Ada',
  middle_name: null,
  last_name: 'Okafor',
  npi: '1234567893',
  state: 'TX',
  type: '1128b4',
} as const;
const at = '2026-11-30T09:00:00.000Z';

export const WEBHOOK_EVENT_EXAMPLES: { [T in WebhookEvent]: z.input<(typeof WEBHOOK_EVENT_DATA)[T]> } = {
  'license.status_changed': {
    before: 'active',
    after: 'probation',
    occurred_at: at,
    license: { ...sampleLicense, status: 'probation', raw_status: 'ACTIVE - PROBATION' },
    reports: sampleReports,
  },
  'license.discipline_added': {
    before: null,
    after: 'Public reprimand, 2026-11-12',
    occurred_at: at,
    license: sampleLicense,
    reports: sampleReports,
  },
  'license.renewed': {
    before: '2025-08-31',
    after: '2027-08-31',
    occurred_at: at,
    license: sampleLicense,
    reports: sampleReports,
  },
  'license.removed': { before: 'listed', after: null, occurred_at: at, license: sampleLicense, reports: sampleReports },
  'license.expiring': {
    days_left: 30,
    threshold_days: 30,
    license: { ...sampleLicense, expiry_date: '2026-12-30' },
    reports: sampleReports,
  },
  'license.expired': {
    days_since: 3,
    license: { ...sampleLicense, expiry_date: '2026-11-27' },
    reports: sampleReports,
  },
  'license.found': { report: sampleReport, license: sampleLicense },
  'license.verification_due': {
    checked_on: '2026-10-31',
    verified_by: 'Jordan Lee',
    due_on: '2026-11-30',
    license: { ...sampleLicense, state: 'NV', license_number: '98765' },
    reports: sampleReports,
  },
  'report.updated': {
    report: {
      id: 'rep_51d0',
      name: 'Dr. Ada Okafor',
      first_name: 'Ada',
      last_name: 'Okafor',
      license_type: 'MD',
      states: ['TX', 'CA'],
      update_executed_at: at,
      tracked_licenses: 2,
    },
  },
  'exclusion.added': {
    report: sampleReport,
    exclusion: { ...sampleExclusion, excluded_on: '2026-11-20', reinstated_on: null },
  },
  'exclusion.reinstated': {
    report: sampleReport,
    exclusion: { ...sampleExclusion, excluded_on: '2024-03-20', reinstated_on: '2026-11-25' },
  },
  'source.unavailable': {
    report: { ...sampleReport, external_id: 'hr-4471' },
    state: 'NY',
    status: 'unavailable',
    previous_status: 'done',
    attempts: 12,
    as_of: at,
    boards: [
      {
        id: 'ny-med',
        name: 'New York State Board for Medicine',
        lookup_url: 'https://eservices.nysed.gov/professions/verification-search',
        error: 'The board did not answer in time.',
      },
    ],
  },
};

/** Every event (a test checks none is missing), license changes first, with its words and example. */
export const WEBHOOK_EVENT_DOCS = (Object.keys(WEBHOOK_EVENT_EXAMPLES) as WebhookEvent[]).map((type) => ({
  type,
  label: WEBHOOKS_MESSAGES.eventLabels[type],
  example: { id: `${type}:01J9Z8`, type, created_at: at, data: WEBHOOK_EVENT_EXAMPLES[type] },
}));
