import type { CreateReportRequest } from '@licensewatch/shared/reports';
import { stateName } from '@licensewatch/shared/states';
import { expect, type Page } from '@playwright/test';
import { baseURL } from './e2e-env.ts';
import type { SimulatedPhysician } from './simulated-physician.ts';

/** Creates a report over HTTP with the page's session, as the page itself would (its Origin); returns its id. */
export async function postReport(page: Page, data: CreateReportRequest): Promise<string> {
  const res = await page.request.post('/api/v2/reports/', { headers: { origin: baseURL }, data });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** An MD report of the physician's license states plus any `extraStates` (state names); returns its id. */
export function createReportOverHttp(
  page: Page,
  physician: SimulatedPhysician,
  name: string,
  extraStates: string[] = [],
): Promise<string> {
  return postReport(page, {
    name,
    firstName: physician.firstName,
    middleName: physician.middleName,
    lastName: physician.lastName,
    licenseType: 'MD',
    states: [...physician.licenses.map((l) => stateName(l.state)), ...extraStates],
  });
}
