// Limits of the profile's calls that send messages or guess secrets. Windows in seconds.
export const PROFILE_RATE_LIMITS = {
  // Each texted code costs money and lands on someone's phone: per user and per number, so
  // neither one account nor many accounts naming one victim's number can flood it.
  phoneCodePerUser: { max: 5, windowSeconds: 3600 },
  phoneCodePerPhone: { max: 5, windowSeconds: 3600 },
  // Each new address gets an email, and a taken address answers 409 (docs/security.md, No oracle):
  // few enough that a signed-in account cannot use it to test addresses in bulk.
  emailChangePerUser: { max: 5, windowSeconds: 3600 },
} as const;
