// Runs before the app's modules (a deferred classic script ahead of the module script).
// zod reads this object as its global configuration when it loads: without `jitless` it would probe
// `new Function` to compile fast parsers, which our content security policy (script-src 'self')
// forbids and reports as a violation. See core/schemas/zod-config.ts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
