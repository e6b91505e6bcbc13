import { z } from 'zod';
// The Italian locale alone: z.locales would bring every language into the bundle.
import italian from 'zod/v4/locales/it.js';
import { MESSAGES } from '../i18n-messages';

/**
 * Italian validation messages everywhere zod runs (app, service worker, server). Missing or empty
 * required values say 'Questo campo è obbligatorio'; the rest use zod's Italian locale unless a
 * schema gives its own (spec) message.
 */
export function configureZod() {
  z.config({
    ...italian(),
    // Outside Node (app, service worker) zod would probe `new Function` for its fast path, which our
    // content security policy forbids: the probe alone shows up as a violation.
    jitless: !('process' in globalThis),
    customError: (issue) => {
      if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || issue.input === '')) return MESSAGES.required;
      if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return MESSAGES.required;
      if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_format') return MESSAGES.invalidValue;
      return undefined;
    },
  });
}
configureZod();

/** zod, configured: core and the app import `z` from here (eslint.config.js), so no schema runs before the Italian messages are set. */
export { z };
