/** What the form needs from either captcha widget. */
export type CaptchaHandle = {
  /** Clears the solved state; the next solve uses a fresh challenge. */
  reset: () => void;
  focus: () => void;
};
