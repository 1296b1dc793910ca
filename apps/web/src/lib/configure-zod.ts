// Our CSP forbids eval, and zod's first object schema probes for it with `new Function`: the
// probe fails harmlessly but the browser still reports a CSP violation on every page that loads
// a schema. Jitless parsing skips the probe (and the browser parses small payloads, where the
// compiled fast path would not pay for itself).
//
// zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already
// there, so setting it here needs no zod import: `config()` from zod would pull zod's core into
// the entry chunk, which every page loads before its first paint. configure-zod.test.ts checks
// that zod still honours it. Must run before any schema is built, hence its place as the
// entry's first import.
type ZodConfigHolder = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodConfigHolder;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
