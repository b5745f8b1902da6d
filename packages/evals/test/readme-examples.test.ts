// The README's examples, run as they are written there (imports adjusted to the source tree;
// console output asserted instead of printed).
import { messageText } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  compareExperiments,
  defineDataset,
  type EvalCase,
  formatComparison,
  formatExperiment,
  runExperiment,
  type ScorerRun,
  task,
} from '../src/index.js';
import { exactMatch } from '../src/scorers/index.js';

describe('README examples', () => {
  it('the opening example: two models compared on a support-ticket dataset', async () => {
    const tickets = defineDataset({
      name: 'support-tickets',
      version: '1',
      cases: [
        { id: 'refund', input: 'I was charged twice this month', expected: 'billing' },
        { id: 'parcel', input: 'My parcel is a week late', expected: 'shipping' },
        { id: 'login', input: 'I cannot log in any more', expected: 'account' },
      ],
    });

    // A scripted model, so this runs offline: "small" sends late parcels to billing.
    const model = createFakeProvider().onRequest((request) => {
      const ticket = messageText(request.messages[0] ?? { content: '' });
      const team = /charged/.test(ticket)
        ? 'billing'
        : /log in/.test(ticket)
          ? 'account'
          : 'shipping';
      return { content: request.model === 'small' && team === 'shipping' ? 'billing' : team };
    });
    const client = createClient(model, {
      systemPrompt: 'Name the team for this ticket: billing, shipping or account.',
      modelCost: {
        large: { inputCostPerMillion: 2.5, outputCostPerMillion: 10 },
        small: { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
      },
    });

    const run = (name: string) =>
      runExperiment({
        name,
        dataset: tickets,
        task: task(client.withOptions({ defaultModel: name })),
        scorers: { accuracy: exactMatch() },
      });
    const large = await run('large');
    const small = await run('small');

    const printed = formatExperiment(small);
    // small  ·  support-tickets@1  ·  3 cases × 1 trial  ·  client small  ·  live
    // scorer    mean  95% CI        pass rate
    // accuracy  0.67  [0.00, 1.00]  67%
    // ...
    expect(printed.split('\n')[0]).toBe(
      'small  ·  support-tickets@1  ·  3 cases × 1 trial  ·  client small  ·  live',
    );
    expect(printed).toMatch(/accuracy {2}0\.67 {2}\[0\.00, 1\.00\] {2}67%/);
    const comparison = compareExperiments(large, small);
    // B: −0.33 ± 0.50 accuracy, 0.06× cost, 1.2× p95
    expect(comparison.summary).toMatch(/^B: −0\.33 ± 0\.50 accuracy, 0\.06× cost, [\d.]+× p95$/);
    expect(formatComparison(comparison)).toContain('worse: parcel (accuracy 1.00 → 0.00)');
  });

  it('a scorer of your own', async () => {
    // A plain function of the case, the output and the run: a score from 0 to 1, and why.
    const politeness = (_case: EvalCase, output: string, _run: ScorerRun) =>
      /please|thank/i.test(output) ? 1 : { score: 0, reason: 'neither please nor thank you' };

    const result = await runExperiment({
      name: 'polite',
      dataset: defineDataset({
        name: 'greetings',
        version: '1',
        cases: [{ id: 'hi', input: 'Hi' }],
      }),
      task: task((text: string) => `${text}, thank you for writing!`),
      scorers: { politeness },
    });
    expect(result.aggregates.scorers.politeness?.mean).toBe(1);
  });
});
