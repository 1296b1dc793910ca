// Limits of the verification calls. Windows in seconds.
export const RATE_LIMITS = {
  // Each document is a stored row: a runaway client must not fill the table.
  issuePerUser: { max: 60, windowSeconds: 3600 },
  // The public look-up: ids are 128 random bits, so guessing is hopeless anyway; this keeps a
  // scraper from using the page as a free bulk look-up of the documents it does hold.
  lookupPerIp: { max: 60, windowSeconds: 600 },
} as const;
