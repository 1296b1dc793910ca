import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  airtableEnabled,
  contactOffice,
  googleSheetsEnabled,
  parseEnv,
  recaptchaEnabled,
  trustedOrigins,
  twilioEnabled,
} from './env.ts';

afterEach(() => vi.restoreAllMocks());

function failing(env: Record<string, string>) {
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => parseEnv(env)).toThrow('exit');
  expect(exit).toHaveBeenCalledWith(1);
  // The last call: within one test the spies accumulate the calls of every earlier failing().
  return String(error.mock.calls.at(-1)?.[0]);
}

describe('parseEnv', () => {
  it('gives the embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data', TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    const message = failing({ PORT: 'eighty', DATABASE_URL: 'not a url', AUTH_SECRET: 'short' });
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL:');
    expect(message).toContain('AUTH_SECRET: must be at least 32 characters');
  });

  it('requires real secrets and services in production', () => {
    const message = failing({ NODE_ENV: 'production' });
    for (const name of ['AUTH_SECRET', 'DATABASE_URL', 'APP_URL', 'SMTP_URL']) {
      expect(message).toContain(`${name}: is required in production`);
    }
  });

  it("refuses the crash tests' CRASH_AT in production, and takes it elsewhere", () => {
    expect(failing({ NODE_ENV: 'production', CRASH_AT: 'roster-import:row-created' })).toContain(
      'CRASH_AT: is for the crash tests only and is refused in production',
    );
    expect(parseEnv({ NODE_ENV: 'test', CRASH_AT: 'roster-import:row-created' }).CRASH_AT).toBe(
      'roster-import:row-created',
    );
  });
});

describe('TRUST_PROXY', () => {
  it("is off unset, empty or false: the socket's address is the client's", () => {
    for (const value of [undefined, '', ' ', 'false']) {
      expect(parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY, String(value)).toBe(false);
    }
  });

  it("takes the proxies' addresses and ranges, comma-separated", () => {
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.5, 172.16.0.0/12,fd00::/8, ::1, loopback ' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true, which would believe any caller, naming the form it wants', () => {
    const message = failing({ TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY:');
    expect(message).toMatch(/addresses or CIDR ranges/);
    expect(message).toMatch(/e\.g\. TRUST_PROXY=10\.0\.0\.0\/8/);
  });

  it.each(['1', 'yes', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', 'proxy.example.com', '10.0.0.0/8,,x'])(
    'refuses %j',
    (value) => {
      expect(failing({ TRUST_PROXY: value })).toContain('TRUST_PROXY:');
    },
  );
});

describe('trusted origins', () => {
  it("are APP_URL's origin and the configured ones; outside production also this port on loopback", () => {
    const env = parseEnv({
      APP_URL: 'https://app.example.com/licensewatch/',
      TRUSTED_ORIGINS: 'https://www.example.com, http://intranet.example:8080',
      PORT: '4000',
    });
    expect(trustedOrigins(env)).toEqual([
      'https://app.example.com',
      'https://www.example.com',
      'http://intranet.example:8080',
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ]);
  });

  it('in production are only the configured ones', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      APP_URL: 'https://app.example.com',
      AUTH_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://db/app',
      SMTP_URL: 'smtp://mail',
    });
    expect(trustedOrigins(env)).toEqual(['https://app.example.com']);
  });

  it('refuses anything but a list of origins', () => {
    expect(failing({ TRUSTED_ORIGINS: 'https://ok.example, not-a-url' })).toContain('TRUSTED_ORIGINS');
    expect(failing({ TRUSTED_ORIGINS: 'https://example.com/path' })).toContain('no path');
  });

  it('takes a metrics token of at least 16 characters', () => {
    expect(parseEnv({ METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(parseEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(failing({ METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN: must be at least 16 characters');
  });
});

describe('export providers', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
  const oneLine = String(pem).trim().replaceAll('\n', '\\n');

  it('are off unless configured', () => {
    const env = parseEnv({});
    expect(googleSheetsEnabled(env)).toBe(false);
    expect(airtableEnabled(env)).toBe(false);
    expect(env.AIRTABLE_API_URL).toBe('https://api.airtable.com');
    expect(env.GOOGLE_API_ROOT_URL).toBeUndefined();
    expect(env.GOOGLE_DRIVE_FOLDER_ID).toBeUndefined();
  });

  it('take an optional shared-drive folder for the spreadsheets; blank is unset', () => {
    const base = {
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'exports@project.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_KEY: oneLine,
    };
    expect(parseEnv({ ...base, GOOGLE_DRIVE_FOLDER_ID: '1AbCdEfGhIjKlMnOp' }).GOOGLE_DRIVE_FOLDER_ID).toBe(
      '1AbCdEfGhIjKlMnOp',
    );
    expect(parseEnv({ ...base, GOOGLE_DRIVE_FOLDER_ID: ' ' }).GOOGLE_DRIVE_FOLDER_ID).toBeUndefined();
  });

  it('take a service account key pasted on one line with literal \\n escapes', () => {
    const env = parseEnv({
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'exports@project.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_KEY: oneLine,
    });
    expect(env.GOOGLE_SERVICE_ACCOUNT_KEY).toBe(String(pem).trim());
    expect(googleSheetsEnabled(env)).toBe(true);
  });

  it('turn Airtable on with a token and a workspace', () => {
    expect(airtableEnabled(parseEnv({ AIRTABLE_TOKEN: 'pat.x', AIRTABLE_WORKSPACE_ID: 'wspX' }))).toBe(true);
  });

  it('refuse a key that is not a private key, and a token without its workspace', () => {
    const message = failing({
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'exports@project.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_KEY: 'not a key',
      AIRTABLE_TOKEN: 'pat.x',
    });
    expect(message).toContain('GOOGLE_SERVICE_ACCOUNT_KEY: must be a PEM-encoded private key');
    expect(message).toContain('AIRTABLE_WORKSPACE_ID: is required with AIRTABLE_TOKEN');
  });

  it('name the missing half of the service account', () => {
    expect(failing({ GOOGLE_SERVICE_ACCOUNT_KEY: oneLine })).toContain(
      'GOOGLE_SERVICE_ACCOUNT_EMAIL: is required with GOOGLE_SERVICE_ACCOUNT_KEY',
    );
  });
});

describe('contact form settings', () => {
  it('keep messages stored and use ALTCHA unless configured', () => {
    const env = parseEnv({ SLACK_WEBHOOK_URL: '', RECAPTCHA_SITE_KEY: ' ' });
    expect(env.SLACK_WEBHOOK_URL).toBeUndefined();
    expect(recaptchaEnabled(env)).toBe(false);
    expect(env.RECAPTCHA_VERIFY_URL).toBe('https://www.google.com/recaptcha/api/siteverify');
  });

  it('turn reCAPTCHA on with both keys and take a Slack webhook URL', () => {
    const env = parseEnv({
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    expect(recaptchaEnabled(env)).toBe(true);
    expect(env.SLACK_WEBHOOK_URL).toBe('https://hooks.slack.com/services/T0/B0/x');
  });

  it('refuse a webhook that is not a URL and half of the reCAPTCHA keys', () => {
    const message = failing({ SLACK_WEBHOOK_URL: 'hooks.slack.com', RECAPTCHA_SITE_KEY: 'site' });
    expect(message).toContain('SLACK_WEBHOOK_URL');
    expect(message).toContain('RECAPTCHA_SECRET_KEY: is required with RECAPTCHA_SITE_KEY');
  });

  it('show no office unless one is configured, and its lines and map point when it is', () => {
    expect(contactOffice(parseEnv({ CONTACT_OFFICE_ADDRESS: ' ' }))).toBeNull();
    expect(contactOffice(parseEnv({ CONTACT_OFFICE_ADDRESS: '1 Main St ; Springfield, IL 62701;' }))).toEqual({
      lines: ['1 Main St', 'Springfield, IL 62701'],
      coordinates: null,
    });
    const env = parseEnv({ CONTACT_OFFICE_ADDRESS: '1 Main St', CONTACT_OFFICE_COORDINATES: ' 39.8017, -89.6436 ' });
    expect(contactOffice(env)?.coordinates).toEqual({ lat: 39.8017, lon: -89.6436 });
  });

  it('refuse coordinates out of range, in another format, or without an address', () => {
    for (const value of ['91,0', '0,181', '39.8 N, 89.6 W', '39.8']) {
      const message = failing({ CONTACT_OFFICE_ADDRESS: '1 Main St', CONTACT_OFFICE_COORDINATES: value });
      expect(message, value).toContain('CONTACT_OFFICE_COORDINATES: must be "latitude,longitude"');
    }
    expect(failing({ CONTACT_OFFICE_COORDINATES: '39.8,-89.6' })).toContain(
      'CONTACT_OFFICE_ADDRESS: is required with CONTACT_OFFICE_COORDINATES',
    );
  });
});

describe('alert settings', () => {
  it('keep SMS in the dev outbox and send the Monday email at 08:00 Pacific unless configured', () => {
    const env = parseEnv({ TWILIO_ACCOUNT_SID: ' ' });
    expect(twilioEnabled(env)).toBe(false);
    expect(env.TWILIO_API_URL).toBe('https://api.twilio.com');
    expect(env.WEEKLY_REMINDER_TIME).toBe('08:00');
    expect(env.WEEKLY_REMINDER_TZ).toBe('America/Los_Angeles');
  });

  it('turn Twilio on with all three settings, and take another reminder time and zone', () => {
    const env = parseEnv({
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      WEEKLY_REMINDER_TIME: '07:30',
      WEEKLY_REMINDER_TZ: 'America/New_York',
    });
    expect(twilioEnabled(env)).toBe(true);
    expect(env.WEEKLY_REMINDER_TIME).toBe('07:30');
  });

  it('refuse part of the Twilio settings, a time that is not HH:MM and an unknown zone', () => {
    const message = failing({
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      WEEKLY_REMINDER_TIME: '8am',
      WEEKLY_REMINDER_TZ: 'Pacific Time',
    });
    expect(message).toContain('TWILIO_FROM: is required with TWILIO_ACCOUNT_SID');
    expect(message).toContain('WEEKLY_REMINDER_TIME: must be HH:MM (24-hour)');
    expect(message).toContain('WEEKLY_REMINDER_TZ: must be an IANA time zone');
  });
});
