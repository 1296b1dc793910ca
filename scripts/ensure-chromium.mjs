// Before the tests: the browser tests drive the system Chromium (Playwright cannot download its
// own here). When it is missing, install Debian's package as root; otherwise stop at once with
// the one command that fixes it, before minutes of other suites run for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const command = 'apt-get update && apt-get install -y chromium';
const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
  const how = process.env.CHROMIUM_PATH
    ? `install Chromium there or unset CHROMIUM_PATH`
    : hasApt
      ? `run \`sudo sh -c '${command}'\``
      : 'install Chromium there (Debian: `apt-get install -y chromium`)';
  console.error(`Browser tests need Chromium at ${chromium}: ${how}, then npm test again.`);
  process.exit(1);
}

console.log(`Chromium is missing at ${chromium}: installing Debian's chromium package (${command})`);
const install = spawnSync('sh', ['-c', command], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (install.status !== 0 || !existsSync(chromium)) {
  console.error(
    `Installing Chromium failed (exit ${install.status}); run \`${command}\` as root and look at its output.`,
  );
  process.exit(1);
}
