/** The id of the profile's two-factor part: the admin area links to it (ADR 038). */
export const TWO_FACTOR_ANCHOR = 'two-factor';
