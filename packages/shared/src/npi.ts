/**
 * The National Provider Identifier's format (CMS, "Requirements for NPI check digit"): ten digits,
 * the last a Luhn check digit computed over the first nine prefixed with 80840 (the US health
 * industry's issuer prefix). A well-formed NPI may still be unassigned: only NPPES says that.
 */
export const NPI_PATTERN = /^\d{10}$/;

/** The check digit of an NPI's first nine digits. */
export function npiCheckDigit(first9: string): number {
  const digits = `80840${first9}`;
  let sum = 0;
  // Luhn: from the rightmost digit of the payload (the check digit's neighbour), double every other one.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidNpi(value: string): boolean {
  if (!NPI_PATTERN.test(value)) return false;
  return npiCheckDigit(value.slice(0, 9)) === Number(value[9]);
}
