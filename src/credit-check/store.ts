/**
 * The credit-check state, one per browser: category, answers, current step, last response and the
 * traffic-light selection. Kept in localStorage for one hour after the last change, then forgotten
 * (spec §4: "Stored answers persist in browser storage for one hour, then expire").
 * Read it in React with useCreditCheck() (./use-credit-check.ts); outside React with creditCheckStore.
 */
import { CONTRACTUAL_CATEGORY_VALUES, type ContractualCategory } from '@core/categories';
// The modules, not the '@core/prescoring' index: the offers screen reads this store without the rules.
import { QUESTION_KEYS, applyAnswer, startFlow, type AnswerValue, type Answers, type Logic, type QuestionKey } from '@core/prescoring/questions';
import type { Chance, PrescoringResponse } from '@core/prescoring/schemas';
import { initialSustainability } from '@core/credit-check-filters';

export const STORAGE_KEY = 'credit-check';
export const CREDIT_CHECK_TTL_MS = 3600_000;

export interface CreditCheckState {
  contractualCategory: ContractualCategory | null;
  step: QuestionKey | null;
  answers: Answers;
  /** The last check's answer; null before a check and after a failed one. */
  response: PrescoringResponse | null;
  /** Traffic-light levels selected on the offers screen ([] = no filter). */
  sustainability: Chance[];
  /** When the last check answered (epoch ms): effects that run once per check key on it. */
  checkedAt: number | null;
  /**
   * Whom the answers are about when a screen knows it (a quotation: 'proposal:<id>'); null for the
   * offers screen's check. A quotation never takes another subject's answers (docs/adr/0125-credit-check-state-and-the-wizard.md).
   */
  subject: string | null;
}

export const EMPTY_CREDIT_CHECK: CreditCheckState = Object.freeze({
  contractualCategory: null,
  step: null,
  answers: {},
  response: null,
  sustainability: [],
  checkedAt: null,
  subject: null,
}) as CreditCheckState;

/**
 * What this module wrote (write() below), read back without zod, which the offers screen does not load
 * (docs/adr/0116-zod-one-door-not-on-first-screens.md): an entry of another shape (an older app, a hand edit) is dropped, as an expired one.
 */
type Stored = { expiresAt: number; state: CreditCheckState };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = <T>(values: readonly T[], v: unknown): boolean => values.includes(v as T);
function isStored(v: unknown): v is Stored {
  if (!isObject(v) || typeof v.expiresAt !== 'number' || !isObject(v.state)) return false;
  const s = v.state;
  return (
    (s.contractualCategory === null || oneOf(CONTRACTUAL_CATEGORY_VALUES, s.contractualCategory)) &&
    (s.step === null || oneOf(QUESTION_KEYS, s.step)) &&
    isObject(s.answers) &&
    (s.response === null || (isObject(s.response) && (s.response.chance === null || oneOf([0, 1, 2], s.response.chance)))) &&
    Array.isArray(s.sustainability) &&
    s.sustainability.every((level) => oneOf([0, 1, 2], level)) &&
    (s.checkedAt === null || typeof s.checkedAt === 'number') &&
    (s.subject === undefined || s.subject === null || (typeof s.subject === 'string' && s.subject.length <= 80))
  );
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; state: CreditCheckState } = { raw: null, state: EMPTY_CREDIT_CHECK };
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode)
  }
}

function parse(raw: string | null): { state: CreditCheckState; expiresAt: number } | null {
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    return isStored(stored) ? { expiresAt: stored.expiresAt, state: { ...stored.state, subject: stored.state.subject ?? null } } : null;
  } catch {
    return null;
  }
}

/** The current state; the same object until something changes (useSyncExternalStore needs that). */
function get(): CreditCheckState {
  const raw = readRaw();
  const stored = parse(raw);
  if (!stored || stored.expiresAt <= Date.now()) {
    if (raw !== null) {
      try {
        localStorage.removeItem(STORAGE_KEY);
      } catch {
        // nothing to clean
      }
    }
    if (cache.raw !== null || cache.state !== EMPTY_CREDIT_CHECK) cache = { raw: null, state: EMPTY_CREDIT_CHECK };
    return EMPTY_CREDIT_CHECK;
  }
  if (raw !== cache.raw) cache = { raw, state: stored.state };
  return cache.state;
}

function notify() {
  scheduleExpiry();
  for (const l of listeners) l();
}

/** Wakes the subscribers when the stored check expires, so open screens drop it without a reload. */
function scheduleExpiry() {
  clearTimeout(expiryTimer);
  const stored = parse(readRaw());
  if (!stored || listeners.size === 0) return;
  expiryTimer = setTimeout(
    () => {
      get();
      for (const l of listeners) l();
    },
    Math.max(0, stored.expiresAt - Date.now()) + 10,
  );
}

function write(next: CreditCheckState) {
  const empty = next.contractualCategory === null && next.response === null && Object.keys(next.answers).length === 0;
  try {
    if (empty) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify({ expiresAt: Date.now() + CREDIT_CHECK_TTL_MS, state: next }));
  } catch {
    // Storage full or disabled (private mode): the check is not kept, as if it had expired.
  }
  notify();
}

const update = (patch: Partial<CreditCheckState>) => write({ ...get(), ...patch });

export const creditCheckStore = {
  get,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    scheduleExpiry();
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
      if (listeners.size === 0) clearTimeout(expiryTimer);
    };
  },
  /**
   * Spec §4: choosing a category resets step, answers and response. With the category's logic at hand the
   * first question becomes current (with its default); without it, call start(logic) once it loads.
   */
  setCategory(contractualCategory: ContractualCategory | null, logic?: Logic) {
    const flow = logic ? startFlow(logic) : { step: null, answers: {} };
    write({ ...EMPTY_CREDIT_CHECK, contractualCategory, ...flow });
  },
  /** First question current, if nothing is answered yet. */
  start(logic: Logic) {
    const s = get();
    if (s.contractualCategory && s.step === null && Object.keys(s.answers).length === 0 && !s.response) update(startFlow(logic));
  },
  /** Records an answer: later answers dropped, next question current; a shown result no longer holds. */
  answer(logic: Logic, key: QuestionKey, value: AnswerValue) {
    update({ ...applyAnswer(logic, get().answers, key, value), response: null, checkedAt: null, sustainability: [] });
  },
  setStep(step: QuestionKey | null) {
    update({ step });
  },
  /** A check's answer (or null after a failure). A chance selects that traffic-light level. */
  setResponse(response: PrescoringResponse | null) {
    const next = { ...get(), response };
    update({
      response,
      step: response ? response.currentStep : get().step,
      sustainability: initialSustainability(next),
      checkedAt: response && typeof response.chance === 'number' ? Date.now() : null,
    });
  },
  setSustainability(sustainability: Chance[]) {
    update({ sustainability });
  },
  /**
   * Takes over a check recorded elsewhere (a quotation's saved answers): its category, answers and step;
   * the result is asked again. Nothing changes when the stored check already has these answers.
   */
  restore(check: { contractualCategory: ContractualCategory; step: string | null; answers: Answers }, subject: string | null = get().subject) {
    const s = get();
    if (s.subject === subject && s.contractualCategory === check.contractualCategory && JSON.stringify(s.answers) === JSON.stringify(check.answers)) return;
    const step = (QUESTION_KEYS as readonly string[]).includes(check.step ?? '') ? (check.step as QuestionKey) : null;
    write({ ...EMPTY_CREDIT_CHECK, contractualCategory: check.contractualCategory, step, answers: check.answers, subject });
  },
  /**
   * A screen about one subject (a quotation) opens: the stored answers stay only if they are that
   * subject's; anyone else's are dropped and the check starts empty for its category.
   */
  forSubject(subject: string, category: ContractualCategory | null) {
    if (get().subject === subject) return;
    write({ ...EMPTY_CREDIT_CHECK, contractualCategory: category, subject });
  },
  /** Forget the check (spec: "Reset clears data"). */
  reset() {
    write(EMPTY_CREDIT_CHECK);
  },
};

export type CreditCheckStore = typeof creditCheckStore;
