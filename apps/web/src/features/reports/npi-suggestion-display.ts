import type { NpiSuggestion } from '@licensewatch/shared/exclusions';

/** "Vincent R Lim": NPPES's name as the suggestion list writes it. */
export function npiSuggestionName(suggestion: NpiSuggestion): string {
  return [suggestion.first_name, suggestion.middle_name, suggestion.last_name].filter(Boolean).join(' ');
}

/** "Vincent R Lim · MD · NPI 1234567893 · CO, TX": enough to tell two physicians of one name apart. */
export function npiSuggestionText(suggestion: NpiSuggestion): string {
  // NPPES's states are self-reported: a physician may list none.
  const states = suggestion.states.length > 0 ? suggestion.states.join(', ') : 'no states listed';
  return [npiSuggestionName(suggestion), suggestion.license_type, `NPI ${suggestion.npi}`, states].join(' · ');
}

export const NO_NPI_SUGGESTIONS = "NPPES lists no MD or DO of this name in the report's states.";
