// `npm run bench -- assistants`: the assistants' evaluation set (src/shell/assistant-eval.ts, docs/adr/0057-...)
// answered by the FAQ matching both assistants use for the portal's rules. Prints the accuracy of the run, the
// confident wrong answers (the target is none), the unsure ones, each entry's score and the time per answer.
// No server, no browser: the matching runs on the device, so does this.
import { performance } from 'node:perf_hooks';
import { EVAL_SET, evaluate, faqAnswer } from '../src/shell/assistant-eval';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export async function run() {
  faqAnswer('riscaldamento'); // the index is built on the first question
  const started = performance.now();
  const { results, accuracy, wrong, unsure } = evaluate(faqAnswer);
  const perAnswer = (performance.now() - started) / results.length;
  console.log(`questions: ${results.length}  right: ${pct(accuracy)}  confident wrong: ${wrong}  unsure: ${unsure}  ${perAnswer.toFixed(2)} ms per answer`);
  const areas = [...new Set(EVAL_SET.map((c) => c.expected))];
  for (const area of areas) {
    const of = results.filter((r) => r.expected === area);
    const right = of.filter((r) => r.outcome === 'right').length;
    console.log(`  ${area.padEnd(14)} ${right}/${of.length}`);
  }
  for (const r of results.filter((x) => x.outcome !== 'right'))
    console.log(`  ${r.outcome === 'wrong' ? 'WRONG ' : 'unsure'} ${r.q} → ${r.got} (expected ${r.expected})`);
  console.log(accuracy >= 0.9 && wrong === 0 ? 'verdict: within target (≥ 90% right, no confident wrong answer)' : 'verdict: OUT OF TARGET');
}
