import { defineEndpoints } from './endpoint.ts';
import {
  apiUsageResponseSchema,
  betaSearchByStateSchema,
  searchLicenseByNumberFormSchema,
  searchLicenseByNumberQuerySchema,
  searchLicenseByStateFormSchema,
  searchLicenseByStateQuerySchema,
  searchLicenseFormSchema,
  searchLicenseQuerySchema,
  searchResponseSchema,
} from './search-api.ts';

/**
 * The paid license-search API (docs/product-rules.md, Search API): each call that answers 200 costs
 * one API credit; the key goes in `Authorization: Bearer <key>` or, on the POST endpoints, as
 * `credential_key` in the body. Also the owner's usage, read with the session.
 */
export const SEARCH_API_ENDPOINTS = defineEndpoints({
  searchLicense: {
    method: 'POST',
    path: '/api/v1/medical/search-license/',
    bodyEncoding: 'form',
    apiKey: true,
    summary: "Find a physician's licenses in every state by name",
    body: searchLicenseFormSchema,
    response: searchResponseSchema,
  },
  searchLicenseByState: {
    method: 'POST',
    path: '/api/v1/medical/search-license-by-state/',
    bodyEncoding: 'form',
    apiKey: true,
    summary: "Find a physician's license in one state by name",
    body: searchLicenseByStateFormSchema,
    response: searchResponseSchema,
  },
  searchLicenseByNumber: {
    method: 'POST',
    path: '/api/v1/medical/search-license-by-number/',
    bodyEncoding: 'form',
    apiKey: true,
    summary: 'Verify a license by its number and state',
    body: searchLicenseByNumberFormSchema,
    response: searchResponseSchema,
  },
  betaSearchLicenseByState: {
    method: 'POST',
    path: '/api/v1/search-license-by-state',
    apiKey: true,
    summary: 'Find a license in one state by name, with a JSON body (beta)',
    body: betaSearchByStateSchema,
    response: searchResponseSchema,
  },
  getSearchLicense: {
    method: 'GET',
    path: '/api/v1/search-license',
    apiKey: true,
    summary: "Find a physician's licenses by full name",
    query: searchLicenseQuerySchema,
    response: searchResponseSchema,
  },
  getSearchLicenseByState: {
    method: 'GET',
    path: '/api/v1/search-license-by-state',
    apiKey: true,
    summary: "Find a physician's license in one state by full name",
    query: searchLicenseByStateQuerySchema,
    response: searchResponseSchema,
  },
  getSearchLicenseByNumber: {
    method: 'GET',
    path: '/api/v1/search-license-by-number',
    apiKey: true,
    summary: 'Verify a license by its number and state',
    query: searchLicenseByNumberQuerySchema,
    response: searchResponseSchema,
  },
  /** The signed-in user's own API calls: this month's count, credits left, 30 days by day. */
  usage: {
    method: 'GET',
    path: '/api/v2/api-usage',
    signedIn: true,
    summary: "The signed-in user's API calls: this month, credits left, the last 30 days",
    response: apiUsageResponseSchema,
  },
});
