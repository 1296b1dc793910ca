// Before the tests: what they run outside Node. The browser tests drive the system Chromium
// (Playwright cannot download its own here), and /api-docs's code samples are run as a customer
// would run them (curl, Python with requests, Ruby, PHP with its curl extension). Whatever is
// missing is installed from Debian's packages when run as root; otherwise the run stops at once
// with the one command that fixes it, before minutes of other suites run for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const works = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

if (process.env.CHROMIUM_PATH && !existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}: install it there or unset CHROMIUM_PATH, then npm test again.`,
  );
  process.exit(1);
}

/** Each tool the tests run, the Debian package that provides it, and whether it is here. */
const TOOLS = [
  { name: 'Chromium', pkg: 'chromium', present: () => existsSync(chromium) },
  { name: 'curl', pkg: 'curl', present: () => works('curl', ['--version']) },
  { name: "Python's requests", pkg: 'python3-requests', present: () => works('python3', ['-c', 'import requests']) },
  { name: 'Ruby', pkg: 'ruby', present: () => works('ruby', ['-e', 'require "net/http"']) },
  {
    name: "PHP's curl",
    pkg: 'php-cli php-curl',
    present: () => works('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']),
  },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length === 0) process.exit(0);

const names = missing.map((tool) => tool.name).join(', ');
const command = `apt-get update && apt-get install -y ${missing.map((tool) => tool.pkg).join(' ')}`;
const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  const how = hasApt ? `run \`sudo sh -c '${command}'\`` : `install them (Debian: \`${command}\`)`;
  console.error(`The tests need ${names}: ${how}, then npm test again.`);
  process.exit(1);
}

console.log(`Missing ${names}: installing Debian's packages (${command})`);
const install = spawnSync('sh', ['-c', command], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
const still = missing.filter((tool) => !tool.present());
if (install.status !== 0 || still.length > 0) {
  console.error(
    `Installing ${still.map((tool) => tool.name).join(', ') || names} failed (exit ${install.status}); run \`${command}\` as root and look at its output.`,
  );
  process.exit(1);
}
