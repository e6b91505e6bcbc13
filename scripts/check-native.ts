// The native shells (docs/native.md): `cap sync` must succeed on the committed Android and iOS projects,
// leave them as committed (a plugin or setting added without re-syncing shows here), and give each
// shell the web build and every Capacitor plugin package.json declares. Needs a web build (dist/) first.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const fail = (why: string) => {
  console.error(`check:native: ${why}`);
  process.exit(1);
};

const sync = spawnSync('npx', ['cap', 'sync'], { encoding: 'utf8' });
process.stdout.write(sync.stdout);
if (sync.status !== 0) fail(`cap sync failed (${sync.status}):\n${sync.stderr}`);

// The plugins: @capacitor/* dependencies other than the runtime and the platforms (network, share).
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
const plugins = Object.keys(dependencies)
  .filter((d) => d.startsWith('@capacitor/') && !['@capacitor/core', '@capacitor/android', '@capacitor/ios'].includes(d))
  .map((d) => d.slice('@capacitor/'.length));
const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

const shells = {
  android: {
    web: 'android/app/src/main/assets/public/index.html',
    config: 'android/app/src/main/assets/capacitor.config.json',
    plugins: 'android/capacitor.settings.gradle',
    // With its closing quote: ':capacitor-network' must not pass for ':capacitor-network-extra'.
    plugin: (name: string) => `:capacitor-${name}'`,
  },
  ios: {
    web: 'ios/App/App/public/index.html',
    config: 'ios/App/App/capacitor.config.json',
    plugins: 'ios/App/Podfile',
    plugin: (name: string) => `pod 'Capacitor${pascal(name)}'`,
  },
};
for (const [name, shell] of Object.entries(shells)) {
  if (!existsSync(shell.web)) fail(`${name}: the web build was not copied (${shell.web})`);
  const config = JSON.parse(readFileSync(shell.config, 'utf8')) as { appId?: string };
  if (config.appId !== 'it.noleggio.portale') fail(`${name}: unexpected appId ${config.appId}`);
  const declared = readFileSync(shell.plugins, 'utf8');
  for (const plugin of plugins) if (!declared.includes(shell.plugin(plugin))) fail(`${name}: @capacitor/${plugin} is not in ${shell.plugins}`);
  console.log(`check:native: ${name} shell synced`);
}

const drift = spawnSync('git', ['status', '--porcelain', '--', 'android', 'ios'], { encoding: 'utf8' });
if (drift.status === 0 && drift.stdout.trim()) fail(`cap sync changed the committed native projects; commit them:\n${drift.stdout}`);
